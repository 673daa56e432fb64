/// Errors the shell reports to the user as one line.
public enum ShellError: Error, CustomStringConvertible {
    case cannotOpenDisplay(String)
    case windowCreationFailed

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name): "cannot open display \"\(name)\""
        case .windowCreationFailed: "cannot create the window"
        }
    }
}
