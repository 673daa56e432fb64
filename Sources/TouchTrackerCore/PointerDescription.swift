/// A slave pointer as the X server describes it, and what kind it is.
/// The rules are SDL's and Qt's: a pen has an "Abs Pressure" valuator (a
/// touchscreen's pressure is "Abs MT Pressure", and it is no pointer here);
/// an eraser is a pen whose Wacom tool type says so, or, without one, whose
/// name does. A device without pressure is a mouse, whatever its name: a
/// mouse must never lose its clicks to a guess.
public struct PointerDescription: Hashable, Sendable {
    /// The label of the valuator that carries a pen's pressure.
    public static let pressureLabel = "Abs Pressure"

    public var name: String
    /// Each valuator's label (an atom's name), in valuator order; "" for an
    /// unlabelled one.
    public var valuatorLabels: [String]
    /// Each valuator's declared range, in the same order.
    public var valuatorRanges: [ClosedRange<Double>]
    /// The "Wacom Tool Type" property's atom name (e.g. "STYLUS", "ERASER"), if the device has one.
    public var wacomToolType: String?

    public init(name: String, valuatorLabels: [String], valuatorRanges: [ClosedRange<Double>], wacomToolType: String? = nil) {
        self.name = name
        self.valuatorLabels = valuatorLabels
        self.valuatorRanges = valuatorRanges
        self.wacomToolType = wacomToolType
    }

    /// The pressure valuator, found by its label.
    public var pressureAxis: PressureAxis? {
        guard let index = valuatorLabels.firstIndex(of: Self.pressureLabel), valuatorRanges.indices.contains(index)
        else { return nil }
        let range = valuatorRanges[index]
        return PressureAxis(index: index, minimum: range.lowerBound, maximum: range.upperBound)
    }

    public var kind: PointerKind {
        guard pressureAxis != nil else { return .mouse }
        if let toolType = wacomToolType {
            return toolType.lowercased().contains("eraser") ? .eraser : .pen
        }
        return name.lowercased().contains("eraser") ? .eraser : .pen
    }
}
