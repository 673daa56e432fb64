import TouchTrackerCore
import XCTest

/// The pixels a rasteriser may paint for a stroke: every pixel whose centre
/// lies within half the pen's width of the stroke's centre line, drawn through
/// its points rounded to pixels as the window draws them, with half a pixel
/// to spare. A superset of what X or cairo paint, for checking covers.
func pixelsPainted(by line: Line, width: Int) -> [(Int, Int)] {
    func r(_ p: Point) -> Point { Point(x: p.x.rounded(), y: p.y.rounded()) }
    let reach = Double(width) / 2 + 0.5
    var pixels: [(Int, Int)] = []
    /// Pixels of `box` (a stroke's extent) within reach of `piece`.
    func scan(_ piece: Line) {
        let extent = piece.extent
        for y in Int((extent.minY - reach).rounded(.down))...Int((extent.maxY + reach).rounded(.up)) {
            for x in Int((extent.minX - reach).rounded(.down))...Int((extent.maxX + reach).rounded(.up))
            where piece.distance(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) <= reach {
                pixels.append((x, y))
            }
        }
    }
    switch line.shape {
    case .straight:
        scan(Line(start: r(line.start), end: r(line.end)))
    case .ink(let points):
        // Segment by segment: a pixel near two of them is listed twice, which checks it twice.
        for k in points.indices.dropFirst() { scan(Line(start: r(points[k - 1]), end: r(points[k]))) }
    case .circle:
        scan(Line.circle(corner: r(line.start), opposite: r(line.end), colour: line.colour, width: line.width))
    }
    return pixels
}

/// Fails on the first pixel `line` may paint (inside `area`) that none of `rects` holds.
func assertCovers(_ rects: [Rect], everyPixelOf line: Line, width: Int, within area: Rect? = nil, _ message: String = "",
                  file: StaticString = #filePath, line sourceLine: UInt = #line) {
    var pixels = pixelsPainted(by: line, width: width)
    if let area { pixels = pixels.filter { $0.0 >= area.x && $0.0 < area.maxX && $0.1 >= area.y && $0.1 < area.maxY } }
    XCTAssertFalse(pixels.isEmpty, file: file, line: sourceLine)
    for (x, y) in pixels where !rects.contains(where: { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }) {
        XCTFail("\(message) pixel (\(x), \(y)) of \(line.shape) not covered by \(rects.prefix(6))…", file: file, line: sourceLine)
        return
    }
}

/// Points along a wavy stroke: `count` samples, `step` pixels apart along x.
func wavyInk(count: Int, from start: Point = Point(x: 40, y: 300), step: Double = 0.5, colour: Colour = .black, width: Double = 10) -> Line {
    let points = (0..<count).map { i -> Point in
        let x = start.x + Double(i) * step
        // A gentle wave: about one pixel of rise per sample at most.
        let phase = Double(i % 200) / 200
        return Point(x: x, y: start.y + 60 * (phase < 0.5 ? phase : 1 - phase))
    }
    return Line.ink(points, colour: colour, width: width)
}

/// The ink's points (it must be ink).
func points(of line: Line) -> [Point] {
    guard case .ink(let points) = line.shape else { preconditionFailure("not ink") }
    return points
}
