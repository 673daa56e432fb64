import CStartUp
import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// The font choice file, $XDG_CACHE_HOME/touchtracker/font-choice (CStartUp
/// names it; its constructor leaves fontconfig unread when the file is
/// there): read before the first font opens, written or removed once the
/// first frame is on screen. A cache: a file that cannot be read, written
/// or removed changes nothing but the time to the next start's first frame.
enum FontChoiceMemory {
    /// A record written by TouchTracker is a few kilobytes (the pattern names
    /// every character the font has); anything much larger is not one.
    private static let mostBytes = 1 << 20

    /// The remembered choice, when it was made for `key` and its font file is
    /// the very file it was (the same size and modification time).
    static func recall(key: String) -> FontChoiceRecord? {
        guard let path = cstartup_font_choice_path(),
              case .success(let bytes) = WholeFile.bytes(at: String(cString: path), limit: mostBytes),
              let record = FontChoiceRecord(text: String(decoding: bytes, as: UTF8.self)), record.key == key,
              let stamp = stamp(of: record.file), stamp.bytes == record.fileBytes, stamp.modified == record.fileModifiedNanoseconds
        else { return nil }
        return record
    }

    /// Writes `record` in place of the file (a new file renamed over it, so
    /// a start never reads half of one); nothing when it cannot.
    static func remember(_ record: FontChoiceRecord) {
        guard let path = cstartup_font_choice_path().map({ String(cString: $0) }), let text = record.text,
              let slash = path.lastIndex(of: "/"), Folders.make(String(path[..<slash]), mode: 0o700) == nil
        else { return }
        let temporary = path + ".new-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        let written = Array(text.utf8).withUnsafeBytes { WholeFile.writeAll(fd, $0) }
        guard close(fd) == 0, written == nil, rename(temporary, path) == 0 else {
            unlink(temporary)
            return
        }
    }

    /// Removes the file: the next start chooses its font from scratch.
    static func forget() {
        guard let path = cstartup_font_choice_path() else { return }
        unlink(path)
    }

    /// A file's size in bytes and modification time in nanoseconds; nil when it is not there.
    static func stamp(of file: String) -> (bytes: Int64, modified: Int64)? {
        var info = stat()
        guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
