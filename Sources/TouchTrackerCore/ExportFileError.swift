/// Why an `--export` file name was refused, in one line.
public enum ExportFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name ends neither in .png nor in .svg.
    case unknownFormat(String)

    /// Follows the command line parser's "The value 'FILE' is invalid for
    /// '--export <file>':", which already names the file.
    public func text(_ words: Phrasebook) -> String {
        switch self {
        case .unknownFormat: words.text(.exportUnknownFormat)
        }
    }

    /// In English.
    public var description: String { text(.english) }
}
