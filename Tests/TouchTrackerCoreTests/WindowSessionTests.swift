import TouchTrackerCore
import XCTest

/// Live input reaches the workspace through the window's session: all of it
/// while live (and all of it is what a recording writes), only the window's
/// own while a recording plays; time passing meets the workspace's deadlines,
/// or feeds the recording.
final class WindowSessionTests: XCTestCase {
    static let start = SessionStart(scale: 1, width: 640, height: 480, mode: .drawing, lines: [])
    let finger = touch(2, 1)

    private func live() -> WindowSession {
        WindowSession(workspace: Self.start.workspace(tunables: .standard))
    }

    private func replaying(_ inputs: [SessionInput]) -> WindowSession {
        let player = SessionPlayer(recording: SessionRecording(start: Self.start, inputs: inputs), speed: .factor(1), startedAt: at(10_000))
        return WindowSession(workspace: Self.start.workspace(tunables: .standard),
                             replay: ReplayControl(player: player, windowWidth: 640, windowHeight: 480))
    }

    func testLiveEveryInputIsTakenAndSoRecorded() {
        var session = live()
        let stroke: [SessionInput] = [
            .device(.touch(event(finger, .began, 100, 100, at: 0))),
            .device(.touch(event(finger, .moved, 300, 100, at: 20))),
            .device(.touch(event(finger, .ended, 300, 100, at: 40))),
        ]
        for input in stroke { XCTAssertTrue(session.receive(input).taken) }
        XCTAssertEqual(session.workspace.canvas.drawing.lines, [segment(100, 100, 300, 100)])
        XCTAssertEqual(session.receive(.command(.quit, at: at(50))).effect, .quit)
    }

    func testWhileARecordingPlaysLiveTouchesAreNeitherTakenNorRecorded() {
        var session = replaying([.command(.deselect, at: at(5_000))])
        let (effect, taken) = session.receive(.device(.touch(event(finger, .began, 100, 100, at: 10_001))))
        XCTAssertNil(effect)
        XCTAssertFalse(taken)
        XCTAssertTrue(session.workspace.inspector.touches.isEmpty, "the workspace never heard of it")
        XCTAssertEqual(session.receive(.command(.quit, at: at(10_002))).effect, .quit, "quitting still works")
    }

    func testADeadlineThatCameIsMetAndHandedBackForTheRecording() {
        var session = live()
        _ = session.receive(.device(.touch(event(finger, .began, 100, 100, at: 0))))
        let due = try! XCTUnwrap(session.nextDeadline, "a long press may come")
        XCTAssertEqual(session.advance(to: due.adding(milliseconds: -1)), .idle)
        XCTAssertEqual(session.advance(to: due), .advanced(.advance(to: due)))
    }

    func testTheRecordingOwnsTheClockUntilItsLastInputThenLiveInputTakesOver() {
        var session = replaying([.command(.toggleInspector, at: at(0)), .command(.toggleInspector, at: at(1_000))])
        XCTAssertEqual(session.advance(to: at(10_000)), .replayed)
        XCTAssertEqual(session.workspace.mode, .inspecting)
        XCTAssertEqual(session.nextDeadline, at(11_000), "the recording's next input")
        XCTAssertEqual(session.advance(to: at(11_000)), .replayFinished)
        XCTAssertEqual(session.workspace.mode, .drawing)
        XCTAssertNil(session.replay)
        XCTAssertTrue(session.receive(.command(.toggleInspector, at: at(11_001))).taken)
    }

    func testAShakeClearsOnlyALiveDrawingAndSaysSo() {
        var session = live()
        XCTAssertEqual(session.shake(at: at(0)).cleared, true)
        _ = session.receive(.command(.toggleInspector, at: at(10)))
        let inspecting = session.shake(at: at(20))
        XCTAssertEqual(inspecting.cleared, false, "the inspector keeps the drawing")
        XCTAssertEqual(inspecting.taken, .shake(at: at(20)), "still recorded: a replay meets it too")
        var playing = replaying([.command(.deselect, at: at(5_000))])
        let replayed = playing.shake(at: at(10_001))
        XCTAssertNil(replayed.taken)
        XCTAssertFalse(replayed.cleared)
    }
}
