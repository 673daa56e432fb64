// Which tool and pen rules a replay draws with: a touchscreen or pen recording
// (libinput record, evemu-record) holds device events only, so --tool and the
// pen options say; TouchTracker's own recording says in its header, and a
// replay must end as it was recorded.
@testable import TouchTrackerX11
import Foundation
import TouchTrackerCore
import XCTest

final class ReplaySourceTests: XCTestCase {
    private let viewport = Rect(x: 0, y: 0, width: 640, height: 480)

    private func sample(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImportTests/Samples/\(name)").path
    }

    func testATouchscreenRecordingDrawsWithTheToolGiven() throws {
        let source = try ReplaySource.load(sample("tap.evemu"), fittingInto: viewport)
        for tool in Tool.allCases {
            let start = source.recording(viewport: viewport, scale: 1, inspect: false, tool: tool, pen: PenSettings()).start
            XCTAssertEqual(start.settings, ToolSettings(tool: tool, colourIndex: 0, widthIndex: 2), "\(tool)")
            XCTAssertEqual(start.workspace(tunables: .standard).canvas.settings.tool, tool)
        }
    }

    func testATouchTrackerRecordingKeepsTheToolItStartedWith() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchtracker-replay-source-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.txt").path
        let recorded = SessionStart(scale: 1, width: 640, height: 480, mode: .drawing, lines: [],
                                    settings: ToolSettings(tool: .eraser, colourIndex: 4, widthIndex: 1))
        try SessionFile.text(of: SessionRecording(start: recorded, inputs: [])).write(toFile: file, atomically: true, encoding: .utf8)
        let source = try ReplaySource.load(file, fittingInto: viewport)
        let replayed = source.recording(viewport: viewport, scale: 2, inspect: false, tool: .circles,
                                        pen: PenSettings(palmTimeoutMilliseconds: nil, pressureSetsWidth: false)).start
        XCTAssertEqual(replayed.settings, recorded.settings)
        XCTAssertEqual(replayed.pen, recorded.pen, "its own pen rules, whatever the command line says")
    }

    /// --palm-timeout, --touch-with-pen and --no-pressure reach a tablet
    /// recording's replay as they reach the live window.
    func testATabletRecordingFollowsTheCommandLinesPenRules() throws {
        let source = try ReplaySource.load(sample("convertible.yml"), fittingInto: viewport)
        for rules in [PenSettings(palmTimeoutMilliseconds: 250, pressureSetsWidth: true),
                      PenSettings(palmTimeoutMilliseconds: nil, pressureSetsWidth: false)] {
            let recording = source.recording(viewport: viewport, scale: 1, inspect: false, tool: .ink, pen: rules)
            XCTAssertEqual(recording.start.pen, rules)
            let tunables = recording.start.workspace(tunables: .standard).canvas.tunables
            XCTAssertEqual(tunables.penSettings, rules)
            XCTAssertEqual(recording.start.deviceNames, [1: "Wacom HID 52C2 Finger", 2: "Wacom HID 52C2 Pen"],
                           "the inspector names the pen as it names the finger")
            XCTAssertEqual(recording.inputs.count, 8, "the finger's three steps and the pen's five events")
        }
    }
}
