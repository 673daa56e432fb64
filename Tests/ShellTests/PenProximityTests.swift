// The test Xorg's pen has a proximity class and the harness's proximity message
// reaches it: XI2 has no proximity event, so the device's own state (XI 1.x, as
// `xinput query-state` prints it) is where it shows. Fails, with the server's answer,
// on an inputtest driver that lacks proximity.
import XCTest
import XorgHarness

final class PenProximityTests: XCTestCase {
    private var session: XorgSession!

    override func setUpWithError() throws {
        session = try TestXorg.shared()
    }

    override func tearDownWithError() throws {
        try session?.stylus.putDown()
        try session?.eraser.putDown()
    }

    private func proximity(_ name: String) throws -> String {
        let state = try session.xinput("query-state", name)
        guard let field = state.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("Proximity=") }) else {
            XCTFail("\(name) has no proximity class: xinput query-state says\n\(state)")
            return ""
        }
        return String(field.dropFirst("Proximity=".count))
    }

    func testComingNearAndGoingAwayShowInThePensProximityState() throws {
        for (name, pen) in [(session.server.penName, session.stylus), (session.server.penEraserName, session.eraser)] {
            try pen.hover(at: (500, 400))
            XCTAssertEqual(try proximity(name), "In", name)
            try pen.leave()
            XCTAssertEqual(try proximity(name), "Out", name)
            try pen.hover(at: (510, 400))
            XCTAssertEqual(try proximity(name), "In", "\(name) comes back")
            try pen.leave()
        }
    }

    func testThePenPlayerRefusesAStepOutOfOrder() throws {
        let stylus = session.stylus
        XCTAssertThrowsError(try stylus.press(pressure: 500), "a tip down out of proximity")
        XCTAssertThrowsError(try stylus.leave(), "leaving while not near")
        try stylus.hover(at: (500, 400))
        XCTAssertThrowsError(try stylus.move(to: (510, 400), pressure: 500), "a pressing move with the tip up")
        try stylus.press(pressure: 500)
        XCTAssertThrowsError(try stylus.leave(), "leaving with the tip down")
        XCTAssertThrowsError(try stylus.barrel(1, pressed: true), "the tip is no barrel button")
        try stylus.release()
        try stylus.leave()
    }
}
