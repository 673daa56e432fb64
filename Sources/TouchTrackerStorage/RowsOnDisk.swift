import TouchTrackerCore

/// The rows of the drawing file as it was opened, left where they are: the
/// file, kept open, its stamp when it was read, and where its rows lie. The
/// first save copies them into the new file (as every later save copies the
/// rows of the file it wrote last) instead of encoding every line again: for
/// millions of lines that took seconds, and a save as the program quits has
/// a few. A file of version 4 that ends with its last `saved` row, opened by
/// a window of the size its header gives, is appended to in place instead.
/// Version 2 and 3 rows are version 4 rows too, and are copied the same;
/// version 1's are written anew.
public struct RowsOnDisk {
    /// The file as it was read, open; handed on to the saver.
    let file: KeptDescriptor
    let stamp: FileStamp
    /// Where the rows begin, and how many bytes they take (each row with its newline).
    let headerBytes: Int
    let rowsBytes: Int
    /// How many lines the rows hold.
    let lineCount: Int
    /// The window size its header gives.
    let size: (width: Int, height: Int)
    /// Whether a save may append to it: version 4, and nothing after its
    /// last `saved` row (a save that did not finish leaves rows there).
    let appendable: Bool
}
