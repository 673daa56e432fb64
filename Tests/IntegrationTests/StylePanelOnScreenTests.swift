// The style button and the style panel on the real Xorg: the panel opened by a real
// inputtest tap, every colour, width and tool chosen by a real tap, the keys pressed on
// the inputtest keyboard, and what the style button shows read back from the screen's
// pixels: the colour exactly, the width's bar measured, the tool's icon where the core
// puts it. Where everything stands comes from the core's own layout.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class StylePanelOnScreenTests: XCTestCase {
    private var session: XorgSession!
    private var app: RunningApp!

    static let fill: UInt32 = 0x282828
    static let markWhite: UInt32 = 0xFFFFFF
    static let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)

    override func setUpWithError() throws {
        session = try TestXorg.shared()
    }

    override func tearDown() {
        app = nil
    }

    /// Everything about one window: its size, its scale and where the toolbar stands in it.
    private struct Window {
        var viewport: Rect
        var scale: Double
        var tunables: Tunables

        init(_ viewport: Rect = StylePanelOnScreenTests.viewport, scale: Double = 1) {
            self.viewport = viewport
            self.scale = scale
            tunables = Tunables.standard.scaled(by: scale)
        }

        var arguments: [String] { ["--geometry", "\(viewport.width)x\(viewport.height)+0+0", "--scale", "\(scale)"] }
        var closed: ToolbarLayout { ToolbarLayout(shown: true, viewport: viewport, tunables: tunables) }
        var opened: ToolbarLayout { ToolbarLayout(shown: true, viewport: viewport, tunables: tunables, styleOpen: true) }
        var styleButton: Rect? { closed.frame(of: .style) }
    }

    private static func centre(_ rect: Rect) -> (Double, Double) {
        (Double(rect.x) + Double(rect.width) / 2, Double(rect.y) + Double(rect.height) / 2)
    }

    private static func pixel(_ point: Point) -> (Int, Int) { (Int(point.x.rounded()), Int(point.y.rounded())) }

    private static func rgb(_ colour: Colour) -> UInt32 { UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue) }

    /// A pixel of the panel's own room (left of its first button), which only the open panel paints.
    private static func panelRoom(_ window: Window) -> [(Int, Int)] {
        let panel = window.opened.style!
        return [(panel.area.x + 1, panel.frames[0].y + panel.frames[0].height / 2)]
    }

    /// Opens the panel with a real tap on the style button (behind "more" in a window
    /// that has only "more") and waits until it shows.
    private func openPanel(_ window: Window, file: StaticString = #filePath, line: UInt = #line) throws {
        if let style = window.styleButton {
            try app.tap(at: Self.centre(style))
        } else {
            try app.tap(at: Self.centre(try XCTUnwrap(window.closed.frame(of: .more), file: file, line: line)))
            let overflow = ToolbarLayout(shown: true, viewport: window.viewport, tunables: window.tunables, overflowOpen: true)
            try app.tap(at: Self.centre(try XCTUnwrap(overflow.frame(of: .style), file: file, line: line)))
        }
        app.expect(Self.fill, at: Self.panelRoom(window), "the panel opens:", file: file, line: line)
    }

    private func choose(_ choice: ToolbarButton, in window: Window, file: StaticString = #filePath, line: UInt = #line) throws {
        try openPanel(window, file: file, line: line)
        try app.tap(at: Self.centre(try XCTUnwrap(window.opened.frame(of: choice), file: file, line: line)))
    }

    /// Points every pixel or so along `polylines`.
    private static func pointsAlong(_ polylines: [[Point]]) -> [Point] {
        polylines.flatMap { line in
            zip(line, line.dropFirst()).flatMap { a, b in
                let steps = max(1, Int((abs(b.x - a.x) + abs(b.y - a.y)).rounded(.up)))
                return (0..<steps).map { i in
                    Point(x: a.x + (b.x - a.x) * Double(i) / Double(steps), y: a.y + (b.y - a.y) * Double(i) / Double(steps))
                }
            }
        }
    }

    /// Distance from `p` to the nearest segment of `polylines`.
    private static func distance(_ p: Point, to polylines: [[Point]]) -> Double {
        var best = Double.infinity
        for line in polylines {
            for (a, b) in zip(line, line.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
                let t = length == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length))
                let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
                best = min(best, (x * x + y * y).squareRoot())
            }
        }
        return best
    }

    /// Ink pixels of a horizontal bar drawn at `bar`'s height, counted down the column through its middle.
    private func barThickness(_ bar: [Point], ink: UInt32, within rows: ClosedRange<Int>) throws -> Int {
        let x = Int(((bar[0].x + bar[1].x) / 2).rounded())
        return try app.count(ink, x: x, y: rows.lowerBound, width: 1, height: rows.count)
    }

    /// Waits until the style button shows `settings`: its swatch in the colour exactly,
    /// the tool's icon (and no other tool's) in the swatch's ink, and the width's bar
    /// exactly as thick as the core says.
    private func expectStyleButton(_ settings: ToolSettings, in window: Window, _ what: String = "",
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try XCTUnwrap(window.styleButton, file: file, line: line)
        let face = StyleSample.indicator(of: settings, in: frame, tunables: window.tunables)
        let swatch = try XCTUnwrap(face.swatchInterior, file: file, line: line)
        let colour = Self.rgb(face.swatchColour), ink = Self.rgb(face.ink)
        let corners = [(swatch.x + 1, swatch.y + 1), (swatch.maxX - 2, swatch.y + 1), (swatch.x + 1, swatch.maxY - 2),
                       (swatch.maxX - 2, swatch.maxY - 2)]
        app.expect(colour, at: corners, "\(what) the style button's colour:", file: file, line: line)
        app.expect(ink, at: face.icon.joined().map(Self.pixel), "\(what) the \(settings.tool) icon:", file: file, line: line)
        // Where another tool's icon would be drawn, well clear of this one's pen: the swatch.
        let pen = Double(window.tunables.toolbarIconPenWidthPixels)
        let others = Tool.allCases.filter { $0 != settings.tool }.flatMap { other in
            Self.pointsAlong(StyleSample.indicator(of: ToolSettings(tool: other, colourIndex: settings.colourIndex,
                                                                    widthIndex: settings.widthIndex),
                                                   in: frame, tunables: window.tunables).icon)
        }.filter { Self.distance($0, to: face.icon) > pen / 2 + 1.5 }
        XCTAssertGreaterThan(others.count, 10, file: file, line: line)
        app.expect(colour, at: others.map(Self.pixel), "\(what) no other tool's icon:", file: file, line: line)
        let side = Double(frame.height), middle = Int(face.bar[0].y)
        let rows = (middle - Int(side * 0.09))...(middle + Int(side * 0.09))
        XCTAssertEqual(try barThickness(face.bar, ink: ink, within: rows), face.barPixels, "\(what) the width's bar", file: file, line: line)
    }

    // MARK: The panel as it shows

    func testTheStyleButtonOpensThePanelWithThePaletteExactlyTheWidthsTrueTheToolsAndTheCurrentOnesMarkedAtScales1And2() throws {
        for scale in [1.0, 2.0] {
            let window = Window(scale: scale)
            app = try RunningApp(session: session, arguments: window.arguments)
            try expectStyleButton(ToolSettings(tunables: window.tunables), in: window, "at scale \(scale), at start:")
            try openPanel(window)
            let panel = try XCTUnwrap(window.opened.style)
            let current = ToolSettings(tunables: window.tunables)
            for (i, button) in panel.buttons.enumerated() {
                let frame = panel.frames[i]
                let what = "\(button) at scale \(scale):"
                switch button {
                case .colour(let index):
                    let inside = try XCTUnwrap(panel.samples[i]?.swatchInterior)
                    let points: [(Int, Int)] = [(inside.x, inside.y), (inside.x + inside.width / 2, inside.y + inside.height / 2),
                                                (inside.maxX - 1, inside.maxY - 1)]
                    app.expect(Self.rgb(window.tunables.palette[index].ink), at: points, what)
                case .width(let index):
                    let sample = try XCTUnwrap(panel.samples[i])
                    let mark = StyleSample.currentMark(around: frame, tunables: window.tunables)[0].height
                    let thickness = try barThickness(sample.bar, ink: 0xFFFFFF, within: (frame.y + mark)...(frame.maxY - mark - 1))
                    XCTAssertEqual(thickness, Int(window.tunables.penWidthsPixels[index]), what)
                case .tool:
                    app.expect(0xFFFFFF, at: panel.icons[i].joined().map(Self.pixel), what)
                default:
                    XCTFail(what)
                }
                // The middle of the button's top edge: the mark's white on the current ones, the fill elsewhere.
                let edge = [(frame.x + frame.width / 2, frame.y)]
                app.expect(button.isCurrent(in: current) ? Self.markWhite : Self.fill, at: edge, "\(what) marked or not:")
            }
            app = nil
        }
    }

    // MARK: Choosing by a real tap

    func testEveryColourWidthAndToolIsOneTapInThePanelWhichClosesAndTheStyleButtonShowsTheChoice() throws {
        let window = Window()
        app = try RunningApp(session: session, arguments: window.arguments)
        var settings = ToolSettings(tunables: window.tunables)
        // Every choice once, in an order that changes all three as it goes.
        var choices: [ToolbarButton] = []
        for i in 0..<10 {
            choices.append(.colour((i + 1) % 10))
            if i < 5 { choices.append(.width(4 - i)) }
            if i < 4 { choices.append(.tool(Tool.allCases[(i + 1) % 4])) }
        }
        XCTAssertEqual(Set(choices.map { "\($0)" }).count, 19)
        for choice in choices {
            try choose(choice, in: window)
            switch choice {
            case .colour(let index): settings.pickColour(index, in: window.tunables)
            case .width(let index): settings.pickWidth(index, in: window.tunables)
            case .tool(let tool): settings.tool = tool
            default: XCTFail("\(choice)")
            }
            app.expect(RunningApp.white, at: Self.panelRoom(window), "\(choice) closes the panel:")
            try expectStyleButton(settings, in: window, "after tapping \(choice):")
        }
    }

    func testInSmallWindowsEveryChoiceIsReachableByARealTap() throws {
        for (viewport, scale) in [(Rect(x: 0, y: 0, width: 400, height: 300), 1.0), (Rect(x: 0, y: 0, width: 320, height: 240), 2.0)] {
            let window = Window(viewport, scale: scale)
            app = try RunningApp(session: session, arguments: window.arguments)
            // A first line takes the first start's hint away: here it would stand where the panel does.
            let y = Double(viewport.maxY - 10)
            _ = try app.stroke(from: (10, y), to: (100, y))
            app.expect(RunningApp.black, at: [(55, Int(y))])
            // Each choice's own effect shows in the settings the next frame's button shows; in a
            // window with only "more" the button is not in the bar, so the panel's marks tell.
            for choice in ToolbarButton.styleGroups.joined() {
                try choose(choice, in: window)
                try openPanel(window)
                let frame = try XCTUnwrap(window.opened.frame(of: choice))
                app.expect(Self.markWhite, at: [(frame.x + frame.width / 2, frame.y)], "\(choice) chosen in \(viewport) at \(scale):")
                try app.press(key: "Escape")
                app.expect(RunningApp.white, at: Self.panelRoom(window), "Escape closes it:")
            }
            app = nil
        }
    }

    func testTheKeysChangeWhatTheStyleButtonShows() throws {
        let window = Window()
        app = try RunningApp(session: session, arguments: window.arguments)
        var settings = ToolSettings(tunables: window.tunables)
        for (position, key) in ["2", "3", "4", "5", "6", "7", "8", "9", "0", "1"].enumerated() {
            try app.press(key: key)
            settings.pickColour((position + 1) % 10, in: window.tunables)
            try expectStyleButton(settings, in: window, "key \(key):")
        }
        for (key, step) in [("bracketleft", -1), ("bracketleft", -1), ("bracketright", 1), ("bracketright", 1), ("bracketright", 1),
                            ("bracketright", 1)] {
            try app.press(key: key)
            settings.stepWidth(by: step, in: window.tunables)
            try expectStyleButton(settings, in: window, "key \(key) to width \(settings.widthIndex):")
        }
        for (key, tool) in [("f", Tool.ink), ("e", .eraser), ("c", .circles), ("l", .lines)] {
            try app.press(key: key)
            settings.tool = tool
            try expectStyleButton(settings, in: window, "key \(key):")
        }
    }

    // MARK: Closing, and never drawing

    func testEscapeOrATouchOffThePanelClosesItAndNeitherDrawsNorChooses() throws {
        let window = Window()
        app = try RunningApp(session: session, arguments: window.arguments)
        try openPanel(window)
        try app.press(key: "Escape")
        app.expect(RunningApp.white, at: Self.panelRoom(window), "Escape closes it:")
        try openPanel(window)
        // A stroke off the panel closes it and draws nothing.
        _ = try app.stroke(from: (100, 400), to: (400, 450))
        app.expect(RunningApp.white, at: Self.panelRoom(window), "a touch off it closes it:")
        // A stroke beginning on a swatch and lifted on the drawing draws nothing, chooses nothing.
        try openPanel(window)
        let orange = Self.centre(try XCTUnwrap(window.opened.frame(of: .colour(1))))
        _ = try app.stroke(from: orange, to: (300, 600))
        // A later line: once it shows, both strokes before it were handled.
        try app.press(key: "Escape")
        _ = try app.stroke(from: (100, 700), to: (300, 700))
        app.expectLine(RunningApp.black, from: (100, 700), to: (300, 700))
        app.expect(RunningApp.white, at: RunningApp.samples(from: (100, 400), to: (400, 450))
            + RunningApp.samples(from: (orange.0, orange.1 + 60), to: (300, 600)), "nothing drawn:")
        try expectStyleButton(ToolSettings(tunables: window.tunables), in: window, "nothing chosen:")
    }

    // MARK: What the next stroke is made with

    func testEachColourTappedInThePanelDrawsTheNextStrokeInExactlyThatColour() throws {
        let window = Window()
        app = try RunningApp(session: session, arguments: window.arguments)
        // A black line first, for the white stroke to show on.
        _ = try app.stroke(from: (250, 200), to: (250, 720))
        for index in 0..<10 {
            try choose(.colour(index), in: window)
            let y = 250.0 + 45 * Double(index)
            _ = try app.stroke(from: (100, y), to: (400, y))
            let ink = Self.rgb(window.tunables.palette[index].ink)
            app.expect(ink, at: index == 9 ? [(250, Int(y))] : RunningApp.samples(from: (100, y), to: (400, y)),
                       "the stroke after tapping colour \(index + 1):")
        }
    }

    func testEachWidthTappedInThePanelDrawsTheNextStrokeThatWideAtScales1And2() throws {
        for scale in [1.0, 2.0] {
            let window = Window(scale: scale)
            app = try RunningApp(session: session, arguments: window.arguments)
            for index in 0..<5 {
                try choose(.width(index), in: window)
                let y = 300.0 + 90 * Double(index)
                _ = try app.stroke(from: (100, y), to: (500, y))
                app.expect(RunningApp.black, at: RunningApp.samples(from: (100, y), to: (500, y)), "the stroke after width \(index + 1):")
                let drawn = try app.count(RunningApp.black, x: 300, y: Int(y) - 40, width: 1, height: 80)
                XCTAssertEqual(drawn, Int(window.tunables.penWidthsPixels[index]), "width \(index + 1) at scale \(scale)")
            }
            app = nil
        }
    }
}
