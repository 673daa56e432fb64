/// How wide text is in the font the shell draws the menu, the notices, the
/// hint and the help with: one advance per character, measured by the shell
/// once at start (the core cannot open a font). A text's width is the sum of
/// its characters' advances, which is how Xft and core X fonts measure it too
/// (neither kerns), so layouts decided here fit the drawn text exactly.
public struct TextMetrics: Hashable, Sendable {
    /// The font's height above and below the baseline.
    public var ascentPixels: Int
    public var descentPixels: Int
    /// Characters measured by the shell.
    public var advances: [Unicode.Scalar: Int]
    /// Any character not measured (a folder's name in another script): at
    /// least the widest one measured, so a box may be a little wide, never short.
    public var fallbackAdvancePixels: Int

    public init(ascentPixels: Int, descentPixels: Int, advances: [Unicode.Scalar: Int] = [:], fallbackAdvancePixels: Int) {
        self.ascentPixels = ascentPixels
        self.descentPixels = descentPixels
        self.advances = advances
        self.fallbackAdvancePixels = max(fallbackAdvancePixels, advances.values.max() ?? 0)
    }

    /// Measures every character of `texts` (and printable ASCII and Latin-1,
    /// for texts made later: paths, reasons) with `width`, the shell's font.
    public init(measuring texts: [String], ascentPixels: Int, descentPixels: Int, width: (String) -> Int) {
        var scalars = Set((0x20...0x7E).compactMap(Unicode.Scalar.init) + (0xA0...0xFF).compactMap(Unicode.Scalar.init))
        for text in texts { scalars.formUnion(text.unicodeScalars) }
        var advances: [Unicode.Scalar: Int] = [:]
        for scalar in scalars { advances[scalar] = max(0, width(String(scalar))) }
        self.init(ascentPixels: ascentPixels, descentPixels: descentPixels, advances: advances, fallbackAdvancePixels: 0)
    }

    /// Without a measured font (tests, and the core's own defaults): every
    /// character `characterWidthPixels` wide, the line as tall as `sizePixels`.
    public static func estimated(characterWidthPixels: Double, sizePixels: Double) -> TextMetrics {
        TextMetrics(ascentPixels: Int((sizePixels * 0.95).rounded(.up)), descentPixels: Int((sizePixels * 0.25).rounded(.up)),
                    fallbackAdvancePixels: Int(characterWidthPixels.rounded(.up)))
    }

    public var lineHeightPixels: Int { ascentPixels + descentPixels }

    public func width(of text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += advances[scalar] ?? fallbackAdvancePixels }
        return total
    }
}
