/// A recorded session as text: versioned, one input per line, readable and
/// diffable, written while the session runs (so a crash keeps every line
/// already written). Documented in the README:
///
///     touchtracker session 3
///     scale 1
///     size 1024 768
///     mode drawing
///     settings tool-lines colour-1 width-3
///     pen palms 1000 pressure
///     toolbar shown handle
///     hint
///     device 12 Wacom touchscreen
///     lines 1
///     line #000000 10 100 150 700.5 150
///     inputs
///     1520 down 12 7 300 200.5
///     1536 move 12 7 310.25 204
///     1590 up 12 7 320 210
///     1700 pen 14 hover 400 300 -
///     1720 pen 14 down 401 300 0.25
///     1750 pen 14 up 430 310 0.5 erase
///     1890 tick
///     2400 key undo
///     end
///
/// Times are milliseconds from the start of the recording; coordinates are
/// window pixels, written so that reading gives back the same numbers. A file
/// without "end" was cut short (a crash) and replays up to where it stops.
/// The "settings" row names the tool, colour and width the session started
/// with in the words a key's input uses; the lines are rows as the drawing
/// file holds them. The "toolbar" row (shown or hidden, leaving its handle or
/// not) is left out when there is neither toolbar nor handle, and "hint" when
/// no hint shows. Version 1 (before tools, colours and widths) still reads:
/// no settings row (it started with black lines of the original's width) and
/// lines as four coordinates. Version 2 has no "pen" row (palm rejection and
/// pressure as the command line set them: see `penWords`) and no pen inputs
/// ("pen": the device, hover, down, move, up or left, two coordinates, the
/// pressure from 0 to 1 or "-" for unknown, and "erase" when it erases).
public enum SessionFile {
    public static let format = TextFormat(word: "session", title: "session recording", version: 3)

    /// Everything before the inputs.
    public static func header(_ start: SessionStart) -> String {
        var text = "\(format.magic) \(format.version)\nscale \(DrawingDocument.number(start.scale))\n"
        text += "size \(start.width) \(start.height)\nmode \(start.mode == .drawing ? "drawing" : "inspecting")\n"
        text += "settings \(settingsWords(start.settings).joined(separator: " "))\n"
        text += "pen \(penWords(start.pen))\n"
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
    /// hand into a piece on the stack (TextPiece), appended once; no String
    /// made, nothing looked up by hashing for a touch.
    public static func append(_ input: SessionInput, from origin: Instant, to bytes: inout [UInt8]) {
        TextPiece.appending(to: &bytes) { text, bytes in
            // The longest line, a touch: a time and two ids (a number each),
            // " cancel ", two coordinates (a number each) and separators.
            text.reserve(lineBytes, flushingInto: &bytes)
            DecimalText.writeInteger(Int(input.time.milliseconds(since: origin)), to: &text)
            switch input {
            case .device(.touch(let touch)):
                let phase: StaticString = switch touch.phase {
                case .began: " down "
                case .moved: " move "
                case .ended: " up "
                case .cancelled: " cancel "
                }
                text.append(phase)
                DecimalText.writeInteger(Int(touch.key.device), to: &text)
                text.append(32)
                DecimalText.writeInteger(Int(touch.key.touch), to: &text)
                text.append(32)
                writeCoordinate(touch.point.x, to: &text)
                text.append(32)
                writeCoordinate(touch.point.y, to: &text)
            case .device(.pen(let pen)):
                text.append(" pen ")
                DecimalText.writeInteger(Int(pen.device), to: &text)
                text.append(32)
                for byte in penPhaseNames[pen.phase]!.utf8 { text.append(byte) }
                text.append(32)
                writeCoordinate(pen.point.x, to: &text)
                text.append(32)
                writeCoordinate(pen.point.y, to: &text)
                text.append(32)
                if let pressure = pen.pressure { DrawingDocument.writeNumber(pressure, to: &text) } else { text.append(45) }
                if pen.erases { text.append(" erase") }
            case .device(.deviceRemoved(let device, _)):
                text.append(" removed ")
                DecimalText.writeInteger(Int(device), to: &text)
            case .command(let command, _):
                text.append(" key ")
                for byte in commandNames[command]!.utf8 { text.append(byte) }
            case .resize(let width, let height, _):
                text.append(" size ")
                DecimalText.writeInteger(width, to: &text)
                text.append(32)
                DecimalText.writeInteger(height, to: &text)
            case .shake: text.append(" shake")
            case .advance: text.append(" tick")
            }
            text.append(10)
        }
    }

    /// Room for any one line: five numbers and at most 40 bytes of words and spaces.
    private static let lineBytes = 5 * TextPiece.numberBytes + 40

    /// XI2 reports coordinates in 16.16 fixed point, so nearly every one is
    /// k / 65536, whose decimal expansion ends within 16 digits: written
    /// exactly, by integer arithmetic, it reads back as the same Double.
    /// Anything else is written as DrawingDocument writes numbers.
    private static func writeCoordinate(_ value: Double, to text: inout TextPiece) {
        let scaled = value * 65536
        // Whole in 16.16 (tested by truncating: rounded() is a call into the C library).
        guard scaled.magnitude < 9e15, Double(Int64(scaled)) == scaled else {
            DrawingDocument.writeNumber(value, to: &text)
            return
        }
        let fixed = Int64(scaled)
        let magnitude = fixed.magnitude
        // fraction / 65536 = fraction × 5^16 / 10^16: sixteen digits, trailing zeros dropped.
        var fraction = (magnitude & 0xFFFF) * 152_587_890_625
        var digits = fraction == 0 ? 0 : 16
        while digits > 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        DecimalText.writeFixed(negative: fixed < 0, whole: magnitude >> 16, fraction: fraction, fractionDigits: digits, to: &text)
    }

    public static let trailer = "end\n"

    /// The whole file, as a recorder that ran to the end writes it.
    public static func text(of recording: SessionRecording) -> String {
        var bytes = Array(header(recording.start).utf8)
        for input in recording.inputs { append(input, from: Instant(milliseconds: 0), to: &bytes) }
        if recording.isComplete { bytes.append(contentsOf: trailer.utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "palms 1000 pressure": touches are palms this long after a pen's last
    /// event ("palms off": never), and the pen's pressure sets its width
    /// ("nopressure": it does not).
    static func penWords(_ pen: PenSettings) -> String {
        "palms \(pen.palmTimeoutMilliseconds.map { String($0) } ?? "off") \(pen.pressureSetsWidth ? "pressure" : "nopressure")"
    }

    /// The settings as the commands that pick them are named: tool, colour, width.
    static func settingsWords(_ settings: ToolSettings) -> [String] {
        [commandNames[.pickTool(settings.tool)]!, commandNames[.pickColour(settings.colourIndex)]!,
         commandNames[.pickWidth(settings.widthIndex)]!]
    }

    static let phaseNames: [TouchEvent.Phase: String] = [.began: "down", .moved: "move", .ended: "up", .cancelled: "cancel"]
    static let penPhaseNames: [PenEvent.Phase: String] = Dictionary(uniqueKeysWithValues: PenEvent.Phase.allCases.map { phase in
        let name: String = switch phase {
        case .hover: "hover"
        case .down: "down"
        case .move: "move"
        case .up: "up"
        case .left: "left"
        }
        return (phase, name)
    })

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
        case .pickColour(let index): "colour-\(index + 1)"
        case .pickWidth(let index): "width-\(index + 1)"
        case .thinner: "thinner"
        case .thicker: "thicker"
        case .pickTool(let tool): "tool-\(tool.rawValue)"
        }
        return (command, name)
    })

    /// Device names come from the X server: one line each, whatever they hold.
    private static func printable(_ name: String) -> String {
        String(name.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : Character($0) })
    }

    /// Times a recording can hold: from a minute before it started (an event
    /// stamped before the recorder's clock was read) to about three years
    /// after. Bounds keep a hostile file's times from overflowing the player's
    /// arithmetic.
    public static let timeRange: ClosedRange<Int64> = -60_000...100_000_000_000
}
