import ArgumentParser
import TouchTrackerCore

extension WindowGeometry: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public var defaultValueDescription: String { "\(width)x\(height)" }
}
