/// Why an `--export` file name was refused, in one line.
public enum ExportFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name ends neither in .png nor in .svg.
    case unknownFormat(String)

    /// Follows the command line parser's "The value 'FILE' is invalid for
    /// '--export <file>':", which already names the file.
    public var description: String {
        switch self {
        case .unknownFormat: "the name must end in .png or .svg (it says which format to write)"
        }
    }
}
