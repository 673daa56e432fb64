extension SessionFile {
    /// Reads a recording; throws what is wrong and where. A last line without
    /// its newline was being written when the recording stopped (a full
    /// disk): the recording ends before it.
    public static func read(_ text: String) throws(TextFileError) -> SessionRecording {
        var reader = LineReader(text)
        let start = try readStart(&reader)
        var inputs: [SessionInput] = []
        var complete = false
        while let row = reader.nextLine() {
            if row == "end" {
                try reader.expectEndOfText()
                complete = true
                break
            }
            if reader.lineIsCutShort { break }
            inputs.append(try input(row, line: reader.lineNumber))
        }
        return SessionRecording(start: start, inputs: inputs, isComplete: complete)
    }

    /// Everything up to and including "inputs".
    private static func readStart(_ reader: inout LineReader) throws(TextFileError) -> SessionStart {
        let version = try reader.firstLine(of: format)
        func value(_ row: Substring, _ keyword: String, _ expected: String) throws(TextFileError) -> Substring {
            guard row.hasPrefix(keyword + " ") else { throw reader.malformed(expected, found: row) }
            return row.dropFirst(keyword.count + 1)
        }

        let scaleRow = try reader.line("the scale")
        guard let scale = DrawingDocument.coordinate(try value(scaleRow, "scale", "\"scale\" and a number")),
              DisplayScale.allowedFactors.contains(scale)
        else { throw reader.malformed("\"scale\" and a number from 0.5 to 4", found: scaleRow) }

        let sizeRow = try reader.line("the window size")
        let size = try value(sizeRow, "size", "\"size\" and two numbers").split(separator: " ", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
              (1...DrawingDocument.maximumSide).contains(width), (1...DrawingDocument.maximumSide).contains(height)
        else { throw reader.malformed("\"size\" and 1 to \(DrawingDocument.maximumSide) pixels each way", found: sizeRow) }

        let modeRow = try reader.line("the mode")
        let mode: Workspace.Mode
        switch modeRow {
        case "mode drawing": mode = .drawing
        case "mode inspecting": mode = .inspecting
        default: throw reader.malformed("\"mode drawing\" or \"mode inspecting\"", found: modeRow)
        }

        var settings = ToolSettings(tunables: .standard)
        if version >= 2 {
            let settingsRow = try reader.line("the tool settings")
            guard let read = Self.settings(settingsRow) else {
                throw reader.malformed("\"settings\", a tool, a colour and a width (tool-lines colour-1 width-3)", found: settingsRow)
            }
            settings = read
        }

        var row = try reader.line("the line count")
        var pen = PenSettings()
        if version >= 3, row.hasPrefix("pen ") {
            guard let read = Self.penSettings(row) else {
                throw reader.malformed("\"pen palms\", milliseconds from 0 to 5000 or off, and pressure or nopressure", found: row)
            }
            pen = read
            row = try reader.line("the line count")
        }
        var toolbarShown = false, hidesToHandle = false, showsHint = false
        if row.hasPrefix("toolbar ") {
            let words = row.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, ["shown", "hidden"].contains(words[1]), ["handle", "nohandle"].contains(words[2]) else {
                throw reader.malformed("\"toolbar\", shown or hidden, and handle or nohandle", found: row)
            }
            toolbarShown = words[1] == "shown"
            hidesToHandle = words[2] == "handle"
            row = try reader.line("the line count")
        }
        if row == "hint" {
            showsHint = true
            row = try reader.line("the line count")
        }
        var deviceNames: [Int32: String] = [:]
        while row.hasPrefix("device ") {
            let parts = row.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let device = Int32(parts[1]) else {
                throw reader.malformed("\"device\", a device number and its name", found: row)
            }
            deviceNames[device] = String(parts[2])
            row = try reader.line("the line count")
        }
        guard let count = Int(try value(row, "lines", "\"lines\" and a count")), count >= 0 else {
            throw reader.malformed("\"lines\" and a count", found: row)
        }
        let lines: [Line]
        if version == 1 {
            // Shown at the original's width, at the recording's scale, as they were.
            let width = Double(Tunables.standard.scaled(by: scale).lineWidthPixels)
            lines = try reader.rows(count, item: "line", shape: "four coordinates") { DrawingDocument.line($0, width: width) }
        } else {
            var strokes: [Line] = []
            while strokes.count < count {
                let row = try reader.line("line \(strokes.count + 1) of \(count)")
                switch DrawingDocument.stroke(row) {
                case .success(let stroke): strokes.append(stroke)
                case .failure(let problem): throw reader.malformed(problem.expected, found: row)
                }
            }
            lines = strokes
        }
        try reader.expect("inputs", after: "\(count) lines")
        return SessionStart(scale: scale, width: width, height: height, mode: mode, lines: lines, settings: settings,
                            deviceNames: deviceNames, toolbarShown: toolbarShown, hidesToHandle: hidesToHandle,
                            showsHint: showsHint, pen: pen)
    }

    /// "pen palms MS|off pressure|nopressure".
    private static func penSettings(_ row: Substring) -> PenSettings? {
        let words = row.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 4, words[0] == "pen", words[1] == "palms", ["pressure", "nopressure"].contains(words[3]) else { return nil }
        var timeout: Int64?
        if words[2] != "off" {
            guard let read = Int64(words[2]), Tunables.palmTimeoutRangeMilliseconds.contains(read) else { return nil }
            timeout = read
        }
        return PenSettings(palmTimeoutMilliseconds: timeout, pressureSetsWidth: words[3] == "pressure")
    }

    /// "settings tool-T colour-C width-W", each word a command's name.
    private static func settings(_ row: Substring) -> ToolSettings? {
        let words = row.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 4, words[0] == "settings",
              case .pickTool(let tool)? = commandsByName[String(words[1])],
              case .pickColour(let colour)? = commandsByName[String(words[2])],
              case .pickWidth(let width)? = commandsByName[String(words[3])]
        else { return nil }
        var settings = ToolSettings(tunables: .standard)
        settings.tool = tool
        guard settings.pickColour(colour, in: .standard), settings.pickWidth(width, in: .standard) else { return nil }
        return settings
    }

    private static let phasesByName = Dictionary(uniqueKeysWithValues: phaseNames.map { ($1, $0) })
    private static let penPhasesByName = Dictionary(uniqueKeysWithValues: penPhaseNames.map { ($1, $0) })
    /// "shake" is the S key as recordings before it became the clear command named it.
    private static let commandsByName = Dictionary(uniqueKeysWithValues: commandNames.map { ($1, $0) })
        .merging(["shake": .clear]) { current, _ in current }

    /// The commands' words as an error lists them: the numbered ones as ranges.
    private static let commandList: String = {
        let numbered = ["colour-", "width-"]
        let plain = commandsByName.keys.filter { name in !numbered.contains { name.hasPrefix($0) } }.sorted()
        return (plain + ["colour-1 to colour-\(Tunables.paletteSize)", "width-1 to width-\(Tunables.penWidthCount)"])
            .joined(separator: ", ")
    }()

    private static func input(_ row: Substring, line number: Int) throws(TextFileError) -> SessionInput {
        let parts = row.split(separator: " ", omittingEmptySubsequences: false)
        func bad(_ expected: String) -> TextFileError { .malformed(line: number, expected: expected, found: String(row)) }
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
        case "pen":
            guard parts.count == 7 || (parts.count == 8 && parts[7] == "erase"), let device = Int32(parts[2]),
                  let phase = penPhasesByName[String(parts[3])],
                  let x = DrawingDocument.coordinate(parts[4]), let y = DrawingDocument.coordinate(parts[5])
            else { throw bad("\"pen\", a device, hover, down, move, up or left, two coordinates, a pressure and maybe \"erase\"") }
            var pressure: Double?
            if parts[6] != "-" {
                guard let read = DrawingDocument.coordinate(parts[6]), (0...1).contains(read) else {
                    throw bad("a pressure from 0 to 1, or \"-\"")
                }
                pressure = read
            }
            return .device(.pen(PenEvent(device: device, phase: phase, point: Point(x: x, y: y), pressure: pressure,
                                         erases: parts.count == 8, time: time)))
        case "removed":
            guard parts.count == 3, let device = Int32(parts[2]) else { throw bad("\"removed\" and a device number") }
            return .device(.deviceRemoved(device, at: time))
        case "key":
            guard parts.count == 3, let command = commandsByName[String(parts[2])] else {
                throw bad("\"key\" and one of: \(commandList)")
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
            throw bad("down, move, up, cancel, pen, removed, key, size, shake or tick")
        }
    }
}
