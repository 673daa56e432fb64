/// Why an `--export` file name was refused, in one line.
public enum ExportFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name ends neither in .png nor in .svg.
    case unknownFormat(String)

    public var description: String {
        switch self {
        case .unknownFormat(let path):
            "\"\(path.escapingControlCharacters)\" must end in .png or .svg: the name says which format to write"
        }
    }
}
