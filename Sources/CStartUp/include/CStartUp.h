// CStartUp: what the program begins before the Swift runtime's own start-up
// (its static initialisers, reading /proc/self/maps among them) and before
// main: the user's locale, then fontconfig's reading of its configuration on
// a thread of its own. That reading is the longest part of the way to the
// first frame (the first font waits for it), so every bit earlier counts;
// when the last start's font choice is remembered, it is not begun at all.
// Translations sets the locale through it for the program's other starts (a
// test bundle, which sets none and begins no reading unasked).
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

/// Where the last start's font choice is remembered
/// ($XDG_CACHE_HOME/touchtracker/font-choice, else ~/.cache/...), or NULL
/// when neither variable names a folder. Made once, by the constructor or
/// the first call.
const char *cstartup_font_choice_path(void);

#endif
