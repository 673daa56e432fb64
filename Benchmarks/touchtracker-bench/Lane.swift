// One client's window and the finger that draws in it. A latency trial moves
// a finger that stays down along a row and times how long until the new end
// shows on screen; a stroke (for the instruction count) is a whole one, a
// TouchBegin, updates and a TouchEnd, each event waited for until the client
// has finished with it.
import Glibc
import XorgHarness

final class Lane {
    let name: String
    let originX: Int
    let pid: pid_t
    private let session: XorgSession
    private let stepPixels: Double
    /// How far every other timed move strays below the row (0: none), so that
    /// each move turns as a hand's does instead of going straight on.
    private let wanderPixels: Double
    private var strayed = false
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
    /// Strokes mode: whole strokes drawn, updates whose new end showed, and
    /// events after which the client never went idle within the timeout.
    private(set) var strokes = 0
    private(set) var updatesSeen = 0
    private(set) var idleTimeouts = 0
    private var cpuAtReset = 0.0
    /// Strokes mode, the screen not read: the X server's run time (all its
    /// threads) from before this lane's strokes to after them, in ns, each
    /// time read once the server had been idle for a while.
    private(set) var serverNanoseconds = 0.0
    private var mainThreadCPUAtReset = 0.0
    /// Run before the finger goes back to the top row: a window that keeps
    /// every stroke in one colour (the reference) must be wiped, or the next
    /// pass over a row would change no pixel.
    private let beforeWrapping: (() -> Void)?

    init(name: String, originX: Int, pid: pid_t, session: XorgSession, stepPixels: Double, wanderPixels: Double = 0,
         beforeWrapping: (() -> Void)? = nil) {
        self.name = name
        self.originX = originX
        self.pid = pid
        self.session = session
        self.stepPixels = stepPixels
        self.wanderPixels = wanderPixels
        self.beforeWrapping = beforeWrapping
    }

    /// Rows start below the toolbar (top right, 64 px tall at scale 1): a
    /// finger that passes under it changes no pixel there.
    static let firstRowY = 96.0
    /// Rows end above the bottom's notices: the window that cannot save shows
    /// one (two or three lines tall) for as long as it cannot, and a finger
    /// under it changes no pixel there.
    static let lastRowY = 600.0
    static let rowPitch = 24.0
    static let rowStart = 40.0
    static let rowEnd = 990.0

    /// The next row's start; wipes the reference's window when it wraps to the top.
    private func nextRow() throws {
        if y > Self.lastRowY {
            try session.touchscreen.sync()
            beforeWrapping?()
        }
        y = y < Self.firstRowY || y > Self.lastRowY ? Self.firstRowY : y + Self.rowPitch
        x = Double(originX) + Self.rowStart
    }

    private func newRow() throws {
        if live { try session.touchscreen.touch(id: touchID, phase: .end, x: x, y: y); events += 1 }
        try nextRow()
        // 20 px: out of tap slop, so the finger is drawing.
        touchID = try session.fingers.stroke(from: (x, y), to: (x + 20, y), steps: 1, lift: false)
        events += 2
        x += 20
        live = true
        strayed = false
        usleep(5_000)
    }

    func trial() throws {
        if !live || x + stepPixels > Double(originX) + Self.rowEnd { try newRow() }
        x += stepPixels
        strayed = wanderPixels > 0 && !strayed
        let toY = strayed ? y + wanderPixels : y
        let px = Int(x), py = Int(toY)
        try session.probe.read(x: px, y: py, width: 1, height: 1, into: &pixels)
        let before = pixels[0]
        let start = Deadline.now()
        try session.touchscreen.touch(id: touchID, phase: .update, x: x, y: toY)
        events += 1
        while true {
            try session.probe.read(x: px, y: py, width: 1, height: 1, into: &pixels)
            let now = Deadline.now()
            if pixels[0] != before { latencies.append((now - start) * 1e6); return }
            if now - start > 1 { failures += 1; return }
        }
    }

    /// How a stroke's events are waited for: until the client's threads have
    /// slept, unchanged, for `quietSeconds`, at most `timeout`.
    struct Settling {
        var quietSeconds: Double
        var timeout: Double
    }

    /// One whole stroke along the current row: a TouchBegin, `updates`
    /// TouchUpdates `step` px apart, a TouchEnd. After each event, waits until
    /// the client has finished with it; an update is timed until the pixel
    /// just ahead of the finger's previous reach (3 px past the new end, out of
    /// the old end's round cap for steps of 4 px or more) changes, when it does
    /// (the first updates stay inside tap slop, where TouchTracker draws nothing).
    /// With `looking` false the screen is never read (its reads are the X
    /// server's work too), and the server's run time is added up instead.
    func stroke(updates: Int, step: Double, settling: Settling, looking: Bool = true) throws {
        precondition(!live, "a stroke starts with no finger of this lane down")
        let length = Double(updates) * step
        if y < Self.firstRowY || x + length > Double(originX) + Self.rowEnd { try nextRow() }
        let server = looking ? nil : session.server.pid
        // Read idle: whatever the last lane's frames left it to do is done.
        if let server { _ = try ProcessActivity.waitUntilQuiet(server, quietSeconds: settling.quietSeconds, timeout: settling.timeout) }
        let serverBefore = try server.map { try CPUTime.nanoseconds(of: $0) }
        let row = y
        let id = session.fingers.newID()
        try send(id: id, phase: .begin, probe: nil, settling: settling)
        for update in 0..<updates {
            x += step
            // Every other update off the row: a turn at each, as a hand's.
            y = wanderPixels > 0 && update % 2 == 0 ? row + wanderPixels : row
            try send(id: id, phase: .update, probe: looking ? (Int(x) + 3, Int(y)) : nil, settling: settling)
        }
        try send(id: id, phase: .end, probe: nil, settling: settling)
        y = row
        if let server, let serverBefore {
            _ = try ProcessActivity.waitUntilQuiet(server, quietSeconds: settling.quietSeconds, timeout: settling.timeout)
            serverNanoseconds += try CPUTime.nanoseconds(of: server) - serverBefore
        }
        strokes += 1
        // Room between strokes: their round caps never touch.
        x += 24
    }

    private func send(id: UInt32, phase: InputTestDevice.TouchPhase, probe: (x: Int, y: Int)?, settling: Settling) throws {
        var before: UInt32 = 0
        if let probe {
            try session.probe.read(x: probe.x, y: probe.y, width: 1, height: 1, into: &pixels)
            before = pixels[0]
        }
        let activity = try ProcessActivity(of: pid)
        let start = Deadline.now()
        try session.touchscreen.touch(id: id, phase: phase, x: x, y: y)
        events += 1
        var seen = false
        func look() throws {
            guard !seen, let probe else { return }
            try session.probe.read(x: probe.x, y: probe.y, width: 1, height: 1, into: &pixels)
            if pixels[0] != before {
                seen = true
                updatesSeen += 1
                latencies.append((Deadline.now() - start) * 1e6)
            }
        }
        var quiet: (activity: ProcessActivity, since: Double)?
        while true {
            try look()
            let now = try ProcessActivity(of: pid), time = Deadline.now()
            if now.mainThreadSlices > activity.mainThreadSlices, !now.busy {
                if let still = quiet, still.activity == now {
                    if time - still.since >= settling.quietSeconds { break }
                } else {
                    quiet = (now, time)
                }
            } else {
                quiet = nil
            }
            if time - start > settling.timeout { idleTimeouts += 1; break }
            usleep(100)
        }
        // What the client asked for may reach the screen just after it sleeps.
        let grace = Deadline(secondsFromNow: 0.02)
        while !seen, probe != nil, !grace.hasPassed { try look(); usleep(500) }
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
        mainThreadCPUAtReset = try CPUTime.mainThreadNanoseconds(of: pid)
    }

    /// CPU time per touch event since the last reset, in µs; nil when the
    /// kernel's run time did not move although the window answered every
    /// trial (seen in a virtual machine: a reading to report, not a zero).
    func cpuPerEvent() throws -> Double? {
        let used = try CPUTime.nanoseconds(of: pid) - cpuAtReset
        if used == 0, !latencies.isEmpty { return nil }
        return used / 1_000 / Double(max(1, events))
    }

    /// The same for the main thread alone: the rest is the other threads'
    /// (touchtracker's saver, recorder, accelerometer).
    func mainThreadCPUPerEvent() throws -> Double? {
        let used = try CPUTime.mainThreadNanoseconds(of: pid) - mainThreadCPUAtReset
        if used == 0, !latencies.isEmpty { return nil }
        return used / 1_000 / Double(max(1, events))
    }
}
