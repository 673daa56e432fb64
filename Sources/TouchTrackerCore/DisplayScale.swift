/// The screen's scale factor as the desktop announces it: the Xft.dpi X
/// resource, 96 dpi being 1.0 (as GTK, Qt and GLFW read it).
public enum DisplayScale {
    public static let standardDotsPerInch = 96.0
    /// The factors the program accepts, from --scale or from Xft.dpi (clamped).
    public static let allowedFactors: ClosedRange<Double> = 0.5...4

    /// The factor Xft.dpi asks for, clamped to `allowedFactors`; nil when the
    /// resources (the RESOURCE_MANAGER text, lines "name:\tvalue") hold no
    /// usable Xft.dpi. Lines that are not resources are ignored; the last
    /// Xft.dpi wins, as in Xlib's database.
    public static func factor(fromResources resources: String) -> Double? {
        var dotsPerInch: Double?
        for line in resources.split(whereSeparator: { $0 == "\n" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces()
            guard name == "Xft.dpi" || name == "*Xft.dpi" || name == "Xft*dpi" else { continue }
            let value = line[line.index(after: colon)...].trimmingSpaces()
            guard let number = Double(value), number.isFinite, number > 0 else { continue }
            dotsPerInch = number
        }
        return dotsPerInch.map { clamped($0 / standardDotsPerInch) }
    }

    /// The factor to draw with: the user's own (--scale, already validated)
    /// first, then the desktop's, else 1.
    public static func factor(requested: Double?, resources: String?) -> Double {
        requested ?? resources.flatMap(factor(fromResources:)) ?? 1
    }

    static func clamped(_ factor: Double) -> Double {
        min(max(factor, allowedFactors.lowerBound), allowedFactors.upperBound)
    }
}

private extension Substring {
    func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }),
              let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
