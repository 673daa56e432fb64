// touchtracker-screenshot: draws a scene with real touches and a real pen in a
// headless Xorg and writes what the screen shows as a binary PPM (for the README).
// Usage: touchtracker-screenshot TOUCHTRACKER OUT.ppm [inspector]
// With "inspector", the touch inspector with four fingers down.
import Foundation
import Glibc
import XorgHarness

func main() throws {
    let arguments = CommandLine.arguments
    guard arguments.count == 3 || (arguments.count == 4 && arguments[3] == "inspector") else {
        throw HarnessError("usage: touchtracker-screenshot TOUCHTRACKER OUT.ppm [inspector]")
    }
    let inspector = arguments.count == 4
    let (width, height) = inspector ? (1024, 680) : (FrontPageScene.width, FrontPageScene.height)
    let session = try XorgSession.start(width: width, height: height)
    defer { session.stop() }
    let app = try TouchTrackerApp(session: session, binary: arguments[1],
                                  arguments: ["--geometry", "\(width)x\(height)+0+0", "--no-shake"] + (inspector ? ["--inspect"] : []),
                                  background: inspector ? 0x000000 : 0xFFFFFF)
    defer { app.process.stop(timeout: 2) }
    let fingers = session.fingers
    if inspector {
        // Four fingers resting, in the order they landed.
        for point in [(220.0, 200.0), (790.0, 170.0), (820.0, 460.0), (280.0, 470.0)] {
            try fingers.down(at: point, sync: false)
        }
    } else {
        try FrontPageScene(session: session).draw()
    }
    try session.touchscreen.sync()
    usleep(300_000)
    let region = try session.probe.region(x: 0, y: 0, width: width, height: height)
    var data = Data("P6\n\(width) \(height)\n255\n".utf8)
    data.reserveCapacity(data.count + width * height * 3)
    for pixel in region.pixels {
        data.append(UInt8((pixel >> 16) & 0xFF)); data.append(UInt8((pixel >> 8) & 0xFF)); data.append(UInt8(pixel & 0xFF))
    }
    try data.write(to: URL(fileURLWithPath: arguments[2]))
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("touchtracker-screenshot: \(error)\n".utf8))
    exit(1)
}
