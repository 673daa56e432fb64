/// Why a picture was not made or written, in one line ("cannot write
/// /path/x.png: Permission denied").
struct PictureError: Error, CustomStringConvertible, Sendable {
    let description: String

    init(_ description: String) { self.description = description }
}
