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
    public func text(_ words: Phrasebook) -> String {
        switch self {
        case .unreadable, .unparsableFirstSample: words.text(.discoverySkipped, fact(words))
        default: fact(words)
        }
    }

    /// The line in English.
    public var description: String { text(.english) }

    /// The one line when this problem is why no accelerometer is in use: what
    /// is wrong and what it means, instead of a second line saying that nothing
    /// was found (discovery keeps looking, so it says what would end it).
    public func lineWhenAlone(_ words: Phrasebook) -> String {
        guard let until = until else { return words.text(.discoveryOff, fact(words)) }
        return words.text(until, fact(words))
    }

    /// The line in English.
    public var lineWhenAlone: String { lineWhenAlone(.english) }

    /// What is wrong, without what follows from it.
    private func fact(_ words: Phrasebook) -> String {
        switch self {
        case .cannotList(let folder, let reason):
            words.text(.discoveryCannotList, folder, reason)
        case .deviceFolderMissing(let path):
            words.text(.discoveryDeviceFolderMissing, path)
        case .deviceFolderUnreachable(let path, let reason):
            words.text(.discoveryDeviceFolderUnreachable, path, reason)
        case .notAFolder(let path):
            words.text(.discoveryNotAFolder, path)
        case .bufferOnly(let folderName):
            words.text(.discoveryBufferOnly, folderName)
        case .noRawFiles(let path):
            words.text(.discoveryNoRawFiles, path)
        case .permissionDenied(let path):
            words.text(.discoveryPermissionDenied, path)
        case .unreadable(let folderName, let failure):
            words.text(.discoveryUnreadable, folderName, failure.text(words))
        case .unparsableFirstSample(let folderName, let path, let text):
            words.text(.discoveryUnparsableFirstSample, folderName, path, Self.clipped(text))
        }
    }

    /// The whole line when alone, with what would turn shake-to-clear on;
    /// nil when nothing the user can wait for would.
    private var until: Phrase? {
        switch self {
        case .cannotList: .discoveryOffUntilListed
        case .deviceFolderMissing: .discoveryOffUntilItAppears
        case .deviceFolderUnreachable: .discoveryOffUntilReached
        case .notAFolder: .discoveryOffUntilAFolder
        case .bufferOnly: nil
        case .noRawFiles: .discoveryOffUntilTheyAppear
        case .permissionDenied, .unreadable: .discoveryOffUntilRead
        case .unparsableFirstSample: .discoveryOffUntilANumber
        }
    }

    /// At most 40 characters with control characters escaped: the file may
    /// hold anything, and the log line must stay one short line.
    private static func clipped(_ text: String) -> String {
        (text.count > 40 ? String(text.prefix(40)) + "…" : text).escapingControlCharacters
    }
}
