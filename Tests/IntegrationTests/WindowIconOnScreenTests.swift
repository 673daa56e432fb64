// The window's icon as task bars and switchers read it: _NET_WM_ICON on the
// real server, in the format the EWMH gives (width, height, ARGB pixels).
import Glibc
import XCTest
import XorgHarness

final class WindowIconOnScreenTests: XCTestCase {
    func testTheWindowCarriesTheAppIconAt48And128Pixels() throws {
        let app = try RunningApp(session: try TestXorg.shared())
        let words = try XCTUnwrap(Self.icon(of: app.window, probe: app.probe), "no _NET_WM_ICON")
        var icons: [(size: Int, pixels: ArraySlice<UInt>)] = []
        var at = 0
        while at + 2 <= words.count {
            let width = Int(words[at]), height = Int(words[at + 1])
            XCTAssertEqual(width, height, "the artwork is square")
            XCTAssertLessThanOrEqual(at + 2 + width * height, words.count, "icon \(width)x\(height) is cut short")
            icons.append((width, words[(at + 2)..<min(words.count, at + 2 + width * height)]))
            at += 2 + width * height
        }
        XCTAssertEqual(icons.map(\.size), [48, 128])
        for icon in icons {
            let pixels = Array(icon.pixels), size = icon.size
            func pixel(_ x: Int, _ y: Int) -> UInt { pixels[y * size + x] }
            XCTAssertEqual(pixel(0, 0) >> 24, 0, "\(size) px: the corner outside the tablet is transparent")
            XCTAssertEqual(pixel(size * 50 / 128, size * 24 / 128), 0xFFFF_FFFF, "\(size) px: the drawing surface is opaque white")
            let red = pixels.filter { $0 == 0xFFE0_1B24 }.count, black = pixels.filter { $0 == 0xFF00_0000 }.count
            XCTAssertGreaterThan(red, size, "\(size) px: the red lines in progress")
            XCTAssertGreaterThan(black, size, "\(size) px: the black finished lines")
        }
    }

    /// A window no Expose reaches (here: mapped wholly off the screen, as one
    /// started iconified or on a desktop not shown would be) still gets its icon.
    func testAWindowNoExposeReachesStillCarriesTheIcon() throws {
        let session = try TestXorg.shared()
        let state = try TemporaryFolder(prefix: "touchtracker-icon-")
        let process = try session.launch(BuildFolder.touchtracker, ["--geometry", "300x300+5000+5000", "--no-shake"],
                                         environment: ["XDG_STATE_HOME": state.path])
        defer { process.stop(timeout: 5) }
        let window = try XCTUnwrap(session.probe.findWindow(wmClass: "TouchTracker", pid: process.pid, timeout: 10),
                                   "no window mapped")
        let words = try XCTUnwrap(Self.icon(of: window, probe: session.probe), "no _NET_WM_ICON on a window never exposed")
        XCTAssertEqual(Array(words.prefix(2)), [48, 48], "the 48 px icon first")
    }

    /// The icon (and fontconfig's reading, which settles the font choice) wait a
    /// tenth of a second once the first frame is on the server: begun at once, they
    /// took the processors while the server and the compositor showed the window.
    func testTheIconWaitsATenthOfASecondOnceTheFirstFrameIsOnScreen() throws {
        let session = try TestXorg.shared()
        let state = try TemporaryFolder(prefix: "touchtracker-icon-")
        defer { state.remove() }
        let marks = state.file("marks")
        let process = try session.launch(BuildFolder.touchtracker, ["--geometry", "300x300+0+0", "--no-shake"],
                                         environment: ["XDG_STATE_HOME": state.path, "TOUCHTRACKER_STARTUP_MARKS": marks])
        defer { process.stop(timeout: 5) }
        let window = try XCTUnwrap(session.probe.findWindow(wmClass: "TouchTracker", pid: process.pid, timeout: 10),
                                   "no window mapped")
        XCTAssertNotNil(Self.icon(of: window, probe: session.probe), "no _NET_WM_ICON")
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let seen = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        // The marks are written at the first frame, before the icon: there by now.
        let rows = try String(contentsOfFile: marks, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t") }
        let firstFrame = try XCTUnwrap(rows.first { $0.first == "first frame on screen" }.flatMap { $0.count == 2 ? Int64($0[1]) : nil },
                                       "no first frame among the marks: \(rows)")
        // The schedule counts whole milliseconds: the follow-up may come up to one early by the nanosecond clock.
        XCTAssertGreaterThanOrEqual(seen - firstFrame, 98_000_000, "the icon came \(seen - firstFrame) ns after the first frame")
    }

    /// _NET_WM_ICON's words, waited for up to 5 s: the icon is set a tenth of a
    /// second after the first frame is on screen, not before it. Xlib hands format-32 items
    /// over as C longs, sign-extended: the low 32 bits are kept.
    private static func icon(of window: UInt, probe: ScreenProbe) -> [UInt]? {
        let deadline = Deadline(secondsFromNow: 5)
        var property = probe.cardinalProperty(window, name: "_NET_WM_ICON")
        while property == nil, !deadline.hasPassed {
            usleep(5_000)
            property = probe.cardinalProperty(window, name: "_NET_WM_ICON")
        }
        return property?.map { UInt(UInt32(truncatingIfNeeded: $0)) }
    }
}
