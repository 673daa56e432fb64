/// One entry of the key map: X keysym names (as XStringToKeysym takes them)
/// that ask for a command, and what the Control and Shift keys must be doing.
public struct KeyBinding: Hashable, Sendable {
    public typealias ControlRule = ModifierRule

    /// What a modifier key must be doing for a binding to match.
    public enum ModifierRule: Hashable, Sendable {
        case any, required, forbidden

        public func allows(controlDown down: Bool) -> Bool { allows(down) }

        public func allows(_ down: Bool) -> Bool {
            switch self {
            case .any: true
            case .required: down
            case .forbidden: !down
            }
        }
    }

    public var keysymNames: [String]
    public var control: ModifierRule
    public var shift: ModifierRule
    public var command: Command

    public init(_ keysymNames: [String], control: ModifierRule = .any, shift: ModifierRule = .any, _ command: Command) {
        self.keysymNames = keysymNames
        self.control = control
        self.shift = shift
        self.command = command
    }

    /// The command a key asks for, the first binding that matches winning.
    public static func command(for keysymName: String, controlDown: Bool, shiftDown: Bool = false,
                               in bindings: [KeyBinding]) -> Command? {
        bindings.first {
            $0.keysymNames.contains(keysymName) && $0.control.allows(controlDown) && $0.shift.allows(shiftDown)
        }?.command
    }
}
