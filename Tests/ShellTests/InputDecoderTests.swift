// What InputDecoder.decode makes of real XEvents: the app's own connection and
// window in this process, on the shared test Xorg, with input injected through the
// inputtest touchscreen, pointer and keyboard (LiveDecoder). Only decode's output is
// checked, so the tests hold whatever the shell's types are called inside.
//
// Positions: the harness aims 1/256 px past each pixel's edge (InputTestDevice), and
// XI2 carries 16.16 fixed point, so a touch at root pixel (150, 100) reaches a window
// at (100, 50) as exactly (50 + 1/256, 50 + 1/256).
@testable import TouchTrackerX11
import TouchTrackerCore
import XCTest
import XorgHarness

final class InputDecoderTests: XCTestCase {
    private var session: XorgSession!
    private var live: LiveDecoder!

    /// 1/256 px: where the harness puts a touch inside its pixel.
    private let e = 1.0 / 256

    override func setUpWithError() throws {
        session = try TestXorg.shared()
        live = try LiveDecoder(session: session, x: 100, y: 50, width: 400, height: 300)
    }

    override func tearDown() {
        live?.close()
        live = nil
    }

    private func touchscreenID() throws -> Int32 { try live.deviceID(session.server.touchscreenName) }
    private func pointerID() throws -> Int32 { try live.deviceID(session.server.pointerName) }

    private func at(_ x: Double, _ y: Double) -> Point { Point(x: x + e, y: y + e) }

    /// Puts the pointer outside the window, so that the next motion into it is an
    /// event whatever the tests before left the pointer at.
    private func parkPointer() throws {
        try session.pointer.motion(x: 5, y: 5)
        try session.pointer.sync()
        _ = try live.decodeWhatIsQueued()
    }

    private func ends(_ count: Int) -> ([Decoded]) -> Bool {
        { decoded in decoded.filter { if case .touch(_, .ended, _) = $0 { true } else { false } }.count >= count }
    }

    // MARK: Window

    func testMappingTheWindowExposesAllOfIt() {
        XCTAssertEqual(live.received.flatMap(\.decoded), [.exposed(Rect(x: 0, y: 0, width: 400, height: 300))])
    }

    func testConfigureNotifyIsResizedToTheNewSize() throws {
        live.moveResize(x: 120, y: 60, width: 300, height: 200)
        XCTAssertEqual(try live.decode { !$0.isEmpty }, [.resized(width: 300, height: 200)])
    }

    func testWMDeleteWindowFromAnotherClientIsCloseRequested() throws {
        session.probe.sendDeleteWindow(live.windowID)
        XCTAssertEqual(try live.decode { !$0.isEmpty }, [.closeRequested])
    }

    func testPingIsHandedOnAndOtherProtocolMessagesDecodeToNothing() throws {
        session.probe.sendProtocolMessage(live.windowID, protocolName: "WM_TAKE_FOCUS")
        session.probe.sendProtocolMessage(live.windowID, protocolName: "_NET_WM_PING")
        XCTAssertEqual(try live.decode { !$0.isEmpty }, [.ping])
        XCTAssertEqual(live.received.suffix(2).map(\.kind), ["ClientMessage", "ClientMessage"])
    }

    // MARK: Touches

    func testATouchBeginsMovesAndEndsUnderItsDeviceAndTouchIDAtWindowCoordinates() throws {
        try session.fingers.stroke(from: (150, 100), to: (250, 200), steps: 2)
        let decoded = try live.decode(until: ends(1))
        guard case .touch(let key, _, _)? = decoded.first else { return XCTFail("no touch in \(decoded)") }
        XCTAssertEqual(key.device, try touchscreenID(), "keyed by the source device, not the master")
        XCTAssertFalse(key.isMouse, "a touch id is never the mouse's 0")
        XCTAssertEqual(decoded, [.touch(key, .began, at(50, 50)), .touch(key, .moved, at(100, 100)),
                                 .touch(key, .moved, at(150, 150)), .touch(key, .ended, at(150, 150))])
    }

    func testTwoFingersAtOnceAreTwoKeysOfTheSameDevice() throws {
        let ts = session.touchscreen
        let a = try session.fingers.down(at: (200, 100), sync: false)
        let b = try session.fingers.down(at: (300, 250), sync: false)
        try ts.touch(id: a, phase: .update, x: 210, y: 110)
        try ts.touch(id: b, phase: .update, x: 320, y: 270)
        try ts.touch(id: a, phase: .end, x: 210, y: 110)
        try ts.touch(id: b, phase: .end, x: 320, y: 270)
        try ts.sync()
        let decoded = try live.decode(until: ends(2))
        guard case .touch(let first, _, _)? = decoded.first, case .touch(let second, _, _)? = decoded.dropFirst().first else {
            return XCTFail("no two touches in \(decoded)")
        }
        XCTAssertEqual(first.device, try touchscreenID())
        XCTAssertEqual(second.device, first.device)
        XCTAssertNotEqual(second.touch, first.touch)
        XCTAssertEqual(decoded, [.touch(first, .began, at(100, 50)), .touch(second, .began, at(200, 200)),
                                 .touch(first, .moved, at(110, 60)), .touch(second, .moved, at(220, 220)),
                                 .touch(first, .ended, at(110, 60)), .touch(second, .ended, at(220, 220))])
    }

    func testPointerEventsEmulatedFromATouchDecodeToNothing() throws {
        let before = live.received.count
        try session.fingers.stroke(from: (300, 200), to: (350, 220), steps: 1)
        let decoded = try live.decode(until: ends(1))
        XCTAssertTrue(decoded.allSatisfy(\.isTouch), "\(decoded)")
        XCTAssertEqual(decoded.count, 3, "\(decoded)")
        // The server moved the pointer for the touch (XIPointerEmulated): that event
        // reached the window and decoded to nothing, so nothing is drawn twice.
        let pointer = live.received[before...].filter { ["XI_Motion", "XI_ButtonPress", "XI_ButtonRelease"].contains($0.kind) }
        XCTAssertFalse(pointer.isEmpty, "no emulated pointer event arrived: \(live.received[before...].map(\.kind))")
        XCTAssertEqual(pointer.flatMap(\.decoded), [])
    }

    // MARK: Mouse

    func testMouseButtonOneDragIsTheMouseKeyOfThePointerDevice() throws {
        try parkPointer()
        let pointer = session.pointer
        try pointer.motion(x: 300, y: 300)
        try pointer.button(1, pressed: true, x: 300, y: 300)
        try pointer.motion(x: 310, y: 320)
        try pointer.button(1, pressed: false, x: 310, y: 320)
        try pointer.sync()
        let decoded = try live.decode(until: ends(1))
        let mouse = TouchKey.mouse(device: try pointerID())
        XCTAssertEqual(decoded, [.touch(mouse, .moved, at(200, 250)), .touch(mouse, .began, at(200, 250)),
                                 .touch(mouse, .moved, at(210, 270)), .touch(mouse, .ended, at(210, 270))])
    }

    func testOtherMouseButtonsDecodeToNothing() throws {
        try parkPointer()
        let pointer = session.pointer
        try pointer.motion(x: 250, y: 150)
        for button: Int32 in [2, 3] {
            try pointer.button(button, pressed: true, x: 250, y: 150)
            try pointer.button(button, pressed: false, x: 250, y: 150)
        }
        try pointer.button(1, pressed: true, x: 250, y: 150)
        try pointer.button(1, pressed: false, x: 250, y: 150)
        try pointer.sync()
        let decoded = try live.decode(until: ends(1))
        let mouse = TouchKey.mouse(device: try pointerID())
        XCTAssertEqual(decoded, [.touch(mouse, .moved, at(150, 100)), .touch(mouse, .began, at(150, 100)),
                                 .touch(mouse, .ended, at(150, 100))])
        XCTAssertEqual(live.received.filter { $0.kind == "XI_ButtonPress" }.count, 3, "buttons 2 and 3 did reach the window")
    }

    // MARK: Keys

    func testCommandKeysDecodeToTheirCommands() throws {
        // No window manager: the keyboard follows the pointer (PointerRoot focus).
        try parkPointer()
        try session.pointer.motion(x: 300, y: 200)
        try session.pointer.sync()
        XCTAssertEqual(try live.decode { !$0.isEmpty }, [.touch(.mouse(device: try pointerID()), .moved, at(200, 150))])
        let keys = session.keys
        try keys.press("q", holding: ["Control_L"])
        try keys.press("q")  // without Control: nothing
        try keys.press("F11")
        try keys.press("Delete")
        try keys.press("BackSpace")
        try keys.press("Escape")
        try keys.press("s")
        try keys.press("s", holding: ["Shift_L"])
        try keys.press("i")
        try keys.press("i", holding: ["Shift_L"])
        let expected: [Decoded] = [.command(.quit), .command(.toggleFullscreen), .command(.deleteSelectedLine),
                                   .command(.deleteSelectedLine), .command(.deselect), .command(.clear),
                                   .command(.clear), .command(.toggleInspector), .command(.toggleInspector)]
        XCTAssertEqual(try live.decode { $0.count >= expected.count }, expected)
    }

    // MARK: Devices

    func testDisablingTheTouchscreenIsDevicesChangedAndDeviceRemoved() throws {
        let touchscreen = try touchscreenID()
        try session.xinput("disable", session.server.touchscreenName)
        var restored = false
        defer {
            // Every later test shares this touchscreen: failing to restore it must be loud here.
            if !restored {
                XCTAssertNoThrow(try session.xinput("enable", session.server.touchscreenName))
                XCTAssertNoThrow(try session.touchscreen.reconnect())
            }
        }
        XCTAssertEqual(try live.decode { $0.contains(.devicesChanged) }, [.devicesChanged, .deviceRemoved(touchscreen)])

        // Disabling made the driver drop our connection: enable, then connect again.
        try session.xinput("enable", session.server.touchscreenName)
        try session.touchscreen.reconnect()
        restored = true
        XCTAssertEqual(try live.decode { $0.contains(.devicesChanged) }, [.devicesChanged], "enabling removes nothing")
        try session.fingers.tap(at: (200, 100))
        let key = try XCTUnwrap(try live.decode(until: ends(1)).first.flatMap { if case .touch(let key, _, _) = $0 { key } else { nil } })
        XCTAssertEqual(key.device, touchscreen, "the same device, touching again")
    }
}
