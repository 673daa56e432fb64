// TouchTrackerStorage: the drawing on disk. Owns the drawing file's folder,
// its lock, crash-safe writes (a new file, flushed, renamed over the old one,
// the folder flushed) and the autosaver's thread. The format and every
// decision about it are the core's (DrawingDocument, AutosaveLedger); this
// module only moves bytes, and the thread and file mechanics are the system
// layer's (TouchTrackerSystem). Imports Glibc, the system layer and the core;
// never CX11.
