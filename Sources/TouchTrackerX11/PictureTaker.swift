import CX11
import Glibc
import TouchTrackerCore

/// Ctrl+S: renders the drawing as the window shows it (from the canvas just
/// painted, so even 100,000 lines cost one copy) and hands the pixels to the
/// picture writer's thread; the disk is never waited for on the event loop.
/// Says where each picture went, or why it did not, on standard error and as
/// the text of a notice for the window.
///
/// Owns the renderer and the writer, both made at the first picture: most
/// sessions never take one.
final class PictureTaker {
    private let connection: XConnection
    /// The window: the renderer's pixmaps are made on its screen.
    private let drawable: Drawable
    /// HOME and XDG_CONFIG_HOME (nothing here changes them): where pictures go.
    /// Read at the first picture: made at start, this first dictionary of
    /// strings (its type's metadata, its conformances looked up) cost every
    /// start about 270,000 instructions before its first frame.
    private lazy var environment: [String: String] = {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME"] { environment[name] = getenv(name).map { String(cString: $0) } }
        return environment
    }()
    private var renderer: PictureRenderer?
    private var writer: PictureWriter?
    private var words: Phrasebook { Translations.phrasebook }

    init(connection: XConnection, drawable: Drawable) {
        self.connection = connection
        self.drawable = drawable
    }

    /// Readable when the writer has reports; -1 (which poll skips) until the first picture.
    var reportsReadEnd: Int32 { writer?.reportsReadEnd ?? -1 }

    /// Takes a picture of `picture` (nil: the inspector is shown, and a
    /// picture of it is refused). Returns a notice's text when it failed at once.
    /// - Parameter canvas: the window's canvas, just painted (nil: none holds the picture, draw it).
    func take(_ picture: Picture?, canvas: Pixmap?) -> String? {
        guard let picture else {
            writeToStandardError("touchtracker: " + words.text(.pictureInInspector) + "\n")
            return nil
        }
        do throws(PictureError) {
            let renderer = renderer ?? PictureRenderer(connection: connection, drawable: drawable)
            self.renderer = renderer
            let image = try renderer.render(picture, canvas: canvas)
            try startWriter().write(image, takenAt: WallClock.now())
            return nil
        } catch {
            return say(.failed(reason: error.description))
        }
    }

    /// The notices' texts for the pictures written (or not) since last time.
    func takeReports() -> [String] {
        (writer?.takeReports() ?? []).map(say)
    }

    /// Writes the pictures asked for before leaving.
    func finish() {
        writer?.finish()
    }

    private func startWriter() throws(PictureError) -> PictureWriter {
        if let writer { return writer }
        let environment = environment
        let writer = try PictureWriter { () throws(PictureError) -> String in
            try PictureWriter.picturesFolder(environment: environment)
        }
        self.writer = writer
        ProgramExit.finishBeforeExit(.pictureWriter) { writer.finish() }
        return writer
    }

    /// Logs the report; returns the notice's text.
    private func say(_ report: PictureWriter.Report) -> String {
        switch report {
        case .saved(let path):
            writeToStandardError("touchtracker: " + words.text(.pictureSavedLog, path) + "\n")
            return Notice.pictureSavedText(path: path, home: environment["HOME"], words: words)
        case .failed(let reason):
            writeToStandardError("touchtracker: " + words.text(.pictureNotSavedLog, reason) + "\n")
            return Notice.pictureNotSavedText(reason: reason, words: words)
        }
    }
}
