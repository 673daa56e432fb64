// TouchTrackerX11: the imperative shell around the core.
//
// Owns: the X connection and its error handlers, the window and what a window
// manager reads from it, XI2 and key decoding into the core's events, the
// painters that carry out the core's frame plans (and own every pixmap, GC and
// font), signals, the monotonic clock, the one poll() event loop, and the one
// exit path for fatal errors (ProgramExit).
//
// Decides nothing about drawing, gestures or what to paint: TouchTrackerCore
// does. With XorgHarness, the only module that may import CX11; unsafe C
// interop lives here and nowhere else in the product.
