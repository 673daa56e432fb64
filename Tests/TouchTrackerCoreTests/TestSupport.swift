import Foundation
import TouchTrackerCore
import XCTest

/// Builders for literal event tables: every time is a literal millisecond count.
func touch(_ device: Int32, _ id: UInt32) -> TouchKey { TouchKey(device: device, touch: id) }

func event(_ key: TouchKey, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, at ms: Int64) -> TouchEvent {
    TouchEvent(key: key, phase: phase, point: Point(x: x, y: y), time: Instant(milliseconds: ms))
}

/// What fingers can touch in a test: the canvas alone, or a whole drawing window.
protocol TouchTarget {
    associatedtype Outcome
    @discardableResult
    mutating func handle(_ event: TouchEvent) -> Outcome?
}

extension Canvas: TouchTarget {}

/// A stationary tap: begins and ends at (x, y).
@discardableResult
func tap<Target: TouchTarget>(_ target: inout Target, _ key: TouchKey, _ x: Double, _ y: Double,
                              from begin: Int64, to end: Int64) -> Target.Outcome? {
    target.handle(event(key, .began, x, y, at: begin))
    return target.handle(event(key, .ended, x, y, at: end))
}

/// A whole stroke: begin, one move to the end point, end.
@discardableResult
func stroke<Target: TouchTarget>(_ target: inout Target, _ key: TouchKey, from a: Point, to b: Point,
                                 begin: Int64, end: Int64) -> Target.Outcome? {
    target.handle(event(key, .began, a.x, a.y, at: begin))
    target.handle(event(key, .moved, b.x, b.y, at: (begin + end) / 2))
    return target.handle(event(key, .ended, b.x, b.y, at: end))
}

/// True when the pixel holding `point` lies inside one of `rects`.
func isCovered(_ point: Point, by rects: [Rect]) -> Bool {
    let px = Int(point.x.rounded(.down)), py = Int(point.y.rounded(.down))
    return rects.contains { px >= $0.x && px < $0.maxX && py >= $0.y && py < $0.maxY }
}

/// Points a round-capped stroke of `width` paints: along the segment, at
/// ±width/2 across it, and on both caps.
func samplePaintedPoints(of line: Line, width: Int) -> [Point] {
    let half = Double(width) / 2
    let dx = line.end.x - line.start.x, dy = line.end.y - line.start.y
    let length = (dx * dx + dy * dy).squareRoot()
    let (nx, ny) = length > 0 ? (-dy / length, dx / length) : (0.0, 1.0)
    var points: [Point] = []
    let steps = max(20, Int(length))
    for i in 0...steps {
        let t = Double(i) / Double(steps)
        let cx = line.start.x + dx * t, cy = line.start.y + dy * t
        for k in [-1.0, -0.5, 0, 0.5, 1.0] {
            points.append(Point(x: cx + nx * half * k, y: cy + ny * half * k))
        }
    }
    for centre in [line.start, line.end] {
        for degrees in stride(from: 0.0, to: 360.0, by: 10.0) {
            let a = degrees * Double.pi / 180
            for r in [half / 2, half] {
                points.append(Point(x: centre.x + r * cos(a), y: centre.y + r * sin(a)))
            }
        }
    }
    return points
}

func assertCovers(_ rects: [Rect], _ line: Line, width: Int = 10, file: StaticString = #filePath, line sourceLine: UInt = #line) {
    for p in samplePaintedPoints(of: line, width: width) where !isCovered(p, by: rects) {
        XCTFail("point \(p) of \(line) not covered by \(rects)", file: file, line: sourceLine)
        return
    }
}


// MARK: Geometry shorthands

func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Line {
    Line(start: Point(x: x0, y: y0), end: Point(x: x1, y: y1))
}

func at(_ ms: Int64) -> Instant { Instant(milliseconds: ms) }

// MARK: Recognizer tables

/// One row of a gesture table: an event (or time passing with no event) and
/// the state the recognizer must be in right after it.
struct GestureRow {
    enum Input {
        case touch(TouchEvent)
        case advance(Instant)
    }

    var input: Input
    var expected: GestureState
    var sourceLine: UInt
}

/// `key` does `phase` at (x, y) at `ms`; then the state must be `expected`.
func row(_ key: TouchKey, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, at ms: Int64,
         _ expected: GestureState, line: UInt = #line) -> GestureRow {
    GestureRow(input: .touch(event(key, phase, x, y, at: ms)), expected: expected, sourceLine: line)
}

/// Time passes to `ms` with no event (the shell's poll() timed out); then the state must be `expected`.
func idle(until ms: Int64, _ expected: GestureState, line: UInt = #line) -> GestureRow {
    GestureRow(input: .advance(Instant(milliseconds: ms)), expected: expected, sourceLine: line)
}

/// Feeds the rows in order, checking the state after each one (failures point at the row).
func feed<R: GestureRecognizer>(_ recognizer: inout R, _ rows: [GestureRow], file: StaticString = #filePath) {
    for (index, row) in rows.enumerated() {
        let input: String
        switch row.input {
        case .touch(let e):
            recognizer.handle(e)
            input = "\(e.key) \(e.phase) (\(e.point.x), \(e.point.y)) at \(e.time)"
        case .advance(let now):
            recognizer.advance(to: now)
            input = "advance to \(now)"
        }
        XCTAssertEqual(recognizer.state, row.expected, "row \(index) [\(input)]", file: file, line: row.sourceLine)
    }
}

// MARK: Drawings

/// The window size most tests draw in.
let standardViewport = Rect(x: 0, y: 0, width: 1024, height: 768)

func newDrawing(viewport: Rect = standardViewport) -> Canvas {
    Canvas(tunables: .standard, viewport: viewport)
}

/// The mount matrix tolerance the program runs with.
let standardTolerance = Tunables.standard.mountMatrixUnitaryTolerance

extension FramePlanner {
    /// Plans from a whole scene, as the screen planner does once it painted it.
    func plan(from previous: DrawingScene?, to current: DrawingScene, exposed: [Rect] = []) -> FramePlan {
        plan(from: previous.map(PaintedDrawing.init), to: current, exposed: exposed)
    }
}

/// Shorthands for tests that act on a workspace: every one goes through
/// `receive`, the core's one way in, as the shell's input does.
extension Workspace {
    @discardableResult
    mutating func apply(_ event: DeviceEvent) -> Effect? { receive(.device(event)) }

    @discardableResult
    mutating func perform(_ command: Command, at now: Instant) -> Effect? { receive(.command(command, at: now)) }

    mutating func advance(to now: Instant) { _ = receive(.advance(to: now)) }

    /// Commands whose moment does not matter (toggles, undo, selection).
    private mutating func perform(_ command: Command) { _ = receive(.command(command, at: Instant(milliseconds: 0))) }

    mutating func toggleMode() { perform(.toggleInspector) }
    mutating func toggleToolbar() { perform(.toggleToolbar) }
    mutating func toggleHelp() { perform(.toggleHelp) }
    mutating func deleteSelectedLine() { perform(.deleteSelectedLine) }
    mutating func deselect() { perform(.deselect) }

    /// Returns whether the drawing changed.
    @discardableResult
    mutating func undo() -> Bool { changesDrawing { $0.perform(.undo) } }

    @discardableResult
    mutating func redo() -> Bool { changesDrawing { $0.perform(.redo) } }

    /// A shake; returns whether it cleared (as the shake's log line says).
    @discardableResult
    mutating func clear(at now: Instant) -> Bool {
        let clears = shakeClears
        _ = receive(.shake(at: now))
        return clears
    }

    mutating func setViewport(_ viewport: Rect) {
        _ = receive(.resize(width: viewport.width, height: viewport.height, at: Instant(milliseconds: 0)))
    }

    private mutating func changesDrawing(_ body: (inout Workspace) -> Void) -> Bool {
        let before = canvas.drawing.history
        body(&self)
        return canvas.drawing.history != before
    }
}

/// Reproducible pseudo-random numbers for tables too long to write out (SplitMix64).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func next(below bound: Int64) -> Int64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int64((z ^ (z >> 31)) % UInt64(bound))
    }
}
