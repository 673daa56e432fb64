// RequestWriter on the real test Xorg, in this process: its requests and Xlib's reach
// the server in the order they were asked for, whichever sends first; its errors
// arrive among the events, where the event loop reads them; and however many requests
// it sends without a reply, Xlib's round trips still find theirs.
@testable import TouchTrackerX11
import CX11
import Glibc
import TouchTrackerCore
import XCTest
import XorgHarness

final class RequestWriterTests: XCTestCase {
    private var connection: XConnection!
    private var display: OpaquePointer { connection.display }
    private let side: UInt32 = 40
    /// Every test's pixmap, and the writer's GC it draws with.
    private var pixmap: Pixmap = 0
    private var gc: UInt32 = 0

    override func setUpWithError() throws {
        connection = try XConnection(displayName: try TestXorg.shared().displayName)
        pixmap = newPixmap()
        gc = connection.requests.newGC(on: UInt32(pixmap), graphicsExposures: false)
    }

    override func tearDown() {
        connection.requests.freeGC(gc)
        XFreePixmap(display, pixmap)
        connection = nil
        // XConnection's I/O-error handler must not outlive it in a test process (see LiveDecoder).
        ScreenProbe.installErrorHandlers()
    }

    private func newPixmap() -> Pixmap {
        XCreatePixmap(display, connection.root, side, side, UInt32(XDefaultDepth(display, connection.screen)))
    }

    /// The pixmap's pixel values at (x, y), read with Xlib.
    private func pixel(_ pixmap: Pixmap, _ x: Int32, _ y: Int32) throws -> UInt {
        let image = try XCTUnwrap(XGetImage(display, pixmap, 0, 0, side, side, cx11_AllPlanes(), ZPixmap))
        defer { _ = cx11_XDestroyImage(image) }
        return cx11_XGetPixel(image, x, y)
    }

    private func fill(_ pixmap: Pixmap, gc: UInt32, pixel: UInt, width: UInt16, height: UInt16) {
        connection.requests.setForeground(gc, pixel: pixel)
        connection.requests.fillRectangle(x: 0, y: 0, width: width, height: height, on: UInt32(pixmap), gc: gc)
    }

    func testTheWritersRequestsAndXlibsArriveInTheOrderAskedFor() throws {
        let xlibGC = XCreateGC(display, pixmap, 0, nil)
        defer { XFreeGC(display, xlibGC) }
        // Writer, Xlib, writer, each over part of the last: a request sent
        // out of turn leaves another colour on top.
        fill(pixmap, gc: gc, pixel: 0x10, width: 40, height: 40)
        XSetForeground(display, xlibGC, 0x20)
        XFillRectangle(display, pixmap, xlibGC, 0, 0, 20, 40)
        fill(pixmap, gc: gc, pixel: 0x30, width: 20, height: 20)
        XCTAssertEqual(try pixel(pixmap, 5, 5), 0x30, "the writer's second fill, last, on top")
        XCTAssertEqual(try pixel(pixmap, 5, 30), 0x20, "Xlib's fill over the writer's first")
        XCTAssertEqual(try pixel(pixmap, 30, 30), 0x10, "the writer's first fill")
    }

    func testSegmentsArcsCopiesAndClipsDrawWhatTheyName() throws {
        let source = pixmap, target = newPixmap()
        defer { XFreePixmap(display, target) }
        let requests = connection.requests
        fill(source, gc: gc, pixel: 0, width: 40, height: 40)
        fill(target, gc: gc, pixel: 0, width: 40, height: 40)
        requests.setForeground(gc, pixel: 0x44)
        requests.setLineWidth(gc, pixels: 3)
        let segments = [XSegment(x1: 2, y1: 5, x2: 37, y2: 5), XSegment(x1: 5, y1: 10, x2: 5, y2: 37)]
        segments.withUnsafeBufferPointer { requests.drawSegments($0, on: UInt32(source), gc: gc) }
        let arcs = [XArc(x: 20, y: 20, width: 14, height: 14, angle1: 0, angle2: 360 * 64)]
        arcs.withUnsafeBufferPointer { requests.drawArcs($0, on: UInt32(source), gc: gc) }
        XCTAssertEqual(try pixel(source, 20, 5), 0x44, "the first segment")
        XCTAssertEqual(try pixel(source, 5, 20), 0x44, "the second segment")
        XCTAssertEqual(try pixel(source, 34, 27), 0x44, "the circle's right edge")
        XCTAssertEqual(try pixel(source, 27, 27), 0, "the circle's middle")
        XCTAssertEqual(try pixel(source, 12, 20), 0, "beside the segments and the circle")
        // Copied through a clip of the top half: only the first segment shows.
        let top = [XRectangle(x: 0, y: 0, width: 40, height: 8)]
        top.withUnsafeBufferPointer { requests.setClip(gc, to: $0) }
        requests.copyArea(from: UInt32(source), to: UInt32(target), gc: gc, x: 0, y: 0, width: 40, height: 40, toX: 0, toY: 0)
        XCTAssertEqual(try pixel(target, 20, 5), 0x44, "copied inside the clip")
        XCTAssertEqual(try pixel(target, 5, 20), 0, "clipped away")
        requests.clearClip(gc)
        requests.copyArea(from: UInt32(source), to: UInt32(target), gc: gc, x: 0, y: 10, width: 40, height: 30, toX: 0, toY: 10)
        XCTAssertEqual(try pixel(target, 5, 20), 0x44, "copied once the clip is gone")
    }

    func testAWriterRequestsErrorArrivesAmongTheEvents() throws {
        connection.readEventsThroughXCB()
        // A drawable no one made: BadDrawable for CopyArea (62).
        connection.requests.copyArea(from: 0x7FF_FFFF, to: UInt32(pixmap), gc: gc, x: 0, y: 0, width: 4, height: 4, toX: 0, toY: 0)
        connection.send()
        // Read as the event loop reads, never waiting for ever.
        var found: (code: UInt8, request: UInt8)?
        let deadline = Deadline(secondsFromNow: 5)
        while found == nil, !deadline.hasPassed {
            guard let event = xcb_poll_for_event(connection.xcb) else { usleep(1_000); continue }
            if event.pointee.response_type == 0 {
                let error = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_generic_error_t.self).pointee
                found = (error.error_code, error.major_code)
            }
            free(event)
        }
        XCTAssertEqual(found?.code, UInt8(BadDrawable))
        XCTAssertEqual(found?.request, 62)
    }

    func testRoundTripsWorkAfterMoreRequestsWithoutAReplyThanSequenceNumbersCount() throws {
        // 140,000 requests in a row, none with a reply: the 16-bit sequence
        // numbers wrap twice. Xlib's next round trip must still find its reply.
        for k in 0..<70_000 { fill(pixmap, gc: gc, pixel: UInt(k & 0xFF), width: 1, height: 1) }
        fill(pixmap, gc: gc, pixel: 0x5A, width: 40, height: 40)
        connection.send()
        // Asked through XCB and polled, so a reply counted as another
        // request's fails here instead of waiting for ever.
        let xcb = connection.xcb
        let cookie = xcb_get_input_focus(xcb)
        xcb_flush(xcb)
        var reply: UnsafeMutableRawPointer?
        let deadline = Deadline(secondsFromNow: 5)
        while xcb_poll_for_reply(xcb, cookie.sequence, &reply, nil) == 0, !deadline.hasPassed { usleep(1_000) }
        XCTAssertNotNil(reply, "the reply to a request sent after them")
        free(reply)
        guard reply != nil else {
            // Closing waits for a reply too, for ever on these counts: left open.
            _ = Unmanaged.passRetained(connection)
            return
        }
        XCTAssertEqual(try pixel(pixmap, 10, 10), 0x5A)
    }

    func testXlibRequestsSentAfterTheRoundTripStillAskForOneOnceTheWriterTakesTheSocketBack() throws {
        connection.readEventsThroughXCB()
        fill(pixmap, gc: gc, pixel: 0x10, width: 40, height: 40)
        connection.roundTrip()
        // Xlib sends after the round trip (and keeps notes of it), then the writer takes the socket back.
        let xlibGC = XCreateGC(display, pixmap, 0, nil)
        defer { XFreeGC(display, xlibGC) }
        XFillRectangle(display, pixmap, xlibGC, 0, 0, 1, 1)
        XFlush(display)
        fill(pixmap, gc: gc, pixel: 0x20, width: 2, height: 2)
        XCTAssertTrue(connection.requests.othersMayHaveSent, "Xlib sent since the last round trip")
    }

    func testTheGetInputFocusAfterATakeIsDiscardedOnItsOwnSequenceNumber() throws {
        connection.readEventsThroughXCB()
        // Xlib takes the socket for the round trip; the writer's next request takes it back.
        XSync(display, 0)
        let first = UInt64(XNextRequest(display))
        fill(pixmap, gc: gc, pixel: 0x10, width: 1, height: 1)
        connection.send()
        XSync(display, 0)
        var reply: UnsafeMutableRawPointer?
        XCTAssertEqual(xcb_poll_for_reply64(connection.xcb, first, &reply, nil), 1)
        XCTAssertNil(reply, "the GetInputFocus reply was kept, not discarded")
        free(reply)
    }

    func testARoundTripAfterWhichOnlyTheWriterSendsAsksForNoOther() throws {
        connection.readEventsThroughXCB()
        fill(pixmap, gc: gc, pixel: 0x10, width: 40, height: 40)
        connection.roundTrip()
        // The writer takes the socket back from the round trip and draws on:
        // Xlib sent nothing since, so no other round trip is due.
        fill(pixmap, gc: gc, pixel: 0x20, width: 2, height: 2)
        connection.send()
        XCTAssertFalse(connection.requests.othersMayHaveSent, "only the writer sent since the round trip")
    }

    func testXCBReadsNothingWhileTheWriterAloneSendsAndMayOnceXlibTookTheSocket() throws {
        connection.readEventsThroughXCB()
        fill(pixmap, gc: gc, pixel: 0x10, width: 40, height: 40)
        connection.send()
        let mark = try XCTUnwrap(connection.requests.readMark, "the writer holds the socket")
        fill(pixmap, gc: gc, pixel: 0x20, width: 2, height: 2)
        connection.send()
        XCTAssertTrue(connection.requests.nothingReadSince(mark), "the writer's own writing reads nothing")
        // Xlib's round trip (XCB reads the reply, and events with it); the writer then takes the socket back.
        XSync(display, 0)
        fill(pixmap, gc: gc, pixel: 0x30, width: 2, height: 2)
        connection.send()
        XCTAssertFalse(connection.requests.nothingReadSince(mark), "XCB read while Xlib had the socket")
        XCTAssertEqual(try pixel(pixmap, 1, 1), 0x30, "every request arrived")
    }
}
