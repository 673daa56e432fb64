// A drawing file read as it arrives, in pieces of a given size, the way the
// store reads one: what the reader's tests of cut and damaged files compare.
@testable import TouchTrackerCore

enum DrawingFileInPieces {
    /// What reading `bytes` in pieces of `pieceBytes` gives: the drawing and
    /// its rows' bytes, or the error.
    static func read(_ bytes: ArraySlice<UInt8>, pieceBytes: Int) -> Result<(DrawingDocument, Range<Int>?), TextFileError> {
        var reader = DrawingFileReader()
        do throws(TextFileError) {
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = min(start + pieceBytes, bytes.endIndex)
                try reader.feed(Array(bytes[start..<end]))
                start = end
            }
            let document = try reader.finish()
            return .success((document, reader.rowBytes))
        } catch { return .failure(error) }
    }
}
