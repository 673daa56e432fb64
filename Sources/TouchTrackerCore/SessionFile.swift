/// A recorded session as text: versioned, one input per line, readable and
/// diffable, written while the session runs (so a crash keeps every line
/// already written). Documented in the README:
///
///     touchtracker session 1
///     scale 1
///     size 1024 768
///     mode drawing
///     toolbar shown handle
///     hint
///     device 12 Wacom touchscreen
///     lines 1
///     100 150 700.5 150
///     inputs
///     1520 down 12 7 300 200.5
///     1536 move 12 7 310.25 204
///     1590 up 12 7 320 210
///     1890 tick
///     2400 key undo
///     end
///
/// Times are milliseconds from the start of the recording; coordinates are
/// window pixels, written so that reading gives back the same numbers. A file
/// without "end" was cut short (a crash) and replays up to where it stops.
/// The "toolbar" row (shown or hidden, leaving its handle or not) is left out
/// when there is neither toolbar nor handle, and "hint" when no hint shows.
public enum SessionFile {
    public static let magic = "touchtracker session"
    public static let version = 1

    /// Everything before the inputs.
    public static func header(_ start: SessionStart) -> String {
        var text = "\(magic) \(version)\nscale \(DrawingDocument.number(start.scale))\n"
        text += "size \(start.width) \(start.height)\nmode \(start.mode == .drawing ? "drawing" : "inspecting")\n"
        if start.toolbarShown || start.hidesToHandle {
            text += "toolbar \(start.toolbarShown ? "shown" : "hidden") \(start.hidesToHandle ? "handle" : "nohandle")\n"
        }
        if start.showsHint { text += "hint\n" }
        for (device, name) in start.deviceNames.sorted(by: { $0.key < $1.key }) {
            text += "device \(device) \(Self.printable(name))\n"
        }
        text += "lines \(start.lines.count)\n"
        for line in start.lines { text += DrawingDocument.row(line) }
        return text + "inputs\n"
    }

    /// Appends one input's line, timed from `origin`, as UTF-8. Called for
    /// every input while recording, on the touch path: bytes and digits by
    /// hand, no String made, nothing looked up by hashing.
    public static func append(_ input: SessionInput, from origin: Instant, to bytes: inout [UInt8]) {
        appendInteger(input.time.milliseconds(since: origin), to: &bytes)
        switch input {
        case .device(.touch(let touch)):
            let phase: StaticString = switch touch.phase {
            case .began: " down "
            case .moved: " move "
            case .ended: " up "
            case .cancelled: " cancel "
            }
            appendStatic(phase, to: &bytes)
            appendInteger(Int64(touch.key.device), to: &bytes)
            bytes.append(32)
            appendInteger(Int64(touch.key.touch), to: &bytes)
            bytes.append(32)
            appendCoordinate(touch.point.x, to: &bytes)
            bytes.append(32)
            appendCoordinate(touch.point.y, to: &bytes)
        case .device(.deviceRemoved(let device, _)):
            appendStatic(" removed ", to: &bytes)
            appendInteger(Int64(device), to: &bytes)
        case .command(let command, _):
            appendStatic(" key ", to: &bytes)
            bytes.append(contentsOf: commandNames[command]!.utf8)
        case .resize(let width, let height, _):
            appendStatic(" size ", to: &bytes)
            appendInteger(Int64(width), to: &bytes)
            bytes.append(32)
            appendInteger(Int64(height), to: &bytes)
        case .shake: appendStatic(" shake", to: &bytes)
        case .advance: appendStatic(" tick", to: &bytes)
        }
        bytes.append(10)
    }

    private static func appendStatic(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(45) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(truncatingIfNeeded: magnitude % 10) + 48
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// XI2 reports coordinates in 16.16 fixed point, so nearly every one is
    /// k / 65536, whose decimal expansion ends within 16 digits: written
    /// exactly, by integer arithmetic, it reads back as the same Double.
    /// Anything else is written as DrawingDocument writes numbers.
    private static func appendCoordinate(_ value: Double, to bytes: inout [UInt8]) {
        let scaled = value * 65536
        guard scaled.isFinite, scaled == scaled.rounded(), abs(scaled) < 9e15 else {
            bytes.append(contentsOf: DrawingDocument.number(value).utf8)
            return
        }
        let fixed = Int64(scaled)
        if fixed < 0 { bytes.append(45) }
        let magnitude = fixed.magnitude
        appendInteger(Int64(magnitude >> 16), to: &bytes)
        let fraction = magnitude & 0xFFFF
        guard fraction != 0 else { return }
        bytes.append(46)
        // fraction / 65536 = fraction × 5^16 / 10^16: sixteen digits, trailing zeros dropped.
        var scaledFraction = fraction * 152_587_890_625
        var digits = 16
        while scaledFraction % 10 == 0 {
            scaledFraction /= 10
            digits -= 1
        }
        var divisor: UInt64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: scaledFraction / divisor % 10) + 48)
            divisor /= 10
        }
    }

    public static let trailer = "end\n"

    /// The whole file, as a recorder that ran to the end writes it.
    public static func text(of recording: SessionRecording) -> String {
        var bytes = Array(header(recording.start).utf8)
        for input in recording.inputs { append(input, from: Instant(milliseconds: 0), to: &bytes) }
        if recording.isComplete { bytes.append(contentsOf: trailer.utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let phaseNames: [TouchEvent.Phase: String] = [.began: "down", .moved: "move", .ended: "up", .cancelled: "cancel"]

    /// Every command by the word its line uses; a new command must be named
    /// here (a test writes and reads each one).
    static let commandNames: [Command: String] = Dictionary(uniqueKeysWithValues: Command.allCases.map { command in
        let name: String = switch command {
        case .quit: "quit"
        case .toggleFullscreen: "fullscreen"
        case .deleteSelectedLine: "delete"
        case .deselect: "deselect"
        case .toggleInspector: "inspector"
        case .undo: "undo"
        case .redo: "redo"
        case .takePicture: "picture"
        case .clear: "clear"
        case .toggleToolbar: "toolbar"
        case .toggleHelp: "help"
        }
        return (command, name)
    })

    /// Device names come from the X server: one line each, whatever they hold.
    private static func printable(_ name: String) -> String {
        String(name.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : Character($0) })
    }

    /// Reads a recording; throws what is wrong and where.
    public static func read(_ text: String) throws(SessionFileError) -> SessionRecording {
        // A file passed through an editor or a mail client may come back with
        // a byte-order mark or Windows line ends ("\r\n" is one Character,
        // so splitting at "\n" alone would see one long line).
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.contains("\r\n") { text = text.replacing("\r\n", with: "\n") }
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        let endsWithNewline = rows.last == ""
        if endsWithNewline { rows.removeLast() }
        guard let first = rows.first else { throw .empty }
        let magicWords = first.split(separator: " ", omittingEmptySubsequences: false)
        guard magicWords.count == 3, magicWords[0] == "touchtracker", magicWords[1] == "session",
              let version = Int(magicWords[2]), version >= 1
        else { throw .notASession }
        guard version <= Self.version else { throw .newerVersion(version) }
        var number = 1

        func next(_ expected: String) throws(SessionFileError) -> Substring {
            rows.removeFirst()
            number += 1
            guard let row = rows.first else { throw .truncated(line: number, expected: expected) }
            return row
        }
        func value(_ row: Substring, _ keyword: String, _ expected: String) throws(SessionFileError) -> Substring {
            guard row.hasPrefix(keyword + " ") else { throw .malformed(line: number, expected: expected, found: String(row)) }
            return row.dropFirst(keyword.count + 1)
        }

        let scaleRow = try next("the scale")
        guard let scale = DrawingDocument.coordinate(try value(scaleRow, "scale", "\"scale\" and a number")),
              DisplayScale.allowedFactors.contains(scale)
        else { throw .malformed(line: number, expected: "\"scale\" and a number from 0.5 to 4", found: String(scaleRow)) }

        let sizeRow = try next("the window size")
        let size = try value(sizeRow, "size", "\"size\" and two numbers").split(separator: " ", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
              (1...DrawingDocument.maximumSide).contains(width), (1...DrawingDocument.maximumSide).contains(height)
        else { throw .malformed(line: number, expected: "\"size\" and 1 to \(DrawingDocument.maximumSide) pixels each way", found: String(sizeRow)) }

        let modeRow = try next("the mode")
        let mode: Workspace.Mode
        switch modeRow {
        case "mode drawing": mode = .drawing
        case "mode inspecting": mode = .inspecting
        default: throw .malformed(line: number, expected: "\"mode drawing\" or \"mode inspecting\"", found: String(modeRow))
        }

        var row = try next("the line count")
        var toolbarShown = false, hidesToHandle = false, showsHint = false
        if row.hasPrefix("toolbar ") {
            let words = row.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, ["shown", "hidden"].contains(words[1]), ["handle", "nohandle"].contains(words[2]) else {
                throw .malformed(line: number, expected: "\"toolbar\", shown or hidden, and handle or nohandle", found: String(row))
            }
            toolbarShown = words[1] == "shown"
            hidesToHandle = words[2] == "handle"
            row = try next("the line count")
        }
        if row == "hint" {
            showsHint = true
            row = try next("the line count")
        }
        var deviceNames: [Int32: String] = [:]
        while row.hasPrefix("device ") {
            let parts = row.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let device = Int32(parts[1]) else {
                throw .malformed(line: number, expected: "\"device\", a device number and its name", found: String(row))
            }
            deviceNames[device] = String(parts[2])
            row = try next("the line count")
        }
        guard let count = Int(try value(row, "lines", "\"lines\" and a count")), count >= 0 else {
            throw .malformed(line: number, expected: "\"lines\" and a count", found: String(row))
        }
        var lines: [Line] = []
        lines.reserveCapacity(Swift.min(count, rows.count))
        for _ in 0..<count {
            let row = try next("line \(lines.count + 1) of \(count)")
            guard let line = DrawingDocument.line(row) else { throw .malformed(line: number, expected: "four coordinates", found: String(row)) }
            lines.append(line)
        }
        let inputsRow = try next("\"inputs\"")
        guard inputsRow == "inputs" else {
            throw .malformed(line: number, expected: "\"inputs\" after \(count) lines", found: String(inputsRow))
        }
        let start = SessionStart(scale: scale, width: width, height: height, mode: mode, lines: lines, deviceNames: deviceNames,
                                 toolbarShown: toolbarShown, hidesToHandle: hidesToHandle, showsHint: showsHint)

        var inputs: [SessionInput] = []
        inputs.reserveCapacity(rows.count)
        var complete = false
        rows.removeFirst()
        while let row = rows.first {
            number += 1
            if row == "end" {
                complete = true
                rows.removeFirst()
                guard rows.isEmpty else { throw .trailing(line: number + 1) }
                break
            }
            // A last line without its newline was being written when the
            // recording stopped (a full disk): the recording ends before it.
            if rows.count == 1, !endsWithNewline { break }
            inputs.append(try input(row, line: number))
            rows.removeFirst()
        }
        return SessionRecording(start: start, inputs: inputs, isComplete: complete)
    }

    /// Times a recording can hold: from a minute before it started (an event
    /// stamped before the recorder's clock was read) to about three years
    /// after. Bounds keep a hostile file's times from overflowing the player's
    /// arithmetic.
    public static let timeRange: ClosedRange<Int64> = -60_000...100_000_000_000

    private static let phasesByName = Dictionary(uniqueKeysWithValues: phaseNames.map { ($1, $0) })
    /// "shake" is the S key as recordings before it became the clear command named it.
    private static let commandsByName = Dictionary(uniqueKeysWithValues: commandNames.map { ($1, $0) })
        .merging(["shake": .clear]) { current, _ in current }

    private static func input(_ row: Substring, line number: Int) throws(SessionFileError) -> SessionInput {
        let parts = row.split(separator: " ", omittingEmptySubsequences: false)
        func bad(_ expected: String) -> SessionFileError { .malformed(line: number, expected: expected, found: String(row)) }
        guard parts.count >= 2, let milliseconds = Int64(parts[0]) else {
            throw bad("a time in milliseconds and an input")
        }
        guard timeRange.contains(milliseconds) else {
            throw bad("a time from \(timeRange.lowerBound) to \(timeRange.upperBound) milliseconds")
        }
        let time = Instant(milliseconds: milliseconds)
        let word = String(parts[1])
        if let phase = phasesByName[word] {
            guard parts.count == 6, let device = Int32(parts[2]), let touch = UInt32(parts[3]),
                  let x = DrawingDocument.coordinate(parts[4]), let y = DrawingDocument.coordinate(parts[5])
            else { throw bad("\"\(word)\", a device, a touch number and two coordinates") }
            return .device(.touch(TouchEvent(key: TouchKey(device: device, touch: touch), phase: phase,
                                             point: Point(x: x, y: y), time: time)))
        }
        switch word {
        case "removed":
            guard parts.count == 3, let device = Int32(parts[2]) else { throw bad("\"removed\" and a device number") }
            return .device(.deviceRemoved(device, at: time))
        case "key":
            guard parts.count == 3, let command = commandsByName[String(parts[2])] else {
                throw bad("\"key\" and one of: \(commandsByName.keys.sorted().joined(separator: ", "))")
            }
            return .command(command, at: time)
        case "size":
            guard parts.count == 4, let width = Int(parts[2]), let height = Int(parts[3]),
                  (1...DrawingDocument.maximumSide).contains(width), (1...DrawingDocument.maximumSide).contains(height)
            else { throw bad("\"size\" and 1 to \(DrawingDocument.maximumSide) pixels each way") }
            return .resize(width: width, height: height, at: time)
        case "shake":
            guard parts.count == 2 else { throw bad("\"shake\" alone") }
            return .shake(at: time)
        case "tick":
            guard parts.count == 2 else { throw bad("\"tick\" alone") }
            return .advance(to: time)
        default:
            throw bad("down, move, up, cancel, removed, key, size, shake or tick")
        }
    }
}
