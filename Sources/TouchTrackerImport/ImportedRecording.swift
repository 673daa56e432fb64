import TouchTrackerCore

/// A recording, ready to replay: every contact of its touchscreens and every
/// event of its pens, in order.
public struct ImportedRecording: Hashable, Sendable {
    public var format: RecordingFormat
    /// The touchscreens and pens whose events are in `inputs`, in the file's order.
    public var devices: [ImportedDevice]
    /// Touches (began, moved, ended) and pen events (hover, down, move, up,
    /// left) in time order: times in milliseconds after the recording's first
    /// event (which is at 0), never decreasing; points in the viewport given
    /// to `RecordingImport.read`. Every contact that begins also ends; every
    /// pen that touches lifts, and every pen that comes leaves.
    public var inputs: [DeviceEvent]

    public init(format: RecordingFormat, devices: [ImportedDevice], inputs: [DeviceEvent]) {
        self.format = format
        self.devices = devices
        self.inputs = inputs
    }

    /// The touchscreens' contacts alone, in order.
    public var touches: [TouchEvent] {
        inputs.compactMap { if case .touch(let touch) = $0 { touch } else { nil } }
    }

    /// The pens' events alone, in order.
    public var pens: [PenEvent] {
        inputs.compactMap { if case .pen(let pen) = $0 { pen } else { nil } }
    }

    /// The devices' names (several are joined with ", "), for a title or a log line.
    public var deviceName: String { devices.map(\.name).joined(separator: ", ") }
}
