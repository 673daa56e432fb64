import CX11
import Glibc
import TouchTrackerCore

/// The text font of the menu, the notices, the hint, the help and the
/// toolbar, and its widths: as the last start chose and measured them when
/// that is remembered (FontChoiceMemory), else chosen by fontconfig and
/// measured. Remembered, the first frame needs neither fontconfig's
/// configuration (dozens of files, read by CStartUp's thread otherwise) nor
/// a rasterised glyph for every character of every text. Once that frame is
/// on screen, `settle` writes a fresh choice down for the next start, or asks
/// fontconfig whether a remembered one still stands and forgets it if not:
/// a font installed or a configuration changed shows from the next start on.
/// Owns the font.
final class FontChoice {
    let font: TextFont?
    /// The patterns asked for, at their size, in order (TextFontChooser's).
    private let patterns: [String]
    /// Every text the widths are measured for (the phrasebook's, and English).
    private let texts: [String]
    private let key: String
    /// What the font was opened from; nil when it was chosen afresh.
    private let remembered: FontChoiceRecord?
    private var measured: TextMetrics?
    private var settled = false

    init(connection: XConnection, tunables: Tunables) {
        patterns = tunables.menuXftPatterns.map { TextFontChooser.pattern($0, sizePixels: tunables.menuFontSizePixels) }
        texts = tunables.phrasebook.everyText
        key = Self.key(connection: connection, patterns: patterns, texts: texts)
        // The font must be the file the record names and whose stamp was
        // checked, and as tall as it was measured.
        if let record = FontChoiceMemory.recall(key: key),
           let font = XftTextFont(connection: connection, rememberedPattern: record.pattern), font.file == record.file,
           font.ascent == record.metrics.ascentPixels, font.descent == record.metrics.descentPixels {
            self.font = font
            remembered = record
        } else {
            font = TextFontChooser.open(connection: connection, xftPatterns: tunables.menuXftPatterns,
                                        sizePixels: tunables.menuFontSizePixels, coreNames: tunables.menuFontNames)
            remembered = nil
        }
    }

    /// What the choice and the widths depend on that is known before
    /// fontconfig is asked (FontChoiceRecord.key(of:)): the patterns, the
    /// display's settings (Xft.dpi, Xft.antialias and the rest are resources,
    /// else the screen's size says the dpi), the variables fontconfig reads
    /// (its own, the language, the home its user configuration lies in), the
    /// program's name (fontconfig's rules may match on it, and its answer
    /// names it), and the texts.
    private static func key(connection: XConnection, patterns: [String], texts: [String]) -> String {
        let variables = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG",
                         "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS"]
        let environment = variables.map { name in name + "=" + (getenv(name).map { String(cString: $0) } ?? "") }
        let display = connection.display
        let screen = "screen \(connection.screen) \(XDisplayWidth(display, connection.screen))x\(XDisplayHeight(display, connection.screen)) "
            + "\(XDisplayWidthMM(display, connection.screen))x\(XDisplayHeightMM(display, connection.screen)) mm"
        let program = "program " + (CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "")
        return FontChoiceRecord.key(of: patterns + environment + [program, screen, connection.resourceManagerText ?? ""] + texts)
    }

    /// The widths of every character of the texts: remembered, else measured
    /// once (a glyph rasterised for each); nil without a font.
    var metrics: TextMetrics? {
        if let remembered { return remembered.metrics }
        if measured == nil, let font {
            measured = TextMetrics(measuring: texts, ascentPixels: font.ascent, descentPixels: font.descent, width: font.width(of:))
        }
        return measured
    }

    /// Whether the font was opened from a remembered choice, which `settle`
    /// checks against fontconfig's reading; a fresh one it only writes down.
    var isRemembered: Bool { remembered != nil }

    /// Once the first frame is on screen: a fresh Xft choice and its widths
    /// are written down; a remembered one is checked against what fontconfig
    /// chooses now and against a measure of printable ASCII in the font (a
    /// FreeType or Xft of other widths), and forgotten when either differs.
    /// fontconfig's configuration is read for that check on a thread of its
    /// own (FontconfigPreload.begin): read on the event loop (24 million
    /// instructions, 2.5 ms on a quiet day) it held the first touches after
    /// the window showed.
    /// - Returns: whether the choice is settled; false while that reading
    ///   goes on: call again later. Once settled, calls do nothing.
    func settle(connection: XConnection) -> Bool {
        guard !settled else { return true }
        if remembered != nil {
            FontconfigPreload.begin()
            guard FontconfigPreload.isLoaded else { return false }
            FontconfigPreload.waitUntilLoaded()
        }
        settled = true
        if let remembered {
            let now = patterns.lazy.compactMap { XftTextFont.match(connection: connection, pattern: $0) }.first
            // The widths are measured only for a choice that stands: each is a glyph rasterised.
            let stands = now?.pattern == remembered.pattern && now?.file == remembered.file && font.map { font in
                (32...126).allSatisfy { code in
                    let character = String(UnicodeScalar(UInt8(code)))
                    return remembered.metrics.width(of: character) == max(0, font.width(of: character))
                }
            } == true
            if !stands { FontChoiceMemory.forget() }
        } else if let xft = font as? XftTextFont, let matched = xft.matched, let metrics = measured,
                  let stamp = FontChoiceMemory.stamp(of: matched.file) {
            FontChoiceMemory.remember(FontChoiceRecord(key: key, file: matched.file, fileBytes: stamp.bytes,
                                                       fileModifiedNanoseconds: stamp.modified, pattern: matched.pattern,
                                                       metrics: metrics))
        }
        return true
    }
}
