// TouchTrackerStorage: the drawing on disk. Owns the drawing file's folder,
// its lock, crash-safe writes (a new file, flushed, renamed over the old one,
// the folder flushed) and the autosaver's thread. The format and every
// decision about it are the core's (DrawingDocument); this module only moves
// bytes. Imports Glibc and the core; never CX11.
