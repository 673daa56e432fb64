// TouchTrackerCore: every decision the program makes, as plain values.
//
// Owns: the one way in (Workspace.receive, handing back the Effects only the
// shell can carry out), the drawing (Drawing: lines, selection, history), what
// each contact is (GestureArena) and how that edits the drawing (Canvas), the
// two modes (Workspace), the controls and their notices (ScreenControls), the
// gesture recognizers, hit testing, the menu, a replay's hold on live input
// (ReplayControl), the touch inspector's numbering and digits, shake
// detection and the accelerometer's rules and log wording, the key map and
// every tunable, the planners that decide what each frame paints, and what a
// picture of the drawing shows (Picture), its SVG, its folder and its name.
//
// Must not import: Glibc, Foundation, Dispatch, CX11 (test.sh enforces it).
// It reads no clock and no file: time and file contents arrive as inputs, so
// every rule is tested with literal timestamps and texts.
