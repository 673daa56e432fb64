/// A line of small text; the shell's font decides its glyphs and width.
public struct TextLabel: Hashable, Sendable {
    public enum Alignment: Hashable, Sendable { case left, centre }

    public var text: String
    /// The baseline's left end (`.left`) or middle (`.centre`).
    public var anchor: Point
    public var alignment: Alignment

    public init(_ text: String, at anchor: Point, alignment: Alignment) {
        self.text = text
        self.anchor = anchor
        self.alignment = alignment
    }
}
