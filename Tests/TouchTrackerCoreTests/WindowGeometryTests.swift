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
        let bad = ["", "=", "x", "12x", "0x10", "10x0", "abc", "10x10+5", "10x10+5+", "10x10 +1+1",
                   "-10x10", "99999999x1", "800", "10x10+1+1+1", "10x10x", " 10x10", "10x10 ",
                   "10x10++1+1", "10x-10", "1e3x10", "١٠x10", "==10x10", "10x10+32768+0"]
        for text in bad {
            XCTAssertNil(WindowGeometry(parsing: text), "\"\(text)\" must be rejected")
        }
    }

    func testCapitalXSeparatesWidthFromHeightAsInXParseGeometry() {
        XCTAssertEqual(WindowGeometry(parsing: "800X600"), WindowGeometry(width: 800, height: 600))
    }

    func testALeadingEqualsSignIsAllowedAsInXParseGeometry() {
        XCTAssertEqual(WindowGeometry(parsing: "=800x600+10-20"), WindowGeometry(parsing: "800x600+10-20"))
        XCTAssertNotNil(WindowGeometry(parsing: "=800x600+10-20"))
    }

    func testAnOffsetAloneKeepsTheDefaultSize() throws {
        let g = try XCTUnwrap(WindowGeometry(parsing: "-0+5"))
        XCTAssertEqual(g.width, WindowGeometry.default.width)
        XCTAssertEqual(g.height, WindowGeometry.default.height)
        let offset = try XCTUnwrap(g.offset)
        XCTAssertEqual(offset.x, 0)
        XCTAssertEqual(offset.xFrom, .trailing)
        XCTAssertEqual(offset.y, 5)
        XCTAssertEqual(offset.yFrom, .leading)
    }

    func testOffsetsUpToTheLargestSixteenBitCoordinateAreAccepted() {
        XCTAssertNotNil(WindowGeometry(parsing: "10x10+32767-32767"))
        XCTAssertNotNil(WindowGeometry(parsing: "10x10+00000000032767+0"), "leading zeros are no larger")
    }

    func testEveryMalformedGeometrySaysWhatWasWrong() {
        let form = "(the form is [=][WIDTHxHEIGHT][{+-}X{+-}Y], as in 800x600+10+20)"
        let cases: [(String, String)] = [
            ("", "it is empty (give WIDTHxHEIGHT, {+-}X{+-}Y or both, as in 800x600+10+20)"),
            ("=", "it is empty (give WIDTHxHEIGHT, {+-}X{+-}Y or both, as in 800x600+10+20)"),
            ("-5x10", "the width cannot be negative (a side is 1 to 32767 pixels)"),
            ("5x-10", "the height cannot be negative (a side is 1 to 32767 pixels)"),
            ("0x10", "the width cannot be 0 (a side is 1 to 32767 pixels)"),
            ("10X0", "the height cannot be 0 (a side is 1 to 32767 pixels)"),
            ("99999x99999", "the width 99999 is over the limit of 32767 pixels (X11 coordinates are 16-bit)"),
            ("10x32768", "the height 32768 is over the limit of 32767 pixels (X11 coordinates are 16-bit)"),
            ("1x99999999999999999999999", "the height 99999999999999999999999 is over the limit of 32767 pixels (X11 coordinates are 16-bit)"),
            ("10x10+99999+0", "the x offset 99999 is over the limit of 32767 pixels (X11 coordinates are 16-bit)"),
            ("10x10+0-32768", "the y offset 32768 is over the limit of 32767 pixels (X11 coordinates are 16-bit)"),
            ("x10", "no width before \"x\" (a size is WIDTHxHEIGHT, as in 800x600)"),
            ("12x", "no height after \"x\" (a size is WIDTHxHEIGHT, as in 800x600)"),
            ("800", "the width 800 has no \"x\" and height after it (a size is WIDTHxHEIGHT, as in 800x600)"),
            ("=800", "the width 800 has no \"x\" and height after it (a size is WIDTHxHEIGHT, as in 800x600)"),
            ("10x10+", "no number after \"+\" (an offset is {+-}X{+-}Y, as in +10+20)"),
            ("10x10+5-", "no number after \"-\" (an offset is {+-}X{+-}Y, as in +10+20)"),
            ("800x600+1", "the x offset \"+1\" has no y offset after it (an offset is {+-}X{+-}Y, as in +10+20)"),
            ("-5", "the x offset \"-5\" has no y offset after it (an offset is {+-}X{+-}Y, as in +10+20)"),
            ("abc", "unexpected \"abc\" \(form)"),
            (" 10x10", "unexpected \" 10x10\" \(form)"),
            ("10x10 ", "unexpected \" \" after \"10x10\" \(form)"),
            ("1e3x10", "unexpected \"e3x10\" after \"1\" \(form)"),
            ("12xa", "unexpected \"a\" after \"12x\" \(form)"),
            ("10x10x", "unexpected \"x\" after \"10x10\" \(form)"),
            ("10x10++1+1", "unexpected \"+1+1\" after \"10x10+\" \(form)"),
            ("10x10+1+1+1", "unexpected \"+1\" after \"10x10+1+1\" \(form)"),
            ("١٠x10", "unexpected \"١٠x10\" \(form)"),
            ("10x10\n+1+1", "unexpected \"\\n+1+1\" after \"10x10\" \(form)"),
        ]
        for (text, reason) in cases {
            XCTAssertEqual(WindowGeometry.parse(text).failure?.description, reason, "\"\(text)\"")
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Without a size, the window opens at 1024×768 times the scale, within the
/// screen less room for the desktop's panels.
final class DefaultWindowSizeTests: XCTestCase {
    func testTheDefaultSizeIs1024x768TimesTheScale() {
        XCTAssertTrue(WindowGeometry.defaultSize(scale: 1, screenWidth: 3840, screenHeight: 2160, roomPixels: 48) == (1024, 768))
        XCTAssertTrue(WindowGeometry.defaultSize(scale: 2, screenWidth: 3840, screenHeight: 2160, roomPixels: 96) == (2048, 1536))
        XCTAssertTrue(WindowGeometry.defaultSize(scale: 1.5, screenWidth: 3840, screenHeight: 2160, roomPixels: 72) == (1536, 1152))
    }

    func testTheDefaultSizeLeavesRoomForPanelsOnASmallerScreen() {
        XCTAssertTrue(WindowGeometry.defaultSize(scale: 2, screenWidth: 2560, screenHeight: 1440, roomPixels: 96) == (2048, 1344))
        XCTAssertTrue(WindowGeometry.defaultSize(scale: 1, screenWidth: 1024, screenHeight: 768, roomPixels: 48) == (976, 720))
    }

    func testOnlyAGeometryWithoutASizeTakesTheDefault() throws {
        XCTAssertTrue(try XCTUnwrap(WindowGeometry(parsing: "+10+20")).sizeIsDefault)
        XCTAssertFalse(try XCTUnwrap(WindowGeometry(parsing: "1024x768+10+20")).sizeIsDefault)
        XCTAssertFalse(try XCTUnwrap(WindowGeometry(parsing: "800x600")).sizeIsDefault)
    }
}
