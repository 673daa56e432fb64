// Fingers: touches on an inputtest touchscreen in the shapes the tests, the benchmark
// and the screenshot tool use: a finger put down, a straight stroke, a stroke along a
// path (one finger or several together), a tap. Owns the
// driver-side touch ids it hands out (a counter), so no two of them collide while down.
// Coordinates are root (screen) pixels; X clients see server-assigned touch ids.
public final class Fingers {
    public let touchscreen: InputTestDevice
    private var nextID: UInt32

    public init(touchscreen: InputTestDevice, firstID: UInt32 = 1) {
        self.touchscreen = touchscreen
        nextID = firstID
    }

    /// A driver-side touch id not handed out before, for touches sent by hand.
    public func newID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    /// Puts a finger down at `point`; it stays down. With `sync`, returns once Xorg has
    /// processed it.
    @discardableResult
    public func down(at point: (Double, Double), sync: Bool = true) throws -> UInt32 {
        let id = newID()
        try touchscreen.touch(id: id, phase: .begin, x: point.0, y: point.1)
        if sync { try touchscreen.sync() }
        return id
    }

    /// One finger from `from` to `to` in `steps` equal updates, then lifted unless `lift`
    /// is false. Without `sync` many strokes can be queued before one wait.
    @discardableResult
    public func stroke(from: (Double, Double), to: (Double, Double), steps: Int = 8,
                       lift: Bool = true, sync: Bool = true) throws -> UInt32 {
        let id = try down(at: from, sync: false)
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            try touchscreen.touch(id: id, phase: .update,
                                  x: from.0 + (to.0 - from.0) * t, y: from.1 + (to.1 - from.1) * t)
        }
        if lift { try touchscreen.touch(id: id, phase: .end, x: to.0, y: to.1) }
        if sync { try touchscreen.sync() }
        return id
    }

    /// A finger down and up at one point, then a wait until Xorg has processed both.
    @discardableResult
    public func tap(at point: (Double, Double)) throws -> UInt32 {
        let id = try down(at: point, sync: false)
        try touchscreen.touch(id: id, phase: .end, x: point.0, y: point.1)
        try touchscreen.sync()
        return id
    }

    /// One finger down at `path`'s first point, moved through every other point in
    /// order (one update each), then lifted at the last unless `lift` is false.
    @discardableResult
    public func stroke(along path: [(Double, Double)], lift: Bool = true, sync: Bool = true) throws -> UInt32 {
        try strokes(along: [path], lift: lift, sync: sync)[0]
    }

    /// Several fingers at once: all land (on their paths' first points) before any
    /// moves, then each update moves every finger one point on along its own path
    /// (a finger whose path is shorter stays at its end), then all lift unless `lift`
    /// is false. Returns their ids, in the paths' order.
    @discardableResult
    public func strokes(along paths: [[(Double, Double)]], lift: Bool = true, sync: Bool = true) throws -> [UInt32] {
        precondition(paths.allSatisfy { !$0.isEmpty }, "every path has a point to land on")
        let ids = paths.map { _ in newID() }
        for (id, path) in zip(ids, paths) {
            try touchscreen.touch(id: id, phase: .begin, x: path[0].0, y: path[0].1)
        }
        let steps = paths.map(\.count).max()! - 1
        if steps > 0 {
            for step in 1...steps {
                for (id, path) in zip(ids, paths) where step < path.count {
                    try touchscreen.touch(id: id, phase: .update, x: path[step].0, y: path[step].1)
                }
            }
        }
        if lift {
            for (id, path) in zip(ids, paths) {
                try touchscreen.touch(id: id, phase: .end, x: path[path.count - 1].0, y: path[path.count - 1].1)
            }
        }
        if sync { try touchscreen.sync() }
        return ids
    }
}
