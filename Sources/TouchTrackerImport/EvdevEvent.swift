/// One `struct input_event` as a recording wrote it, with the line it came from.
struct EvdevEvent: Hashable, Sendable {
    /// Microseconds, on the recording's own clock (sec * 1_000_000 + usec).
    var microseconds: Int64
    var type: UInt16
    var code: UInt16
    var value: Int32
    /// 1-based line in the file, for error messages.
    var line: Int
}
