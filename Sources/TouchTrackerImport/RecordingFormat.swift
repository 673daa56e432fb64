/// Which tool wrote a recording; detected from the text, never from a file name.
public enum RecordingFormat: Hashable, Sendable, CustomStringConvertible {
    /// `libinput record` (libinput-tools): YAML, one or more devices.
    case libinputRecord
    /// `evemu-record` (evemu-tools): line-oriented text, one device.
    case evemu

    public var description: String {
        switch self {
        case .libinputRecord: "libinput record"
        case .evemu: "evemu-record"
        }
    }
}
