import Glibc

/// Folders made on the way to a file the program writes.
public enum Folders {
    /// mkdir -p: makes every folder of `path` that is missing, each with
    /// `mode` (less the umask); folders already there are left as they are.
    /// - Returns: the mkdir that failed, on the folder it failed on; nil when
    ///   every folder is there.
    public static func make(_ path: String, mode: mode_t) -> SystemCallError? {
        var partial = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            partial += "/" + component
            if mkdir(partial, mode) != 0, errno != EEXIST { return SystemCallError(call: "mkdir", path: partial, code: errno) }
        }
        return nil
    }
}
