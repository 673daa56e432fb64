/// Reads a drawing file as its bytes arrive, a piece at a time, so that a
/// damaged file is refused at its first bad row without the rest being read,
/// and a large one never exists whole in memory beside its lines: memory is
/// the lines (32 bytes each) and one piece. The same rules and messages as
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
    /// The lines the file says it holds; nil until its "lines" row is read.
    public private(set) var declaredCount: Int?
    private var lines: [Line] = []
    /// The file's size, when known: how many rows it could hold at most, so
    /// a damaged count never reserves more than that.
    private let sizeBytes: Int?

    /// - Parameter sizeBytes: the file's size, if known (sizes the lines' array once).
    public init(sizeBytes: Int? = nil) {
        self.sizeBytes = sizeBytes
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
                return
            }
            carry.append(contentsOf: UnsafeBufferPointer(start: base, count: newline))
            let line = carry
            carry.removeAll(keepingCapacity: true)
            try line.withUnsafeBufferPointer { (line) throws(TextFileError) in
                try take(Self.withoutReturn(line[...]))
            }
            start = newline + 1
        }
        while start < count {
            guard let newline = Self.newline(in: base, from: start, to: count) else {
                carry.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
                return
            }
            if stage == .rows {
                // The common case, without making a slice.
                var end = newline
                if end > start, base[end - 1] == 13 { end -= 1 }
                lineNumber += 1
                guard let parsed = Self.row(base, from: start, to: end) else {
                    throw malformed("four coordinates", found: bytes[start..<end])
                }
                lines.append(parsed)
                if lines.count == declaredCount { stage = .end }
            } else {
                try take(Self.withoutReturn(bytes[start..<newline]))
            }
            start = newline + 1
        }
    }

    private static func newline(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
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
            // A byte-order mark alone is an empty file, as LineReader reads it.
            if !(stage == .first && line == Self.byteOrderMark) {
                try line.withUnsafeBufferPointer { (line) throws(TextFileError) in try take(line[...]) }
            }
        }
        switch stage {
        case .first: throw .empty
        case .size: throw .truncated(line: lineNumber + 1, expected: "the window size")
        case .count: throw .truncated(line: lineNumber + 1, expected: "the line count")
        case .rows: throw .truncated(line: lineNumber + 1, expected: "line \(lines.count + 1) of \(declaredCount ?? 0)")
        case .end: throw .truncated(line: lineNumber + 1, expected: "\"end\"")
        case .done: return DrawingDocument(width: width, height: height, lines: lines)
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
            guard let parsed = Self.row(line) else { throw malformed("four coordinates", found: line) }
            lines.append(parsed)
            if lines.count == declaredCount { stage = .end }
        case .first:
            let text = String(decoding: line.starts(with: Self.byteOrderMark) ? line.dropFirst(3) : line, as: UTF8.self)
            let format = DrawingDocument.format
            let words = text.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, words[0] == "touchtracker", words[1] == format.word,
                  let version = Int(words[2]), version >= 1
            else { throw .notA(format) }
            guard version <= format.version else { throw .newerVersion(version, of: format) }
            stage = .size
        case .size:
            let size = try fields(line, "size", count: 2)
            let side = 1...DrawingDocument.maximumSide
            guard let width = Int(size[0]), let height = Int(size[1]), side.contains(width), side.contains(height)
            else { throw malformed("a size of 1 to \(DrawingDocument.maximumSide) pixels each way", found: line) }
            (self.width, self.height) = (width, height)
            stage = .count
        case .count:
            let declared = try fields(line, "lines", count: 1)
            guard let count = Int(declared[0]), count >= 0 else { throw malformed("a line count", found: line) }
            declaredCount = count
            // Each row takes at least 8 bytes ("0 0 0 0\n").
            lines.reserveCapacity(Swift.min(count, (sizeBytes ?? 1 << 20) / 8))
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

    /// x1 y1 x2 y2, each as `DrawingDocument.coordinate` reads it.
    private static func row(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Line? {
        guard let base = line.base.baseAddress else { return nil }
        return row(base, from: line.startIndex, to: line.endIndex)
    }

    private static func row(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Line? {
        var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var fieldStart = start
        for field in 0..<4 {
            var fieldEnd = fieldStart
            while fieldEnd < end, base[fieldEnd] != 32 { fieldEnd += 1 }
            if (field < 3) != (fieldEnd < end) { return nil }
            guard let value = coordinate(base, from: fieldStart, to: fieldEnd) else { return nil }
            switch field {
            case 0: values.0 = value
            case 1: values.1 = value
            case 2: values.2 = value
            default: values.3 = value
            }
            fieldStart = fieldEnd + 1
        }
        return Line(start: Point(x: values.0, y: values.1), end: Point(x: values.2, y: values.3))
    }

    static func coordinate(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        guard let base = text.base.baseAddress else { return DrawingDocument.coordinate("") }
        return coordinate(base, from: text.startIndex, to: text.endIndex)
    }

    /// A coordinate as `DrawingDocument.coordinate` reads it. Plain decimals
    /// (what the program writes) are read here without making a String:
    /// digits whose value is below 2^53 over a power of ten up to 10^22 are
    /// both exact doubles, so their quotient is the correctly rounded number,
    /// the one the full parser gives. Anything else goes to that parser.
    static func coordinate(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var index = start
        let negative = index < end && base[index] == 45
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0, seenPoint = false, plain = index < end
        while index < end {
            let byte = base[index]
            if byte >= 48, byte <= 57 {
                mantissa = mantissa &* 10 &+ UInt64(byte - 48)
                digits += 1
                if seenPoint { fraction += 1 }
            } else if byte == 46, !seenPoint {
                seenPoint = true
            } else {
                plain = false
                break
            }
            index += 1
        }
        // "5." and ".5" have a digit each side only in what the program writes.
        if plain, digits > 0, digits <= 15, fraction <= 22, !(seenPoint && (fraction == 0 || fraction == digits)) {
            let value = fraction == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fraction]
            guard value <= 1e9 else { return nil }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        return DrawingDocument.coordinate(Substring(text))
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }
}
