/// One of TouchTracker's own text files, as its first line names it:
/// "touchtracker WORD VERSION". A reader refuses a file that names another
/// format, and one of a later version rather than guess at what it holds.
public struct TextFormat: Hashable, Sendable {
    /// The second word of the first line: "drawing", "session".
    public let word: String
    /// What a file of the format is called in messages: "drawing", "session recording".
    public let title: String
    /// The newest version this TouchTracker reads, and the one it writes.
    public let version: Int

    public init(word: String, title: String, version: Int) {
        self.word = word
        self.title = title
        self.version = version
    }

    /// The first line without its version.
    public var magic: String { "touchtracker \(word)" }

    /// Whether `text` begins as a file of this format does, a byte-order mark
    /// aside (LineReader skips it): enough to tell the file from another
    /// program's before reading it.
    public func opens(_ text: String) -> Bool {
        text.hasPrefix(magic) || text.hasPrefix("\u{FEFF}" + magic)
    }
}
