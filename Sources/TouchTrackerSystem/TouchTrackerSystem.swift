// TouchTrackerSystem: what the shell asks of the operating system, written
// once: a wake pipe, a worker thread with its mailbox, whole files read and
// written, folders made, errno put into words. Every thread of the program
// (the autosaver, the picture writer, the accelerometer's reader) and every
// file the program keeps goes through these, so a rule learnt about one (a
// full pipe already means "wake up", EINTR is retried, a FIFO must not hang a
// read) holds for all of them.
//
// Generic on purpose: it knows nothing of drawings, pictures or sensors, so it
// imports only Glibc and Synchronization, never the core and never X.
