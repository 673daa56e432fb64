/// Reads a drawing file as its bytes arrive, a piece at a time, so that a
/// damaged file is refused at its first bad row without the rest being read,
/// and a large one never exists whole in memory beside its lines: memory is
/// the lines (64 bytes each, and 16 a point of ink, 20 with a pen's pressure) and one piece. Reads
/// version 1 (four coordinates a row) and version 2 (a stroke a row: see
/// DrawingDocument). The same rules and messages as
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
    /// The format version its first line names; 0 before it is read.
    public private(set) var version = 0
    /// What a version 1 file leaves unsaid: its lines' width.
    private let version1LineWidth: Double

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
                try takeRow(base, from: start, to: end)
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
            stage = .count
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

    private static let version1Row = "four coordinates"

    /// One row of the lines, from `start` to `end` (without its line end).
    private mutating func takeRow(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) throws(TextFileError) {
        if version == 1 {
            guard let parsed = Self.version1Row(base, from: start, to: end, width: version1LineWidth) else {
                throw malformed(Self.version1Row, found: UnsafeBufferPointer(start: base, count: end)[start..<end])
            }
            lines.append(parsed)
        } else {
            switch Self.stroke(base, from: start, to: end, pens: version >= 3) {
            case .success(let stroke): lines.append(stroke)
            case .failure(let problem):
                throw malformed(problem.expected, found: UnsafeBufferPointer(start: base, count: end)[start..<end])
            }
        }
        if lines.count == declaredCount { stage = .end }
    }

    /// x1 y1 x2 y2, each as `DrawingDocument.coordinate` reads it.
    private static func version1Row(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, width: Double) -> Line? {
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
        return Line(start: Point(x: values.0, y: values.1), end: Point(x: values.2, y: values.3), width: width)
    }

    /// What is wrong with a version 2 row, as its error says it.
    enum RowProblem: Error, Hashable {
        case shape, colour, width, coordinates, inkCount, inkPoints(Int), penPoints(Int)

        var expected: String {
            switch self {
            case .shape: "a stroke: line, circle, ink or pen, then its colour, width and points"
            case .colour: "a colour as #rrggbb after the shape"
            case .width: "a width above 0 and at most \(DrawingDocument.maximumSide) pixels after the colour"
            case .coordinates: "four coordinates after the width"
            case .inkCount: "ink's number of points (2 or more) after the width"
            case .inkPoints(let count): "\(count) points (\(2 * count) coordinates) after ink's number of points"
            case .penPoints(let count):
                "\(count) points, each two coordinates and a pressure from 0 to 1 (\(3 * count) numbers), after the number of points"
            }
        }
    }

    private static let lineWord = Array("line".utf8), circleWord = Array("circle".utf8), inkWord = Array("ink".utf8),
                       penWord = Array("pen".utf8)

    /// A version 2 or 3 row: SHAPE #rrggbb WIDTH then the shape's points,
    /// fields one space apart. Only an ink stroke's points (and a pen's
    /// pressures) are allocated. `pens`: whether a `pen` row may be there
    /// (version 3 on).
    static func stroke(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, pens: Bool = true) -> Result<Line, RowProblem> {
        /// The end of the field starting at `index`: the next space, or the row's end.
        func fieldEnd(_ index: Int) -> Int {
            var index = index
            while index < end, base[index] != 32 { index += 1 }
            return index
        }
        func isWord(_ word: [UInt8], _ from: Int, _ to: Int) -> Bool {
            guard to - from == word.count else { return false }
            for k in 0..<word.count where base[from + k] != word[k] { return false }
            return true
        }
        let shapeEnd = fieldEnd(start)
        let shape: Line.Shape
        var pressed = false
        if isWord(lineWord, start, shapeEnd) {
            shape = .straight
        } else if isWord(circleWord, start, shapeEnd) {
            shape = .circle
        } else if isWord(inkWord, start, shapeEnd) {
            shape = .ink([])
        } else if pens, isWord(penWord, start, shapeEnd) {
            shape = .ink([])
            pressed = true
        } else {
            return .failure(.shape)
        }
        guard shapeEnd < end else { return .failure(.colour) }
        let colourStart = shapeEnd + 1, colourEnd = fieldEnd(colourStart)
        guard let colour = colour(base, from: colourStart, to: colourEnd) else { return .failure(.colour) }
        guard colourEnd < end else { return .failure(.width) }
        let widthStart = colourEnd + 1, widthEnd = fieldEnd(widthStart)
        guard let width = coordinate(base, from: widthStart, to: widthEnd), width > 0,
              width <= DrawingDocument.maximumLineWidth
        else { return .failure(.width) }
        var index = widthEnd
        /// The next field's number, or nil when there is none or it is no coordinate.
        func nextCoordinate() -> Double? {
            guard index < end else { return nil }
            let from = index + 1
            index = fieldEnd(from)
            return coordinate(base, from: from, to: index)
        }
        /// The next field as a pressure: a plain decimal from 0 to 1, read as the Float it was written from.
        func nextPressure() -> Float? {
            guard index < end else { return nil }
            let from = index + 1
            index = fieldEnd(from)
            guard coordinate(base, from: from, to: index) != nil else { return nil }
            let text = String(decoding: UnsafeBufferPointer(start: base + from, count: index - from), as: UTF8.self)
            guard let pressure = Float(text), (0...1).contains(pressure) else { return nil }
            return pressure
        }
        guard case .ink = shape else {
            guard let x1 = nextCoordinate(), let y1 = nextCoordinate(), let x2 = nextCoordinate(), let y2 = nextCoordinate(),
                  index == end
            else { return .failure(.coordinates) }
            return .success(Line(start: Point(x: x1, y: y1), end: Point(x: x2, y: y2), shape: shape, colour: colour, width: width))
        }
        guard index < end else { return .failure(.inkCount) }
        let countStart = index + 1
        index = fieldEnd(countStart)
        // Digits only, without a leading zero; each point takes at least 4
        // bytes (" 0 0"), so a count the rest of the row cannot hold is
        // refused before anything is reserved for it.
        guard index - countStart >= 1, index - countStart <= 9, base[countStart] != 48 else { return .failure(.inkCount) }
        var count = 0
        for k in countStart..<index {
            let digit = base[k]
            guard digit >= 48, digit <= 57 else { return .failure(.inkCount) }
            count = count * 10 + Int(digit - 48)
        }
        guard count >= 2 else { return .failure(.inkCount) }
        let problem: RowProblem = pressed ? .penPoints(count) : .inkPoints(count)
        guard count <= (end - index) / (pressed ? 6 : 4) else { return .failure(problem) }
        var points: [Point] = []
        points.reserveCapacity(count)
        var pressures: [Float] = []
        if pressed { pressures.reserveCapacity(count) }
        for _ in 0..<count {
            guard let x = nextCoordinate(), let y = nextCoordinate() else { return .failure(problem) }
            points.append(Point(x: x, y: y))
            if pressed {
                guard let pressure = nextPressure() else { return .failure(problem) }
                pressures.append(pressure)
            }
        }
        guard index == end else { return .failure(problem) }
        var line = Line(start: points[0], end: points[count - 1], shape: .ink(points), colour: colour, width: width)
        line.pressures = pressures
        return .success(line)
    }

    /// "#rrggbb", either case, as `Colour(hex:)` reads it.
    private static func colour(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Colour? {
        guard end - start == 7, base[start] == 35 else { return nil }
        var value: UInt32 = 0
        for index in (start + 1)..<end {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 97...102: digit = byte - 87
            case 65...70: digit = byte - 55
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return Colour(rgb: value)
    }

    static func coordinate(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        guard let base = text.base.baseAddress else { return DrawingDocument.coordinate("") }
        return coordinate(base, from: text.startIndex, to: text.endIndex)
    }

    /// A coordinate as `DrawingDocument.coordinate` reads it. Plain decimals
    /// (what the program writes) are read here without making a String:
    /// digits whose value is below 2^53 over a power of ten up to 10^22 are
    /// both exact doubles, so their quotient is the correctly rounded number,
    /// the one the full parser gives; up to 19 digits (XI2's 16.16 fixed
    /// point written out takes 16 or 17) are divided exactly in 128 bits and
    /// rounded once (`exactQuotient`). Anything else goes to that parser.
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
        if plain, digits <= 19, fraction <= 21, seenPoint, fraction > 0, fraction < digits,
           let value = exactQuotient(mantissa, overPowerOfTen: fraction) {
            guard value <= 1e9 else { return nil }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        return DrawingDocument.coordinate(Substring(text))
    }

    /// `numerator` / 10^`exponent` rounded to the nearest Double (ties to
    /// even), as the full parser rounds it: the quotient is taken in integers
    /// with at least 54 bits, and what it drops decides the rounding. Nil
    /// when the quotient would have fewer bits (tiny values): the full parser
    /// reads those.
    static func exactQuotient(_ numerator: UInt64, overPowerOfTen exponent: Int) -> Double? {
        guard numerator != 0 else { return 0 }
        // As many bits as fit: the quotient then has 54 or more for any
        // value from about 2^-9 up, far below any coordinate but zero.
        let shift = 127 - (64 - numerator.leadingZeroBitCount)
        let (quotient, remainder) = (UInt128(numerator) << shift).quotientAndRemainder(dividingBy: powersOfTen128[exponent])
        let bits = 128 - quotient.leadingZeroBitCount
        guard bits >= 54 else { return nil }
        let dropped = bits - 53
        var significand = quotient >> dropped
        let rest = quotient & ((1 << dropped) - 1), half: UInt128 = 1 << (dropped - 1)
        if rest > half || (rest == half && (remainder != 0 || significand & 1 == 1)) { significand += 1 }
        // At most 2^53, so exact; scaling by a power of two is exact too.
        return Double(UInt64(significand)) * Double(sign: .plus, exponent: dropped - shift, significand: 1)
    }

    private static let powersOfTen128: [UInt128] = (0...22).map { exponent in
        var power: UInt128 = 1
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }
}
