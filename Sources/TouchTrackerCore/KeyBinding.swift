/// One entry of the key map: X keysym names (as XStringToKeysym takes them)
/// that ask for a command, and what the Control key must be doing.
public struct KeyBinding: Hashable, Sendable {
    public enum ControlRule: Hashable, Sendable {
        case any, required, forbidden

        public func allows(controlDown: Bool) -> Bool {
            switch self {
            case .any: true
            case .required: controlDown
            case .forbidden: !controlDown
            }
        }
    }

    public var keysymNames: [String]
    public var control: ControlRule
    public var command: Command

    public init(_ keysymNames: [String], control: ControlRule = .any, _ command: Command) {
        self.keysymNames = keysymNames
        self.control = control
        self.command = command
    }

    /// The command a key asks for, the first binding that matches winning.
    public static func command(for keysymName: String, controlDown: Bool, in bindings: [KeyBinding]) -> Command? {
        bindings.first { $0.keysymNames.contains(keysymName) && $0.control.allows(controlDown: controlDown) }?.command
    }
}
