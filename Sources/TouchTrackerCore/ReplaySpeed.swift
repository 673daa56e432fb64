/// How fast a replay runs against the recorded timing: a factor (2 is twice
/// as fast) or as fast as the machine goes. The core always sees the recorded
/// times, whatever the speed, so a double tap stays a double tap.
public enum ReplaySpeed: Hashable, Sendable, CustomStringConvertible {
    case factor(Double)
    case max

    public static let allowedFactors: ClosedRange<Double> = 0.25...16

    /// "0.25" to "16", or "max"; nil for anything else.
    public init?(parsing text: String) {
        if text == "max" {
            self = .max
            return
        }
        guard let factor = Double(text), Self.allowedFactors.contains(factor) else { return nil }
        self = .factor(factor)
    }

    public var description: String {
        switch self {
        case .max: "max"
        case .factor(let factor): DrawingDocument.number(factor)
        }
    }
}
