import TouchTrackerCore

/// Why a picture was not made or written, in one line ("cannot write
/// /path/x.png: Permission denied").
struct PictureError: Error, CustomStringConvertible, Sendable {
    let description: String

    init(_ description: String) { self.description = description }

    /// Said in the user's language.
    init(_ phrase: Phrase, _ arguments: String...) {
        description = Translations.phrasebook.text(phrase, arguments: arguments)
    }
}
