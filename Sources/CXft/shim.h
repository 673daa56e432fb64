// CXft: libXft (antialiased, scalable fonts through fontconfig and FreeType,
// drawn with the Render extension) for the menu, notices and inspector text.
// Its types come from Xlib's headers, which CX11 imports too.
#ifndef TOUCHTRACKER_CXFT_SHIM_H
#define TOUCHTRACKER_CXFT_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xft/Xft.h>

#endif
