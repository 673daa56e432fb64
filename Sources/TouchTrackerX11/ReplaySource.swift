import TouchTrackerCore
import TouchTrackerImport
import TouchTrackerStorage
import TouchTrackerSystem

/// `--replay FILE`, read and checked before any window opens, so a damaged
/// file is one line and no window. A TouchTracker session recording is read
/// whole; a touchscreen or pen recording from another program (libinput
/// record, evemu-record) is mapped onto the window's size as the window opens.
public struct ReplaySource: Sendable {
    public enum Content: Sendable {
        case session(SessionRecording)
        /// Touches and pen events only, already in window pixels of `viewport`.
        case devices(ImportedRecording, viewport: Rect)
    }

    public let path: String
    public let content: Content

    /// About five hours of ten fingers drawing: larger is no recording of a session.
    static let maximumFileBytes = 1 << 30

    /// - Parameter viewport: the window a touchscreen or pen recording is fitted into.
    public static func load(_ path: String, fittingInto viewport: Rect) throws(FatalError) -> ReplaySource {
        let words = Translations.phrasebook
        let bytes: [UInt8]
        switch WholeFile.bytes(at: path, limit: maximumFileBytes) {
        case .success(let read): bytes = read
        case .failure(let error): throw .unreadableReplay(path: path, reason: StorageError(reading: path, error).text(words))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableReplay(path: path, reason: words.text(.replayNotText))
        }
        if SessionFile.format.opens(text) {
            do throws(TextFileError) {
                return ReplaySource(path: path, content: .session(try SessionFile.read(text)))
            } catch {
                throw .unreadableReplay(path: path, reason: error.text(words))
            }
        }
        do throws(ImportError) {
            return ReplaySource(path: path, content: .devices(try RecordingImport.read(text, fittingInto: viewport), viewport: viewport))
        } catch .notARecording {
            throw .unreadableReplay(path: path, reason: words.text(.replayNotARecording))
        } catch {
            throw .unreadableReplay(path: path, reason: error.description)
        }
    }

    /// The window size the recording was made in, when it says.
    public var recordedSize: (width: Int, height: Int)? {
        switch content {
        case .session(let recording): (recording.start.width, recording.start.height)
        case .devices: nil
        }
    }

    /// The session to play in a window (or off screen) of `viewport`'s size.
    /// - Parameters:
    ///   - scale: the scale the window runs at, for recordings that do not say.
    ///   - inspect: --inspect: shown in the touch inspector whatever the recording says.
    ///   - tool: --tool: what a touchscreen or pen recording's strokes draw
    ///     with. A TouchTracker recording draws with the settings it started with.
    ///   - pen: --palm-timeout, --touch-with-pen and --no-pressure: how a
    ///     touchscreen or pen recording's pen and fingers share the window, as
    ///     in the live window. A TouchTracker recording keeps its own.
    func recording(viewport: Rect, scale: Double, inspect: Bool, tool: Tool, pen: PenSettings) -> SessionRecording {
        switch content {
        case .session(var recording):
            if inspect { recording.start.mode = .inspecting }
            return recording
        case .devices(let imported, let fitted):
            // Device events only: no deadlines recorded, so the player meets them as a live loop would.
            let names = Dictionary(imported.devices.map { ($0.number, $0.name) }) { first, _ in first }
            var settings = ToolSettings(tunables: .standard)
            settings.tool = tool
            return SessionRecording(start: SessionStart(scale: scale, width: fitted.width, height: fitted.height,
                                                        mode: inspect ? .inspecting : .drawing, lines: [],
                                                        settings: settings, deviceNames: names, pen: pen),
                                    inputs: imported.inputs.map { .device($0) }, recordsDeadlines: false)
        }
    }
}
