/// What a pointer device is, told from what the X server says of it (see
/// PointerDescription): a pen is never taken for the mouse, nor the mouse
/// for a pen.
public enum PointerKind: Hashable, Sendable {
    /// A mouse, touchpad or anything else that moves the pointer: draws as it always did.
    case mouse
    /// A pen's tip (a stylus): pressure sets the width.
    case pen
    /// A pen's eraser end: erases whatever tool is chosen.
    case eraser
}
