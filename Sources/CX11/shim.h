// CX11: libX11 + libXi (+ libX11-xcb and libxcb for reading events and writing the drawing's requests) for Swift. Swift cannot import function-like macros,
// so the few we need are re-exported here as static inline functions.
#ifndef TOUCHTRACKER_CX11_SHIM_H
#define TOUCHTRACKER_CX11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/XInput2.h>
/* The event loop reads events through XCB (XSetEventQueueOwner). */
#include <X11/Xlib-xcb.h>
/* xcb_take_socket and xcb_writev: the drawing's requests are written as
   Xlib writes its own (RequestWriter). */
#include <xcb/xcbext.h>
/* xEvent, the wire's core-sized event, for Xlib's converters below. */
#include <X11/Xproto.h>
/* gettext (in glibc) and setlocale: the program's words in the user's language.
   Swift's Glibc module does not export libintl. */
#include <libintl.h>
#include <locale.h>

static inline int cx11_XIMaskLen(int event) { return XIMaskLen(event); }
static inline void cx11_XISetMask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int cx11_XIMaskIsSet(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event) != 0; }
static inline unsigned long cx11_XGetPixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
static inline int cx11_XDestroyImage(XImage *image) { return XDestroyImage(image); }
static inline unsigned long cx11_AllPlanes(void) { return AllPlanes; }

/* Xlibint.h's, declared alone: the rest of that header is Xlib's insides. */
extern Bool (*XESetWireToEvent(Display *, int, Bool (*)(Display *, XEvent *, xEvent *)))(Display *, XEvent *, xEvent *);

/* An extension's event of 32 bytes as Xlib makes it when it reads the events
   itself, through the converter the extension gave Xlib for its type (read by
   setting and restoring it): XKB's keymap changes become the MappingNotify
   its keyboard map is refreshed with, and note what to fetch. False when
   Xlib makes no event of it. */
static inline Bool cx11_XlibEventFromWire(Display *display, XEvent *event, const void *wire) {
    int type = ((const unsigned char *)wire)[0] & 0x7F;
    Bool (*convert)(Display *, XEvent *, xEvent *) = XESetWireToEvent(display, type, NULL);
    XESetWireToEvent(display, type, convert);
    return convert(display, event, (xEvent *)wire);
}

#endif
