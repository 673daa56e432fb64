// HarnessError: every failure the harness reports, with a message meant for a test log.
// Owns nothing.
public struct HarnessError: Error, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
