// One client's window and the finger that draws in it, row by row: each trial
// moves the finger once and times how long until the new end shows on screen.
import Glibc
import XorgHarness

final class Lane {
    let name: String
    let originX: Int
    let pid: pid_t
    private let session: XorgSession
    private let stepPixels: Double
    private var touchID: UInt32 = 0
    private var x = 0.0
    private var y = 0.0
    private var live = false
    private var pixels = [UInt32](repeating: 0, count: 1)
    /// Touch-to-pixel times of this round, in µs.
    private(set) var latencies: [Double] = []
    private(set) var failures = 0
    /// Touch events sent to this lane's window this round.
    private(set) var events = 0
    private var cpuAtReset = 0.0
    /// Run before the finger goes back to the top row: a window that keeps
    /// every stroke in one colour (the reference) must be wiped, or the next
    /// pass over a row would change no pixel.
    private let beforeWrapping: (() -> Void)?

    init(name: String, originX: Int, pid: pid_t, session: XorgSession, stepPixels: Double,
         beforeWrapping: (() -> Void)? = nil) {
        self.name = name
        self.originX = originX
        self.pid = pid
        self.session = session
        self.stepPixels = stepPixels
        self.beforeWrapping = beforeWrapping
    }

    static let firstRowY = 96.0
    /// Rows end above the bottom's notices: the window that cannot save shows
    /// one (two or three lines tall) for as long as it cannot, and a finger
    /// under it changes no pixel there.
    static let lastRowY = 600.0

    private func newRow() throws {
        if live { try session.touchscreen.touch(id: touchID, phase: .end, x: x, y: y); events += 1 }
        if y > Self.lastRowY {
            try session.touchscreen.sync()
            beforeWrapping?()
        }
        // Rows start below the toolbar (top right, 64 px tall at scale 1): a
        // finger that passes under it changes no pixel there.
        y = y < Self.firstRowY || y > Self.lastRowY ? Self.firstRowY : y + 24
        x = Double(originX + 40)
        // 20 px: out of tap slop, so the finger is drawing.
        touchID = try session.fingers.stroke(from: (x, y), to: (x + 20, y), steps: 1, lift: false)
        events += 2
        x += 20
        live = true
        usleep(5_000)
    }

    func trial() throws {
        if !live || x + stepPixels > Double(originX + 990) { try newRow() }
        x += stepPixels
        let px = Int(x), py = Int(y)
        try session.probe.read(x: px, y: py, width: 1, height: 1, into: &pixels)
        let before = pixels[0]
        let start = Deadline.now()
        try session.touchscreen.touch(id: touchID, phase: .update, x: x, y: y)
        events += 1
        while true {
            try session.probe.read(x: px, y: py, width: 1, height: 1, into: &pixels)
            let now = Deadline.now()
            if pixels[0] != before { latencies.append((now - start) * 1e6); return }
            if now - start > 1 { failures += 1; return }
        }
    }

    func finish() throws {
        if live { try session.touchscreen.touch(id: touchID, phase: .end, x: x, y: y); live = false; events += 1 }
        try session.touchscreen.sync()
    }

    func reset() throws {
        latencies = []
        failures = 0
        events = 0
        cpuAtReset = try CPUTime.nanoseconds(of: pid)
    }

    /// CPU time per touch event since the last reset, in µs; nil when the
    /// kernel's run time did not move although the window answered every
    /// trial (seen in a virtual machine: a reading to report, not a zero).
    func cpuPerEvent() throws -> Double? {
        let used = try CPUTime.nanoseconds(of: pid) - cpuAtReset
        if used == 0, !latencies.isEmpty { return nil }
        return used / 1_000 / Double(max(1, events))
    }
}
