// CommandLineOptions: what the command line asked for, however it was parsed
// (ArgumentParser, or QuickCommandLine's shortcut for the usual start), and the
// program run with it: a replay read, an export made, or the window opened.
import ArgumentParser
import TouchTrackerCore
import TouchTrackerSystem
import TouchTrackerX11

struct CommandLineOptions: Equatable {
    var display: String?
    var geometry: WindowGeometry?
    var fullscreen = false
    var iioFolder: String?
    var accelerometerDevice: String?
    var noShake = false
    var inspect = false
    var noToolbar = false
    var verbose = false
    var drawing: String?
    var startNew = false
    var export: ExportFile?
    var scale: Double?
    var tool: Tool?
    var record: String?
    var replay: String?
    var replaySpeed: ReplaySpeed?
    var palmTimeout: Int64?
    var touchWithPen = false
    var noPressure = false

    /// --drawing's file as the command line gave its bytes: a name that is not
    /// UTF-8 must reach the file system as it is, not as the text
    /// ArgumentParser made of it (each bad byte a replacement character).
    var drawingPath: FilePath? {
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

    func run(tunables standard: Tunables) throws {
        var tunables = standard
        tunables.defaultTool = tool ?? .lines
        if let palmTimeout { tunables.palmTimeoutMilliseconds = palmTimeout }
        tunables.rejectsPalms = !touchWithPen
        tunables.penPressureSetsWidth = !noPressure
        var chosenGeometry = geometry ?? WindowGeometry(width: WindowGeometry.default.width, height: WindowGeometry.default.height,
                                                        sizeIsDefault: true)
        let source: ReplaySource?
        do {
            // A touchscreen or pen recording is fitted into the window as it opens.
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
