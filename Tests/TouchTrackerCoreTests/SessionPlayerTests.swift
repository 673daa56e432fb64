import TouchTrackerCore
import XCTest

/// The player feeds each input when its moment comes round at the chosen
/// speed, always with its recorded time moved by one constant, chosen so the
/// last input's time is the wall moment it is fed at.
final class SessionPlayerTests: XCTestCase {
    static let start = SessionStart(scale: 1, width: 640, height: 480, mode: .drawing, lines: [])

    /// A stroke from 1000 to 1400 ms, then a key at 2000 ms.
    static let recording = SessionRecording(start: start, inputs: [
        .device(.touch(event(touch(3, 1), .began, 100, 100, at: 1000))),
        .device(.touch(event(touch(3, 1), .moved, 300, 100, at: 1200))),
        .device(.touch(event(touch(3, 1), .ended, 300, 100, at: 1400))),
        .command(.deselect, at: at(2000)),
    ])

    private func play(_ speed: ReplaySpeed, wallTimes: [Int64]) -> [(progress: SessionPlayer.Progress, played: Int)] {
        var workspace = Self.start.workspace(tunables: .standard)
        var player = SessionPlayer(recording: Self.recording, speed: speed, startedAt: at(50_000))
        return wallTimes.map { time in
            let progress = player.play(into: &workspace, upTo: at(50_000 + time))
            return (progress, player.inputsPlayed)
        }
    }

    func testAtSpeedOneEachInputWaitsForItsRecordedMoment() {
        let steps = play(.factor(1), wallTimes: [0, 999, 1000, 1399, 1400, 2000])
        XCTAssertEqual(steps.map(\.played), [0, 0, 1, 2, 3, 4])
        XCTAssertEqual(steps[0].progress, .playing(nextAt: at(51_000)))
        XCTAssertEqual(steps[2].progress, .playing(nextAt: at(51_200)))
        XCTAssertEqual(steps[5].progress, .finished)
    }

    func testAtSpeedTwoTheWaitsAreHalvedAndAtAQuarterFourTimesLonger() {
        XCTAssertEqual(play(.factor(2), wallTimes: [499, 500, 700, 1000]).map(\.played), [0, 1, 3, 4])
        XCTAssertEqual(play(.factor(0.25), wallTimes: [3999, 4000, 5600, 8000]).map(\.played), [0, 1, 3, 4])
    }

    func testAtMaxEverythingIsDueAtOnce() {
        XCTAssertEqual(play(.max, wallTimes: [0]).map(\.played), [4])
        XCTAssertEqual(play(.max, wallTimes: [0]).map(\.progress), [.finished])
    }

    func testTheCoreSeesTheRecordedSpacingWhateverTheSpeedEndingAtTheWallMomentOfTheLastInput() {
        for (speed, end) in [(ReplaySpeed.factor(1), Int64(52_000)), (.factor(4), 50_500), (.max, 50_000)] {
            let player = SessionPlayer(recording: Self.recording, speed: speed, startedAt: at(50_000))
            XCTAssertEqual(2000 + player.offsetMilliseconds, end, "\(speed)")
        }
    }

    func testARecordingWithNoInputsIsFinishedAtOnce() {
        var workspace = Self.start.workspace(tunables: .standard)
        var player = SessionPlayer(recording: SessionRecording(start: Self.start, inputs: []), speed: .factor(1), startedAt: at(5))
        XCTAssertEqual(player.play(into: &workspace, upTo: at(5)), .finished)
    }

    func testReplaySpeedAcceptsAQuarterToSixteenOrMax() {
        XCTAssertEqual(ReplaySpeed(parsing: "0.25"), .factor(0.25))
        XCTAssertEqual(ReplaySpeed(parsing: "16"), .factor(16))
        XCTAssertEqual(ReplaySpeed(parsing: "max"), .max)
        for bad in ["0.24", "17", "0", "-1", "fast", "", "nan", "inf"] { XCTAssertNil(ReplaySpeed(parsing: bad), bad) }
    }

    func testContactsStillDownWhenTheReplayEndsAreLetGoWithoutALine() {
        let cut = SessionRecording(start: Self.start, inputs: [
            .device(.touch(event(touch(3, 1), .began, 100, 100, at: 0))),
            .device(.touch(event(touch(3, 1), .moved, 300, 100, at: 50))),
            .device(.touch(event(touch(3, 2), .began, 100, 300, at: 60))),
            .device(.touch(event(touch(3, 2), .moved, 300, 300, at: 80))),
            .device(.touch(event(touch(3, 2), .ended, 300, 300, at: 90))),
        ], isComplete: false)
        var workspace = Self.start.workspace(tunables: .standard)
        var player = SessionPlayer(recording: cut, speed: .max, startedAt: at(0))
        XCTAssertEqual(player.play(into: &workspace, upTo: at(0)), .finished)
        XCTAssertEqual(workspace.canvas.linesInProgress.count, 1, "the session ended with a finger drawing")
        SessionPlayer.releaseContacts(in: &workspace, at: at(10))
        XCTAssertEqual(workspace.canvas.linesInProgress.count, 0)
        XCTAssertEqual(workspace.inspector.touches.count, 0)
        XCTAssertEqual(workspace.canvas.drawing.lines, [segment(100, 300, 300, 300)], "the finished line stays")
    }
}
