// FrontPageScene: the README's picture, drawn as a user would draw it: every colour,
// width and tool picked by tapping the style panel, a sun of a circle and lines, a house
// of lines, a tree and birds of freehand ink, a signature with the pen's pressure, two
// fingers still drawing birds, and the style panel left open. Owns the scene's
// coordinates (for a 960x600 window: the toolbar and its open panel take the top right,
// 428...952 by 8...172).
import Glibc
import TouchTrackerCore
import XorgHarness

struct FrontPageScene {
    static let width = 960, height = 600

    let session: XorgSession
    let style: StyleTaps

    init(session: XorgSession) {
        self.session = session
        style = StyleTaps(session: session, width: Self.width, height: Self.height)
    }

    func draw() throws {
        try sun()
        try house()
        try tree()
        try birds()
        try signature()
        try stillDrawing()
        try style.openPanel()
    }

    private var fingers: Fingers { session.fingers }

    private func line(_ a: (Double, Double), _ b: (Double, Double)) throws {
        try fingers.stroke(from: a, to: b, steps: 6, sync: false)
    }

    /// An orange circle from its centre outwards, and thinner rays around it.
    private func sun() throws {
        try style.choose(.colour(1))
        try style.choose(.tool(.circles))
        let centre = (120.0, 122.0)
        try fingers.stroke(from: centre, to: (centre.0 + 50, centre.1), steps: 8)
        try style.choose(.tool(.lines))
        try style.choose(.width(1))
        for ray in 0..<8 {
            let angle = Double(ray) * .pi / 4 + .pi / 8
            try line((centre.0 + 70 * cos(angle), centre.1 + 70 * sin(angle)),
                     (centre.0 + 96 * cos(angle), centre.1 + 96 * sin(angle)))
        }
        try session.touchscreen.sync()
    }

    /// Straight blue lines: walls, roof, chimney, door and a window.
    private func house() throws {
        try style.choose(.colour(5))
        try style.choose(.width(2))
        let lines: [((Double, Double), (Double, Double))] = [
            ((240, 540), (440, 540)), ((240, 540), (240, 392)), ((440, 540), (440, 392)),
            ((214, 404), (340, 290)), ((340, 290), (466, 404)),
            ((400, 344), (400, 300)), ((400, 300), (426, 300)), ((426, 300), (426, 368)),
            ((318, 540), (318, 462)), ((364, 540), (364, 462)), ((318, 462), (364, 462)),
            ((266, 424), (296, 424)), ((296, 424), (296, 454)), ((296, 454), (266, 454)), ((266, 454), (266, 424)),
        ]
        for (a, b) in lines { try line(a, b) }
        try session.touchscreen.sync()
    }

    /// Freehand green ink: a trunk, and a crown of one bumpy loop.
    private func tree() throws {
        try style.choose(.colour(3))
        try style.choose(.tool(.ink))
        try style.choose(.width(3))
        let trunk = (0...12).map { i -> (Double, Double) in
            let t = Double(i) / 12
            return (566 + 3 * sin(t * 5), 542 - 112 * t)
        }
        try fingers.stroke(along: trunk, sync: false)
        try style.choose(.width(2))
        // Seven scallops, their cusps pointing in: a cloud of leaves.
        let crown = (0...112).map { i -> (Double, Double) in
            let angle = .pi / 2 + Double(i) / 108 * 2 * .pi
            let radius = 54 + 14 * abs(sin(3.5 * (angle - .pi / 2)))
            return (566 + radius * cos(angle), 372 + radius * sin(angle) * 0.9)
        }
        try fingers.stroke(along: crown, sync: false)
        try session.touchscreen.sync()
    }

    /// Two small birds in black ink, each one stroke of two arcs.
    private func birds() throws {
        try style.choose(.colour(0))
        try style.choose(.width(1))
        for bird in [Self.bird(x: 292, y: 78, span: 56), Self.bird(x: 362, y: 128, span: 44)] {
            try fingers.stroke(along: bird, sync: false)
        }
        try session.touchscreen.sync()
    }

    /// A bird's two wings as one path: arcs rising from its tips and its middle.
    private static func bird(x: Double, y: Double, span: Double) -> [(Double, Double)] {
        (0...24).map { i in
            let s = Double(i) / 24, half = s < 0.5 ? s * 2 : s * 2 - 1
            return (x - span / 2 + span * s, y - span * 0.24 * sin(.pi * half))
        }
    }

    /// The pen's signature in black: loops written with the pressure of a hand,
    /// light where it lands and lifts, and an underline that swells in the middle.
    private func signature() throws {
        try style.choose(.width(3))
        let pen = session.stylus
        let turns = 3.0, steps = 150
        try write(with: pen, (0...steps).map { i in
            let s = Double(i) / Double(steps), t = s * turns * 2 * .pi
            let point = (684 + 236 * s - 30 * sin(t), 502 - 36 * cos(t) * (0.55 + 0.45 * sin(.pi * s)) + 12 * s)
            return (point, 80 + 920 * pow(sin(.pi * s), 0.8) * (0.7 + 0.3 * cos(t)))
        })
        try write(with: pen, (0...40).map { i in
            let s = Double(i) / 40
            return ((692 + 240 * s, 562 - 12 * s), 40 + 520 * sin(.pi * s))
        })
        // Touches are a palm while the pen is about, and for a second after it.
        usleep(1_300_000)
    }

    private func write(with pen: Pen, _ samples: [((Double, Double), Double)]) throws {
        try pen.hover(at: samples[0].0, sync: false)
        try pen.press(pressure: samples[0].1, sync: false)
        for (point, pressure) in samples.dropFirst() { try pen.move(to: point, pressure: pressure, sync: false) }
        try pen.release(sync: false)
        try pen.leave()
    }

    /// Two fingers drawing two more birds in black ink, still down: red while in progress.
    private func stillDrawing() throws {
        try style.choose(.width(1))
        try fingers.strokes(along: [Self.bird(x: 764, y: 262, span: 76), Self.bird(x: 874, y: 326, span: 60)], lift: false)
    }
}
