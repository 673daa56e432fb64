/// A device or folder that discovery skipped for a reason worth telling the
/// user, one log line each. The shell only classifies what it found; the
/// wording of every line is here.
public enum DiscoveryProblem: Hashable, Sendable, CustomStringConvertible {
    /// The IIO folder exists but cannot be listed (a missing one is no problem:
    /// that is the usual machine without sensors).
    case cannotList(folder: String, reason: String)
    /// The device folder the user named cannot be looked at.
    case deviceFolderMissing(path: String, reason: String)
    /// The device path the user named is a file, not a folder.
    case notAFolder(path: String)
    /// The device has acceleration channels only through its buffer (unsupported).
    case bufferOnly(folderName: String)
    /// The device folder the user named lacks the three raw files.
    case noRawFiles(path: String)
    /// A file of the first sample is not ours to read.
    case permissionDenied(path: String)
    /// The first sample could not be read for another reason.
    case unreadable(folderName: String, failure: AccelerometerReadFailure)
    /// A raw file of the first sample read, but its text is no number.
    case unparsableFirstSample(folderName: String, path: String, text: String)

    public var description: String {
        switch self {
        case .cannotList(let folder, let reason):
            "cannot list \(folder): \(reason)"
        case .deviceFolderMissing(let path, let reason):
            "accelerometer device \(path): \(reason)"
        case .notAFolder(let path):
            "accelerometer device \(path) is not a folder"
        case .bufferOnly(let folderName):
            "\(folderName) has only buffered acceleration (unsupported)"
        case .noRawFiles(let path):
            "\(path) has no in_accel_{x,y,z}_raw files"
        case .permissionDenied(let path):
            "permission denied reading \(path)"
        case .unreadable(let folderName, let failure):
            "\(folderName) could not be read (\(failure)); skipped"
        case .unparsableFirstSample(let folderName, let path, let text):
            "\(folderName) gave an unreadable first sample (\(path) = \"\(Self.clipped(text))\"); skipped"
        }
    }

    /// At most 40 characters with control characters escaped: the file may
    /// hold anything, and the log line must stay one short line.
    private static func clipped(_ text: String) -> String {
        (text.count > 40 ? String(text.prefix(40)) + "…" : text).escapingControlCharacters
    }
}
