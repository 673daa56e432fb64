import Yams

/// Reads a `libinput record` file (libinput-record(1), FILE FORMAT):
///
///     version: 1
///     devices:
///     - node: /dev/input/event5
///       evdev:
///         name: "ELAN Touchscreen"
///         codes: {0: [0, 1, 3], 1: [330], 3: [0, 1, 47, 53, 54, 57]}
///         absinfo: {53: [0, 4095, 0, 0, 12], 54: [0, 2303, 0, 0, 12]}
///         properties: [1]
///       events:
///       - evdev:
///         - [  0,   1234,   3,  57,    42]   # sec, usec, type, code, value
///         - [  0,   1234,   0,   0,     0]
///       - libinput: ...                      # what libinput made of them: ignored
///
/// Only the kernel's events are replayed; everything else (`hid:`, `udev:`,
/// `quirks:`, `system:`, libinput's own events) is ignored.
enum LibinputRecordReader {
    static let rowShape = "`[sec, usec, type, code, value]`"

    static func read(_ text: String) throws(ImportError) -> [RecordedDevice] {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        func found(_ line: Int) -> String {
            line >= 1 && line <= lines.count ? String(lines[line - 1].drop { $0 == " " }) : ""
        }
        func malformed(_ node: Node?, near fallback: Int, _ expected: String) -> ImportError {
            let line = node?.mark?.line ?? fallback
            return .malformed(line: line, expected: expected, found: found(line))
        }

        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw yamlError(error, in: text, lineCount: lines.count)
        }
        guard let root, root.mapping != nil, let devicesNode = root["devices"] else {
            throw malformed(root, near: 1, "a libinput record file (a `devices:` list)")
        }
        guard let deviceNodes = devicesNode.sequence else {
            throw malformed(devicesNode, near: 1, "a list of devices after `devices:`")
        }

        var devices: [RecordedDevice] = []
        for (index, node) in deviceNodes.enumerated() {
            let line = node.mark?.line ?? 1
            guard let evdev = node["evdev"], evdev.mapping != nil else {
                throw malformed(node, near: line, "an `evdev:` description of device \(index + 1)")
            }
            var device = RecordedDevice(name: evdev["name"]?.string ?? "unnamed device", line: evdev.mark?.line ?? line)
            if let codes = evdev["codes"] {
                guard let mapping = codes.mapping else { throw malformed(codes, near: line, "`codes: {type: [code, ...]}`") }
                for (type, list) in mapping {
                    guard let type = type.int.flatMap(UInt16.init(exactly:)), let list = list.sequence,
                          let values = integers(list, as: UInt16.self) else {
                        throw malformed(type, near: line, "`type: [code, ...]` under `codes:`")
                    }
                    device.declare(values, ofType: type)
                }
            }
            if let absinfo = evdev["absinfo"] {
                guard let mapping = absinfo.mapping else {
                    throw malformed(absinfo, near: line, "`absinfo: {code: [min, max, fuzz, flat, resolution]}`")
                }
                for (code, info) in mapping {
                    guard let code = code.int.flatMap(UInt16.init(exactly:)), let info = info.sequence,
                          let values = integers(info, as: Int32.self), values.count >= 2 else {
                        throw malformed(info, near: line, "`code: [min, max, fuzz, flat, resolution]` under `absinfo:`")
                    }
                    device.axes[code] = AxisRange(minimum: values[0], maximum: values[1],
                                                  resolution: values.count > 4 ? values[4] : 0)
                }
            }
            if let properties = evdev["properties"] {
                guard let list = properties.sequence, let values = integers(list, as: Int.self) else {
                    throw malformed(properties, near: line, "`properties: [property, ...]`")
                }
                device.properties.formUnion(values)
            }
            // `events:` with nothing after it (nothing was touched) is YAML's null.
            if let events = node["events"], !(events.scalar.map { ["", "~", "null", "Null", "NULL"].contains($0.string) } ?? false) {
                guard let entries = events.sequence else { throw malformed(events, near: line, "a list after `events:`") }
                for entry in entries {
                    // `- libinput:` entries and comments-only entries carry no kernel event.
                    guard let rows = entry["evdev"] else { continue }
                    guard let rowList = rows.sequence else { throw malformed(rows, near: line, "a list of \(rowShape) rows") }
                    for row in rowList {
                        guard let fields = row.sequence, fields.count == 5, let values = integers(fields, as: Int64.self),
                              let type = UInt16(exactly: values[2]), let code = UInt16(exactly: values[3]),
                              let value = Int32(exactly: values[4]) else {
                            throw malformed(row, near: line, rowShape)
                        }
                        let (seconds, overflow) = values[0].multipliedReportingOverflow(by: 1_000_000)
                        let (microseconds, carried) = seconds.addingReportingOverflow(values[1])
                        guard !overflow, !carried else { throw malformed(row, near: line, rowShape) }
                        device.events.append(EvdevEvent(microseconds: microseconds, type: type, code: code,
                                                        value: value, line: row.mark?.line ?? line))
                    }
                }
            }
            devices.append(device)
        }
        return devices
    }

    private static func integers<T: FixedWidthInteger>(_ nodes: Node.Sequence, as: T.Type) -> [T]? {
        var values: [T] = []
        for node in nodes {
            guard let int = node.int, let value = T(exactly: int) else { return nil }
            values.append(value)
        }
        return values
    }

    /// libyaml's complaint in one line, with its line; one at the very end of
    /// a file that does not end its last line means the file was cut short.
    private static func yamlError(_ error: any Error, in text: String, lineCount: Int) -> ImportError {
        guard let error = error as? YamlError else { return .yaml(line: nil, problem: "\(error)") }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // At the end of the text libyaml counts one line past the last.
            let line = min(mark.line, lineCount)
            let endsCleanly = text.last == "\n" || text.last == "\r\n"
            if !endsCleanly && line == lineCount {
                return .truncated(line: line, what: "stops in the middle of the YAML: \(problem)")
            }
            var said = problem
            if let context { said += " (\(context.text) that began on line \(min(context.mark.line, lineCount)))" }
            return .yaml(line: line, problem: said)
        case .reader(let problem, let offset, _, _):
            // Offsets count Characters from the start of the text.
            let line = offset.map { text.prefix($0).reduce(1) { $1 == "\n" || $1 == "\r\n" ? $0 + 1 : $0 } }
            return .yaml(line: line, problem: problem)
        default:
            return .yaml(line: nil, problem: "\(error)".split(separator: "\n").first.map(String.init) ?? "")
        }
    }
}
