/// `--export FILE`: where the saved drawing goes and in which format, told by
/// the file name's extension (in any case): `.png` (pixels, exactly as the
/// window paints them) or `.svg` (lines, for any size). Any other name is a
/// command-line error rather than a guess: a kiosk script that wrote a
/// `.jpg` full of PNG bytes would fail later and further from the cause.
public struct ExportFile: Hashable, Sendable {
    public enum Format: Hashable, Sendable { case png, svg }

    public var path: String
    public var format: Format

    public init(parsing path: String) throws(ExportFileError) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { throw .unknownFormat(path) }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": format = .png
        case "svg": format = .svg
        default: throw .unknownFormat(path)
        }
        self.path = path
    }
}
