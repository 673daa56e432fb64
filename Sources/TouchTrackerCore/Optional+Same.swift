extension Optional where Wrapped: Equatable {
    /// `==` without the standard library's pairing of both sides into a
    /// tuple (a copy of each, and its destruction, every call): the frame
    /// planner compares the menu, the notice and the controls every frame.
    @inline(__always)
    func isSame(as other: Wrapped?) -> Bool {
        switch self {
        case .none: other == nil
        case .some(let value): other.map { $0 == value } ?? false
        }
    }
}
