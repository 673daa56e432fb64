/// An overlay as the window shows it, for comparing with the next frame's:
/// everything of it but ink's points, which it outlines instead (InkOutline)
/// and whose last three it keeps. Holding no points, remembering a frame never
/// shares a growing stroke's storage, so adding a sample to it never copies
/// the stroke.
public struct PaintedOverlay: Hashable, Sendable {
    public enum Form: Hashable, Sendable { case straight, ink, circle }

    public var identity: OverlayLine.Identity
    public var colour: Colour
    public var halo: Colour?
    public var form: Form
    public var start: Point
    public var end: Point
    public var width: Double
    /// Ink: its points outlined (empty for the other forms).
    public private(set) var outline: InkOutline
    /// Ink: the last three points (the first repeated in a stroke of two):
    /// the simplifier may replace the last ones, never those before.
    public var tail: (Point, Point, Point) { tailPoints.tuple }
    private var tailPoints: Tail
    /// Ink pressed by a pen: its last point's pressure, which a pen pressing
    /// harder where it stands replaces alone (its points staying); nil
    /// without pressures. Earlier points' pressures never change.
    private var lastPressure: Float?

    /// Three points as a value Hashable can see (a tuple is not).
    private struct Tail: Hashable, Sendable {
        var a: Point, b: Point, c: Point
        init(_ points: (Point, Point, Point)) { (a, b, c) = points }
        var tuple: (Point, Point, Point) { (a, b, c) }
        static func == (l: Tail, r: (Point, Point, Point)) -> Bool { l.a == r.0 && l.b == r.1 && l.c == r.2 }
    }

    public init(_ overlay: OverlayLine) {
        var room = InkOutline([])
        self.init(overlay, outlineRoom: &room)
    }

    /// - Parameter outlineRoom: a gone overlay's outline, whose arrays ink's outline is built in.
    init(_ overlay: OverlayLine, outlineRoom: inout InkOutline) {
        identity = overlay.identity
        colour = overlay.colour
        halo = overlay.halo
        start = overlay.line.start
        end = overlay.line.end
        width = overlay.line.width
        switch overlay.line.shape {
        case .straight:
            form = .straight
            outline = InkOutline([])
            tailPoints = Tail((start, start, end))
            lastPressure = nil
        case .circle:
            form = .circle
            outline = InkOutline([])
            tailPoints = Tail((start, start, end))
            lastPressure = nil
        case .ink(let points):
            form = .ink
            outline = InkOutline(points, room: &outlineRoom)
            tailPoints = Tail(Self.tail(of: points))
            lastPressure = overlay.line.pressures.last
        }
    }

    /// Leaves its outline's arrays in `room` for the next ink overlay, as
    /// it goes (its own outline is then `room`'s old one).
    mutating func leaveOutline(in room: inout InkOutline) {
        swap(&outline, &room)
    }

    // The comparisons with an overlay are inlined: called, each was handed
    // a copy of the overlay (87 bytes), for every overlay every frame.

    /// Whether it shows exactly `overlay`. For ink, the same ends, count,
    /// last three points and last pressure: an overlay's ink only changes at
    /// its tail (a drag or a restyle moves its start or changes its style).
    @inline(__always)
    public func shows(_ overlay: OverlayLine) -> Bool {
        guard sameStyle(overlay), start == overlay.line.start, end == overlay.line.end else { return false }
        switch (form, overlay.line.shape) {
        case (.straight, .straight), (.circle, .circle): return true
        case (.ink, .ink(let points)):
            return points.count == outline.pointCount && tailPoints == Self.tail(of: points)
                && lastPressure == overlay.line.pressures.last
        default: return false
        }
    }

    /// When `overlay` is this ink with its tail changed (grown, or its last
    /// two samples replaced), how many of its first points are unchanged: all
    /// but the last two this outline ends with, the last of them checked to be
    /// where it was. Nil for any other change.
    @inline(__always)
    public func unchangedPoints(of overlay: OverlayLine) -> Int? {
        guard form == .ink, sameStyle(overlay), start == overlay.line.start,
              case .ink(let points) = overlay.line.shape else { return nil }
        let kept = Swift.max(1, outline.pointCount - 2)
        return points.count >= kept && points[kept - 1] == tailPoints.a ? kept : nil
    }

    /// Whether its ink, grown into `overlay`'s with its tail's points kept
    /// where they were (FramePlanner.addInkTailCover's test), only gains
    /// pixels, every segment painted staying exactly as painted: not a lone
    /// sample's dot (a stroke of one sample is painted as a dot, `[p, p]`,
    /// which is no segment of the grown stroke), its last point's pressure
    /// the same (a segment's width follows its ends'), and no halo (a new
    /// segment's halo would go over the old segments' ink).
    /// - Parameter overlay: read where it lies: a line handed over was copied
    ///   (its arrays retained and released) every frame.
    @inline(__always)
    func onlyGains(growingInto overlay: UnsafePointer<OverlayLine>) -> Bool {
        let last = outline.pointCount - 1
        guard halo == nil, !(last == 1 && tailPoints.b == tailPoints.c) else { return false }
        guard let lastPressure else { return overlay.pointee.line.pressures.isEmpty }
        return last < overlay.pointee.line.pressures.count && overlay.pointee.line.pressures[last] == lastPressure
    }

    /// Follows its ink, now `points` ending at `end`, whose first `unchanged`
    /// points are this outline's. Handed the points, not the overlay: the
    /// overlay was copied out of the scene to be handed over, every frame.
    public mutating func grow(to points: [Point], end: Point, lastPressure: Float?, unchanged: Int) {
        precondition(form == .ink, "only ink grows")
        self.end = end
        self.lastPressure = lastPressure
        outline.update(points, unchanged: unchanged)
        tailPoints = Tail(Self.tail(of: points))
    }

    /// The same overlay in the same colours and width (its shape aside).
    @inline(__always)
    public func sameStyle(_ overlay: OverlayLine) -> Bool {
        identity == overlay.identity && colour == overlay.colour && halo == overlay.halo && width == overlay.line.width
    }

    private static func tail(of points: [Point]) -> (Point, Point, Point) {
        let n = points.count
        return (points[Swift.max(0, n - 3)], points[Swift.max(0, n - 2)], points[n - 1])
    }
}
