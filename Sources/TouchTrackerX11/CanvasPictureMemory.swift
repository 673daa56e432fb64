import CStartUp
import CX11
import Glibc
import TouchTrackerCore
import TouchTrackerStorage
import TouchTrackerSystem

/// The canvas picture file, $XDG_CACHE_HOME/touchtracker/canvas, beside the
/// font choice: a big drawing's canvas as the server held it when the program
/// last quit, put back by the next start instead of drawing every line
/// (CanvasPictureHeader says when it may be). One file, of the last quit's
/// drawing. A cache: a file that cannot be read or written changes nothing
/// but the time a big drawing takes to show.
enum CanvasPictureMemory {
    /// A 7680×4320 window's pixels and the header: anything larger is not one.
    private static let mostBytes = 7680 * 4320 * 4 + 4096

    static var path: String? {
        guard let choice = cstartup_font_choice_path().map({ String(cString: $0) }),
              let slash = choice.lastIndex(of: "/") else { return nil }
        return String(choice[..<slash]) + "/canvas"
    }

    /// What drew the pixels: this program's file (another build may draw a
    /// line otherwise), the X server and its default visual.
    /// The header of a picture taken now, of a canvas of `viewport`: its
    /// lines' digest and its pixels' layout are filled in when it is taken.
    /// Whether pictures are taken and put back on this display: a TrueColor
    /// visual (elsewhere a pixel is an index the server hands out at run
    /// time, and a picture's would name other colours) on a local server (over
    /// a network the lines draw sooner than the pixels come and go).
    private static func applies(to connection: XConnection) -> Bool {
        let visual = XDefaultVisual(connection.display, connection.screen).pointee
        guard visual.`class` == TrueColor else { return false }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(connection.fileDescriptor, $0, &length) }
        }
        return named == 0 && Int32(address.ss_family) == AF_UNIX
    }

    /// Nil where no picture is taken or put back: a replay (no `scale`), a
    /// drawing smaller than `canvasPictureMinimumLines` (a smaller drawing
    /// leaves the file as it is: the big drawing it pictures is still put
    /// back when it comes again), another display (`applies`).
    private static func base(connection: XConnection, session: borrowing WindowSession, scale: Double?,
                     tunables: Tunables) -> CanvasPictureHeader? {
        guard let scale, session.workspace.canvas.drawing.lines.count >= tunables.canvasPictureMinimumLines,
              applies(to: connection)
        else { return nil }
        return base(connection: connection, viewport: session.workspace.viewport, scale: scale, tunables: tunables)
    }

    private static func base(connection: XConnection, viewport: Rect, scale: Double, tunables: Tunables) -> CanvasPictureHeader {
        CanvasPictureHeader(renderer: renderer(connection: connection), width: viewport.width, height: viewport.height,
                            scale: scale, background: tunables.backgroundColour,
                            lines: LinesDigest(count: 0, first: 0, second: 0),
                            bytesPerRow: 0, bitsPerPixel: 0, depth: 0, byteOrder: 0)
    }

    /// `expected` with what only the picture can say (its lines, the file
    /// they were saved in, its layout and its pixels' digest) taken from `header`.
    private static func completed(_ expected: CanvasPictureHeader, from header: CanvasPictureHeader) -> CanvasPictureHeader {
        var expected = expected
        expected.lines = header.lines
        expected.drawingFile = header.drawingFile
        (expected.bytesPerRow, expected.bitsPerPixel, expected.depth, expected.byteOrder, expected.pixels)
            = (header.bytesPerRow, header.bitsPerPixel, header.depth, header.byteOrder, header.pixels)
        return expected
    }

    /// The drawing file as `CanvasPictureHeader.drawingFile` names it (through
    /// a symbolic link, the file it points to); nil when there is no regular file.
    private static func drawingFileStamp(_ path: FilePath?) -> String? {
        path.flatMap { FileStamp(regularFileAt: $0) }?.text
    }

    /// Shows the picture before the drawing is read, when the drawing file
    /// is still as the quit that took it saved it (`drawingFile`) and the
    /// rest matches as for `restore`: the canvas gets the picture and the
    /// window shows it (ScreenPlanner.pictureWhileReading), as the first
    /// frame will once the lines are read (100,000 of them take 15 ms or more). Returns the
    /// picture's header, which `confirm` checks against the lines read; nil,
    /// nothing done, otherwise.
    /// - Parameter opening: the notice that a big file is opening, shown over the picture.
    static func preview(connection: XConnection, painter: DrawingPainter, viewport: Rect, scale: Double, tunables: Tunables,
                        drawingPath: FilePath?, controls: ScreenControls, opening: Notice?) -> CanvasPictureHeader? {
        guard let stamp = drawingFileStamp(drawingPath), let path, applies(to: connection),
              let file = MappedFile(path: path, limit: mostBytes)
        else { return nil }
        let expected = base(connection: connection, viewport: viewport, scale: scale, tunables: tunables)
        let shown = file.withUnsafeBytes { bytes in
            putOnCanvas(bytes, expecting: expected, painter: painter) {
                $0.drawingFile == stamp && $0.lines.count >= tunables.canvasPictureMinimumLines
            }
        }
        guard let shown else { return nil }
        painter.showCanvasAsBackground(true)
        if let plan = ScreenPlanner.pictureWhileReading(viewport: viewport, tunables: tunables, controls: controls, opening: opening,
                                                        at: MonotonicClock.now()) {
            painter.paintAndSend(plan)
        }
        return shown
    }

    /// At the event loop's start, the drawing read: the picture `shown`
    /// before it was read (`preview`) is confirmed, else one is put back if
    /// there is one of these lines (`restore`).
    static func start(shown: CanvasPictureHeader?, connection: XConnection, scale: Double?, tunables: Tunables,
                      painter: DrawingPainter, screen: inout ScreenPlanner, session: inout WindowSession) {
        let expected = base(connection: connection, session: session, scale: scale, tunables: tunables)
        let putBack: Bool
        if let shown {
            painter.showCanvasAsBackground(false)
            putBack = confirm(shown, expecting: expected, screen: &screen, session: &session)
        } else if let expected {
            putBack = restore(expecting: expected, painter: painter, screen: &screen, session: &session)
        } else {
            putBack = false
        }
        if putBack { StartUpMarks.mark("canvas picture put back") }
    }

    /// At quit, the connection still good: the canvas pictured for the next
    /// start (`remember`), naming the drawing file only when `allSaved`
    /// (every line is saved in it, as it will be read back).
    static func quit(allSaved: Bool, drawingPath: FilePath?, connection: XConnection, scale: Double?, tunables: Tunables,
                     painter: DrawingPainter, screen: inout ScreenPlanner, session: inout WindowSession) {
        guard let base = base(connection: connection, session: session, scale: scale, tunables: tunables) else { return }
        remember(base: base, drawingFile: allSaved ? drawingFileStamp(drawingPath) : nil, painter: painter, screen: &screen,
                 session: &session)
    }

    /// After a `preview`: the screen planner takes the canvas as painted when
    /// the picture shown is of `session`'s lines, as `expected` says the
    /// rest; false otherwise, and the first frame paints the canvas anew. A
    /// picture refuted so is removed: a quit before the canvas holds every
    /// line again writes none, and the next start would show it again.
    private static func confirm(_ shown: CanvasPictureHeader, expecting expected: CanvasPictureHeader?, screen: inout ScreenPlanner,
                        session: inout WindowSession) -> Bool {
        guard let expected, shown.shows(completed(expected, from: shown)), shown.lines.isDigest(of: session.workspace.canvas.drawing.lines)
        else {
            if let path { unlink(path) }
            return false
        }
        screen.startOnCanvasHolding(&session)
        return true
    }

    private static func renderer(connection: XConnection) -> String {
        var program = stat()
        let file = stat("/proc/self/exe", &program) == 0
            ? "\(program.st_dev):\(program.st_ino):\(program.st_size):\(program.st_mtim.tv_sec).\(program.st_mtim.tv_nsec)" : "unknown"
        let display = connection.display
        let vendor = XServerVendor(display).map { String(cString: $0) } ?? ""
        let visual = XDefaultVisual(display, connection.screen).pointee
        let text = "program \(file) server \(vendor) \(XVendorRelease(display)) \(XProtocolVersion(display)).\(XProtocolRevision(display))"
            + " visual \(String(visual.red_mask, radix: 16)):\(String(visual.green_mask, radix: 16)):\(String(visual.blue_mask, radix: 16))"
        // One printable ASCII line, as the header keeps it.
        return String(decoding: text.utf8.map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// Puts the picture on the painter's canvas when it shows `workspace`'s
    /// finished lines as `expected` says (its renderer, size, scale and
    /// background; its digest and layout are not known before: see `base`);
    /// then the screen planner takes the canvas as painted. False, nothing
    /// done, otherwise.
    private static func restore(expecting expected: CanvasPictureHeader, painter: DrawingPainter, screen: inout ScreenPlanner,
                        session: inout WindowSession) -> Bool {
        // Mapped, not read: 3 MB read into an array was 750 page faults, a
        // millisecond or two of every such start. Only renamed over, never
        // truncated, so a mapping of it stays whole.
        guard let path, let file = MappedFile(path: path, limit: mostBytes) else { return false }
        let lines = session.workspace.canvas.drawing.lines
        // The lines' digest once the rest matches.
        let restored = file.withUnsafeBytes { bytes in
            putOnCanvas(bytes, expecting: expected, painter: painter) { $0.lines.isDigest(of: lines) }
        }
        guard restored != nil else { return false }
        screen.startOnCanvasHolding(&session)
        return true
    }

    /// Puts the picture in `bytes` on the painter's canvas when its header is
    /// whole and matches `expected` (completed from it), its pixels are all
    /// there, `accepts` its header, and its pixels' digest holds, in that
    /// order (the dearer checks last; the layout is the painter's to check,
    /// against the server's). Returns the header put; nil, nothing done, otherwise.
    private static func putOnCanvas(_ bytes: UnsafeRawBufferPointer, expecting expected: CanvasPictureHeader, painter: DrawingPainter,
                                    accepts: (CanvasPictureHeader) -> Bool) -> CanvasPictureHeader? {
        guard let (header, offset) = CanvasPictureHeader.parse(bytes), header.shows(completed(expected, from: header)),
              bytes.count - offset == header.pixelBytes, accepts(header)
        else { return nil }
        let pixels = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        guard CanvasPictureHeader.pixelsDigest(of: pixels) == header.pixels, painter.restoreCanvas(header, pixels: pixels)
        else { return nil }
        return header
    }

    /// Writes the canvas's picture in place of the file (a new file renamed
    /// over it), when the canvas holds every finished line.
    /// - Parameter drawingFile: `drawingFileStamp` of the file the lines were
    ///   all saved in; nil when they were not.
    private static func remember(base: CanvasPictureHeader, drawingFile: String?, painter: DrawingPainter, screen: inout ScreenPlanner,
                         session: inout WindowSession) {
        let lines = session.workspace.canvas.drawing.lines
        guard let path, screen.canvasHoldsEveryLine(of: &session),
              let slash = path.lastIndex(of: "/"), Folders.make(String(path[..<slash]), mode: 0o700) == nil
        else { return }
        var header = base
        header.lines = LinesDigest(of: lines)
        header.drawingFile = drawingFile ?? CanvasPictureHeader.noDrawingFile
        // A name of this process's own: a start maps the picture (restore),
        // and a mapping shows every later write to its file, so no file is
        // written once it may be the picture (two quits sharing one name
        // did: the second wrote into the file the first had renamed).
        let folder = String(path[..<slash]), name = String(path[path.index(after: slash)...])
        removeTemporariesOfGoneQuits(in: folder, picture: name)
        let temporary = path + temporaryInfix + String(getpid())
        let written = painter.withCanvasPixels { layout, width, height, pixels -> Bool in
            guard width == header.width, height == header.height else { return false }
            header.bytesPerRow = layout.bytesPerRow
            header.bitsPerPixel = layout.bitsPerPixel
            header.depth = layout.depth
            header.byteOrder = layout.byteOrder
            guard pixels.count == header.pixelBytes, pixels.count <= mostBytes - 4096 else { return false }
            header.pixels = CanvasPictureHeader.pixelsDigest(of: pixels)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { return false }
            let failed = Array(header.text.utf8).withUnsafeBytes { WholeFile.writeAll(fd, $0, then: pixels) }
            return close(fd) == 0 && failed == nil
        }
        guard written == true, rename(temporary, path) == 0 else {
            unlink(temporary)
            return
        }
    }

    /// Between the picture's name and the writing process's id.
    private static let temporaryInfix = ".new-"

    /// Removes what quits killed while writing left: a temporary whose
    /// process is gone, and the one name every quit used before.
    private static func removeTemporariesOfGoneQuits(in folder: String, picture: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = picture + temporaryInfix
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let gone: Bool
            if name == picture + ".new" {
                gone = true
            } else if name.hasPrefix(prefix), let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 {
                gone = kill(pid, 0) != 0 && errno == ESRCH
            } else {
                gone = false
            }
            if gone { unlink(folder + "/" + name) }
        }
    }
}
