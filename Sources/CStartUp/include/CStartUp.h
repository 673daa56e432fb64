// CStartUp: what the program begins before the Swift runtime's own start-up
// (its static initialisers, reading /proc/self/maps among them) and before
// main: the user's locale, then fontconfig's reading of its configuration on
// a thread of its own. That reading is the longest part of the way to the
// first frame (the first font waits for it), so every bit earlier counts;
// when the last start's font choice is remembered, it is begun only once the
// first frame is on screen, to check that choice beside the event loop.
// Translations sets the locale through it for the program's other starts (a
// test bundle, which sets none and begins no reading unasked). It also keeps
// the start-up marks, from that constructor on, when they are asked for.
#ifndef TOUCHTRACKER_CSTARTUP_H
#define TOUCHTRACKER_CSTARTUP_H

#include <stdbool.h>

/// Sets the environment's locale for messages and characters, numbers staying
/// C's, once; later calls return the first one's result. False when the
/// system lacks the locale.
bool cstartup_set_locale(void);

/// Returns once the reading the constructor began is done (at once when none
/// began: without it the first font reads the configuration itself); joins
/// its thread.
void cstartup_wait_for_fontconfig(void);

/// Begins the reading on a thread of its own unless one was begun (the
/// constructor's, for a start without a remembered choice): a remembered
/// choice is checked once the first frame is on screen, beside the event loop.
void cstartup_begin_fontconfig(void);

/// Whether the reading begun is over, or none was begun; never waits. Also
/// true when the reading goes on with no descriptor to tell of its end
/// (cstartup_fontconfig_read_fd): the caller then waits for it.
bool cstartup_fontconfig_read(void);

/// A descriptor that becomes readable (and stays so) when the reading begun
/// is over, for the event loop's poll(); -1 when no thread reads. Owned here,
/// open until cstartup_fontconfig_release_fd after the thread is joined: a
/// join elsewhere (another font opened meanwhile) must not close it under
/// the poll, whose number could then name another file.
int cstartup_fontconfig_read_fd(void);

/// Closes that descriptor once the thread is joined and nothing polls it;
/// does nothing before the join or when it is closed.
void cstartup_fontconfig_release_fd(void);

/// Where the last start's font choice is remembered
/// ($XDG_CACHE_HOME/touchtracker/font-choice, else ~/.cache/...), or NULL
/// when neither variable names a folder. Made once, by the constructor or
/// the first call.
const char *cstartup_font_choice_path(void);

/// Start-up marks, for measuring where a start goes: when the variable
/// TOUCHTRACKER_STARTUP_MARKS names a file (an absolute path), the monotonic
/// clock's time at each step the program names, its first constructor's
/// first, kept until `cstartup_write_marks`; nothing without it. The event
/// loop's thread alone marks. A name longer than 31 bytes is cut; after 32
/// marks the rest are dropped.
void cstartup_mark(const char *name);

/// Writes the marks to the variable's file, once, as lines of a name, a
/// tab and nanoseconds (CLOCK_MONOTONIC); later calls do nothing. False when
/// the file could not be written.
bool cstartup_write_marks(void);

#endif
