import TouchTrackerCore
import TouchTrackerImport
import XCTest

/// The kernel's multi-touch protocol type B, and single-touch BTN_TOUCH, as contacts.
final class ContactRuleTests: XCTestCase {
    private func slotReuse() throws -> [TouchEvent] {
        // Axes 0–1000 into 500 × 500: half size.
        try RecordingImport.read(try sample("slot-reuse.evemu"), fittingInto: viewport(0, 0, 500, 500)).touches
    }

    func testSlotZeroIsImpliedBeforeAnyAbsMTSlot() throws {
        XCTAssertEqual(try slotReuse().first, event(touch(1, 1), .began, 50, 50, at: 0))
    }

    func testALiftedFingerEndsWhereItWas() throws {
        XCTAssertEqual(try slotReuse().filter { $0.key == touch(1, 1) }, [
            event(touch(1, 1), .began, 50, 50, at: 0),
            event(touch(1, 1), .ended, 50, 50, at: 16),
        ])
    }

    func testSlotReusedForNewTrackingIdIsANewContact() throws {
        XCTAssertEqual(try slotReuse().filter { $0.key == touch(1, 3) }.prefix(2), [
            event(touch(1, 3), .began, 250, 250, at: 24),
            event(touch(1, 3), .moved, 275, 250, at: 32),
        ])
    }

    func testANewTrackingIdInABusySlotEndsTheOldContactAndStartsAnotherWhereTheSlotWas() throws {
        let frame = try slotReuse().filter { $0.time == Instant(milliseconds: 40) }
        XCTAssertEqual(frame, [
            event(touch(1, 2), .ended, 150, 150, at: 40),
            event(touch(1, 4), .began, 150, 150, at: 40),
        ])
    }

    func testContactsStillDownAtTheEndOfTheFileEndAtTheLastEventsTime() throws {
        // The last frame (50 ms) carries only pressure; touches 3 and 4 are still down.
        XCTAssertEqual(try slotReuse().suffix(2), [
            event(touch(1, 3), .ended, 275, 250, at: 50),
            event(touch(1, 4), .ended, 150, 150, at: 50),
        ])
    }

    func testEveryContactThatBeginsEndsAndTouchZeroIsNeverUsed() throws {
        let touches = try slotReuse()
        let began = Set(touches.filter { $0.phase == .began }.map(\.key))
        let ended = Set(touches.filter { $0.phase == .ended }.map(\.key))
        XCTAssertEqual(began, ended)
        XCTAssertEqual(began, [touch(1, 1), touch(1, 2), touch(1, 3), touch(1, 4)])
        XCTAssertFalse(touches.contains { $0.key.isMouse })
        XCTAssertEqual(touches.count, 9)
    }

    func testASingleTouchDeviceFollowsBTNTouchAndAbsXY() throws {
        // A square 0–4096 device in 1024 × 512: 1/8 scale, 256 px margins left and right.
        let recording = try RecordingImport.read(try sample("single-touch.evemu"), fittingInto: viewport(0, 0, 1024, 512))
        XCTAssertEqual(recording.deviceName, "eGalax Inc. USB TouchController")
        XCTAssertEqual(recording.touches, [
            event(touch(1, 1), .began, 384, 256, at: 0),
            event(touch(1, 1), .moved, 512, 256, at: 16),
            event(touch(1, 1), .ended, 512, 256, at: 32),
            event(touch(1, 2), .began, 768, 0, at: 500),
            event(touch(1, 2), .ended, 768, 0, at: 600),
        ])
    }

    func testAContactThatBeginsAndEndsWithinOneFrameIsStillATap() throws {
        let text = """
            N: Fast Touchscreen
            P: 02
            A: 35 0 100 0 0 0
            A: 36 0 100 0 0 0
            E: 0.000000 0003 0039 0001
            E: 0.000000 0003 0035 0010
            E: 0.000000 0003 0036 0020
            E: 0.000000 0003 0039 -001
            E: 0.000000 0000 0000 0000

            """
        XCTAssertEqual(try RecordingImport.read(text, fittingInto: viewport(0, 0, 100, 100)).touches, [
            event(touch(1, 1), .began, 10, 20, at: 0),
            event(touch(1, 1), .ended, 10, 20, at: 0),
        ])
    }

    func testAFrameCutShortByTheEndOfTheFileIsNotReplayed() throws {
        // The last move has no SYN_REPORT: the finger lifts where the last whole frame put it.
        let text = """
            N: Wacom HID 52C2 Finger
            P: 02
            A: 35 0 100 0 0 0
            A: 36 0 100 0 0 0
            E: 0.000000 0003 0039 0001
            E: 0.000000 0003 0035 0010
            E: 0.000000 0003 0036 0020
            E: 0.000000 0000 0000 0000
            E: 0.030000 0003 0035 0090

            """
        XCTAssertEqual(try RecordingImport.read(text, fittingInto: viewport(0, 0, 100, 100)).touches, [
            event(touch(1, 1), .began, 10, 20, at: 0),
            event(touch(1, 1), .ended, 10, 20, at: 30),
        ])
    }

    func testTimeNeverGoesBackEvenWhenTheRecordingsClockDoes() throws {
        let text = """
            N: Wacom HID 52C2 Finger
            P: 02
            A: 35 0 100 0 0 0
            A: 36 0 100 0 0 0
            E: 1.000000 0003 0039 0001
            E: 1.000000 0003 0035 0010
            E: 1.000000 0003 0036 0020
            E: 1.000000 0000 0000 0000
            E: 1.020000 0003 0035 0030
            E: 1.020000 0000 0000 0000
            E: 0.900000 0003 0035 0040
            E: 0.900000 0000 0000 0000
            E: 1.030000 0003 0039 -001
            E: 1.030000 0000 0000 0000

            """
        XCTAssertEqual(try RecordingImport.read(text, fittingInto: viewport(0, 0, 100, 100)).touches.map(\.time.milliseconds),
                       [0, 20, 20, 30])
    }
}
