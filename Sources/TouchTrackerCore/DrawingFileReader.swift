/// Reads a drawing file as its bytes arrive, a piece at a time, so that a
/// damaged file is refused at its first bad row without the rest being read,
/// and a large one never exists whole in memory beside its lines: memory is
/// the lines (64 bytes each, and 16 a point of ink, 20 with a pen's pressure) and one piece. Reads
/// version 1 (four coordinates a row) and version 2 (a stroke a row: see
/// DrawingDocument) to version 4, whose `saved` rows close each save: the
/// drawing is the strokes up to the last of them, and what follows it (a
/// save cut short) is not read. The same rules and messages as
/// `LineReader` (a byte-order mark and Windows line ends read as the plain
/// file does; the last line may lack its newline), which `DrawingDocument(parsing:)`
/// reads through this.
public struct DrawingFileReader: Sendable {
    private enum Stage: Sendable { case first, size, count, rows, end, done }

    private var stage = Stage.first
    /// The start of a line whose newline has not arrived yet.
    private var carry: [UInt8] = []
    /// The number of the line last read, from 1.
    public private(set) var lineNumber = 0
    private var width = 0
    private var height = 0
    /// The lines the file says it holds; nil until its "lines" row is read
    /// (versions 1 to 3; version 4 says it in each `saved` row instead).
    public private(set) var declaredCount: Int?
    /// Version 4: what its `saved` rows say, and whether the rows since read.
    private var saves = DrawingFileSaves()
    private var lines: [Line] = []
    /// The file's size, when known: how many rows it could hold at most, so
    /// a damaged count never reserves more than that.
    private let sizeBytes: Int?
    /// The format version its first line names; 0 before it is read.
    public private(set) var version = 0
    /// What a version 1 file leaves unsaid: its lines' width.
    private let version1LineWidth: Double
    /// The bytes fed before the piece being read.
    private var fedBytes = 0
    /// Where the rows begin in the file (just after the "lines" row's
    /// newline, or version 4's size row's), and where they end (just after
    /// the last row's newline, or the last `saved` row's), once each is read.
    private var rowsStart: Int?
    private var rowsEnd: Int?
    /// Where the file's rows lie, byte offsets from its start, once it is
    /// read whole: every row as it is in the file, the last one's newline
    /// included. A saver copies them into the next file instead of encoding
    /// every line again (which for millions of lines takes seconds), or, in
    /// version 4, appends to them. Nil before `finish()` succeeds.
    public var rowBytes: Range<Int>? {
        guard stage == .done, let rowsStart, let rowsEnd else { return nil }
        return rowsStart..<rowsEnd
    }

    /// - Parameters:
    ///   - sizeBytes: the file's size, if known (sizes the lines' array once).
    ///   - version1LineWidth: the width of a version 1 file's lines, which are
    ///     all straight and black: the original's 10 px at the scale the
    ///     program runs at, as TouchTracker always showed them.
    public init(sizeBytes: Int? = nil, version1LineWidth: Double = 10) {
        self.sizeBytes = sizeBytes
        self.version1LineWidth = version1LineWidth
    }

    /// The next piece of the file; throws at the first line that is wrong.
    /// Walks the bytes through a pointer: this runs for every byte of a file
    /// of millions of lines, and must be quick in a debug build too.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws(TextFileError) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var start = 0
        if !carry.isEmpty {
            guard let newline = Self.newline(in: base, from: 0, to: count) else {
                carry.append(contentsOf: bytes)
                fedBytes += count
                return
            }
            carry.append(contentsOf: UnsafeBufferPointer(start: base, count: newline))
            let line = carry
            carry.removeAll(keepingCapacity: true)
            try line.withUnsafeBufferPointer { (line) throws(TextFileError) in
                try take(Self.withoutReturn(line[...]))
            }
            start = newline + 1
            noteRowBounds(lineEnd: fedBytes + start)
        }
        while start < count {
            guard let newline = Self.newline(in: base, from: start, to: count) else {
                carry.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
                fedBytes += count
                return
            }
            if stage == .rows {
                // The common case, without making a slice.
                var end = newline
                if end > start, base[end - 1] == 13 { end -= 1 }
                lineNumber += 1
                try takeRow(base, from: start, to: end)
                start = newline + 1
                if stage == .end { rowsEnd = fedBytes + start }
                if saves.justSaved { saves.noteEnd(fedBytes + start) }
            } else {
                try take(Self.withoutReturn(bytes[start..<newline]))
                start = newline + 1
                noteRowBounds(lineEnd: fedBytes + start)
            }
        }
        fedBytes += count
    }

    /// After a line that ended (its newline included) at `lineEnd` bytes
    /// into the file: the rows begin there when that line was the count,
    /// and end there when it was the last row.
    private mutating func noteRowBounds(lineEnd: Int) {
        if rowsStart == nil, stage == .rows || stage == .end { rowsStart = lineEnd }
        if rowsEnd == nil, stage == .end { rowsEnd = lineEnd }
        if saves.justSaved { saves.noteEnd(lineEnd) }
    }

    /// The first newline from `start`, eight bytes at a time: every byte of
    /// the file passes here, and most rows are 25 to 40 bytes long.
    static func newline(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while end - index >= 8 {
            // A byte of the word that is 10 becomes 0, and the lowest byte
            // that is 0 is the first one whose high bit survives (the trick
            // can mark a byte above a zero byte, never one below it).
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) ^ (10 &* ones)
            let zeros = (word &- ones) & ~word & highs
            if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < end {
            if base[index] == 10 { return index }
            index += 1
        }
        return nil
    }

    public mutating func feed(_ bytes: [UInt8]) throws(TextFileError) {
        try bytes.withUnsafeBufferPointer { (bytes) throws(TextFileError) in try feed(bytes) }
    }

    /// The file ended: the drawing, or why it is none.
    public mutating func finish() throws(TextFileError) -> DrawingDocument {
        if !carry.isEmpty {
            let line = carry
            carry = []
            if stage == .rows, version >= 4 {
                saves.takeLast(line.last == 13 ? line.dropLast() : line[...], lineCount: lines.count, line: lineNumber + 1, end: fedBytes)
            } else if !(stage == .first && line == Self.byteOrderMark) {
                // A byte-order mark alone is an empty file, as LineReader reads it.
                try line.withUnsafeBufferPointer { (line) throws(TextFileError) in try take(line[...]) }
            }
        }
        if stage == .rows, version >= 4 {
            // The check reads the lines through a pointer: a copy of the
            // array kept while they are cut below would copy every line.
            let found = try lines.withUnsafeBufferPointer { (lines) throws(TextFileError) in
                try saves.drawing(check: { DrawingDocument.check(of: lines[$0]) })
            }
            guard let saved = found else {
                throw saves.problem ?? .truncated(line: lineNumber + 1, expected: "\"saved \(lines.count)\"")
            }
            // What follows it is a save that did not finish.
            if lines.count > saved.count { lines.removeSubrange(saved.count...) }
            rowsEnd = saved.end
            stage = .done
        }
        switch stage {
        case .first: throw .empty
        case .size: throw .truncated(line: lineNumber + 1, expected: "the window size")
        case .count: throw .truncated(line: lineNumber + 1, expected: "the line count")
        case .rows: throw .truncated(line: lineNumber + 1, expected: "line \(lines.count + 1) of \(declaredCount ?? 0)")
        case .end: throw .truncated(line: lineNumber + 1, expected: "\"end\"")
        case .done: return DrawingDocument(width: width, height: height, lines: lines, version: version)
        }
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static func withoutReturn(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        line.last == 13 ? line.dropLast() : line
    }

    private mutating func take(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(TextFileError) {
        lineNumber += 1
        switch stage {
        case .rows:
            guard let base = line.base.baseAddress else { throw malformed(Self.version1Row, found: line) }
            try takeRow(base, from: line.startIndex, to: line.endIndex)
        case .first:
            let text = String(decoding: line.starts(with: Self.byteOrderMark) ? line.dropFirst(3) : line, as: UTF8.self)
            let format = DrawingDocument.format
            let words = text.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, words[0] == "touchtracker", words[1] == format.word,
                  let version = Int(words[2]), version >= 1
            else { throw .notA(format) }
            guard version <= format.version else { throw .newerVersion(version, of: format) }
            self.version = version
            stage = .size
        case .size:
            let size = try fields(line, "size", count: 2)
            let side = 1...DrawingDocument.maximumSide
            guard let width = Int(size[0]), let height = Int(size[1]), side.contains(width), side.contains(height)
            else { throw malformed("a size of 1 to \(DrawingDocument.maximumSide) pixels each way", found: line) }
            (self.width, self.height) = (width, height)
            guard version >= 4 else {
                stage = .count
                return
            }
            // Each row takes at least 23 bytes ("line #000000 1 0 0 0 0\n").
            lines.reserveCapacity((sizeBytes ?? 1 << 20) / 23)
            stage = .rows
        case .count:
            let declared = try fields(line, "lines", count: 1)
            guard let count = Int(declared[0]), count >= 0 else { throw malformed("a line count", found: line) }
            declaredCount = count
            // Each row takes at least 8 bytes ("0 0 0 0\n"), or in version 2
            // 23 ("line #000000 1 0 0 0 0\n").
            lines.reserveCapacity(Swift.min(count, (sizeBytes ?? 1 << 20) / (version == 1 ? 8 : 23)))
            stage = count == 0 ? .end : .rows
        case .end:
            guard line.elementsEqual("end".utf8) else {
                throw malformed("\"end\" after \(declaredCount ?? 0) lines", found: line)
            }
            stage = .done
        case .done:
            throw .trailing(line: lineNumber)
        }
    }

    private func fields(_ line: Slice<UnsafeBufferPointer<UInt8>>, _ keyword: String, count: Int) throws(TextFileError) -> [Substring] {
        let text = String(decoding: line, as: UTF8.self)
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == count + 1, parts[0] == keyword else {
            throw malformed("\"\(keyword)\" and \(count) number\(count == 1 ? "" : "s")", found: line)
        }
        return Array(parts.dropFirst())
    }

    private func malformed(_ expected: String, found: Slice<UnsafeBufferPointer<UInt8>>) -> TextFileError {
        .malformed(line: lineNumber, expected: expected, found: String(decoding: found, as: UTF8.self))
    }

    /// One row of the lines, from `start` to `end` (without its line end).
    private mutating func takeRow(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) throws(TextFileError) {
        if version >= 4 {
            // No stroke's word begins with "s".
            if start < end, base[start] == UInt8(ascii: "s") {
                try takeSaved(base, from: start, to: end)
                return
            }
            // After a row that did not read, only a `saved` row matters.
            guard !saves.skipsRows else { return }
            if let plain = Self.plainRow(base, from: start, to: end) {
                lines.append(plain)
                return
            }
            switch Self.stroke(base, from: start, to: end, pens: true) {
            case .success(let stroke): lines.append(stroke)
            case .failure(let problem):
                saves.rowFailed(malformed(problem.expected, found: UnsafeBufferPointer(start: base, count: end)[start..<end]))
            }
            return
        }
        if version == 1 {
            guard let parsed = Self.version1Row(base, from: start, to: end, width: version1LineWidth) else {
                throw malformed(Self.version1Row, found: UnsafeBufferPointer(start: base, count: end)[start..<end])
            }
            lines.append(parsed)
        } else if let plain = Self.plainRow(base, from: start, to: end) {
            lines.append(plain)
        } else {
            switch Self.stroke(base, from: start, to: end, pens: version >= 3) {
            case .success(let stroke): lines.append(stroke)
            case .failure(let problem):
                throw malformed(problem.expected, found: UnsafeBufferPointer(start: base, count: end)[start..<end])
            }
        }
        if lines.count == declaredCount { stage = .end }
    }

    /// A `saved` row (DrawingFileSaves says what it closes).
    private mutating func takeSaved(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) throws(TextFileError) {
        let row = UnsafeBufferPointer(start: base, count: end)[start..<end]
        let number = lineNumber
        try saves.take(row, lineCount: lines.count, line: number) { expected in
            .malformed(line: number, expected: expected, found: String(decoding: row, as: UTF8.self))
        }
    }
}
