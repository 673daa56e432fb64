// touchtracker, the executable: parses the command line and hands the options
// to the shell (TouchTrackerX11); a start-up failure ends through the shell's
// one exit path. Nothing here decides behaviour. Must not import CX11 or Glibc.
import ArgumentParser
import TouchTrackerCore
import TouchTrackerSystem
import TouchTrackerX11

@main
struct TouchTrackerCommand: ParsableCommand {
    /// ArgumentParser's own main, except that a bad command line is one line
    /// (what was wrong) and exit status 64, like every other fatal error,
    /// instead of the error followed by the whole usage.
    static func main() {
        let command: TouchTrackerCommand
        do {
            command = try parse()
        } catch {
            // --help and --version arrive here too, as clean exits: printed as usual.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            ProgramExit.fatal(.commandLine(lowercasingFirstLetter(message(for: error))))
        }
        do {
            try command.run()
        } catch {
            // --export ends with its own status (ExitCode), its message already printed.
            exit(withError: error)
        }
    }

    /// ArgumentParser starts its messages with a capital; every other line the
    /// program prints after "touchtracker: " starts in lower case.
    private static func lowercasingFirstLetter(_ message: String) -> String {
        guard let first = message.first else { return message }
        return first.lowercased() + message.dropFirst()
    }

    static let configuration = CommandConfiguration(
        commandName: "touchtracker",
        abstract: "Draw lines, ink and circles with many fingers at once.",
        discussion: """
            Touch or drag with mouse button 1 to draw a line; every finger draws its own.
            Keys 1 to 9 and 0 pick one of ten colours, [ and ] one of five widths, and
            L, F, E and C the tool: straight lines (the default), freehand ink, an eraser
            that removes every stroke it touches, or circles spanned by two fingers.
            A tap that does not move draws nothing; a double tap clears the drawing.
            Tap a line to select it (a Delete menu appears); press and hold a line to drag it.
            A two-finger tap undoes the latest change, a three-finger tap redoes it.
            Shaking the device (IIO accelerometer) clears the drawing.
            I toggles the touch inspector (every finger shown with a big number).
            A toolbar in the top-right corner undoes, redoes, clears, saves a picture,
            opens the inspector, toggles fullscreen, shows help and quits, by touch alone;
            its last button hides it, leaving a handle that shows it again.
            The drawing saves itself and comes back at the next start.
            Keys: Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, Ctrl+S saves a PNG picture,
            Delete/BackSpace delete the selected line, Escape deselects, S acts as a
            shake, I toggles the inspector, T hides or shows the toolbar, F1 or ? shows
            help, F11 toggles fullscreen, Ctrl+Q quits.
            """,
        version: TouchTrackerVersion.versionLine
    )

    @Option(name: .long, help: ArgumentHelp("X display to connect to (default: $DISPLAY).", valueName: "name"),
            transform: TouchTrackerCommand.displayName)
    var display: String?

    // Unconditional: "-5x10" is a value to refuse with a reason, not an option
    // name; ArgumentParser would otherwise say the value is missing.
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Window size and optional position, as in X11: [=][WxH][{+-}X{+-}Y] (default: \(WindowGeometry.default.width)x\(WindowGeometry.default.height) times the scale, within the screen).",
                               valueName: "WxH[+X+Y]"),
            transform: TouchTrackerCommand.geometry)
    var geometry: WindowGeometry?

    @Flag(name: .long, help: "Start in fullscreen.")
    var fullscreen = false

    // No default here: whether the user named a folder decides whether finding
    // no accelerometer is worth a line.
    @Option(name: .customLong("iio-dir"),
            help: ArgumentHelp("Folder holding the IIO devices (iio:deviceN) (default: /sys/bus/iio/devices).", valueName: "dir"))
    var iioFolder: String?

    @Option(name: .customLong("accel-device"), help: ArgumentHelp("Use exactly this accelerometer device folder.", valueName: "dir"))
    var accelerometerDevice: String?

    @Flag(name: .customLong("no-shake"), help: "Do not clear the drawing when the device is shaken.")
    var noShake = false

    @Flag(name: .long, help: "Start in the touch inspector: every finger shown with a big number (key i toggles).")
    var inspect = false

    @Flag(name: .customLong("no-toolbar"), help: "Start without the toolbar and its handle, for kiosks (key T shows it).")
    var noToolbar = false

    @Flag(name: .long, help: "Also say what is usually left unsaid: that no accelerometer was found.")
    var verbose = false

    @Option(name: .long, help: ArgumentHelp("Keep the drawing in this file (default: $XDG_STATE_HOME/touchtracker/drawing.txt).", valueName: "file"))
    var drawing: String?

    @Flag(name: .customLong("new"), help: "Start with an empty drawing; the previous one is kept as a dated backup beside it.")
    var startNew = false

    @Option(name: .long, help: ArgumentHelp("Write the saved drawing to this .png or .svg file without opening a window, then exit.", valueName: "file"),
            transform: { try ExportFile(parsing: $0) })
    var export: ExportFile?

    // Unconditional, as --geometry: "-1" is a value to refuse with the range.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Multiply every length (line width, tap slop, menu, inspector) by this, 0.5 to 4 (default: Xft.dpi / 96, else 1).", valueName: "factor"),
            transform: TouchTrackerCommand.scale)
    var scale: Double?

    @Option(name: .long,
            help: ArgumentHelp("The tool to start with: \(Tool.allCases.map(\.rawValue).joined(separator: ", ")) (default: lines). --replay of a libinput or evemu recording draws with it; a TouchTracker recording replays with the tool it was recorded with.",
                               valueName: "tool"),
            completion: .list(Tool.allCases.map(\.rawValue)), transform: TouchTrackerCommand.tool)
    var tool: Tool?

    @Option(name: .long, help: ArgumentHelp("Write every touch, key and gesture of this session to this file, to replay it later (--replay).", valueName: "file"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp("Play a recorded session (from --record, libinput record or evemu-record) into the window, then carry on live; with --export, write its end result instead.", valueName: "file"))
    var replay: String?

    @Option(name: .customLong("replay-speed"), parsing: .unconditional,
            help: ArgumentHelp("How fast --replay plays: 0.25 to 16 times the recorded speed, or max (default: 1).", valueName: "factor"),
            transform: TouchTrackerCommand.replaySpeed)
    var replaySpeed: ReplaySpeed?

    /// A factor within ReplaySpeed.allowedFactors or "max", or a reason naming the range.
    private static func replaySpeed(_ text: String) throws -> ReplaySpeed {
        if text.hasPrefix("--") { throw ValidationError("it is an option, so the speed itself is missing") }
        guard let speed = ReplaySpeed(parsing: text) else {
            let range = ReplaySpeed.allowedFactors
            throw ValidationError("it must be a number from \(shown(range.lowerBound)) to \(shown(range.upperBound)), or max")
        }
        return speed
    }

    mutating func validate() throws {
        if record != nil, replay != nil {
            throw ValidationError("--record and --replay cannot be used together (record the live session after the replay in another run)")
        }
        if replaySpeed != nil, replay == nil { throw ValidationError("--replay-speed needs --replay") }
        if record != nil, export != nil {
            throw ValidationError("--record has nothing to record with --export, which opens no window")
        }
        if tool != nil, export != nil, replay == nil {
            throw ValidationError("--tool has nothing to draw with --export of the saved drawing (with --replay, it is what the replay draws with)")
        }
        if replay != nil, export != nil, replaySpeed != nil {
            throw ValidationError("--replay-speed has no meaning with --export: the end result is written at once")
        }
    }

    /// Parsing --geometry unconditionally takes the next argument whatever it is;
    /// an option there means the value was left out.
    private static func geometry(_ text: String) throws -> WindowGeometry {
        if text.hasPrefix("--") { throw ValidationError("it is an option, so the geometry itself is missing") }
        return try WindowGeometry.parse(text).get()
    }

    /// One of the tools by its name, or a reason naming them all.
    private static func tool(_ text: String) throws -> Tool {
        guard let tool = Tool(rawValue: text) else {
            let names = Tool.allCases.map(\.rawValue)
            throw ValidationError("it must be \(names.dropLast().joined(separator: ", ")) or \(names.last!)")
        }
        return tool
    }

    /// A factor within DisplayScale.allowedFactors, or a reason naming the range.
    private static func scale(_ text: String) throws -> Double {
        if text.hasPrefix("--") { throw ValidationError("it is an option, so the scale itself is missing") }
        let range = DisplayScale.allowedFactors
        guard let factor = Double(text), range.contains(factor) else {
            throw ValidationError("it must be a number from \(shown(range.lowerBound)) to \(shown(range.upperBound))")
        }
        return factor
    }

    /// 4 rather than 4.0.
    private static func shown(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }

    /// Refuses an empty --display: Xlib would take it for $DISPLAY.
    private static func displayName(_ text: String) throws -> String {
        guard !text.isEmpty else {
            throw ValidationError("it is empty (name a display such as :0, or leave --display out to use $DISPLAY)")
        }
        return text
    }

    /// --drawing's file as the command line gave its bytes: a name that is not
    /// UTF-8 must reach the file system as it is, not as the text
    /// ArgumentParser made of it (each bad byte a replacement character).
    private var drawingPath: FilePath? {
        guard let drawing else { return nil }
        var found: FilePath?
        var index = 1
        while index < Int(CommandLine.argc), let argument = CommandLine.unsafeArgv[index] {
            let raw = FilePath(cString: argument)
            if raw.bytes == Array("--".utf8) { break }
            if raw.bytes == Array("--drawing".utf8), index + 1 < Int(CommandLine.argc), let value = CommandLine.unsafeArgv[index + 1] {
                found = FilePath(cString: value)
                index += 1
            } else if raw.bytes.starts(with: "--drawing=".utf8) {
                found = FilePath(bytes: raw.bytes.dropFirst(10))
            }
            index += 1
        }
        return found ?? FilePath(drawing)
    }

    func run() throws {
        var tunables = Tunables.standard
        tunables.defaultTool = tool ?? .lines
        var chosenGeometry = geometry ?? WindowGeometry(width: WindowGeometry.default.width, height: WindowGeometry.default.height,
                                                        sizeIsDefault: true)
        let source: ReplaySource?
        do {
            // A touchscreen recording is fitted into the window as it opens.
            let window = Rect(x: 0, y: 0, width: chosenGeometry.width, height: chosenGeometry.height)
            source = try replay.map { path throws(FatalError) in try ReplaySource.load(path, fittingInto: window) }
        } catch {
            ProgramExit.fatal(error)
        }
        // A session recording opens at the size it was recorded in, unless told otherwise.
        if geometry == nil, let size = source?.recordedSize {
            chosenGeometry.width = size.width
            chosenGeometry.height = size.height
        }
        if let export {
            if let source {
                throw ExitCode(DrawingExport.run(export, replaying: source, size: (chosenGeometry.width, chosenGeometry.height),
                                                 inspect: inspect, displayName: display, requestedScale: scale, tunables: tunables))
            }
            throw ExitCode(DrawingExport.run(export, drawingPath: drawingPath, displayName: display, requestedScale: scale,
                                             tunables: tunables))
        }
        let options = ApplicationOptions(displayName: display, geometry: chosenGeometry, fullscreen: fullscreen,
                                         iioFolder: iioFolder, accelerometerDevice: accelerometerDevice,
                                         shakeEnabled: !noShake, inspect: inspect, verbose: verbose,
                                         drawingPath: drawingPath, startNew: startNew, scale: scale,
                                         recordPath: record, replay: source, replaySpeed: replaySpeed ?? .factor(1),
                                         toolbar: !noToolbar)
        let application: Application
        do {
            application = try Application(options: options, tunables: tunables)
        } catch {
            ProgramExit.fatal(error)
        }
        let status = application.run()
        if status != 0 { throw ExitCode(status) }
    }
}
