import TouchTrackerCore
import XCTest

final class WindowGeometryTests: XCTestCase {
    func testParsesSizeWithoutOffset() throws {
        let g = try XCTUnwrap(WindowGeometry(parsing: "1024x768"))
        XCTAssertEqual(g.width, 1024)
        XCTAssertEqual(g.height, 768)
        XCTAssertNil(g.offset)
        XCTAssertNil(g.origin(onScreenWidth: 1920, screenHeight: 1080))
        XCTAssertEqual(g, WindowGeometry.default)
    }

    func testParsesPlusOffsetsFromTheLeftAndTop() throws {
        let g = try XCTUnwrap(WindowGeometry(parsing: "800x600+10+20"))
        XCTAssertEqual(g.width, 800)
        XCTAssertEqual(g.height, 600)
        let offset = try XCTUnwrap(g.offset)
        XCTAssertEqual(offset.x, 10)
        XCTAssertEqual(offset.xFrom, .leading)
        XCTAssertEqual(offset.y, 20)
        XCTAssertEqual(offset.yFrom, .leading)
        let origin = try XCTUnwrap(g.origin(onScreenWidth: 1920, screenHeight: 1080))
        XCTAssertEqual(origin.x, 10)
        XCTAssertEqual(origin.y, 20)
    }

    func testMinusOffsetsCountFromTheRightAndBottom() throws {
        let g = try XCTUnwrap(WindowGeometry(parsing: "800x600-10-20"))
        let offset = try XCTUnwrap(g.offset)
        XCTAssertEqual(offset.x, 10)
        XCTAssertEqual(offset.xFrom, .trailing)
        XCTAssertEqual(offset.y, 20)
        XCTAssertEqual(offset.yFrom, .trailing)
        let origin = try XCTUnwrap(g.origin(onScreenWidth: 1920, screenHeight: 1080))
        XCTAssertEqual(origin.x, 1920 - 800 - 10)
        XCTAssertEqual(origin.y, 1080 - 600 - 20)
    }

    func testMixedEdgesEachCountFromTheirOwnEdge() throws {
        let g = try XCTUnwrap(WindowGeometry(parsing: "100x50-0+7"))
        let origin = try XCTUnwrap(g.origin(onScreenWidth: 1000, screenHeight: 500))
        XCTAssertEqual(origin.x, 900)
        XCTAssertEqual(origin.y, 7)
        let h = try XCTUnwrap(WindowGeometry(parsing: "100x50+3-5"))
        let hOrigin = try XCTUnwrap(h.origin(onScreenWidth: 1000, screenHeight: 500))
        XCTAssertEqual(hOrigin.x, 3)
        XCTAssertEqual(hOrigin.y, 445)
    }

    func testAcceptsTheLargestSideAndRejectsOneMore() {
        XCTAssertNotNil(WindowGeometry(parsing: "32767x32767"))
        XCTAssertNil(WindowGeometry(parsing: "32768x10"))
        XCTAssertNil(WindowGeometry(parsing: "10x32768"))
    }

    func testRejectsMalformedGeometry() {
        let bad = ["", "x", "12x", "0x10", "10x0", "abc", "10x10+5", "10x10+5+", "10x10 +1+1",
                   "-10x10", "99999999x1", "+1+1", "10X10", "10x10+1+1+1", "10x10x", " 10x10", "10x10 ",
                   "10x10++1+1", "10x-10", "1e3x10", "١٠x10"]
        for text in bad {
            XCTAssertNil(WindowGeometry(parsing: text), "\"\(text)\" must be rejected")
        }
    }
}
