import Glibc

/// The drawing file the saver wrote last, kept open between saves so that
/// the next one copies its rows from it (sendfile) without opening the
/// drawing by name, then closing it, again: made once, it holds one
/// descriptor at a time and closes it when handed the next. Its owner (the
/// saver's thread, DrawingText) knows which file it is by its stamp.
final class KeptDescriptor {
    /// -1: none.
    @exclusivity(unchecked) private(set) var fd: Int32 = -1
    /// Whether `fd` was opened for writing too, so a save may append to it
    /// in place (a file the saver wrote; the drawing as opened is read only).
    @exclusivity(unchecked) private(set) var writable = false

    deinit { forget() }

    /// Keeps `fd` (which it now owns) instead of the one it held.
    func keep(_ fd: Int32, writable: Bool = false) {
        forget()
        self.fd = fd
        self.writable = writable
    }

    func forget() {
        if fd >= 0 { close(fd) }
        fd = -1
        writable = false
    }
}
