import TouchTrackerCore

/// What the inspector's labels need that only the X server knows: the input
/// devices' names and where the window stands on the screen. Each is asked
/// for once, when a frame needs it, and kept until the server says it changed
/// (devices plugged or unplugged, the window moved or resized): a round trip
/// per frame would cost every touch event one.
final class ScreenFacts {
    private let connection: XConnection
    private let window: AppWindow
    private var deviceNames: [Int32: String]?
    private var windowOrigin: Point?
    /// While a recording plays: the device names it gives, in place of the server's.
    private var recordedDeviceNames: [Int32: String]?

    init(connection: XConnection, window: AppWindow, recordedDeviceNames: [Int32: String]?) {
        self.connection = connection
        self.window = window
        self.recordedDeviceNames = recordedDeviceNames
    }

    func devicesChanged() { deviceNames = nil }

    func windowMoved() { windowOrigin = nil }

    /// The recording has played: the live devices are the ones to name.
    func replayFinished() {
        recordedDeviceNames = nil
        deviceNames = nil
    }

    func inputDeviceNames() -> [Int32: String] {
        if let recordedDeviceNames { return recordedDeviceNames }
        if deviceNames == nil { deviceNames = connection.inputDeviceNames() }
        return deviceNames ?? [:]
    }

    func windowOriginOnScreen() -> Point {
        if windowOrigin == nil { windowOrigin = window.originOnScreen() }
        return windowOrigin ?? Point(x: 0, y: 0)
    }
}
