// A pen recording from a bug report (`libinput record`, `evemu-record`), written
// to a file as the kernel's events, replayed by the real program with --replay and
// exported to PNG by the test X server: pressure widens ink where it rose, not
// with --no-pressure, the eraser end erases what the tip drew, and the window's
// replay ends as the export.
import Foundation
import TouchTrackerCore
import XCTest
import XorgHarness

final class TabletReplayExportTests: XCTestCase {
    private var session: XorgSession!
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        folder = try TemporaryFolder(prefix: "touchtracker-tablet-")
    }

    override func tearDown() {
        folder = nil
    }

    /// One SYN_REPORT frame of the kernel's events: (type, code, value).
    private typealias Frame = (milliseconds: Int, events: [(UInt16, UInt16, Int32)])

    private static let penTool: UInt16 = 320, rubberTool: UInt16 = 321, touch: UInt16 = 330
    private static let x: UInt16 = 0, y: UInt16 = 1, pressure: UInt16 = 24

    /// A pen display of 256 × 192 mm (0–10240 × 0–7680, 40 units a mm, pressure
    /// 0–2047) in a 1024 × 768 window: 0.1 px a unit, so a unit is window px × 10.
    private static let absinfo: [(UInt16, Int32, Int32, Int32)] = [(x, 0, 10240, 40), (y, 0, 7680, 40), (pressure, 0, 2047, 0)]

    private func libinputRecord(_ frames: [Frame]) -> String {
        var text = """
            # libinput record
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event9
              evdev:
                name: "Wacom HID 5218 Pen"
                codes:
                  0: [0, 1, 2, 3, 4] # EV_SYN
                  1: [320, 321, 330, 331, 332] # EV_KEY
                  3: [0, 1, 24] # EV_ABS
                absinfo:

            """
        for (code, minimum, maximum, resolution) in Self.absinfo {
            text += "      \(code): [\(minimum), \(maximum), 0, 0, \(resolution)]\n"
        }
        text += "    properties: [1]\n  events:\n"
        for frame in frames {
            text += "  - evdev:\n"
            for (type, code, value) in frame.events + [(0, 0, 0)] {
                text += "    - [\(Self.seconds(frame)), \(Self.microseconds(frame)), \(type), \(code), \(value)]\n"
            }
        }
        return text
    }

    private func evemu(_ frames: [Frame]) -> String {
        var text = "# EVEMU 1.3\nN: Wacom HID 5218 Pen\nI: 0018 056a 5218 0100\nP: 02 00 00 00 00 00 00 00\n"
        text += "B: 00 0b 00 00 00 00 00 00 00\n" + String(repeating: "B: 01 00 00 00 00 00 00 00 00\n", count: 5)
        // BTN_TOOL_PEN, BTN_TOOL_RUBBER (byte 40); BTN_TOUCH (byte 41).
        text += "B: 01 03 04 00 00 00 00 00 00\n" + "B: 03 03 00 00 01 00 00 00 00\n"
        for (code, minimum, maximum, resolution) in Self.absinfo {
            text += "A: \(String(code, radix: 16)) \(minimum) \(maximum) 0 0 \(resolution)\n"
        }
        func hex(_ number: UInt16) -> String {
            let digits = String(number, radix: 16)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }
        for frame in frames {
            let usec = String(Self.microseconds(frame)), time = "\(Self.seconds(frame)).\(String(repeating: "0", count: 6 - usec.count))\(usec)"
            for (type, code, value) in frame.events + [(0, 0, 0)] {
                text += "E: \(time) \(hex(type)) \(hex(code)) \(value)\n"
            }
        }
        return text
    }

    /// A frame's time on the recording's clock, which starts at 7.1 s (not 0).
    private static func seconds(_ frame: Frame) -> Int { (7_100 + frame.milliseconds) / 1000 }
    private static func microseconds(_ frame: Frame) -> Int { (7_100 + frame.milliseconds) % 1000 * 1000 }

    /// `tool` brought near at `from`, pressed down with `pressures[0]`, moved by
    /// 50 px steps (one per pressure after the first) to the right or down,
    /// lifted and taken away; times from `start` ms on, 10 ms a frame.
    private func stroke(_ tool: UInt16, from: (Int32, Int32), down: Bool = false, pressures: [Int32], start: Int) -> [Frame] {
        let (x, y) = (from.0 * 10, from.1 * 10)
        var frames: [Frame] = [(start, [(3, Self.x, x), (3, Self.y, y), (1, tool, 1)]),
                               (start + 10, [(3, Self.pressure, pressures[0]), (1, Self.touch, 1)])]
        for (step, pressure) in pressures.enumerated().dropFirst() {
            let along = Int32(step) * 500
            frames.append((start + 10 + step * 10, [(3, down ? Self.y : Self.x, (down ? y : x) + along), (3, Self.pressure, pressure)]))
        }
        let end = start + 20 + pressures.count * 10
        frames.append((end, [(3, Self.pressure, 0), (1, Self.touch, 0)]))
        // Wacom's driver zeroes the axes as the pen leaves.
        frames.append((end + 10, [(3, Self.x, 0), (3, Self.y, 0), (1, tool, 0)]))
        return frames
    }

    /// Replays `text` written to a file and exports it to PNG with `arguments`; the picture.
    private func export(_ text: String, named name: String, _ arguments: [String]) throws -> PixelRegion {
        let recording = folder.file(name), picture = folder.file(name + ".png")
        try text.write(toFile: recording, atomically: true, encoding: .utf8)
        let run = try ChildProcess.run(BuildFolder.touchtracker,
                                       ["--replay", recording, "--export", picture, "--geometry", "1024x768"] + arguments,
                                       environment: session.environment, timeout: 20)
        XCTAssertEqual(run.status, 0, run.error)
        XCTAssertEqual(run.error, "", "a successful export says nothing")
        return try PixelRegion(pngFile: picture)
    }

    /// Rows of black in the column at `x`, 40 px either side of `y`.
    private func rows(_ picture: PixelRegion, x: Int, aroundY y: Int) -> Int {
        (y - 40..<y + 40).filter { picture[x, $0] == 0x000000 }.count
    }

    /// Lightly (40 of 2047) from x 100 to 500, then fully from 550 to 900, at y 300.
    private var pressedStroke: [Frame] {
        stroke(Self.penTool, from: (100, 300), pressures: Array(repeating: 40, count: 9) + Array(repeating: 2047, count: 8), start: 0)
    }

    func testATabletRecordingReplaysPenPressureAsInkWidth() throws {
        for (format, text) in [("yml", libinputRecord(pressedStroke)), ("evemu", evemu(pressedStroke))] {
            let picture = try export(text, named: "pressure.\(format)", ["--tool", "ink"])
            // The chosen 10 px at full pressure; a quarter of it, and a little, at 40 of 2047.
            XCTAssertEqual(rows(picture, x: 750, aroundY: 300), 10, format)
            let light = rows(picture, x: 250, aroundY: 300)
            XCTAssertTrue((2...3).contains(light), "\(format): \(light) rows")
        }
    }

    func testWithNoPressureATabletRecordingsInkIsOneWidth() throws {
        let picture = try export(libinputRecord(pressedStroke), named: "flat.yml", ["--tool", "ink", "--no-pressure"])
        XCTAssertEqual(rows(picture, x: 250, aroundY: 300), 10)
        XCTAssertEqual(rows(picture, x: 750, aroundY: 300), 10)
    }

    /// The window gets the same pen events as the export: it ends as the export draws it.
    func testATabletRecordingReplaysInTheWindowAsItsExportDrawsIt() throws {
        let exported = try export(libinputRecord(pressedStroke), named: "window.yml", ["--tool", "ink"])
        XCTAssertGreaterThan(exported.count(of: 0x000000), 3000, "the pen's stroke")
        let replay = try RunningApp(session: session, arguments: ["--geometry", "1024x768+0+0", "--tool", "ink",
                                                                  "--replay", folder.file("window.yml")])
        XCTAssertTrue(replay.process.waitForOutput(containing: "replay finished", timeout: 30), replay.process.standardError)
        var current = try replay.probe.region(x: 0, y: 0, width: 1024, height: 768)
        _ = Deadline(secondsFromNow: 3).wait(interval: 0.05) {
            current = (try? replay.probe.region(x: 0, y: 0, width: 1024, height: 768)) ?? current
            return current == exported
        }
        XCTAssertEqual(zip(current.pixels, exported.pixels).filter { $0 != $1 }.count, 0, "the window ends as the export")
    }

    func testTheEraserEndOfARecordedPenErasesTheLineItsTipDrew() throws {
        // The tip draws down x 500 from y 200 to 400; then the pen is turned over and
        // its eraser end crosses that line at y 300, from x 300 to 700.
        let line = stroke(Self.penTool, from: (500, 200), down: true, pressures: Array(repeating: 2047, count: 5), start: 0)
        let erasing = stroke(Self.rubberTool, from: (300, 300), pressures: Array(repeating: 1500, count: 9), start: 300)
        let drawn = try export(evemu(line), named: "line.evemu", [])
        XCTAssertEqual(rows(drawn, x: 500, aroundY: 300), 80, "the tip's line, before the eraser")
        let erased = try export(evemu(line + erasing), named: "erased.evemu", [])
        XCTAssertEqual(erased.count(of: 0x000000), 0, "the eraser end took the line and drew nothing")
        XCTAssertEqual(erased.count(of: 0xFFFFFF), 1024 * 768)
    }
}
