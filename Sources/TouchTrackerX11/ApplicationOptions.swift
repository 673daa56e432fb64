import TouchTrackerCore

/// Options the executable passes in after parsing the command line.
public struct ApplicationOptions: Sendable {
    public var displayName: String?
    public var geometry: WindowGeometry
    public var fullscreen: Bool
    /// The folder holding iio:deviceN folders.
    public var iioFolder: String
    /// Exactly this accelerometer folder, without discovery.
    public var accelerometerDevice: String?
    public var shakeEnabled: Bool
    /// Start in the touch inspector instead of drawing.
    public var inspect: Bool
    /// The drawing's file; nil for the default under $XDG_STATE_HOME.
    public var drawingPath: String?
    /// Start empty, keeping the previous drawing as a backup.
    public var startNew: Bool

    public init(displayName: String?, geometry: WindowGeometry, fullscreen: Bool,
                iioFolder: String = "/sys/bus/iio/devices", accelerometerDevice: String? = nil, shakeEnabled: Bool = true,
                inspect: Bool = false, drawingPath: String? = nil, startNew: Bool = false) {
        self.displayName = displayName
        self.geometry = geometry
        self.fullscreen = fullscreen
        self.iioFolder = iioFolder
        self.accelerometerDevice = accelerometerDevice
        self.shakeEnabled = shakeEnabled
        self.inspect = inspect
        self.drawingPath = drawingPath
        self.startNew = startNew
    }
}
