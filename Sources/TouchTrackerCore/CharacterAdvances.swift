/// The advances of the characters a font was measured for, looked up for every
/// character of every text laid out. Two sorted arrays and a table for ASCII,
/// not a dictionary: a start that makes its first `[Unicode.Scalar: Int]` has
/// the Swift runtime build that type from its mangled name and search every
/// protocol conformance in the program for `Hashable` (about 250,000
/// instructions on the way to the first frame), and each lookup hashed the
/// scalar. Must not import anything.
public struct CharacterAdvances: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The measured scalars' values, strictly increasing.
    public private(set) var scalarValues: [UInt32]
    /// Each scalar's advance in pixels, in the order of `scalarValues`.
    public private(set) var widthsPixels: [Int]
    /// ASCII's advances by scalar value, -1 where unmeasured: nearly every
    /// character looked up is ASCII. Derived from the arrays above.
    private var ascii: [Int]

    public init() {
        scalarValues = []
        widthsPixels = []
        ascii = []
    }

    /// `values` and `widths` pair by position, in any order; nil when they
    /// differ in length, a value is no scalar or occurs twice, or a width is
    /// negative (no glyph moves the pen back, and -1 marks "unmeasured" below).
    public init?(values: [UInt32], widths: [Int]) {
        guard values.count == widths.count, !widths.contains(where: { $0 < 0 }) else { return nil }
        var values = values, widths = widths
        var increasing = true
        for index in values.indices.dropFirst() where values[index - 1] >= values[index] {
            increasing = false
            break
        }
        if !increasing {
            let order = values.indices.sorted { values[$0] < values[$1] }
            values = order.map { values[$0] }
            widths = order.map { widths[$0] }
            for index in values.indices.dropFirst() where values[index - 1] == values[index] { return nil }
        }
        for value in values where Unicode.Scalar(value) == nil { return nil }
        self.init(sortedValues: values, widths: widths)
    }

    /// Tests and hand-made metrics; a scalar given twice (as in a dictionary
    /// literal) or a negative width is a programming error.
    public init(dictionaryLiteral elements: (Unicode.Scalar, Int)...) {
        guard let advances = CharacterAdvances(values: elements.map { $0.0.value }, widths: elements.map { $0.1 }) else {
            preconditionFailure("a character's advance given twice, or a negative advance")
        }
        self = advances
    }

    private init(sortedValues: [UInt32], widths: [Int]) {
        scalarValues = sortedValues
        widthsPixels = widths
        ascii = []
        if sortedValues.first.map({ $0 < 0x80 }) == true {
            ascii = [Int](repeating: -1, count: 0x80)
            for (value, width) in zip(sortedValues, widths) {
                guard value < 0x80 else { break }
                ascii[Int(value)] = width
            }
        }
    }

    public var count: Int { scalarValues.count }
    public var isEmpty: Bool { scalarValues.isEmpty }
    public var maxWidthPixels: Int? { widthsPixels.max() }

    /// The advance measured for `scalar`; nil when it was not measured. A new
    /// width replaces the old; nil removes it; a negative one is a programming error.
    public subscript(scalar: Unicode.Scalar) -> Int? {
        get {
            let value = scalar.value
            if value < 0x80 {
                guard !ascii.isEmpty else { return nil }
                let width = ascii[Int(value)]
                return width < 0 ? nil : width
            }
            guard let index = position(of: value) else { return nil }
            return widthsPixels[index]
        }
        set {
            precondition(newValue.map { $0 >= 0 } ?? true, "a negative advance")
            var values = scalarValues, widths = widthsPixels
            if let index = position(of: scalar.value) {
                if let newValue { widths[index] = newValue } else { values.remove(at: index); widths.remove(at: index) }
            } else if let newValue {
                let index = values.firstIndex { $0 > scalar.value } ?? values.endIndex
                values.insert(scalar.value, at: index)
                widths.insert(newValue, at: index)
            }
            self = CharacterAdvances(sortedValues: values, widths: widths)
        }
    }

    /// The index of `value` in `scalarValues`, by bisection.
    private func position(of value: UInt32) -> Int? {
        var low = 0, high = scalarValues.count
        while low < high {
            let middle = (low + high) / 2
            if scalarValues[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < scalarValues.count && scalarValues[low] == value ? low : nil
    }
}
