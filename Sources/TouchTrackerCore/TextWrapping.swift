/// Breaks a text into lines no wider than a width, in a measured font: a
/// narrow window, a long path or a longer translation gets more lines rather
/// than text cut at a box's edge. Lines break at spaces (which are dropped
/// there); a word wider than the whole width breaks after its last "/" or
/// "-" that fits (a path breaks between folders), else after its last
/// character that fits. Every line holds at least one character, so a width
/// narrower than one character still ends.
public enum TextWrapping {
    public static func lines(of text: String, width: Int, metrics: TextMetrics) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            // String + String: a Substring added went through the generic append,
            // whose types the runtime looked up (about 20,000 instructions a call).
            let joined = line.isEmpty ? String(word) : line + " " + String(word)
            if metrics.width(of: joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = Substring(word)
            // Not empty: a width below zero (margins wider than the room) fits not even nothing.
            while !rest.isEmpty, metrics.width(of: rest) > width {
                let head = longestHead(of: rest, width: width, metrics: metrics)
                lines.append(String(head))
                rest = rest[head.endIndex...]
            }
            line = String(rest)
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The longest start of `word` that fits, preferably ending in "/" or "-".
    private static func longestHead(of word: Substring, width: Int, metrics: TextMetrics) -> Substring {
        var fitting = word.startIndex, breakable: String.Index?
        var used = 0
        for index in word.indices {
            let next = word.index(after: index)
            used += metrics.width(of: word[index..<next])
            if used > width { break }
            fitting = next
            if word[index] == "/" || word[index] == "-" { breakable = next }
        }
        if fitting == word.startIndex { fitting = word.index(after: word.startIndex) }
        return word[..<(breakable ?? fitting)]
    }
}
