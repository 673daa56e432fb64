/// A device or folder that discovery skipped for a reason worth telling the
/// user. The shell only classifies what it found; the wording of every line is
/// here: `description` when the problem is one of several beside the scan's
/// outcome, `lineWhenAlone` when it is the whole reason nothing is used.
public enum DiscoveryProblem: Hashable, Sendable, CustomStringConvertible {
    /// The IIO folder exists but cannot be listed (a missing one is no problem:
    /// that is the usual machine without sensors).
    case cannotList(folder: String, reason: String)
    /// The device folder the user named does not exist (ENOENT).
    case deviceFolderMissing(path: String)
    /// The device folder the user named cannot be looked at for another reason.
    case deviceFolderUnreachable(path: String, reason: String)
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

    /// One line among others: a device passed over says it was skipped.
    public var description: String {
        switch self {
        case .unreadable, .unparsableFirstSample: "\(fact); skipped"
        default: fact
        }
    }

    /// The one line when this problem is why no accelerometer is in use: what
    /// is wrong and what it means, instead of a second line saying that nothing
    /// was found (discovery keeps looking, so it says what would end it).
    public var lineWhenAlone: String {
        "\(fact); shake-to-clear is off\(until.isEmpty ? "" : " " + until)"
    }

    /// What is wrong, without what follows from it.
    private var fact: String {
        switch self {
        case .cannotList(let folder, let reason):
            "cannot list \(folder): \(reason)"
        case .deviceFolderMissing(let path):
            "accelerometer device folder \(path) is missing"
        case .deviceFolderUnreachable(let path, let reason):
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
            "\(folderName) could not be read (\(failure))"
        case .unparsableFirstSample(let folderName, let path, let text):
            "\(folderName) gave an unreadable first sample (\(path) = \"\(Self.clipped(text))\")"
        }
    }

    /// What would turn shake-to-clear on; empty when nothing the user can wait for would.
    private var until: String {
        switch self {
        case .cannotList: "until it can be listed"
        case .deviceFolderMissing: "until it appears"
        case .deviceFolderUnreachable: "until it can be reached"
        case .notAFolder: "until it is a device folder"
        case .bufferOnly: ""
        case .noRawFiles: "until they appear"
        case .permissionDenied, .unreadable: "until it can be read"
        case .unparsableFirstSample: "until it reads as a number"
        }
    }

    /// At most 40 characters with control characters escaped: the file may
    /// hold anything, and the log line must stay one short line.
    private static func clipped(_ text: String) -> String {
        (text.count > 40 ? String(text.prefix(40)) + "…" : text).escapingControlCharacters
    }
}
