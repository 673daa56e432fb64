import TouchTrackerCore
import XCTest

/// A session with a pen, recorded and read back, replays to the same drawing:
/// pen inputs and the pen's rules (palm timeout, pressure) are in the file,
/// and a replay follows the recorded rules, not the replaying window's.
final class PenSessionReplayTests: XCTestCase {
    private func inputs() -> [SessionInput] {
        var inputs: [SessionInput] = []
        func pen(_ phase: PenEvent.Phase, _ x: Double, _ pressure: Double?, _ ms: Int64) {
            inputs.append(.device(.pen(PenEvent(device: 14, phase: phase, point: pt(x, 300), pressure: pressure, time: at(ms)))))
        }
        inputs.append(.command(.pickTool(.ink), at: at(0)))
        pen(.hover, 100, nil, 10)
        pen(.down, 100, 0.1, 20)
        for k in 1...10 { pen(.move, 100 + Double(k) * 20, 0.1 * Double(k), 20 + Int64(k) * 8) }
        pen(.up, 300, 0, 110)
        // A finger 500 ms after the pen: a palm at the standard timeout, not at 200 ms.
        inputs.append(.device(.touch(event(touch(2, 1), .began, 100, 500, at: 610))))
        inputs.append(.device(.touch(event(touch(2, 1), .moved, 300, 500, at: 620))))
        inputs.append(.device(.touch(event(touch(2, 1), .ended, 300, 500, at: 630))))
        return inputs
    }

    private func played(_ recording: SessionRecording, tunables: Tunables = .standard) -> Workspace {
        var workspace = recording.start.workspace(tunables: tunables)
        for input in recording.inputs { _ = workspace.receive(input) }
        return workspace
    }

    func testAPenSessionReplaysToTheSameDrawingUnderItsRecordedRules() throws {
        for pen in [PenSettings(), PenSettings(palmTimeoutMilliseconds: 200, pressureSetsWidth: false)] {
            let start = SessionStart(scale: 1, width: 1024, height: 768, mode: .drawing, lines: [], pen: pen)
            let recording = SessionRecording(start: start, inputs: inputs())
            let live = played(recording)
            // Replayed by a window started with other rules.
            var other = Tunables.standard
            other.rejectsPalms = false
            other.penPressureSetsWidth = !pen.pressureSetsWidth
            let replayed = played(try SessionFile.read(SessionFile.text(of: recording)), tunables: other)
            XCTAssertEqual(replayed.canvas.drawing.lines, live.canvas.drawing.lines)
            XCTAssertEqual(live.canvas.drawing.lines.count, pen.palmTimeoutMilliseconds == 200 ? 2 : 1)
            XCTAssertEqual(live.canvas.drawing.lines.first?.pressures.isEmpty, !pen.pressureSetsWidth)
        }
    }
}
