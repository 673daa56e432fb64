import TouchTrackerCore

/// Why a file cannot be replayed, and where: each says it in one line, the
/// line number first when one applies, so the shell prints it as it is.
public enum ImportError: Error, Sendable, CustomStringConvertible {
    case empty
    /// Neither format's first lines.
    case notARecording
    /// libyaml's complaint, with its line (counted from 1).
    case yaml(line: Int?, problem: String)
    /// libyaml, opened when a recording is first read, cannot be: why, as the
    /// dynamic loader said. The file is not at fault.
    case yamlLibrary(reason: String)
    /// The file stops in the middle of something (a copy cut short).
    case truncated(line: Int, what: String)
    /// `found` is not `expected` (a shape, such as "`E: seconds.microseconds type code value`").
    case malformed(line: Int, expected: String, found: String)
    /// No device of the file is a touchscreen or a pen: each is named with what it is.
    case noTouchscreenOrPen(devices: [(name: String, kind: String)])
    /// The file does not describe the range of an axis the touchscreen or pen uses.
    case missingAxisRange(line: Int, device: String, axis: String)
    /// The described range is empty or reversed: no position can be placed.
    case emptyAxisRange(line: Int, device: String, axis: String, minimum: Int32, maximum: Int32)
    /// SYN_MT_REPORT: contacts without slots or ids, which would need guessing.
    case multiTouchTypeA(line: Int)
    /// Touchscreens or pens, but not one contact or pen event in the whole file.
    case noInput(touchscreens: [String], pens: [String])

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
        case .yamlLibrary(let reason):
            "libyaml, which reads libinput record files, cannot be opened: \(reason)"
        case .truncated(let line, let what):
            "truncated: line \(line) \(what)"
        case .malformed(let line, let expected, let found):
            "line \(line): expected \(expected), found \"\(Self.excerpt(found))\""
        case .noTouchscreenOrPen(let devices) where devices.isEmpty:
            "the recording holds no device"
        case .noTouchscreenOrPen(let devices):
            devices.count == 1
                ? "the recording holds no touchscreen or pen: its only device is \(Self.named(devices[0]))"
                : "the recording holds no touchscreen or pen: its devices are \(devices.map(Self.named).joined(separator: ", "))"
        case .missingAxisRange(let line, let device, let axis):
            "line \(line): \(Self.quoted(device)) has no range for \(axis) (absinfo or `A:` line)"
        case .emptyAxisRange(let line, let device, let axis, let minimum, let maximum):
            "line \(line): \(Self.quoted(device)) gives \(axis) an empty range (\(minimum) to \(maximum))"
        case .multiTouchTypeA(let line):
            "line \(line): multi-touch protocol type A (SYN_MT_REPORT) is not supported, only type B (slots)"
        case .noInput(let touchscreens, let pens):
            "the recording holds " + [touchscreens.isEmpty ? nil : "no touches on \(Self.listed(touchscreens))",
                                      pens.isEmpty ? nil : "no pen events on \(Self.listed(pens))"]
                .compactMap { $0 }.joined(separator: " and ")
        }
    }

    private static func named(_ device: (name: String, kind: String)) -> String {
        "\(quoted(device.name)) (\(device.kind))"
    }

    private static func listed(_ names: [String]) -> String { names.map(quoted).joined(separator: ", ") }

    /// A device name as the kernel gave it, which a recording can make anything.
    private static func quoted(_ name: String) -> String { "\"\(name.escapingControlCharacters)\"" }

    /// Enough of a bad line to recognise it, on one line whatever it holds.
    private static func excerpt(_ text: String) -> String {
        let shown = String(text.prefix(60)).escapingControlCharacters
        return text.count > 60 ? shown + "…" : shown
    }
}
