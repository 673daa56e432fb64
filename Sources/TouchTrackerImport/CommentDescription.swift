/// What an evemu 1.x header says about the device in its comments:
///
///     # Input device name: "ELAN Touchscreen"
///     #   Event type 3 (EV_ABS)
///     #     Event code 53 (ABS_MT_POSITION_X)
///     #       Min        0
///     #       Max     4095
///     #       Resolution 12
///     # Properties:
///     #   Property  type 1 (INPUT_PROP_DIRECT)
///
/// Only a fallback: the `N:`, `P:`, `B:` and `A:` lines win where both speak.
struct CommentDescription {
    private var name: String?
    private var nameLine = 1
    private var type: UInt16?
    private var code: UInt16?
    private var codes: [UInt16: [UInt16]] = [:]
    private var properties: [Int] = []
    private var minimum: [UInt16: Int32] = [:]
    private var maximum: [UInt16: Int32] = [:]
    private var resolution: [UInt16: Int32] = [:]

    /// One comment line, without its `#`.
    mutating func read(_ comment: Substring, line lineNumber: Int) {
        let words = comment.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first else { return }
        let prefix = "Input device name:"
        if let range = comment.firstRange(of: prefix) {
            var value = comment[range.upperBound...].drop(while: \.isWhitespace)
            while value.last?.isWhitespace == true { value = value.dropLast() }
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            name = String(value)
            nameLine = lineNumber
            return
        }
        let number = words.count > 2 ? Int32(words[2]) : nil
        switch (first, words.count > 1 ? words[1] : "") {
        case ("Event", "type"):
            type = number.flatMap { UInt16(exactly: $0) }
            code = nil
        case ("Event", "code"):
            code = number.flatMap { UInt16(exactly: $0) }
            if let type, let code { codes[type, default: []].append(code) }
        case ("Property", "type"):
            if let number { properties.append(Int(number)) }
        default:
            guard type == EvdevCode.absolute, let code, words.count == 2, let value = Int32(words[1]) else { return }
            switch first {
            case "Min": minimum[code] = value
            case "Max": maximum[code] = value
            case "Resolution": resolution[code] = value
            default: break
            }
        }
    }

    func fillIn(_ device: inout RecordedDevice) {
        if device.name.isEmpty, let name {
            device.name = name
            device.line = nameLine
        }
        for (type, list) in codes { device.declare(list, ofType: type) }
        device.properties.formUnion(properties)
        for (code, minimum) in minimum where device.axes[code] == nil {
            guard let maximum = maximum[code] else { continue }
            device.axes[code] = AxisRange(minimum: minimum, maximum: maximum, resolution: resolution[code] ?? 0)
        }
    }
}
