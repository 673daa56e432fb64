// Colours and widths on a real X server: every palette key and both width keys by a
// real key press, then a real stroke, its pixels read back: each colour exactly its
// hex value, each width exactly its pixels; a selected coloured line keeps its colour
// inside the green halo, and picking a colour repaints it.
import TouchTrackerCore
import XCTest
import XorgHarness

final class StyleOnScreenTests: XCTestCase {
    private var app: RunningApp!
    private let palette = Tunables.standard.palette.map(\.ink.rgb)

    override func setUpWithError() throws {
        app = try RunningApp(session: try TestXorg.shared(), arguments: ["--geometry", "1024x768+0+0", "--no-toolbar"])
        XCTAssertEqual(palette, [0x000000, 0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7, 0x7F7F7F, 0xFFFFFF])
        XCTAssertEqual(Tunables.standard.penWidthsPixels, [3, 6, 10, 16, 24])
    }

    override func tearDown() {
        app = nil
    }

    func testEachPaletteKeyPaintsTheNextStrokeExactlyInItsColour() throws {
        // A black stroke down first: the white one, painted later, shows across it.
        try app.press(key: "1")
        _ = try app.stroke(from: (700, 20), to: (700, 740))
        app.expectLine(RunningApp.black, from: (700, 20), to: (700, 740))
        for (i, key) in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"].enumerated() {
            try app.press(key: key)
            let y = 50.0 + 70 * Double(i)
            _ = try app.stroke(from: (100, y), to: (900, y))
            app.expect(palette[i], at: RunningApp.samples(from: (100, y), to: (900, y)) + [(700, Int(y)), (700, Int(y) - 4)],
                       "key \(key), over the black stroke too:")
            app.expect(RunningApp.white, at: LineSamples.beside(from: (100, y), to: (900, y)).filter { abs($0.0 - 700) > 8 }, "beside key \(key)'s stroke:")
        }
        app.expect(RunningApp.black, at: [(700, 20), (700, 85), (700, 720)], "the black stroke between them")
    }

    /// Rows of `colour` in the column x 450 around a horizontal stroke at `y`.
    private func rows(of colour: UInt32, aroundY y: Int) throws -> Int {
        try app.count(colour, x: 450, y: y - 30, width: 1, height: 60)
    }

    func testTheWidthKeysStepThroughTheFiveWidthsAndEachIsPaintedItsPixels() throws {
        // The window starts at the middle width: two steps thinner is the thinnest.
        try app.press(key: "bracketleft")
        try app.press(key: "bracketleft")
        var measured: [Int] = []
        for step in 0..<5 {
            if step > 0 { try app.press(key: "bracketright") }
            let y = 80 + 130 * step
            _ = try app.stroke(from: (200, Double(y)), to: (700, Double(y)))
            app.expect(RunningApp.black, at: [(450, y)], "stroke \(step + 1):")
            measured.append(try rows(of: RunningApp.black, aroundY: y))
        }
        XCTAssertEqual(measured, [3, 6, 10, 16, 24])
        // Past the thickest it stays the thickest.
        try app.press(key: "bracketright")
        _ = try app.stroke(from: (200, 720), to: (700, 720))
        app.expect(RunningApp.black, at: [(450, 720)])
        XCTAssertEqual(try rows(of: RunningApp.black, aroundY: 720), 24)
    }

    func testASelectedColouredLineKeepsItsColourInsideTheGreenHaloAndPickingAColourRepaintsIt() throws {
        let blue: UInt32 = 0x0072B2, vermilion: UInt32 = 0xD55E00
        try app.press(key: "6")
        _ = try app.stroke(from: (100, 300), to: (600, 300))
        app.expectLine(blue, from: (100, 300), to: (600, 300))
        try app.tap(at: (300, 306))
        app.expectSelected(blue, from: (100, 300), to: (600, 300))
        // Picking a colour with the line selected restyles it; it stays selected.
        try app.press(key: "7")
        app.expectSelected(vermilion, from: (100, 300), to: (600, 300))
        try app.press(key: "Escape")
        app.expectLine(vermilion, from: (100, 300), to: (600, 300))
        XCTAssertEqual(try app.count(RunningApp.green, x: 0, y: 0, width: 1024, height: 768), 0, "no halo left behind")
        XCTAssertEqual(try app.count(blue, x: 0, y: 0, width: 1024, height: 768), 0, "nothing of the old colour either")
    }

    func testAThickerPenPickedForASelectedLineWidensItAndItsHalo() throws {
        _ = try app.stroke(from: (100, 400), to: (600, 400))
        try app.tap(at: (300, 404))
        app.expectSelected(RunningApp.black, from: (100, 400), to: (600, 400))
        try app.press(key: "bracketright")
        try app.press(key: "bracketright")
        // 24 px, with 4 px of green on each side.
        app.expect(RunningApp.black, at: [(350, 389), (350, 410)])
        app.expect(RunningApp.green, at: [(350, 385), (350, 414)])
        try app.press(key: "Escape")
        app.expect(RunningApp.white, at: [(350, 385), (350, 414)])
        XCTAssertEqual(try rows(of: RunningApp.black, aroundY: 400), 24)
    }
}
