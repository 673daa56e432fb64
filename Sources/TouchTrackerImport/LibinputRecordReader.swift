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
        typealias Node = YAMLDocument.Node
        func malformed(_ node: Node?, near fallback: Int, _ expected: String) -> ImportError {
            let line = node?.line ?? fallback
            return .malformed(line: line, expected: expected, found: found(line, in: text))
        }

        let document: YAMLDocument
        do {
            document = try YAMLDocument(parsing: text)
        } catch {
            throw yamlError(error, in: text)
        }
        let root = document.root
        guard let root, root.isMapping, let devicesNode = root["devices"] else {
            throw malformed(root, near: 1, "a libinput record file (a `devices:` list)")
        }
        guard let deviceNodes = devicesNode.sequence else {
            throw malformed(devicesNode, near: 1, "a list of devices after `devices:`")
        }

        var devices: [RecordedDevice] = []
        for (index, node) in deviceNodes.enumerated() {
            let line = node.line
            guard let evdev = node["evdev"], evdev.isMapping else {
                throw malformed(node, near: line, "an `evdev:` description of device \(index + 1)")
            }
            var device = RecordedDevice(name: evdev["name"]?.string ?? "unnamed device", line: evdev.line)
            if let codes = evdev["codes"] {
                guard let mapping = codes.mapping else { throw malformed(codes, near: line, "`codes: {type: [code, ...]}`") }
                for (type, list) in mapping {
                    guard let type = integer(type, as: UInt16.self), let list = list.sequence,
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
                    guard let code = integer(code, as: UInt16.self), let info = info.sequence,
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
            if let events = node["events"], !(events.string.map { ["", "~", "null", "Null", "NULL"].contains($0) } ?? false) {
                guard let entries = events.sequence else { throw malformed(events, near: line, "a list after `events:`") }
                for entry in entries {
                    // `- libinput:` entries and comments-only entries carry no kernel event.
                    guard let rows = entry["evdev"] else { continue }
                    guard let rowList = rows.sequence else { throw malformed(rows, near: line, "a list of \(rowShape) rows") }
                    for row in rowList {
                        guard let fields = row.sequence, fields.count == 5,
                              let second = integer(fields[0], as: Int64.self), let microsecond = integer(fields[1], as: Int64.self),
                              let type = integer(fields[2], as: UInt16.self), let code = integer(fields[3], as: UInt16.self),
                              let value = integer(fields[4], as: Int32.self) else {
                            throw malformed(row, near: line, rowShape)
                        }
                        let (seconds, overflow) = second.multipliedReportingOverflow(by: 1_000_000)
                        let (microseconds, carried) = seconds.addingReportingOverflow(microsecond)
                        guard !overflow, !carried else { throw malformed(row, near: line, rowShape) }
                        device.events.append(EvdevEvent(microseconds: microseconds, type: type, code: code,
                                                        value: value, line: row.line))
                    }
                }
            }
            devices.append(device)
        }
        return devices
    }

    private static func integers<T: FixedWidthInteger>(_ nodes: YAMLDocument.Items, as: T.Type) -> [T]? {
        var values: [T] = []
        values.reserveCapacity(nodes.count)
        for node in nodes {
            guard let value = integer(node, as: T.self) else { return nil }
            values.append(value)
        }
        return values
    }

    private static func integer<T: FixedWidthInteger>(_ node: YAMLDocument.Node, as: T.Type) -> T? {
        node.int.flatMap(T.init(exactly:))
    }

    /// The text's lines as people count them; only an error needs them.
    private static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    private static func found(_ line: Int, in text: String) -> String {
        let lines = lines(of: text)
        return line >= 1 && line <= lines.count ? String(lines[line - 1].drop { $0 == " " }) : ""
    }

    /// libyaml's complaint in one line, with its line; one at the very end of
    /// a file that does not end its last line means the file was cut short.
    private static func yamlError(_ error: YAMLDocument.Failure, in text: String) -> ImportError {
        switch error {
        case .syntax(let problem, let line, let context):
            // At the end of the text libyaml counts one line past the last.
            let lineCount = lines(of: text).count
            let line = min(line, lineCount)
            let endsCleanly = text.last == "\n" || text.last == "\r\n"
            if !endsCleanly && line == lineCount {
                return .truncated(line: line, what: "stops in the middle of the YAML: \(problem)")
            }
            var said = problem
            if let context { said += " (\(context.text) that began on line \(min(context.line, lineCount)))" }
            return .yaml(line: line, problem: said)
        case .reader(let problem, let offset):
            // Named by its line only where the offset starts a character.
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset, limitedBy: text.utf8.endIndex)
            let line = index.flatMap { $0.samePosition(in: text) }.map { lines(of: String(text[..<$0])).count }
            return .yaml(line: line, problem: problem)
        case .memory:
            return .yaml(line: nil, problem: "Memory error")
        case .library(let reason):
            return .yamlLibrary(reason: reason)
        case .duplicateKeys(let keys):
            return .yaml(line: nil, problem: "Parser: expected all keys to be unique but found the following duplicated key(s): "
                         + keys.map { "'\($0)'" }.joined(separator: ", ") + ".")
        }
    }
}
