// touchtracker, the executable: parses the command line (QuickCommandLine for the
// usual start, else ArgumentParser) and hands the options to the shell
// (TouchTrackerX11, through CommandLineOptions); a start-up failure ends through
// the shell's one exit path. Nothing here decides behaviour. Must not import CX11 or Glibc.
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
        // The user's locale, and fontconfig's reading of its configuration beside
        // everything else start-up does, were both begun before main (CStartUp).
        // The user's language: the help, the errors and every word after them are said in it.
        StartUpMarks.mark("main")
        var tunables = Tunables.standard
        tunables.phrasebook = words
        let options: CommandLineOptions
        if let quick = QuickCommandLine.options(Array(CommandLine.arguments.dropFirst())) {
            options = quick
        } else {
            do {
                options = try parse().options
            } catch {
                // --help and --version arrive here too, as clean exits: printed as usual.
                guard exitCode(for: error) != .success else { exit(withError: error) }
                ProgramExit.fatal(.commandLine(lowercasingFirstLetter(message(for: error))))
            }
        }
        StartUpMarks.mark("command line")
        do {
            try options.run(tunables: tunables)
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

    /// The user's language (ArgumentParser's own words, such as USAGE and
    /// OPTIONS, stay English).
    private static var words: Phrasebook { Translations.phrasebook }

    static let configuration = CommandConfiguration(
        commandName: "touchtracker",
        abstract: words.text(.commandAbstract),
        discussion: words.text(.commandDiscussion),
        version: TouchTrackerVersion.versionLine
    )

    @Option(name: .long, help: ArgumentHelp(words.text(.optionDisplay), valueName: "name"),
            transform: TouchTrackerCommand.displayName)
    var display: String?

    // Unconditional: "-5x10" is a value to refuse with a reason, not an option
    // name; ArgumentParser would otherwise say the value is missing.
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp(words.text(.optionGeometry, String(WindowGeometry.default.width), String(WindowGeometry.default.height)),
                               valueName: "WxH[+X+Y]"),
            transform: TouchTrackerCommand.geometry)
    var geometry: WindowGeometry?

    @Flag(name: .long, help: ArgumentHelp(words.text(.optionFullscreen)))
    var fullscreen = false

    // No default here: whether the user named a folder decides whether finding
    // no accelerometer is worth a line.
    @Option(name: .customLong("iio-dir"),
            help: ArgumentHelp(words.text(.optionIIODir, ApplicationOptions.standardIIOFolder), valueName: "dir"))
    var iioFolder: String?

    @Option(name: .customLong("accel-device"), help: ArgumentHelp(words.text(.optionAccelDevice), valueName: "dir"))
    var accelerometerDevice: String?

    @Flag(name: .customLong("no-shake"), help: ArgumentHelp(words.text(.optionNoShake)))
    var noShake = false

    @Flag(name: .long, help: ArgumentHelp(words.text(.optionInspect)))
    var inspect = false

    @Flag(name: .customLong("no-toolbar"), help: ArgumentHelp(words.text(.optionNoToolbar)))
    var noToolbar = false

    @Flag(name: .long, help: ArgumentHelp(words.text(.optionVerbose)))
    var verbose = false

    @Option(name: .long, help: ArgumentHelp(words.text(.optionDrawing), valueName: "file"))
    var drawing: String?

    @Flag(name: .customLong("new"), help: ArgumentHelp(words.text(.optionNew)))
    var startNew = false

    @Option(name: .long, help: ArgumentHelp(words.text(.optionExport), valueName: "file"),
            transform: TouchTrackerCommand.exportFile)
    var export: ExportFile?

    // Unconditional, as --geometry: "-1" is a value to refuse with the range.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(words.text(.optionScale), valueName: "factor"),
            transform: TouchTrackerCommand.scale)
    var scale: Double?

    @Option(name: .long, help: ArgumentHelp(words.text(.optionTool), valueName: "tool"),
            completion: .list(Tool.allCases.map(\.rawValue)), transform: TouchTrackerCommand.tool)
    var tool: Tool?

    @Option(name: .long, help: ArgumentHelp(words.text(.optionRecord), valueName: "file"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp(words.text(.optionReplay), valueName: "file"))
    var replay: String?

    @Option(name: .customLong("replay-speed"), parsing: .unconditional,
            help: ArgumentHelp(words.text(.optionReplaySpeed), valueName: "factor"),
            transform: TouchTrackerCommand.replaySpeed)
    var replaySpeed: ReplaySpeed?

    // Unconditional, as --scale: "-1" is a value to refuse with the range.
    @Option(name: .customLong("palm-timeout"), parsing: .unconditional,
            help: ArgumentHelp(words.text(.optionPalmTimeout), valueName: "ms"), transform: TouchTrackerCommand.palmTimeout)
    var palmTimeout: Int64?

    @Flag(name: .customLong("touch-with-pen"), help: ArgumentHelp(words.text(.optionTouchWithPen)))
    var touchWithPen = false

    @Flag(name: .customLong("no-pressure"), help: ArgumentHelp(words.text(.optionNoPressure)))
    var noPressure = false

    /// Whole milliseconds within Tunables.palmTimeoutRangeMilliseconds, or a reason naming the range.
    private static func palmTimeout(_ text: String) throws -> Int64 {
        if text.hasPrefix("--") { throw ValidationError(words.text(.palmTimeoutMissing)) }
        let range = Tunables.palmTimeoutRangeMilliseconds
        guard let milliseconds = Int64(text), range.contains(milliseconds) else {
            throw ValidationError(words.text(.palmTimeoutOutOfRange, String(range.lowerBound), String(range.upperBound)))
        }
        return milliseconds
    }

    /// A factor within ReplaySpeed.allowedFactors or "max", or a reason naming the range.
    private static func replaySpeed(_ text: String) throws -> ReplaySpeed {
        if text.hasPrefix("--") { throw ValidationError(words.text(.speedMissing)) }
        guard let speed = ReplaySpeed(parsing: text) else {
            let range = ReplaySpeed.allowedFactors
            throw ValidationError(words.text(.speedOutOfRange, shown(range.lowerBound), shown(range.upperBound)))
        }
        return speed
    }

    mutating func validate() throws {
        if record != nil, replay != nil {
            throw ValidationError(Self.words.text(.recordWithReplay))
        }
        if replaySpeed != nil, replay == nil { throw ValidationError(Self.words.text(.replaySpeedWithoutReplay)) }
        if record != nil, export != nil {
            throw ValidationError(Self.words.text(.recordWithExport))
        }
        if tool != nil, export != nil, replay == nil {
            throw ValidationError(Self.words.text(.toolWithExport))
        }
        if replay != nil, export != nil, replaySpeed != nil {
            throw ValidationError(Self.words.text(.replaySpeedWithExport))
        }
    }

    /// Parsing --geometry unconditionally takes the next argument whatever it is;
    /// an option there means the value was left out.
    static func geometry(_ text: String) throws -> WindowGeometry {
        if text.hasPrefix("--") { throw ValidationError(words.text(.geometryMissing)) }
        switch WindowGeometry.parse(text) {
        case .success(let geometry): return geometry
        case .failure(let error): throw ValidationError(error.text(words))
        }
    }

    /// An --export file's name, which says its format.
    private static func exportFile(_ text: String) throws -> ExportFile {
        do throws(ExportFileError) {
            return try ExportFile(parsing: text)
        } catch {
            throw ValidationError(error.text(words))
        }
    }

    /// One of the tools by its name, or a reason naming them all.
    static func tool(_ text: String) throws -> Tool {
        guard let tool = Tool(rawValue: text) else { throw ValidationError(words.text(.toolMissing)) }
        return tool
    }

    /// A factor within DisplayScale.allowedFactors, or a reason naming the range.
    static func scale(_ text: String) throws -> Double {
        if text.hasPrefix("--") { throw ValidationError(words.text(.scaleMissing)) }
        let range = DisplayScale.allowedFactors
        guard let factor = Double(text), range.contains(factor) else {
            throw ValidationError(words.text(.scaleOutOfRange, shown(range.lowerBound), shown(range.upperBound)))
        }
        return factor
    }

    /// 4 rather than 4.0.
    private static func shown(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }

    /// Refuses an empty --display: Xlib would take it for $DISPLAY.
    static func displayName(_ text: String) throws -> String {
        guard !text.isEmpty else {
            throw ValidationError(words.text(.displayNameEmpty))
        }
        return text
    }

    /// The values parsed, as the program runs with them.
    var options: CommandLineOptions {
        CommandLineOptions(display: display, geometry: geometry, fullscreen: fullscreen, iioFolder: iioFolder,
                           accelerometerDevice: accelerometerDevice, noShake: noShake, inspect: inspect,
                           noToolbar: noToolbar, verbose: verbose, drawing: drawing, startNew: startNew, export: export,
                           scale: scale, tool: tool, record: record, replay: replay, replaySpeed: replaySpeed,
                           palmTimeout: palmTimeout, touchWithPen: touchWithPen, noPressure: noPressure)
    }
}
