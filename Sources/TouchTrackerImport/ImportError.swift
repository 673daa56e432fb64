import TouchTrackerCore

/// Why a file cannot be replayed, and where: each says it in one line, the
/// line number first when one applies, so the shell prints it as it is.
public enum ImportError: Error, Sendable, CustomStringConvertible {
    case empty
    /// Neither format's first lines.
    case notARecording
    /// libyaml's complaint, with its line (Yams counts from 1).
    case yaml(line: Int?, problem: String)
    /// The file stops in the middle of something (a copy cut short).
    case truncated(line: Int, what: String)
    /// `found` is not `expected` (a shape, such as "`E: seconds.microseconds type code value`").
    case malformed(line: Int, expected: String, found: String)
    /// No device of the file is a touchscreen: each is named with what it is.
    case noTouchscreen(devices: [(name: String, kind: String)])
    /// The file does not describe the range of an axis the touchscreen uses.
    case missingAxisRange(line: Int, device: String, axis: String)
    /// The described range is empty or reversed: no position can be placed.
    case emptyAxisRange(line: Int, device: String, axis: String, minimum: Int32, maximum: Int32)
    /// SYN_MT_REPORT: contacts without slots or ids, which would need guessing.
    case multiTouchTypeA(line: Int)
    /// A touchscreen, but not one contact in the whole file.
    case noTouches(devices: [String])

    public var description: String {
        switch self {
        case .empty:
            "the file is empty"
        case .notARecording:
            "not a libinput record or evemu-record file"
        case .yaml(let line?, let problem):
            "line \(line): not valid YAML: \(problem)"
        case .yaml(nil, let problem):
            "not valid YAML: \(problem)"
        case .truncated(let line, let what):
            "truncated: line \(line) \(what)"
        case .malformed(let line, let expected, let found):
            "line \(line): expected \(expected), found \"\(Self.excerpt(found))\""
        case .noTouchscreen(let devices) where devices.isEmpty:
            "the recording holds no device"
        case .noTouchscreen(let devices):
            devices.count == 1
                ? "the recording holds no touchscreen: its only device is \(Self.named(devices[0]))"
                : "the recording holds no touchscreen: its devices are \(devices.map(Self.named).joined(separator: ", "))"
        case .missingAxisRange(let line, let device, let axis):
            "line \(line): \(Self.quoted(device)) has no range for \(axis) (absinfo or `A:` line)"
        case .emptyAxisRange(let line, let device, let axis, let minimum, let maximum):
            "line \(line): \(Self.quoted(device)) gives \(axis) an empty range (\(minimum) to \(maximum))"
        case .multiTouchTypeA(let line):
            "line \(line): multi-touch protocol type A (SYN_MT_REPORT) is not supported, only type B (slots)"
        case .noTouches(let devices):
            "the recording holds no touches on \(devices.map(Self.quoted).joined(separator: ", "))"
        }
    }

    private static func named(_ device: (name: String, kind: String)) -> String {
        "\(quoted(device.name)) (\(device.kind))"
    }

    /// A device name as the kernel gave it, which a recording can make anything.
    private static func quoted(_ name: String) -> String { "\"\(name.escapingControlCharacters)\"" }

    /// Enough of a bad line to recognise it, on one line whatever it holds.
    private static func excerpt(_ text: String) -> String {
        let shown = String(text.prefix(60)).escapingControlCharacters
        return text.count > 60 ? shown + "…" : shown
    }
}
