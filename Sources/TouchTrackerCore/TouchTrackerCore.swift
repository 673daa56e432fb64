// TouchTrackerCore: every decision the program makes, as plain values.
//
// Owns: the drawing (Drawing, the contacts' roles in Canvas, the two
// modes in Workspace), the gesture recognizers and their arbitration, hit
// testing, the menu, the touch inspector's numbering and digits, shake
// detection and the accelerometer's rules and log wording, the key map and
// every tunable, the planners that decide what each frame paints, and what a
// picture of the drawing shows (Picture), its SVG, its folder and its name.
//
// Must not import: Glibc, Foundation, Dispatch, CX11 (test.sh enforces it).
// It reads no clock and no file: time and file contents arrive as inputs, so
// every rule is tested with literal timestamps and texts.
