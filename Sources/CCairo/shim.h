// CCairo: cairo's image surface, for `--export FILE.png` without an X display:
// the drawing rasterised in memory (antialiased), then written by libpng.
#ifndef TOUCHTRACKER_CCAIRO_SHIM_H
#define TOUCHTRACKER_CCAIRO_SHIM_H

#include <cairo.h>

#endif
