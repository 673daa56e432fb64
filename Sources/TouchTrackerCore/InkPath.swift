/// A freehand stroke as its finger draws it: the samples that show. A sample
/// is dropped only when the polyline without it passes within `tolerance` of
/// it and of every sample dropped before it, so the kept points draw the
/// finger's path to within the tolerance everywhere, however long the stroke
/// (the distance is always to the real samples: nothing drifts).
///
/// Incremental, O(1) per sample, after the sleeve idea of Zhao and Saalfeld:
/// the last point is the newest sample (a provisional end), the one before it
/// the last kept one (the anchor). A dropped sample lies within the tolerance
/// of a segment from the anchor whose direction is within asin(tolerance /
/// distance) of the sample's own and which reaches at least as far; the
/// directions every dropped sample allows are kept as one wedge. A new sample
/// inside the wedge and far enough replaces the provisional end; any other
/// keeps the provisional end, which becomes the anchor.
///
/// A pen's ink keeps its pressure at every kept point, and a sample is
/// dropped only while the pressures since the anchor (the anchor's, the
/// dropped samples', the new end's) stay within `pressureTolerance` of each
/// other: a straight stroke pressed harder along the way keeps the points
/// where its width changes.
public struct InkPath: Sendable {
    /// The polyline: first the landing point, last the newest sample.
    public private(set) var points: [Point]
    public let tolerance: Double
    /// A pen's pressure at each point, in step with `points`; nil for ink
    /// without pressure (a finger, the mouse), which stores none.
    public private(set) var pressures: [Float]?
    public let pressureTolerance: Float
    /// The lowest and highest pressure since the anchor (the anchor's included).
    private var pressureBand: (low: Float, high: Float) = (0, 0)
    /// The wedge of directions from the anchor that keep every dropped sample
    /// (and the provisional end) within the tolerance, from `right`
    /// counterclockwise to `left`; nil while no sample constrains it.
    private var wedge: (right: Point, left: Point)?
    /// The farthest the dropped samples and the provisional end lie from the
    /// anchor (among those beyond the tolerance): a new end must reach as far.
    private var reach = 0.0

    /// - Parameter capacity: samples to make room for at once (a stroke of a
    ///   second or two at a touchscreen's rate), so appending rarely allocates.
    /// - Parameter pressure: a pen's pressure at `start` (0 to 1); nil for
    ///   ink without pressure, whose later samples carry none either.
    public init(from start: Point, tolerance: Double, capacity: Int = 256, pressure: Float? = nil,
                pressureTolerance: Float = 0.05) {
        var storage: [Point] = []
        self.init(from: start, tolerance: tolerance, capacity: capacity, pressure: pressure,
                  pressureTolerance: pressureTolerance, storage: &storage)
    }

    /// - Parameter storage: room for the samples, left by a stroke finished
    ///   before (see `takeStorage`), taken (moved, not shared: a shared one
    ///   would be copied on the first append): its samples go, its room is used.
    public init(from start: Point, tolerance: Double, capacity: Int = 256, pressure: Float? = nil,
                pressureTolerance: Float = 0.05, storage: inout [Point]) {
        self.tolerance = tolerance
        self.pressureTolerance = pressureTolerance
        points = []
        swap(&points, &storage)
        if !points.isEmpty { points.removeAll(keepingCapacity: true) }
        if points.capacity < capacity { points.reserveCapacity(capacity) }
        points.append(start)
        if let pressure {
            var pressures: [Float] = []
            pressures.reserveCapacity(capacity)
            pressures.append(pressure)
            self.pressures = pressures
            pressureBand = (pressure, pressure)
        }
    }

    /// The next sample of the finger, and for a pen's ink how hard it
    /// pressed there (nil: as hard as at the last sample).
    public mutating func add(_ sample: Point, pressure: Float? = nil) {
        let count = points.count
        let pressed = pressures.map { pressure ?? $0[$0.count - 1] }
        guard count >= 2 else {
            points.append(sample)
            if let pressed { appendPressure(pressed, anchoredAt: pressures![0]) }
            narrow(toward: sample - points[0])
            return
        }
        let direction = sample - points[count - 2]
        if direction.length >= reach, admits(direction), pressed.map(withinBand) ?? true {
            points[count - 1] = sample
            if let pressed {
                pressures![count - 1] = pressed
                pressureBand = (Swift.min(pressureBand.low, pressed), Swift.max(pressureBand.high, pressed))
            }
            narrow(toward: direction)
        } else {
            // The provisional end stays: it is the new anchor.
            points.append(sample)
            if let pressed { appendPressure(pressed, anchoredAt: pressures![count - 1]) }
            wedge = nil
            reach = 0
            narrow(toward: sample - points[count - 1])
        }
    }

    private func withinBand(_ pressure: Float) -> Bool {
        Swift.max(pressureBand.high, pressure) - Swift.min(pressureBand.low, pressure) <= pressureTolerance
    }

    private mutating func appendPressure(_ pressure: Float, anchoredAt anchor: Float) {
        pressures!.append(pressure)
        pressureBand = (Swift.min(anchor, pressure), Swift.max(anchor, pressure))
    }

    /// The stroke so far (it shares the samples' storage: nothing is copied).
    /// Built here, not through `Line.ink`, once it has two points: that call,
    /// and the copies of the line it made on the way, ran every frame.
    @inline(__always)
    public func line(colour: Colour, width: Double) -> Line {
        let count = points.count
        guard count >= 2 else { return Line.ink(points, pressures: pressures ?? [], colour: colour, width: width) }
        return Line(start: points[0], end: points[count - 1], shape: .ink(points), colour: colour, width: width,
                    pressures: pressures ?? [])
    }

    /// The finished stroke, its points in storage of their own size: a
    /// drawing keeps no room reserved for a stroke that no longer grows.
    public func finishedLine(colour: Colour, width: Double) -> Line {
        Line.ink(Self.trimmed(points), pressures: pressures.map(Self.trimmed) ?? [], colour: colour, width: width)
    }

    /// The samples' storage, emptied with its room kept, for the next stroke
    /// to land with (`init(...storage:)`), so that ink allocates no room per
    /// stroke and frees none; this path is left without samples.
    public mutating func takeStorage() -> [Point] {
        var storage: [Point] = []
        swap(&storage, &points)
        storage.removeAll(keepingCapacity: true)
        return storage
    }

    /// Reserved and appended, inlined in the element's own type: the
    /// uninitialized-capacity initializer allocated through the runtime's
    /// generic path (its type's metadata looked up), some 700 instructions a stroke.
    @inline(__always)
    private static func trimmed<Element>(_ array: [Element]) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(array.count)
        copy.append(contentsOf: array)
        return copy
    }

    private func admits(_ direction: Point) -> Bool {
        guard let wedge else { return true }
        return wedge.right.cross(direction) >= 0 && direction.cross(wedge.left) >= 0
    }

    /// Narrows the wedge to the directions that keep a sample `direction`
    /// away from the anchor within the tolerance. A sample within the
    /// tolerance of the anchor is near any segment from it.
    private mutating func narrow(toward direction: Point) {
        let distance = direction.length
        guard distance > tolerance else { return }
        reach = Swift.max(reach, distance)
        let sine = tolerance / distance, cosine = (1 - sine * sine).squareRoot()
        let unit = Point(x: direction.x / distance, y: direction.y / distance)
        let right = Point(x: unit.x * cosine + unit.y * sine, y: unit.y * cosine - unit.x * sine)
        let left = Point(x: unit.x * cosine - unit.y * sine, y: unit.y * cosine + unit.x * sine)
        guard let current = wedge else {
            wedge = (right, left)
            return
        }
        // Both wedges hold `direction` and are narrower than a half turn: the
        // intersection is bounded by the more counterclockwise right side and
        // the more clockwise left side.
        wedge = (current.right.cross(right) > 0 ? right : current.right,
                 current.left.cross(left) < 0 ? left : current.left)
    }
}

private extension Point {
    var length: Double { (x * x + y * y).squareRoot() }

    /// The z of the cross product: positive when `other` turns counterclockwise from this.
    func cross(_ other: Point) -> Double { x * other.y - y * other.x }
}
