// TouchTrackerX11: the imperative shell around the core.
//
// Owns: the X connection and its error handlers, the window and what a window
// manager reads from it, XI2 and key decoding into the core's events, the
// painters that carry out the core's frame plans (and own every pixmap, GC and
// font), signals, the monotonic and wall clocks, the one poll() event loop,
// the one exit path for fatal errors (ProgramExit), and pictures: Ctrl+S and
// --export rasterised by the X server (PictureRenderer), written as PNG with
// libpng (PNGFile; Ctrl+S's on the PictureWriter's own thread), or as SVG.
//
// Decides nothing about drawing, gestures or what to paint: TouchTrackerCore
// does. With XorgHarness, the only module that may import CX11, and the only
// product module that may import CPNG; unsafe C interop lives here and nowhere
// else in the product.
