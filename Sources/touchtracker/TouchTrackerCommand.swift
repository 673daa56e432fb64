// The executable: parses the command line and wires the shell to the core.
// Nothing here decides behaviour.
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
            Keys: Ctrl+Q quits, F11 toggles fullscreen.
            """,
        version: TouchTrackerVersion.current
    )

    @Option(name: .long, help: ArgumentHelp("X display to connect to (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Option(name: .long, help: ArgumentHelp("Window size and optional position.", valueName: "WxH[+X+Y]"))
    var geometry: WindowGeometry = .default

    @Flag(name: .long, help: "Start in fullscreen.")
    var fullscreen = false

    func run() throws {
        let options = ApplicationOptions(displayName: display, geometry: geometry, fullscreen: fullscreen)
        let application: Application
        do {
            application = try Application(options: options)
        } catch {
            Diagnostics.printError("touchtracker: \(error)")
            throw ExitCode(1)
        }
        application.run()
    }
}
