import TouchTrackerCore
import XCTest

final class PictureNoticeTests: XCTestCase {
    func testAShownNoticeStaysUntilItsTimeAndGoesAtTheNextChange() {
        var d = DrawingWindow()
        d.show("Saved ~/Pictures/a.png", until: at(5_000))
        XCTAssertEqual(d.notice?.text, "Saved ~/Pictures/a.png")
        XCTAssertEqual(d.nextDeadline, at(5_000))
        d.advance(to: at(4_999))
        XCTAssertNotNil(d.notice)
        d.advance(to: at(5_000))
        XCTAssertNil(d.notice)

        d.show("Saved ~/Pictures/b.png", until: at(10_000))
        stroke(&d, touch(2, 1), from: pt(100, 100), to: pt(300, 100), begin: 6_000, end: 6_050)
        XCTAssertNil(d.notice, "a new line is a change: the notice goes, as the clear's does")
    }

    func testANewNoticeReplacesTheClearsNotice() {
        var d = DrawingWindow()
        stroke(&d, touch(2, 1), from: pt(100, 100), to: pt(300, 100), begin: 0, end: 50)
        d.clear(at: at(100))
        d.show("Saved /tmp/x.png", until: at(6_000))
        XCTAssertEqual(d.notice?.text, "Saved /tmp/x.png")
        d.advance(to: at(3_100))
        XCTAssertNotNil(d.notice, "the clear's expiry no longer applies")
    }

    func testALongTextWidensTheNoticeUpToTheWindow() {
        // Every character 10 px wide, 10 px above the baseline and 6 below.
        var tunables = Tunables.standard
        tunables.textMetrics = TextMetrics(ascentPixels: 10, descentPixels: 6, fallbackAdvancePixels: 10)
        let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
        let short = Notice.atBottom("Saved", in: viewport, tunables: tunables)
        XCTAssertEqual(short.frame, Rect(x: (1024 - 460) / 2, y: 768 - 24 - 40, width: 460, height: 40), "never narrower than the clear's")
        let long = Notice.atBottom(String(repeating: "S", count: 60), in: viewport, tunables: tunables)
        XCTAssertEqual(long.frame, Rect(x: (1024 - 632) / 2, y: 704, width: 632, height: 40), "the text and 16 px each side")
        let tooLong = Notice.atBottom(Array(repeating: "Saved", count: 40).joined(separator: " "), in: viewport, tunables: tunables)
        XCTAssertTrue(tooLong.frame.x >= 24 && tooLong.frame.maxX <= 1024 - 24, "inside the window's margins: \(tooLong.frame)")
        XCTAssertGreaterThan(tooLong.frame.width, 632, "wider than any one-line text above")
        XCTAssertGreaterThan(tooLong.lines.count, 1, "and the rest on more lines, never cut")
    }

    func testTheSavedPathShowsTheHomeFolderAsATilde() {
        XCTAssertEqual(Notice.pictureSavedText(path: "/home/ann/Pictures/TouchTracker 2026-11-23 08-46-37.png", home: "/home/ann"),
                       "Saved ~/Pictures/TouchTracker 2026-11-23 08-46-37.png")
        XCTAssertEqual(Notice.pictureSavedText(path: "/home/annie/x.png", home: "/home/ann"), "Saved /home/annie/x.png")
        XCTAssertEqual(Notice.pictureSavedText(path: "/srv/x.png", home: nil), "Saved /srv/x.png")
        XCTAssertEqual(Notice.pictureSavedText(path: "/x.png", home: "/"), "Saved /x.png")
        XCTAssertEqual(Notice.pictureNotSavedText(reason: "cannot create the folder /p: Permission denied"),
                       "Picture not saved: cannot create the folder /p: Permission denied")
    }
}
