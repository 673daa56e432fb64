// touchtracker, the executable: parses the command line and hands the options
// to the shell (TouchTrackerX11); a start-up failure ends through the shell's
// one exit path. Nothing here decides behaviour. Must not import CX11 or Glibc.
import ArgumentParser
import TouchTrackerCore
import TouchTrackerX11

@main
struct TouchTrackerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchtracker",
        abstract: "Draw straight lines with many fingers at once.",
        discussion: """
            Touch or drag with mouse button 1 to draw a line; every finger draws its own.
            A tap that does not move draws nothing; a double tap clears the drawing.
            Tap a line to select it (a Delete menu appears); press and hold a line to drag it.
            Shaking the device (IIO accelerometer) clears the drawing.
            I toggles the touch inspector (every finger shown with a big number).
            Keys: Delete/BackSpace delete the selected line, Escape deselects, S acts as a
            shake, I toggles the inspector, F11 toggles fullscreen, Ctrl+Q quits.
            """,
        version: TouchTrackerVersion.current
    )

    @Option(name: .long, help: ArgumentHelp("X display to connect to (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Option(name: .long, help: ArgumentHelp("Window size and optional position.", valueName: "WxH[+X+Y]"))
    var geometry: WindowGeometry = .default

    @Flag(name: .long, help: "Start in fullscreen.")
    var fullscreen = false

    @Option(name: .customLong("iio-dir"), help: ArgumentHelp("Folder holding the IIO devices (iio:deviceN).", valueName: "dir"))
    var iioFolder: String = "/sys/bus/iio/devices"

    @Option(name: .customLong("accel-device"), help: ArgumentHelp("Use exactly this accelerometer device folder.", valueName: "dir"))
    var accelerometerDevice: String?

    @Flag(name: .customLong("no-shake"), help: "Do not clear the drawing when the device is shaken.")
    var noShake = false

    @Flag(name: .long, help: "Start in the touch inspector: every finger shown with a big number (key i toggles).")
    var inspect = false

    @Option(name: .long, help: ArgumentHelp("Keep the drawing in this file (default: $XDG_STATE_HOME/touchtracker/drawing.txt).", valueName: "file"))
    var drawing: String?

    @Flag(name: .customLong("new"), help: "Start with an empty drawing; the previous one is kept as a dated backup beside it.")
    var startNew = false

    @Option(name: .long, help: ArgumentHelp("Write the saved drawing to this .png or .svg file without opening a window, then exit.", valueName: "file"),
            transform: { try ExportFile(parsing: $0) })
    var export: ExportFile?

    func run() throws {
        if let export {
            throw ExitCode(DrawingExport.run(export, drawingPath: drawing, displayName: display, tunables: .standard))
        }
        let options = ApplicationOptions(displayName: display, geometry: geometry, fullscreen: fullscreen,
                                         iioFolder: iioFolder, accelerometerDevice: accelerometerDevice,
                                         shakeEnabled: !noShake, inspect: inspect,
                                         drawingPath: drawing, startNew: startNew)
        let application: Application
        do {
            application = try Application(options: options, tunables: .standard)
        } catch {
            ProgramExit.fatal(error)
        }
        application.run()
    }
}
