// The two kinds of TextFont on the real test Xorg, in this process: text drawn
// into a pixmap through the protocol the painters use, read back with XGetImage.
import CX11
@testable import TouchTrackerX11
import TouchTrackerCore
import XCTest
import XorgHarness

final class TextFontOnScreenTests: XCTestCase {
    /// One connection for every test here, kept until the process ends: the
    /// app opens one Display and uses Xft on it for its whole life. Xft on a
    /// second Display opened after the first one was closed, in the same
    /// process, sent malformed requests (BadLength, BadRequest on random
    /// opcodes) on the test Xorg, which the app never does.
    nonisolated(unsafe) private static var shared: XConnection?
    private var connection: XConnection!

    override func setUpWithError() throws {
        if Self.shared == nil { Self.shared = try XConnection(displayName: try TestXorg.shared().displayName) }
        connection = Self.shared
    }

    override func tearDown() {
        connection = nil
        // XConnection's error handlers must not outlive this test in a test process (see LiveDecoder).
        ScreenProbe.installErrorHandlers()
    }

    /// "Delete" in white on the menu's fill, through `font`, read back as 0xRRGGBB.
    private func pixelsOfText(in font: TextFont, width: UInt32 = 200, height: UInt32 = 60) throws -> [UInt32] {
        let display = connection.display
        let depth = UInt32(XDefaultDepth(display, connection.screen))
        let pixmap = XCreatePixmap(display, connection.root, width, height, depth)
        defer { XFreePixmap(display, pixmap) }
        let gc = XCreateGC(display, pixmap, 0, nil)!
        defer { XFreeGC(display, gc) }
        XSetForeground(display, gc, 0x282828)
        XFillRectangle(display, pixmap, gc, 0, 0, width, height)
        XSetForeground(display, gc, 0xFFFFFF)
        font.install(on: gc)
        font.draw("Delete", on: pixmap, gc: gc, colour: .white, clip: [], x: 10, y: 10 + font.ascent)
        let image = try XCTUnwrap(XGetImage(display, pixmap, 0, 0, width, height, cx11_AllPlanes(), ZPixmap))
        defer { _ = cx11_XDestroyImage(image) }
        var pixels: [UInt32] = []
        for row in 0..<Int32(height) {
            for column in 0..<Int32(width) { pixels.append(UInt32(cx11_XGetPixel(image, column, row) & 0xFFFFFF)) }
        }
        return pixels
    }

    /// Greys strictly between the fill and the text's white: the antialiased edges.
    private func intermediateGreys(_ pixels: [UInt32]) -> Int {
        pixels.filter { $0 != 0x282828 && $0 != 0xFFFFFF }.count
    }

    func testXftTextIsAntialiasedGreyBetweenTextAndFill() throws {
        let font = try XCTUnwrap(XftTextFont(connection: connection, pattern: "DejaVu Sans:bold:pixelsize=16"),
                                 "fonts-dejavu-core and libxft are installed on the test machine")
        let pixels = try pixelsOfText(in: font)
        XCTAssertGreaterThan(pixels.filter { $0 == 0xFFFFFF }.count, 20, "the text shows")
        XCTAssertGreaterThan(intermediateGreys(pixels), 20, "its edges are blended with the fill")
    }

    func testCoreFontFallbackStillDrawsTheTextThroughTheSameProtocol() throws {
        let font: TextFont = try XCTUnwrap(LoadedFont(connection: connection, firstOf: ["fixed"]), "fixed is built into Xorg")
        let pixels = try pixelsOfText(in: font)
        XCTAssertGreaterThan(pixels.filter { $0 == 0xFFFFFF }.count, 20, "the text shows")
        XCTAssertEqual(intermediateGreys(pixels), 0, "core fonts are not antialiased")
    }

    func testXftSizesArePixelSizes() throws {
        let small = try XCTUnwrap(XftTextFont(connection: connection, pattern: "DejaVu Sans:pixelsize=16"))
        let large = try XCTUnwrap(XftTextFont(connection: connection, pattern: "DejaVu Sans:pixelsize=32"))
        let ratio = Double(large.width(of: "Delete")) / Double(small.width(of: "Delete"))
        XCTAssertEqual(ratio, 2, accuracy: 0.15, "twice the pixel size, twice the width")
        XCTAssertGreaterThan(large.ascent, small.ascent)
    }

    func testXftClipRectanglesKeepTextInsideThem() throws {
        let font = try XCTUnwrap(XftTextFont(connection: connection, pattern: "DejaVu Sans:bold:pixelsize=16"))
        let display = connection.display
        let depth = UInt32(XDefaultDepth(display, connection.screen))
        let pixmap = XCreatePixmap(display, connection.root, 200, 60, depth)
        defer { XFreePixmap(display, pixmap) }
        let gc = XCreateGC(display, pixmap, 0, nil)!
        defer { XFreeGC(display, gc) }
        XSetForeground(display, gc, 0x282828)
        XFillRectangle(display, pixmap, gc, 0, 0, 200, 60)
        // Only the left 20 px may change.
        font.draw("Delete", on: pixmap, gc: gc, colour: .white, clip: [XRectangle(x: 0, y: 0, width: 20, height: 60)],
                  x: 10, y: 10 + font.ascent)
        let image = try XCTUnwrap(XGetImage(display, pixmap, 0, 0, 200, 60, cx11_AllPlanes(), ZPixmap))
        defer { _ = cx11_XDestroyImage(image) }
        var inside = 0, outside = 0
        for row in Int32(0)..<60 {
            for column in Int32(0)..<200 where cx11_XGetPixel(image, column, row) & 0xFFFFFF != 0x282828 {
                if column < 20 { inside += 1 } else { outside += 1 }
            }
        }
        XCTAssertGreaterThan(inside, 0)
        XCTAssertEqual(outside, 0)
    }
}
