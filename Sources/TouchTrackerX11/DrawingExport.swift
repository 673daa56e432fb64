import Glibc
import TouchTrackerCore
import TouchTrackerStorage
import TouchTrackerSystem

/// `--export FILE`: writes the saved drawing as a picture and ends, without a
/// window (kiosks and classrooms script it). The drawing file is only read:
/// no lock, nothing moved aside, so exporting while a TouchTracker draws is
/// safe. An SVG is text the program writes itself; a PNG is rasterised by the
/// X server exactly as the window paints (a pixmap of the drawing's size on
/// the display, no window) when there is a display, else by cairo in memory
/// (antialiased, otherwise the same geometry). Every failure is one line on
/// standard error and exit status 1.
public enum DrawingExport {
    /// Lengths follow the same scale as the window: `--scale`, else (for a PNG,
    /// which has a display) its Xft.dpi, else 1; an SVG needs no display, so
    /// only `--scale` changes its line width.
    /// - Parameter drawingPath: `--drawing FILE`; nil for the usual place.
    /// - Returns: the exit status.
    public static func run(_ file: ExportFile, drawingPath: FilePath?, displayName: String?, requestedScale: Double?,
                           tunables: Tunables) -> Int32 {
        // Read first: a missing drawing is said before a missing display.
        let document: DrawingDocument
        do throws(PictureError) {
            document = try savedDrawing(at: drawingPath)
        } catch {
            writeToStandardError("touchtracker: \(error)\n")
            return 1
        }
        return export(file, displayName: displayName, requestedScale: requestedScale) { scale in
            // A version 1 file's lines are the original's width at the scale drawn at, as in the window.
            let scaled = tunables.scaled(by: scale)
            return Picture(document: document.withVersion1LineWidth(Double(scaled.lineWidthPixels)), tunables: scaled)
        }
    }

    /// `--replay FILE --export OUT`: plays the session off screen, as fast as
    /// it goes, and writes the drawing it ends with (contacts still down at
    /// the end are let go, as in the window). A TouchTracker recording plays at
    /// its own scale; a touchscreen or pen recording at --scale (or, for a PNG, the
    /// display's), mapped onto `size`.
    public static func run(_ file: ExportFile, replaying source: ReplaySource, size: (width: Int, height: Int), inspect: Bool,
                           displayName: String?, requestedScale: Double?, tunables: Tunables) -> Int32 {
        export(file, displayName: displayName, requestedScale: requestedScale) { scale in
            let viewport = Rect(x: 0, y: 0, width: size.width, height: size.height)
            let recording = source.recording(viewport: viewport, scale: scale, inspect: inspect, tool: tunables.defaultTool,
                                            pen: tunables.penSettings)
            var workspace = recording.start.workspace(tunables: tunables)
            var player = SessionPlayer(recording: recording, speed: .max, startedAt: Instant(milliseconds: 0))
            // At full speed every input and deadline is due at the start; a
            // bound keeps a core that kept asking for deadlines from spinning.
            var rounds = 0
            while case .playing = player.play(into: &workspace, upTo: Instant(milliseconds: 0)), rounds < 1000 { rounds += 1 }
            SessionPlayer.releaseContacts(in: &workspace, at: Instant(milliseconds: player.offsetMilliseconds + (recording.inputs.map(\.time.milliseconds).max() ?? 0)))
            return Picture(canvas: workspace.canvas)
        }
    }

    /// Writes the picture `make` gives for the scale the file is drawn at:
    /// an SVG at `--scale` (else 1), with no display; a PNG rasterised by the
    /// X server at `--scale`, else the display's Xft.dpi, or without a display
    /// by cairo at `--scale`, else 1. Every failure is one line; returns the
    /// exit status.
    private static func export(_ file: ExportFile, displayName: String?, requestedScale: Double?,
                               picture make: (_ scale: Double) -> Picture) -> Int32 {
        do throws(PictureError) {
            switch file.format {
            case .svg:
                try writeText(SVGExport.text(of: make(requestedScale ?? 1)), to: file.path)
            case .png:
                guard let connection = try display(displayName) else {
                    // No display: the same picture rasterised here, at --scale (else 1).
                    try PNGFile.write(try CairoRenderer.render(make(requestedScale ?? 1)), to: file.path)
                    return 0
                }
                let scale = DisplayScale.factor(requested: requestedScale, resources: connection.resourceManagerText)
                try PNGFile.write(try PictureRenderer(connection: connection, drawable: connection.root).render(make(scale)),
                                  to: file.path)
            }
            return 0
        } catch {
            writeToStandardError("touchtracker: \(error)\n")
            return 1
        }
    }

    private static func savedDrawing(at chosen: FilePath?) throws(PictureError) -> DrawingDocument {
        guard let path = chosen ?? DrawingStore.defaultFilePath(environment: { getenv($0).map { FilePath(cString: $0) } }) else {
            throw PictureError(.exportNoPlace)
        }
        switch DrawingStore.peek(path, words: Translations.phrasebook) {
        case .document(let document): return document
        case .absent: throw PictureError(.exportNoDrawing, path.description)
        case .unusable(let reason), .movedAside(let reason, _): throw PictureError(.exportUnusable, path.description, reason)
        }
    }

    /// The display a PNG is drawn on, so it has the window's very pixels; nil
    /// when there is none to use (no `--display` and `$DISPLAY` unset or
    /// empty, or `$DISPLAY` cannot be opened: said in one line). A display
    /// named with `--display` must open.
    private static func display(_ displayName: String?) throws(PictureError) -> XConnection? {
        let environment = getenv("DISPLAY").map { String(cString: $0) } ?? ""
        if displayName == nil, environment.isEmpty { return nil }
        do {
            return try XConnection(displayName: displayName)
        } catch {
            if displayName == nil {
                writeToStandardError("touchtracker: " + Translations.phrasebook.text(.exportWithoutDisplay, error.text(Translations.phrasebook)) + "\n")
                return nil
            }
            throw PictureError(.exportDisplayNamed, error.text(Translations.phrasebook))
        }
    }

    /// Writes the whole text or removes what it began, like libpng does for a PNG.
    private static func writeText(_ text: String, to path: String) throws(PictureError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw PictureError(.cannotWrite, path, SystemCall.errorText(errno)) }
        var text = text
        var failure = text.withUTF8 { WholeFile.writeAll(fd, UnsafeRawBufferPointer($0)) }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(path)
            throw PictureError(.cannotWrite, path, SystemCall.errorText(failure))
        }
    }
}
