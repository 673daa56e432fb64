/// sysfs values end in a newline; labels and locations are compared without it.
extension String {
    /// Without surrounding ASCII whitespace (space, tab, CR, LF). Works on
    /// scalars, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
    var trimmed: String {
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\n" || s == "\t" || s == "\r" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
