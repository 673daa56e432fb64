import Glibc

/// The drawing file the saver wrote last, kept open between saves so that
/// the next one copies its rows from it (sendfile) without opening the
/// drawing by name, then closing it, again: made once, it holds one
/// descriptor at a time and closes it when handed the next. Its owner (the
/// saver's thread, DrawingText) knows which file it is by its stamp.
final class KeptDescriptor {
    /// -1: none.
    @exclusivity(unchecked) private(set) var fd: Int32 = -1

    deinit { forget() }

    /// Keeps `fd` (which it now owns) instead of the one it held.
    func keep(_ fd: Int32) {
        forget()
        self.fd = fd
    }

    func forget() {
        if fd >= 0 { close(fd) }
        fd = -1
    }
}
