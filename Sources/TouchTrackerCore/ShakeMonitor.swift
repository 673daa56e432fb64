/// Runs shake-to-clear: when to scan for an accelerometer, when to poll it,
/// what its readings mean, and what to log. The shell does the file reading
/// and hands the results back; time is an input, so every rule is testable
/// with literal timestamps. Logs once per state, never per sample, and within
/// a budget of a few lines a minute whatever the sensor does.
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
    public static func shakeLogLine(device: String, cleared: Bool, words: Phrasebook = .english) -> String {
        "shake: " + words.text(cleared ? .shakeClearing : .shakeKeeping, device)
    }

    /// The device in use and what its readings have shown so far. Kept in
    /// place, apart from the times and counts every poll changes: a poll
    /// copies none of it.
    private struct InUse: Sendable {
        var device: AccelerometerCandidate
        var matrix: MountMatrix
        /// nil until the first reading brings it.
        var calibration: AccelerometerCalibration?
        /// The files `calibration` was made from (their raws are of no account).
        var calibrationRead: AccelerometerFiles?
    }

    private let tunables: Tunables
    /// The language of the log (tunables.phrasebook).
    private let words: Phrasebook
    /// Whether finding no accelerometer at all is worth a line.
    private let announcesAbsence: Bool
    /// nil while searching.
    private var inUse: InUse?
    /// The next scan while searching, the next poll while a device is in use.
    public private(set) var nextDeadline: Instant
    /// Samples skipped in a row on the device in use.
    private var skips = 0
    private var detector: ShakeDetector
    /// Whether the device in use is read at the full rate or at rest.
    private var pace: AccelerometerPollPace
    /// Bounds the whole log, whatever the sensor does.
    private var budget: LogBudget
    /// While searching: each reason for finding nothing is told once, until a device is in use again.
    private var absencesTold: [String] = []
    /// The "lost" line says a device is gone and that discovery goes on: the
    /// first scan after it that finds nothing adds nothing.
    private var quietAfterLoss = false
    /// While using a device: the states already told (each calibration, and
    /// whether readings under it armed or looked implausible), so that a
    /// sensor flapping between states is told each state once.
    private var statesTold: [String] = []
    private var toldCalibrationKeepsChanging = false

    /// - Parameter announcesAbsence: whether finding no accelerometer at all is
    ///   worth a line: most machines have none, so only when the user asked for
    ///   one or for every detail. Problems with devices that are there, and a
    ///   device being found, are told either way.
    public init(tunables: Tunables, start: Instant, announcesAbsence: Bool = true) {
        self.tunables = tunables
        words = tunables.phrasebook
        self.announcesAbsence = announcesAbsence
        nextDeadline = start
        detector = ShakeDetector(tunables: tunables)
        pace = AccelerometerPollPace(tunables: tunables, start: start)
        budget = LogBudget(burstLines: tunables.accelerometerLogBurstLines,
                           intervalMilliseconds: tunables.accelerometerLogLineIntervalMilliseconds, start: start)
    }

    /// The device in use, if any.
    public var device: AccelerometerCandidate? { inUse?.device }

    /// `action(at:)` for a shell that keeps the monitor in a `var` (the
    /// accelerometer's thread, every poll): mutating only so that the monitor
    /// is passed by reference; the non-mutating call copied all of it.
    public mutating func nextAction(at now: Instant) -> Action? { action(at: now) }

    /// What the shell should do now, if anything is due.
    public func action(at now: Instant) -> Action? {
        guard now >= nextDeadline else { return nil }
        return inUse.map { .read($0.device) } ?? .scan
    }

    public mutating func scanned(_ result: DiscoveryResult, at now: Instant) -> [Report] {
        guard inUse == nil else { return [] }
        return withinBudget(scannedReports(result, at: now), at: now)
    }

    private mutating func scannedReports(_ result: DiscoveryResult, at now: Instant) -> [Report] {
        guard let best = AccelerometerCandidate.best(of: result.candidates) else {
            nextDeadline = now.adding(milliseconds: tunables.accelerometerRescanMilliseconds)
            let lines = absenceLines(result)
            let quiet = quietAfterLoss
            quietAfterLoss = false
            guard Self.remember(lines.joined(separator: "\n"), in: &absencesTold, keeping: tunables.accelerometerLoggedStatesRemembered),
                  !quiet else { return [] }
            return lines.map { .log($0) }
        }
        absencesTold = []
        quietAfterLoss = false
        statesTold = []
        toldCalibrationKeepsChanging = false
        var reports: [Report] = []
        // Devices passed over are worth one line each when the choice is made.
        reports += result.problems.map { .log("shake: " + $0.text(words)) }
        if let warning = best.mountMatrixWarning(tolerance: tunables.mountMatrixUnitaryTolerance, words: words) {
            reports.append(.log("shake: \(best.folderName): \(warning)"))
        }
        detector.disarm()
        // The "using" line waits for the first reading, which brings the scale.
        inUse = InUse(device: best, matrix: best.mountMatrix(tolerance: tunables.mountMatrixUnitaryTolerance))
        nextDeadline = now
        pace.restart(at: now)
        skips = 0
        return reports
    }

    /// Why nothing is in use, in as few lines as say it: a problem that is the
    /// whole reason is one line with what follows from it; several are a line
    /// each and one conclusion; none at all is said only when asked for.
    private func absenceLines(_ result: DiscoveryResult) -> [String] {
        switch result.problems.count {
        case 0:
            guard announcesAbsence else { return [] }
            return ["shake: " + words.text(.shakeNoAccelerometer, result.searched)]
        case 1:
            return ["shake: " + result.problems[0].lineWhenAlone(words)]
        default:
            return result.problems.map { "shake: " + $0.text(words) }
                + ["shake: " + words.text(.shakeNoUsableAccelerometer, result.searched)]
        }
    }

    public mutating func read(_ outcome: ReadOutcome, at now: Instant) -> [Report] {
        guard inUse != nil else { return [] }
        let due = nextDeadline
        let reports = readReports(outcome, at: now)
        // After the pace has judged the sample: one that is not quiet brings the full rate at once.
        if inUse != nil { nextDeadline = pace.nextPoll(due: due, at: now) }
        return withinBudget(reports, at: now)
    }

    private mutating func readReports(_ outcome: ReadOutcome, at now: Instant) -> [Report] {
        let skipped: String
        switch outcome {
        case .gone(let failure):
            return lose(because: failure.text(words), at: now)
        case .unreadable(let failure):
            skipped = failure.text(words)
        case .files(let files):
            // The calibration files seldom change: their texts as last read
            // give the calibration made from them then, with no parsing: the
            // usual poll, which copies and compares no calibration and joins
            // no reports.
            if let known = inUse!.calibration, inUse!.calibrationRead?.hasSameCalibrationTexts(as: files) == true {
                guard let raw = known.acceleration(raw: files.raw) else {
                    skipped = words.text(.shakeUnparsableRawValue)
                    break
                }
                skips = 0
                return detected(add(inUse!.matrix.apply(raw), at: now), calibration: known)
            }
            // The first reading, or calibration files that read otherwise
            // (which may still make the same calibration: "0.01" and "0.010").
            let previous = inUse!.calibration
            let calibration = AccelerometerCalibration(files: files)
            guard let raw = calibration.acceleration(raw: files.raw) else {
                skipped = words.text(.shakeUnparsableRawValue)
                break
            }
            skips = 0
            let reports = calibration == previous ? [] : calibrationChanged(to: calibration, from: files, previous: previous)
            return reports + detected(add(inUse!.matrix.apply(raw), at: now), calibration: calibration)
        }
        // A sample that could not be used: skipped quietly, until too many in a row lose the
        // device. Read again at the full rate, so that "too many" keeps its time.
        if pace.sampled(quiet: false, at: now) { detector.rested(until: now) }
        skips += 1
        if skips >= tunables.accelerometerLostAfterSkips {
            return lose(because: words.text(.unreadableSamples, count: skips, String(skips), skipped), at: now)
        }
        return []
    }

    /// A sample for the detector, once the pace has judged it: the detector
    /// weighs the rest that a sample ends as if it had been read at the full rate.
    private mutating func add(_ acceleration: Vector3, at now: Instant) -> ShakeDetector.Event? {
        if pace.sampled(quiet: detector.isQuiet(acceleration), at: now) { detector.rested(until: now) }
        return detector.add(acceleration, at: now)
    }

    /// The first calibration of the device in use, or a new one: the
    /// "using" line, or re-arming and the line for the new units.
    private mutating func calibrationChanged(to calibration: AccelerometerCalibration, from files: AccelerometerFiles,
                                             previous: AccelerometerCalibration?) -> [Report] {
        inUse!.calibration = calibration
        inUse!.calibrationRead = files
        let device = inUse!.device
        let unitsNote = calibration.unitsWarning(words).map { " (\($0))" } ?? ""
        let calibrationText = calibration.text(words)
        guard previous != nil else {
            let label = device.label?.trimmed ?? "-", name = device.name?.trimmed ?? "-"
            tellOnce("calibration \(calibration)")
            let settings = "name=\(name) label=\(label) \(calibrationText) matrix=\(inUse!.matrix) \(pace.settingsText)"
            return [.log("shake: " + words.text(.shakeUsing, device.folderName, settings) + unitsNote)]
        }
        // New units: readings must look like gravity again before anything fires.
        detector.disarm()
        if tellOnce("calibration \(calibration)") {
            return [.log("shake: " + words.text(.shakeNowHas, device.folderName, calibrationText) + unitsNote)]
        }
        if !toldCalibrationKeepsChanging {
            // Back to a calibration already told: the file keeps changing.
            toldCalibrationKeepsChanging = true
            return [.log("shake: " + words.text(.shakeCalibrationKeepsChanging, device.folderName, calibrationText))]
        }
        return []
    }

    /// What the detector's verdict on a sample is worth saying.
    private mutating func detected(_ event: ShakeDetector.Event?, calibration: AccelerometerCalibration) -> [Report] {
        guard let event, let folderName = inUse?.device.folderName else { return [] }
        switch event {
        case .shake:
            return [.shake(device: folderName)]
        case .armed:
            guard tellOnce("armed \(calibration)") else { return [] }
            return [.log("shake: " + words.text(.shakeArmed, folderName))]
        case .implausible(let magnitude):
            guard tellOnce("implausible \(calibration)") else { return [] }
            let shown = (magnitude * 100).rounded() / 100
            return [.log("shake: " + words.text(.shakeImplausible, "\(shown)", calibration.text(words), folderName))]
        }
    }

    private mutating func lose(because reason: String, at now: Instant) -> [Report] {
        let folderName = inUse?.device.folderName ?? "-"
        detector.disarm()
        quietAfterLoss = true
        inUse = nil
        nextDeadline = now.adding(milliseconds: tunables.accelerometerRescanMilliseconds)
        return [.log("shake: " + words.text(.shakeLost, folderName, reason, String(tunables.accelerometerRescanMilliseconds / 1000)))]
    }

    // MARK: Keeping the log bounded

    /// Whether the state is new for the device in use (and now told).
    @discardableResult
    private mutating func tellOnce(_ state: String) -> Bool {
        Self.remember(state, in: &statesTold, keeping: tunables.accelerometerLoggedStatesRemembered)
    }

    /// Adds `key` to `told` unless it is there; the oldest are forgotten
    /// beyond `limit`, so that a sensor inventing new states forever costs
    /// bounded memory (the budget bounds their lines).
    private static func remember(_ key: String, in told: inout [String], keeping limit: Int) -> Bool {
        guard !told.contains(key) else { return false }
        if told.count >= max(1, limit) { told.removeFirst() }
        told.append(key)
        return true
    }

    /// The reports the budget allows, led by one line for what it held back
    /// before, once it allows that line. Shakes always pass: each is the
    /// user's doing, and the cooldown already spaces them.
    private mutating func withinBudget(_ reports: [Report], at now: Instant) -> [Report] {
        var allowed: [Report] = []
        if let dropped = budget.takeDropped(at: now) {
            let latest = dropped.latest.hasPrefix("shake: ") ? String(dropped.latest.dropFirst(7)) : dropped.latest
            allowed.append(.log("shake: " + words.text(.linesNotLogged, count: dropped.count, String(dropped.count),
                                                         String(tunables.accelerometerLogBurstLines),
                                                         String(tunables.accelerometerLogLineIntervalMilliseconds / 1000), latest)))
        }
        for report in reports {
            if case .log(let line) = report, !budget.admit(line, at: now) { continue }
            allowed.append(report)
        }
        return allowed
    }
}
