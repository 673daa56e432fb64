import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// A file operation that failed, in one line: what, where, why (strerror,
/// or a reason of the program's own).
public struct StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, each said in a phrase of its own.
    public enum Operation: Hashable, Sendable {
        case createTheRecording, writeTheRecording, startTheAutosaverThread, startTheAutosaverPipe, createTheFolder,
             open, lock, moveAside, read, keepABackup, save, create, setTheMode, write, flush, replace

        var phrase: Phrase {
            switch self {
            case .createTheRecording: .cannotCreateTheRecording
            case .writeTheRecording: .cannotWriteTheRecording
            case .startTheAutosaverThread: .cannotStartTheAutosaverThread
            case .startTheAutosaverPipe: .cannotStartTheAutosaverPipe
            case .createTheFolder: .cannotCreateTheFolder
            case .open: .cannotOpen
            case .lock: .cannotLock
            case .moveAside: .cannotMoveAside
            case .read: .cannotRead
            case .keepABackup: .cannotKeepABackup
            case .save: .cannotSave
            case .create: .cannotCreate
            case .setTheMode: .cannotSetTheMode
            case .write: .cannotWrite
            case .flush: .cannotFlush
            case .replace: .cannotReplace
            }
        }
    }

    /// A reason of the program's own, when no system call failed.
    public enum Reason: Hashable, Sendable {
        case notARegularFile
        case larger(mebibytes: Int)
    }

    public var operation: Operation
    public var path: String
    public var code: Int32
    /// Said instead of strerror(code) when no system call failed.
    public var reason: Reason?

    public init(_ operation: Operation, _ path: String, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// On a path that may not be UTF-8: messages show it escaped.
    public init(_ operation: Operation, _ path: FilePath, code: Int32 = errno) {
        self.init(operation, path.description, code: code)
    }

    public init(_ operation: Operation, _ path: String, reason: Reason) {
        self.init(operation, path, code: 0)
        self.reason = reason
    }

    /// A whole file that could not be read (WholeFile.bytes).
    public init(reading path: String, _ error: FileReadError) {
        switch error {
        case .failed(let code): self.init(.read, path, code: code)
        case .notRegularFile: self.init(.read, path, reason: .notARegularFile)
        case .larger(let limit): self.init(.read, path, reason: .larger(mebibytes: limit / (1 << 20)))
        }
    }

    /// Why, in `words` (the system's own words are strerror's, in the locale's language).
    public func reason(_ words: Phrasebook) -> String {
        switch reason {
        case .notARegularFile?: words.text(.notARegularFile)
        case .larger(let mebibytes)?: words.text(.largerThan, String(mebibytes))
        case nil: SystemCall.errorText(code)
        }
    }

    /// What it means for saving, in the terms the window shows.
    public func problem(_ words: Phrasebook) -> SavingProblem {
        switch code {
        case ENOSPC, EDQUOT: .diskFull
        case EROFS: .readOnly
        case EACCES, EPERM: .notPermitted
        default: .failed(reason(words))
        }
    }

    /// What it means for saving, in English.
    public var problem: SavingProblem { problem(.english) }

    public func text(_ words: Phrasebook) -> String {
        words.text(operation.phrase, path, reason(words))
    }

    /// The line in English.
    public var description: String { text(.english) }
}
