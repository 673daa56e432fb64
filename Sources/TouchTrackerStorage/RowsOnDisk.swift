import TouchTrackerCore

/// The rows of the drawing file as it was opened, left where they are: the
/// file, kept open, its stamp when it was read, and where its rows lie. The
/// first save copies them into the new file (as every later save copies the
/// rows of the file it wrote last) instead of encoding every line again: for
/// millions of lines that took seconds, and a save as the program quits has
/// a few. Only a file in the newest format is copied so; an older one is
/// written anew in the newest.
public struct RowsOnDisk {
    /// The file as it was read, open; handed on to the saver.
    let file: KeptDescriptor
    let stamp: FileStamp
    /// Where the rows begin, and how many bytes they take (each row with its newline).
    let headerBytes: Int
    let rowsBytes: Int
    /// How many lines the rows hold.
    let lineCount: Int
}
