// Which tool a replay draws with: a touchscreen recording (libinput record,
// evemu-record) holds touches only, so --tool says; TouchTracker's own
// recording says in its header, and a replay must end as it was recorded.
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
            let start = source.recording(viewport: viewport, scale: 1, inspect: false, tool: tool).start
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
        XCTAssertEqual(source.recording(viewport: viewport, scale: 2, inspect: false, tool: .circles).start.settings, recorded.settings)
    }
}
