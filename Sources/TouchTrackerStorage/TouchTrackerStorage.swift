// TouchTrackerStorage: the drawing on disk. Owns the drawing file's folder,
// its lock, crash-safe writes (a new file, flushed, renamed over the old one,
// the folder flushed), the autosaver's thread, and opening the drawing as the
// program starts (what each outcome means and the line that says so). The
// format and every decision about it are the core's (DrawingDocument,
// AutosaveLedger); this module only moves bytes, and the thread and file
// mechanics are the system layer's (TouchTrackerSystem). Imports Glibc, the
// system layer and the core; never CX11.
