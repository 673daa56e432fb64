import CX11
import TouchTrackerCore

/// A font the painters measure and draw text with: antialiased and scalable
/// through Xft (XftTextFont), or a core X font (LoadedFont) when Xft finds none.
protocol TextFont: AnyObject {
    var ascent: Int { get }
    var descent: Int { get }
    func width(of text: String) -> Int
    /// Makes `gc` ready for this font (a core font is set on it; Xft needs nothing).
    func install(on gc: GC)
    /// Draws `text` with its baseline's left end at (x, y), in `colour`,
    /// clipped to `clip` (empty: unclipped). A core font draws with `gc`,
    /// whose foreground and clip the caller has set to the same; Xft draws
    /// with its own picture of `drawable`.
    func draw(_ text: String, on drawable: Drawable, gc: GC, colour: Colour, clip: [XRectangle], x: Int, y: Int)
}

/// Picks each text's font once, at start: the first Xft pattern that opens,
/// else the first core font the server has, else none (text is left out; nothing fails).
enum TextFontChooser {
    /// The fontconfig pattern for `pattern` at `size` pixels (at least 1).
    static func pattern(_ pattern: String, sizePixels size: Double) -> String {
        "\(pattern):pixelsize=\(max(1, Int(size.rounded())))"
    }

    /// The choice itself, with the openers injected so tests can make Xft fail.
    /// - Parameter warn: told once, in one line, when no Xft pattern opened.
    static func choose(xftPatterns: [String], sizePixels: Double, coreNames: [String],
                       openXft: (String) -> TextFont?, openCore: ([String]) -> TextFont?,
                       warn: (String) -> Void) -> TextFont? {
        let patterns = xftPatterns.map { pattern($0, sizePixels: sizePixels) }
        for pattern in patterns {
            if let font = openXft(pattern) { return font }
        }
        let core = openCore(coreNames)
        let tried = patterns.isEmpty ? "(no patterns)" : patterns.joined(separator: " or ")
        warn("touchtracker: " + Translations.phrasebook.text(core == nil ? .noFontAtAll : .noXftFont, tried) + "\n")
        return core
    }

    /// The real choice on `connection`; warnings go to standard error.
    static func open(connection: XConnection, xftPatterns: [String], sizePixels: Double, coreNames: [String]) -> TextFont? {
        choose(xftPatterns: xftPatterns, sizePixels: sizePixels, coreNames: coreNames,
               openXft: { XftTextFont(connection: connection, pattern: $0) },
               openCore: { LoadedFont(connection: connection, firstOf: $0) },
               warn: writeToStandardError)
    }
}
