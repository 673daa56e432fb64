/* The latency yardstick: the least an XI2 client can do per touch update.
 * It draws each new segment with one XDrawLine and flushes, nothing else.
 * Built and run by touchtracker-bench beside touchtracker, in the same Xorg. */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XInput2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOUCHES 64

struct touch { int id; int x, y; int live; };

int main(int argc, char **argv) {
    int x = argc > 1 ? atoi(argv[1]) : 0, y = argc > 2 ? atoi(argv[2]) : 0;
    int w = argc > 3 ? atoi(argv[3]) : 1024, h = argc > 4 ? atoi(argv[4]) : 768;
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "reference: cannot open display\n"); return 1; }
    int opcode, ev, err, major = 2, minor = 2;
    if (!XQueryExtension(dpy, "XInputExtension", &opcode, &ev, &err) ||
        XIQueryVersion(dpy, &major, &minor) != Success) {
        fprintf(stderr, "reference: no XInput 2.2\n");
        return 1;
    }
    int screen = DefaultScreen(dpy);
    Window win = XCreateSimpleWindow(dpy, RootWindow(dpy, screen), x, y, w, h, 0,
                                     BlackPixel(dpy, screen), WhitePixel(dpy, screen));
    /* A second copy (the benchmark's control lane) is told apart by its instance name. */
    XClassHint hint = { argc > 5 ? argv[5] : "touchtracker-reference", "TouchTrackerReference" };
    XSetClassHint(dpy, win, &hint);
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = { 0 };
    XISetMask(bits, XI_TouchBegin);
    XISetMask(bits, XI_TouchUpdate);
    XISetMask(bits, XI_TouchEnd);
    XIEventMask mask = { XIAllMasterDevices, sizeof bits, bits };
    XISelectEvents(dpy, win, &mask, 1);
    GC gc = XCreateGC(dpy, win, 0, NULL);
    XSetForeground(dpy, gc, BlackPixel(dpy, screen));
    XSetLineAttributes(dpy, gc, 10, LineSolid, CapRound, JoinRound);
    XMapWindow(dpy, win);
    XFlush(dpy);

    struct touch touches[MAX_TOUCHES];
    memset(touches, 0, sizeof touches);
    for (;;) {
        XEvent e;
        XNextEvent(dpy, &e);
        if (e.type != GenericEvent || e.xcookie.extension != opcode || !XGetEventData(dpy, &e.xcookie))
            continue;
        XIDeviceEvent *d = e.xcookie.data;
        int px = (int)(d->event_x + 0.5), py = (int)(d->event_y + 0.5);
        struct touch *t = NULL, *free_slot = NULL;
        for (int i = 0; i < MAX_TOUCHES; i++) {
            if (touches[i].live && touches[i].id == d->detail) t = &touches[i];
            if (!touches[i].live && !free_slot) free_slot = &touches[i];
        }
        switch (e.xcookie.evtype) {
        case XI_TouchBegin:
            if (free_slot) *free_slot = (struct touch){ d->detail, px, py, 1 };
            break;
        case XI_TouchUpdate:
            if (t) {
                XDrawLine(dpy, win, gc, t->x, t->y, px, py);
                XFlush(dpy);
                t->x = px;
                t->y = py;
            }
            break;
        case XI_TouchEnd:
            if (t) t->live = 0;
            break;
        }
        XFreeEventData(dpy, &e.xcookie);
    }
}
