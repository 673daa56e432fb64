import TouchTrackerCore
import XCTest

/// While a recording plays it owns the drawing: live input does only what is
/// the window's (quit, fullscreen, its size); at the end fingers it left down
/// are let go and the drawing takes the window's live size.
final class ReplayControlTests: XCTestCase {
    static let start = SessionStart(scale: 1, width: 640, height: 480, mode: .drawing, lines: [])

    /// A finger lands at 1000 ms and moves out of the slop; it never lifts.
    static let recording = SessionRecording(start: start, inputs: [
        .device(.touch(event(touch(3, 1), .began, 100, 100, at: 1000))),
        .device(.touch(event(touch(3, 1), .moved, 300, 100, at: 1200))),
    ])

    private func control(windowWidth: Int = 640, windowHeight: Int = 480) -> ReplayControl {
        ReplayControl(player: SessionPlayer(recording: Self.recording, speed: .max, startedAt: at(50_000)),
                      windowWidth: windowWidth, windowHeight: windowHeight)
    }

    func testWhileARecordingPlaysLiveTouchesKeysAndShakesDoNothing() {
        var replay = control()
        let live: [SessionInput] = [
            .device(.touch(event(touch(2, 9), .began, 10, 10, at: 50_000))),
            .command(.clear, at: at(50_000)), .command(.undo, at: at(50_000)), .command(.takePicture, at: at(50_000)),
            .shake(at: at(50_000)), .advance(to: at(50_000)),
        ]
        for input in live { XCTAssertNil(replay.admit(input), "\(input)") }
    }

    func testWhileARecordingPlaysQuitAndFullscreenStillAct() {
        var replay = control()
        XCTAssertEqual(replay.admit(.command(.quit, at: at(50_000))), .quit)
        XCTAssertEqual(replay.admit(.command(.toggleFullscreen, at: at(50_000))), .toggleFullscreen)
    }

    func testAtTheEndFingersTheRecordingLeftDownAreLetGoAndNoLineStaysInProgress() {
        var replay = control()
        var workspace = Self.start.workspace(tunables: .standard)
        XCTAssertEqual(replay.play(into: &workspace, upTo: at(50_000)), .finished)
        XCTAssertTrue(workspace.canvas.linesInProgress.isEmpty)
        XCTAssertTrue(workspace.canvas.drawing.lines.isEmpty, "cancelled, never finished")
    }

    func testAtTheEndTheDrawingTakesTheWindowsLiveSize() {
        var replay = control()
        XCTAssertNil(replay.admit(.resize(width: 800, height: 600, at: at(50_000))))
        var workspace = Self.start.workspace(tunables: .standard)
        XCTAssertEqual(replay.play(into: &workspace, upTo: at(50_000)), .finished)
        XCTAssertEqual(workspace.viewport, Rect(x: 0, y: 0, width: 800, height: 600))
    }

    func testAWindowNeverResizedGoesBackToTheSizeItOpenedAt() {
        var replay = control(windowWidth: 1024, windowHeight: 768)
        var workspace = Self.start.workspace(tunables: .standard)
        XCTAssertEqual(replay.play(into: &workspace, upTo: at(50_000)), .finished)
        XCTAssertEqual(workspace.viewport, Rect(x: 0, y: 0, width: 1024, height: 768))
    }
}
