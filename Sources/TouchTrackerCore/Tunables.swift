/// Every tunable of the program in one place, with its unit in its name.
/// Defaults follow the iOS original (UIKit's tap and long-press defaults).
public struct Tunables: Hashable, Sendable {
    /// A contact that never moves farther than this from where it began is a tap.
    public var tapSlopPixels: Double = 10
    /// A second tap must begin this soon after the first one ended to make a double tap.
    public var doubleTapIntervalMilliseconds: Int64 = 300
    /// ...and this close to where the first one was.
    public var doubleTapSlopPixels: Double = 40

    /// XI2 has no touch cancel: disabling a device makes the server end its live
    /// touches first and report the device gone right after. Lines that device
    /// finished this shortly before its removal, with no other event between,
    /// are taken back as cancelled.
    public var cancelledEndWindowMilliseconds: Int64 = 100

    public var lineWidthPixels: Int = 10
    public var backgroundColour: Colour = .white
    public var finishedLineColour: Colour = .black
    public var lineInProgressColour: Colour = .red
    public var selectedLineColour: Colour = .green

    /// Long strokes are damaged as a chain of tiles of at most this many pixels
    /// along their main axis, so repainting a long diagonal copies a thin band
    /// instead of its whole bounding box.
    public var damageTilePixels: Double = 32

    public init() {}

    public static let standard = Tunables()
}
