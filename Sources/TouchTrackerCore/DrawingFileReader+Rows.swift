/// The grammar of the lines' rows, one version at a time: version 1's four
/// coordinates, and version 2's and 3's strokes (see DrawingDocument). Pure
/// functions of a row's bytes, apart from the reader's state: what a row
/// means does not depend on where the file is.
extension DrawingFileReader {
    static let version1Row = "four coordinates"

    /// x1 y1 x2 y2, each as `DrawingDocument.coordinate` reads it.
    static func version1Row(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, width: Double) -> Line? {
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
}
