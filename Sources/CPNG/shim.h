// CPNG: libpng's simplified API for Swift (png_image_*: errors come back as a
// return value and a message, never as a longjmp): the window icon, Ctrl+S
// and --export. Its function-like macros are re-exported as static inline
// functions.
#ifndef TOUCHTRACKER_CPNG_SHIM_H
#define TOUCHTRACKER_CPNG_SHIM_H

#include <png.h>

static inline unsigned int cpng_image_version(void) { return PNG_IMAGE_VERSION; }
/// 8-bit samples in memory order B, G, R, A: on a little-endian machine one
/// 32-bit word reads 0xAARRGGBB, _NET_WM_ICON's order.
static inline unsigned int cpng_format_bgra(void) { return PNG_FORMAT_BGRA; }
/// 8-bit samples in memory order R, G, B, A.
static inline unsigned int cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
/// 8-bit samples in memory order R, G, B: a picture, opaque.
static inline unsigned int cpng_format_rgb(void) { return PNG_FORMAT_RGB; }

#endif
