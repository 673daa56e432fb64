import TouchTrackerCore
import TouchTrackerSystem

/// Options the executable passes in after parsing the command line.
public struct ApplicationOptions: Sendable {
    public static let standardIIOFolder = "/sys/bus/iio/devices"

    public var displayName: String?
    public var geometry: WindowGeometry
    public var fullscreen: Bool
    /// The folder holding iio:deviceN folders; nil: the standard one, not named by the user.
    public var iioFolder: String?
    /// Exactly this accelerometer folder, without discovery.
    public var accelerometerDevice: String?
    public var shakeEnabled: Bool
    /// Start in the touch inspector instead of drawing.
    public var inspect: Bool
    /// Also log what is usually left unsaid (no accelerometer found).
    public var verbose: Bool
    /// The drawing's file; nil for the default under $XDG_STATE_HOME.
    public var drawingPath: FilePath?
    /// Start empty, keeping the previous drawing as a backup.
    public var startNew: Bool
    /// Every length multiplied by this (--scale, already within 0.5...4);
    /// nil: the display's Xft.dpi decides.
    public var scale: Double?
    /// --record FILE: every input the core receives goes there.
    public var recordPath: String?
    /// --replay FILE, already read: played into the window before live input.
    public var replay: ReplaySource?
    public var replaySpeed: ReplaySpeed
    /// Start with the toolbar shown (its handle stays when hidden); false
    /// (--no-toolbar, for kiosks): neither toolbar nor handle until T shows it.
    public var toolbar: Bool

    public init(displayName: String?, geometry: WindowGeometry, fullscreen: Bool,
                iioFolder: String? = nil, accelerometerDevice: String? = nil, shakeEnabled: Bool = true,
                inspect: Bool = false, verbose: Bool = false, drawingPath: FilePath? = nil, startNew: Bool = false,
                scale: Double? = nil, recordPath: String? = nil, replay: ReplaySource? = nil,
                replaySpeed: ReplaySpeed = .factor(1), toolbar: Bool = true) {
        self.displayName = displayName
        self.geometry = geometry
        self.fullscreen = fullscreen
        self.iioFolder = iioFolder
        self.accelerometerDevice = accelerometerDevice
        self.shakeEnabled = shakeEnabled
        self.inspect = inspect
        self.verbose = verbose
        self.drawingPath = drawingPath
        self.startNew = startNew
        self.scale = scale
        self.recordPath = recordPath
        self.replay = replay
        self.replaySpeed = replaySpeed
        self.toolbar = toolbar
    }

    /// Finding no accelerometer is worth a line only when the user asked for
    /// one (named where to look) or for everything (--verbose): most desktops
    /// have none, and saying so at every start is noise.
    public var reportsNoAccelerometer: Bool { verbose || iioFolder != nil || accelerometerDevice != nil }
}
