/// Reads `evemu-record` text: a header describing one device, then events.
///
///     N: ELAN Touchscreen                    name
///     I: 0003 04f3 0235 0111                 bus vendor product version (hex; ignored)
///     P: 02 00 00 00 00 00 00 00             INPUT_PROP_* bitmask bytes (hex)
///     B: 03 00 00 00 00 00 00 60 02          event type, then its code bitmask bytes (hex)
///     A: 35 0 4095 0 0 12                    axis code (hex) min max fuzz flat [resolution]
///     E: 0.012345 0003 0035 1234             sec.usec type code (hex) value (decimal)
///
/// `#` starts a comment (a whole line, or the rest of an `E:` line). evemu
/// 1.x headers also describe the device in comments ("# Input device name:",
/// "#   Event type 3 (EV_ABS)", "#     Event code 53 (ABS_MT_POSITION_X)",
/// "#       Min 0"); those fill in what the `N:`/`B:`/`A:` lines do not say.
enum EvemuReader {
    static let eventShape = "`E: seconds.microseconds type code value`"

    static func read(_ text: String) throws(ImportError) -> RecordedDevice {
        var device = RecordedDevice(name: "", line: 1)
        var described = CommentDescription()
        var bitmaskBytes: [UInt16: Int] = [:]
        var propertyBytes = 0
        var sawEvent = false
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        let endsCleanly = text.last == "\n" || text.last == "\r\n"
        let lastContentIndex = lines.lastIndex { !$0.allSatisfy(\.isWhitespace) }

        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.allSatisfy(\.isWhitespace) { continue }
            if line.first == "#" {
                if !sawEvent { described.read(line.dropFirst(), line: number) }
                continue
            }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let tag = fields[0]
            if tag == "E:" {
                sawEvent = true
                guard let event = event(fields, line: number) else {
                    if index == lastContentIndex && !endsCleanly {
                        throw .truncated(line: number, what: "stops in the middle of an event: \"\(line)\"")
                    }
                    throw .malformed(line: number, expected: eventShape, found: String(line))
                }
                device.events.append(event)
                continue
            }
            guard !sawEvent else { throw .malformed(line: number, expected: eventShape, found: String(line)) }
            switch tag {
            case "N:":
                device.name = String(line.dropFirst(2).drop(while: \.isWhitespace))
                device.line = number
            case "P:":
                guard let bytes = hexBytes(fields.dropFirst()) else {
                    throw .malformed(line: number, expected: "`P: hex bytes`", found: String(line))
                }
                for bit in setBits(bytes, firstByte: propertyBytes) { device.properties.insert(bit) }
                propertyBytes += bytes.count
            case "B:":
                guard fields.count >= 2, let type = UInt16(fields[1], radix: 16),
                      let bytes = hexBytes(fields.dropFirst(2)) else {
                    throw .malformed(line: number, expected: "`B: type hex bytes`", found: String(line))
                }
                let codes = setBits(bytes, firstByte: bitmaskBytes[type, default: 0]).map { UInt16($0) }
                bitmaskBytes[type, default: 0] += bytes.count
                device.declare(codes, ofType: type)
            case "A:":
                let numbers = fields.dropFirst(2).map { Int32($0) }
                guard fields.count >= 6, let code = UInt16(fields[1], radix: 16), numbers.allSatisfy({ $0 != nil }) else {
                    if index == lastContentIndex && !endsCleanly {
                        throw .truncated(line: number, what: "stops in the middle of an axis: \"\(line)\"")
                    }
                    throw .malformed(line: number, expected: "`A: code min max fuzz flat resolution`", found: String(line))
                }
                // evemu 1.0 wrote no resolution: unknown, as the kernel's 0.
                device.axes[code] = AxisRange(minimum: numbers[0]!, maximum: numbers[1]!,
                                              resolution: numbers.count > 4 ? numbers[4]! : 0)
            default:
                // I: and any header line a later evemu adds: nothing a replay needs.
                guard tag.count == 2, tag.last == ":", tag.first!.isUppercase else {
                    throw .malformed(line: number, expected: "an evemu header line (N:, I:, P:, B:, A:) or \(eventShape)",
                                     found: String(line))
                }
            }
        }
        // A header that stops mid-line before any event: a copy cut short,
        // not a recording of nothing.
        if !sawEvent && !endsCleanly, let last = lastContentIndex {
            throw .truncated(line: last + 1, what: "stops before the first event (`E:` line)")
        }
        described.fillIn(&device)
        if device.name.isEmpty { device.name = "unnamed device" }
        return device
    }

    /// `E: 12.345678 0003 0035 1234`, with an optional `# comment` after it.
    private static func event(_ fields: [Substring], line number: Int) -> EvdevEvent? {
        let fields = fields.prefix { !$0.hasPrefix("#") }
        guard fields.count == 5 else { return nil }
        let time = fields[1].split(separator: ".", omittingEmptySubsequences: false)
        guard time.count == 2, (1...6).contains(time[1].count), time[0].allSatisfy(isDigit),
              time[1].allSatisfy(isDigit), let seconds = Int64(time[0]),
              let fraction = Int64(time[1] + String(repeating: "0", count: 6 - time[1].count)),
              let type = UInt16(fields[2], radix: 16), let code = UInt16(fields[3], radix: 16),
              let value = Int32(fields[4]) else { return nil }
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (microseconds, carried) = product.addingReportingOverflow(fraction)
        guard !overflow, !carried else { return nil }
        return EvdevEvent(microseconds: microseconds, type: type, code: code, value: value, line: number)
    }

    private static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }

    private static func hexBytes(_ fields: ArraySlice<Substring>) -> [UInt8]? {
        var bytes: [UInt8] = []
        for field in fields {
            guard field.count <= 2, let byte = UInt8(field, radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    /// Bit b of byte i is code 8 × (firstByte + i) + b, as in the kernel's bitmasks.
    private static func setBits(_ bytes: [UInt8], firstByte: Int) -> [Int] {
        var bits: [Int] = []
        for (offset, byte) in bytes.enumerated() {
            for bit in 0..<8 where byte & (1 << bit) != 0 { bits.append(8 * (firstByte + offset) + bit) }
        }
        return bits
    }
}

