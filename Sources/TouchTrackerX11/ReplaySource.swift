import TouchTrackerCore
import TouchTrackerStorage

/// `--replay FILE`, read and checked before any window opens, so a damaged
/// file is one line and no window. A TouchTracker session recording is read
/// whole; a touchscreen recording from another program is mapped onto the
/// window once its size is known.
public struct ReplaySource: Sendable {
    public enum Content: Sendable {
        case session(SessionRecording)
    }

    public let path: String
    public let content: Content

    public static func load(_ path: String) throws(FatalError) -> ReplaySource {
        let bytes: [UInt8]
        switch WholeFile.bytes(at: path) {
        case .success(let read): bytes = read
        case .failure(let error): throw .unreadableReplay(path: path, reason: error.description)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableReplay(path: path, reason: "not a recording (not text)")
        }
        do throws(SessionFileError) {
            return ReplaySource(path: path, content: .session(try SessionFile.read(text)))
        } catch {
            throw .unreadableReplay(path: path, reason: error.description)
        }
    }

    /// The window size the recording was made in, when it says.
    public var recordedSize: (width: Int, height: Int)? {
        switch content {
        case .session(let recording): (recording.start.width, recording.start.height)
        }
    }

    /// The session to play in a window (or off screen) of `viewport`'s size.
    /// - Parameters:
    ///   - scale: the scale the window runs at, for recordings that do not say.
    ///   - inspect: --inspect: shown in the touch inspector whatever the recording says.
    func recording(viewport: Rect, scale: Double, inspect: Bool) -> SessionRecording {
        switch content {
        case .session(var recording):
            if inspect { recording.start.mode = .inspecting }
            return recording
        }
    }
}
