/// The life of a gesture recognizer, as in UIKit: discrete gestures go
/// possible → ended (recognized) or failed; continuous ones go possible →
/// began → changed… → ended or cancelled, or fail before they begin.
public enum GestureState: Hashable, Sendable {
    case possible, began, changed, ended, cancelled, failed

    /// The gesture is happening now (continuous gestures only).
    public var isActive: Bool { self == .began || self == .changed }
}
