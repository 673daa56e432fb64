// QuickCommandLine: the usual start's command line (flags, a geometry, a
// display, a scale, a tool, the accelerometer's folders) read without
// ArgumentParser, whose parse of two options took a millisecond or more of
// start-up (reflecting over the command's properties and building their
// definitions). It accepts only what it knows to mean the same to
// ArgumentParser: anything else (an unknown option, a value that
// could be an option, `--name=value`, a value the option's own transform
// refuses, help) is left to ArgumentParser, which stays the one definition of
// the command line, its help, its errors and its completions.
import TouchTrackerCore

enum QuickCommandLine {
    /// The options `arguments` (without the program's name) ask for, exactly
    /// as ArgumentParser would parse them; nil when ArgumentParser must read them.
    static func options(_ arguments: [String]) -> CommandLineOptions? {
        var options = CommandLineOptions()
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            index += 1
            if setFlag(name, in: &options) { continue }
            guard let option = Option(rawValue: name), index < arguments.count else { return nil }
            let value = arguments[index]
            index += 1
            // An option's value taken as the next argument (ArgumentParser's
            // `.next`) must not look like an option; an `.unconditional` one may.
            if !option.takesAnyValue, value.hasPrefix("-") { return nil }
            do {
                switch option {
                case .display: options.display = try TouchTrackerCommand.displayName(value)
                case .geometry: options.geometry = try TouchTrackerCommand.geometry(value)
                case .scale: options.scale = try TouchTrackerCommand.scale(value)
                case .tool: options.tool = try TouchTrackerCommand.tool(value)
                case .iioFolder: options.iioFolder = value
                case .accelerometerDevice: options.accelerometerDevice = value
                }
            } catch {
                return nil
            }
        }
        return options
    }

    /// Sets the flag `name` names; false when it names none.
    private static func setFlag(_ name: String, in options: inout CommandLineOptions) -> Bool {
        switch name {
        case "--fullscreen": options.fullscreen = true
        case "--no-shake": options.noShake = true
        case "--inspect": options.inspect = true
        case "--no-toolbar": options.noToolbar = true
        case "--verbose": options.verbose = true
        case "--new": options.startNew = true
        case "--touch-with-pen": options.touchWithPen = true
        case "--no-pressure": options.noPressure = true
        default: return false
        }
        return true
    }

    /// The options taking a value that the shortcut reads, by name.
    private enum Option: String {
        case display = "--display", geometry = "--geometry", scale = "--scale", tool = "--tool"
        case iioFolder = "--iio-dir", accelerometerDevice = "--accel-device"

        /// Parsed `.unconditional` by TouchTrackerCommand: the next argument, whatever it is.
        var takesAnyValue: Bool { self == .geometry || self == .scale }
    }
}
