/// What the program leaves for the system to take back as it ends: the
/// drawing, its history and what was painted. Let go of line by line, a
/// drawing took longer to free than its last save took to write (every
/// stroke's samples one free each); the process's memory goes in one piece.
/// Kept by one reference never released, so nothing in it is freed.
final class LeftToTheSystem<Value> {
    private let value: Value

    private init(_ value: Value) { self.value = value }

    /// Keeps `value` (a copy: its references retained once) until the process ends.
    static func keep(_ value: Value) {
        _ = Unmanaged.passRetained(LeftToTheSystem(value))
    }
}
