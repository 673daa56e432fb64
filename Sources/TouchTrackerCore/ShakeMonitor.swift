/// Runs shake-to-clear: when to scan for an accelerometer, when to poll it,
/// what its readings mean, and what to log. The shell does the file reading
/// and hands the results back; time is an input, so every rule is testable
/// with literal timestamps. Logs once per state change, never per sample.
public struct ShakeMonitor: Sendable {
    public enum Action: Hashable, Sendable {
        case scan
        case read(AccelerometerCandidate)
    }

    public enum ReadOutcome: Hashable, Sendable {
        case files(AccelerometerFiles)
        /// A sample could not be read (busy, I/O error, half-written file).
        case unreadable(AccelerometerReadFailure)
        /// The device or its files are gone.
        case gone(AccelerometerReadFailure)
    }

    public enum Report: Hashable, Sendable {
        case log(String)
        /// A shake on this device (its folder name). Whether it clears the
        /// drawing is the workspace's to say, so the shell logs
        /// `shakeLogLine(device:cleared:)` once it knows.
        case shake(device: String)
    }

    /// The line for a shake: a shake while the touch inspector is shown clears
    /// nothing (`Workspace.clear()` says so), and the log must not claim it did.
    public static func shakeLogLine(device: String, cleared: Bool) -> String {
        cleared
            ? "shake: detected on \(device), clearing the drawing"
            : "shake: detected on \(device); the inspector is shown, the drawing is kept"
    }

    private enum State: Sendable {
        case searching(nextScan: Instant)
        case using(AccelerometerCandidate, matrix: MountMatrix, nextPoll: Instant, skips: Int, calibration: AccelerometerCalibration?)
    }

    private let tunables: Tunables
    private var state: State
    private var detector: ShakeDetector
    /// Whether the "none found" line was already logged since the last state change.
    private var reportedNone = false

    public init(tunables: Tunables, start: Instant) {
        self.tunables = tunables
        state = .searching(nextScan: start)
        detector = ShakeDetector(tunables: tunables)
    }

    public var nextDeadline: Instant {
        switch state {
        case .searching(let next): next
        case .using(_, _, let next, _, _): next
        }
    }

    /// The device in use, if any.
    public var device: AccelerometerCandidate? {
        if case .using(let device, _, _, _, _) = state { return device }
        return nil
    }

    /// What the shell should do now, if anything is due.
    public func action(at now: Instant) -> Action? {
        switch state {
        case .searching(let next): now >= next ? .scan : nil
        case .using(let device, _, let next, _, _): now >= next ? .read(device) : nil
        }
    }

    public mutating func scanned(_ result: DiscoveryResult, at now: Instant) -> [Report] {
        guard case .searching = state else { return [] }
        var reports: [Report] = []
        guard let best = AccelerometerCandidate.best(of: result.candidates) else {
            state = .searching(nextScan: now.adding(milliseconds: tunables.accelerometerRescanMilliseconds))
            if !reportedNone {
                reportedNone = true
                reports += result.problems.map { .log("shake: \($0)") }
                reports.append(.log("shake: no IIO accelerometer under \(result.searched) (need in_accel_{x,y,z}_raw); shake-to-clear is off until one appears"))
            }
            return reports
        }
        reportedNone = false
        // Devices passed over are worth one line each when the choice is made.
        reports += result.problems.map { .log("shake: \($0)") }
        if let warning = best.mountMatrixWarning(tolerance: tunables.mountMatrixUnitaryTolerance) { reports.append(.log("shake: \(best.folderName): \(warning)")) }
        detector.disarm()
        // The "using" line waits for the first reading, which brings the scale.
        state = .using(best, matrix: best.mountMatrix(tolerance: tunables.mountMatrixUnitaryTolerance), nextPoll: now, skips: 0, calibration: nil)
        return reports
    }

    public mutating func read(_ outcome: ReadOutcome, at now: Instant) -> [Report] {
        guard case .using(let device, let matrix, let due, let skips, let previous) = state else { return [] }
        // Polls keep their cadence, and never pile up: a late poll is followed
        // by a full interval, not by an immediate catch-up read.
        let onTime = due.adding(milliseconds: tunables.accelerometerPollMilliseconds)
        let nextPoll = onTime > now ? onTime : now.adding(milliseconds: tunables.accelerometerPollMilliseconds)
        let skipped: String
        switch outcome {
        case .gone(let failure):
            return lose(device, because: "\(failure)", at: now)
        case .unreadable(let failure):
            skipped = "\(failure)"
        case .files(let files):
            let calibration = AccelerometerCalibration(files: files)
            guard let raw = calibration.acceleration(raw: files.raw) else {
                skipped = "unparsable raw value"
                break
            }
            var reports: [Report] = []
            let unscaledNote = calibration.isUnscaled ? " (no scale file: readings may not be m/s²)" : ""
            if previous == nil {
                let label = device.label?.trimmed ?? "-", name = device.name?.trimmed ?? "-"
                reports.append(.log("shake: using \(device.folderName) name=\(name) label=\(label) \(calibration) matrix=\(matrix) poll=\(tunables.accelerometerPollMilliseconds)ms\(unscaledNote)"))
            } else if calibration != previous {
                // New units: readings must look like gravity again before anything fires.
                detector.disarm()
                reports.append(.log("shake: \(device.folderName) now has \(calibration)\(unscaledNote)"))
            }
            state = .using(device, matrix: matrix, nextPoll: nextPoll, skips: 0, calibration: calibration)
            switch detector.add(matrix.apply(raw), at: now) {
            case .shake?:
                reports.append(.shake(device: device.folderName))
            case .armed?:
                reports.append(.log("shake: readings from \(device.folderName) look like gravity; shake-to-clear is on"))
            case .implausible(let magnitude)?:
                let shown = (magnitude * 100).rounded() / 100
                reports.append(.log("shake: implausible accelerometer readings |a|≈\(shown) m/s² (\(calibration)) on \(device.folderName); shake-to-clear stays off until a reading is near 9.8 m/s² at rest"))
            case nil:
                break
            }
            return reports
        }
        // A sample that could not be used: skipped quietly, until too many in a row lose the device.
        if skips + 1 >= tunables.accelerometerLostAfterSkips {
            return lose(device, because: "\(skips + 1) unreadable samples in a row (last: \(skipped))", at: now)
        }
        state = .using(device, matrix: matrix, nextPoll: nextPoll, skips: skips + 1, calibration: previous)
        return []
    }

    private mutating func lose(_ device: AccelerometerCandidate, because reason: String, at now: Instant) -> [Report] {
        detector.disarm()
        reportedNone = true  // the "lost" line says it; rescans stay quiet until something changes
        state = .searching(nextScan: now.adding(milliseconds: tunables.accelerometerRescanMilliseconds))
        return [.log("shake: lost \(device.folderName) (\(reason)); looking again every \(tunables.accelerometerRescanMilliseconds / 1000) s")]
    }
}
