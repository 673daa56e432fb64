// CStartUp: what the program begins before the Swift runtime's own start-up
// (its static initialisers, reading /proc/self/maps among them) and before
// main: the user's locale, then fontconfig's reading of its configuration on
// a thread of its own. That reading is the longest part of the way to the
// first frame (the first font waits for it), so every bit earlier counts.
// Translations and FontconfigPreload call these for the program's other
// starts (a test bundle, which sets no locale and reads no fonts unasked).
#ifndef TOUCHTRACKER_CSTARTUP_H
#define TOUCHTRACKER_CSTARTUP_H

#include <stdbool.h>

/// Sets the environment's locale for messages and characters, numbers staying
/// C's, once; later calls return the first one's result. False when the
/// system lacks the locale.
bool cstartup_set_locale(void);

/// Begins fontconfig's reading (FcInit) on a thread of its own, once; without
/// a thread the first font reads the configuration itself.
void cstartup_start_fontconfig(void);

/// Returns once the reading begun by cstartup_start_fontconfig is done (at
/// once when none began); joins its thread.
void cstartup_wait_for_fontconfig(void);

#endif
