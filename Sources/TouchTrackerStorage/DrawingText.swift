import TouchTrackerCore

/// The drawing file's text as the saver keeps it: the lines' rows, already
/// encoded, and the size, so that appending lines encodes only them and
/// saving 100,000 lines costs a write, not an encode. The saver's thread
/// alone holds it.
struct DrawingText {
    /// The rows as the file holds them, and how many.
    private var rows: [UInt8] = []
    private(set) var lineCount: Int
    /// The lines opened, until the first change encodes them: millions of
    /// lines opened must not hold up the window's first frame.
    private var unencoded: [Line]?
    /// Whether `unencoded` may still be the drawing's own array (see `ownLines`).
    private var shared: Bool
    private var width: Int
    private var height: Int

    /// - Parameter initial: what the file holds now (the drawing as loaded).
    init(_ initial: DrawingDocument) {
        // The drawing's own array for now: copying millions of lines here
        // held up the window's first frame by a second. `ownLines` copies
        // them on the saver's thread.
        unencoded = initial.lines.isEmpty ? nil : initial.lines
        shared = unencoded != nil
        lineCount = initial.lines.count
        width = initial.width
        height = initial.height
    }

    /// Takes a copy of the lines opened instead of sharing the drawing's
    /// array, whose next append would otherwise copy every line on the event
    /// loop. Called on the saver's thread, first thing; then it does nothing.
    mutating func ownLines() {
        guard shared else { return }
        shared = false
        guard let lines = unencoded else { return }
        unencoded = nil
        unencoded = lines.withUnsafeBufferPointer { Array($0) }
    }

    /// What the event loop handed over since the last change: all the lines
    /// anew (`replacement`), then lines appended, and a new size.
    mutating func change(replacement: [Line]?, appended: [Line], size: (width: Int, height: Int)?) {
        if let lines = unencoded {
            unencoded = nil
            if replacement == nil {
                lineCount = 0
                append(lines)
            }
        }
        if let replacement {
            rows.removeAll(keepingCapacity: true)
            lineCount = 0
            append(replacement)
        }
        append(appended)
        if let size { (width, height) = size }
    }

    /// The file's bytes, in the pieces it is written from.
    var pieces: [[UInt8]] {
        [Array(DrawingDocument.header(width: width, height: height, lineCount: lineCount).utf8), rows,
         Array(DrawingDocument.trailer.utf8)]
    }

    private mutating func append(_ lines: [Line]) {
        for line in lines { DrawingDocument.appendRow(line, to: &rows) }
        lineCount += lines.count
    }
}
