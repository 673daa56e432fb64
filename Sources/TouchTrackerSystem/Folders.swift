import Glibc

/// Folders made on the way to a file the program writes.
public enum Folders {
    /// mkdir -p: makes every folder of `path` that is missing, each with
    /// `mode` (less the umask); folders already there are left as they are.
    /// - Returns: the mkdir that failed, on the folder it failed on; nil when
    ///   every folder is there.
    public static func make(_ path: String, mode: mode_t) -> SystemCallError? {
        make(FilePath(path), mode: mode)
    }

    /// The same for a path that may not be UTF-8; the error names it escaped.
    public static func make(_ path: FilePath, mode: mode_t) -> SystemCallError? {
        var partial: [UInt8] = path.isAbsolute ? [] : Array("./".utf8).dropLast()
        for component in path.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            partial += [UInt8(ascii: "/")] + component
            let folder = FilePath(bytes: partial)
            if folder.withCString({ mkdir($0, mode) }) != 0, errno != EEXIST {
                return SystemCallError(call: "mkdir", path: folder.description, code: errno)
            }
        }
        return nil
    }
}
