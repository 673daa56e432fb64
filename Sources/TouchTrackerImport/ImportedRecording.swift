import TouchTrackerCore

/// A recording, ready to replay: every contact of its touchscreens, in order.
public struct ImportedRecording: Hashable, Sendable {
    public var format: RecordingFormat
    /// The touchscreens whose contacts are in `touches`, in the file's order.
    public var devices: [ImportedDevice]
    /// Began, moved and ended events in time order: times in milliseconds
    /// after the recording's first event (which is at 0), never decreasing;
    /// points in the viewport given to `RecordingImport.read`. Every contact
    /// that begins also ends.
    public var touches: [TouchEvent]

    public init(format: RecordingFormat, devices: [ImportedDevice], touches: [TouchEvent]) {
        self.format = format
        self.devices = devices
        self.touches = touches
    }

    /// The touchscreen's name (several are joined with ", "), for a title or a log line.
    public var deviceName: String { devices.map(\.name).joined(separator: ", ") }
}
