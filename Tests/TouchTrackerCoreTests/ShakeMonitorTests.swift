import Foundation
import TouchTrackerCore
import XCTest

/// The monitor's state machine, stepped with literal times and canned scan and
/// read results, one action per turn as the shell does it. Defaults: poll
/// every 20 ms, rescan every 2000 ms, lost after 50 unreadable samples.
final class ShakeMonitorTests: XCTestCase {
    private typealias Report = ShakeMonitor.Report

    private let base = "/sys/bus/iio/devices"

    private func device(_ index: Int = 0, label: String? = nil, matrices: [String?] = []) -> AccelerometerCandidate {
        AccelerometerCandidate(folderName: "iio:device\(index)", path: "\(base)/iio:device\(index)", index: index,
                               name: "mma8452\n", label: label, mountMatrixTexts: matrices)
    }

    private func found(_ candidates: AccelerometerCandidate..., problems: [DiscoveryProblem] = []) -> DiscoveryResult {
        DiscoveryResult(searched: base, candidates: candidates, problems: problems)
    }

    private var nothing: DiscoveryResult { DiscoveryResult(searched: base, candidates: []) }

    /// Read failures as the shell classifies them (the texts are strerror's).
    private var busy: AccelerometerReadFailure {
        AccelerometerReadFailure(path: "\(base)/iio:device0/in_accel_x_raw", reason: "Device or resource busy", busy: true)
    }
    private var ioError: AccelerometerReadFailure {
        AccelerometerReadFailure(path: "\(base)/iio:device0/in_accel_x_raw", reason: "Input/output error")
    }
    private var removed: AccelerometerReadFailure {
        AccelerometerReadFailure(path: "\(base)/iio:device0", reason: "No such file or directory")
    }

    /// Raw counts with in_accel_scale (default 0.01, so 981 counts is 9.81 m/s²).
    private func files(_ x: Int, _ y: Int, _ z: Int, scale: String? = "0.01\n") -> ShakeMonitor.ReadOutcome {
        .files(AccelerometerFiles(raw: ["\(x)\n", "\(y)\n", "\(z)\n"], sharedScale: scale))
    }

    private var restRead: ShakeMonitor.ReadOutcome { files(0, 0, 981) }

    /// Polled every 20 ms at rest too: for rules that count samples, not time.
    private static var fullRateOnly: Tunables {
        var tunables = Tunables.standard
        tunables.accelerometerRestPollMilliseconds = tunables.accelerometerPollMilliseconds
        tunables.accelerometerRestJitterPercent = 0
        return tunables
    }

    /// Rest polls exactly the rest interval apart, for tests that name every poll's time.
    private static var steadyRest: Tunables {
        var tunables = Tunables.standard
        tunables.accelerometerRestJitterPercent = 0
        return tunables
    }

    /// |a| ≈ 17.9 m/s², alternating sign every 20 ms.
    private func shakeRead(_ t: Int64) -> ShakeMonitor.ReadOutcome { files(t % 40 == 0 ? 1500 : -1500, 0, 980) }

    private func logs(_ reports: [Report]) -> [String] {
        reports.compactMap { if case .log(let line) = $0 { line } else { nil } }
    }

    /// What the shell saw, with the time of each report. A shake is logged
    /// as the shell logs it while the drawing is shown.
    private struct Transcript {
        var reports: [(time: Int64, report: Report)] = []
        var scans: [Int64] = []
        var reads: [Int64] = []

        var logs: [String] {
            reports.map {
                switch $0.report {
                case .log(let line): line
                case .shake(let device): ShakeMonitor.shakeLogLine(device: device, cleared: true)
                }
            }
        }
        var shakes: [Int64] { reports.filter { if case .shake = $0.report { true } else { false } }.map(\.time) }
        func logs(containing text: String) -> [String] { logs.filter { $0.contains(text) } }
    }

    /// One shell turn every `step` ms in [from, to): at most one action per turn.
    private func run(_ monitor: inout ShakeMonitor, _ transcript: inout Transcript, from: Int64, to: Int64, step: Int64 = 20,
                     scan: (Int64) -> DiscoveryResult, read: (Int64) -> ShakeMonitor.ReadOutcome) {
        var t = from
        while t < to {
            switch monitor.action(at: at(t)) {
            case .scan?:
                transcript.scans.append(t)
                transcript.reports += monitor.scanned(scan(t), at: at(t)).map { (t, $0) }
            case .read?:
                transcript.reads.append(t)
                transcript.reports += monitor.read(read(t), at: at(t)).map { (t, $0) }
            case nil:
                break
            }
            t += step
        }
    }

    /// A monitor that scanned at 1000 and found device 0; it is due to read at 1000.
    private func usingDevice(_ candidate: AccelerometerCandidate? = nil, file: StaticString = #filePath, line: UInt = #line) -> ShakeMonitor {
        var monitor = ShakeMonitor(tunables: .standard, start: at(1000))
        let chosen = candidate ?? device()
        XCTAssertEqual(monitor.action(at: at(1000)), .scan, file: file, line: line)
        _ = monitor.scanned(found(chosen), at: at(1000))
        XCTAssertEqual(monitor.device, chosen, file: file, line: line)
        return monitor
    }

    /// Reads one sample at `t` and returns its reports.
    private func read(_ monitor: inout ShakeMonitor, _ outcome: ShakeMonitor.ReadOutcome, at t: Int64) -> [Report] {
        monitor.read(outcome, at: at(t))
    }

    // MARK: Scanning

    func testTheFirstScanIsDueAtTheStart() {
        let monitor = ShakeMonitor(tunables: .standard, start: at(1000))
        XCTAssertNil(monitor.action(at: at(999)))
        XCTAssertEqual(monitor.action(at: at(1000)), .scan)
        XCTAssertEqual(monitor.nextDeadline, at(1000))
        XCTAssertNil(monitor.device)
    }

    func testFindingADeviceMakesAReadDueAtOnceWithoutLoggingYet() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(1000))
        let reports = monitor.scanned(found(device()), at: at(1000))
        XCTAssertEqual(reports, [], "the using line waits for the first reading, which brings the scale")
        XCTAssertEqual(monitor.device, device())
        XCTAssertEqual(monitor.action(at: at(1000)), .read(device()))
        XCTAssertEqual(monitor.nextDeadline, at(1000))
    }

    func testTheBestCandidateOfAScanIsUsed() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        _ = monitor.scanned(found(device(10), device(2), device(0, label: "accel-base")), at: at(0))
        XCTAssertEqual(monitor.device?.folderName, "iio:device2")
    }

    func testTheFirstReadingLogsOneUsingLine() {
        var monitor = usingDevice()
        let first = read(&monitor, restRead, at: 1000)
        XCTAssertEqual(logs(first).count, 1, "\(first)")
        XCTAssertEqual(logs(first).first,
                       "shake: using iio:device0 name=mma8452 label=- scale=0.01,0.01,0.01 offset=0.0,0.0,0.0 matrix=identity poll=20ms poll-at-rest=100ms")
        XCTAssertEqual(read(&monitor, restRead, at: 1020), [], "the second reading says nothing")
    }

    func testTheUsingLineShowsTheLabelAndTheMountMatrix() {
        var monitor = usingDevice(device(3, label: "accel-display\n", matrices: [nil, "0, 1, 0; 1, 0, 0; 0, 0, -1\n", nil]))
        let line = logs(read(&monitor, restRead, at: 1000)).first ?? ""
        XCTAssertTrue(line.hasPrefix("shake: using iio:device3 name=mma8452 label=accel-display "), line)
        XCTAssertTrue(line.contains("matrix=0.0, 1.0, 0.0; 1.0, 0.0, 0.0; 0.0, 0.0, -1.0"), line)
    }

    func testNoDeviceIsLoggedOnceAndRescansEveryTwoSecondsQuietly() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        let first = monitor.scanned(nothing, at: at(0))
        XCTAssertEqual(logs(first), ["shake: no IIO accelerometer under /sys/bus/iio/devices (need in_accel_{x,y,z}_raw); shake-to-clear is off until one appears"])
        XCTAssertEqual(monitor.nextDeadline, at(2000))
        XCTAssertNil(monitor.action(at: at(1999)))

        var transcript = Transcript()
        run(&monitor, &transcript, from: 20, to: 20_020, scan: { _ in self.nothing }, read: { _ in self.restRead })
        XCTAssertEqual(transcript.scans, [2000, 4000, 6000, 8000, 10_000, 12_000, 14_000, 16_000, 18_000, 20_000])
        XCTAssertEqual(transcript.reports.count, 0, "rescans are quiet: \(transcript.logs)")
    }

    func testProblemsAreLoggedWhenADeviceIsChosen() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        let reports = monitor.scanned(found(device(1), problems: [.bufferOnly(folderName: "iio:device0")]), at: at(0))
        XCTAssertEqual(logs(reports), ["shake: iio:device0 has only buffered acceleration (unsupported)"])
        XCTAssertEqual(monitor.device?.index, 1)
    }

    func testTheOneProblemThatFindsNothingIsOneLineLoggedOnce() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        let problem = DiscoveryProblem.permissionDenied(path: "\(base)/iio:device0/in_accel_x_raw")
        let first = monitor.scanned(DiscoveryResult(searched: base, candidates: [], problems: [problem]), at: at(0))
        XCTAssertEqual(logs(first), ["shake: permission denied reading \(base)/iio:device0/in_accel_x_raw; shake-to-clear is off until it can be read"])
        let again = monitor.scanned(DiscoveryResult(searched: base, candidates: [], problems: [problem]), at: at(2000))
        XCTAssertEqual(again, [])
    }

    func testSeveralProblemsThatFindNothingAreALineEachAndOneConclusion() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        let problems: [DiscoveryProblem] = [.bufferOnly(folderName: "iio:device0"),
                                            .permissionDenied(path: "\(base)/iio:device1/in_accel_x_raw")]
        let first = monitor.scanned(DiscoveryResult(searched: base, candidates: [], problems: problems), at: at(0))
        XCTAssertEqual(logs(first), [
            "shake: iio:device0 has only buffered acceleration (unsupported)",
            "shake: permission denied reading \(base)/iio:device1/in_accel_x_raw",
            "shake: no usable IIO accelerometer under \(base); shake-to-clear is off until one appears",
        ])
    }

    func testARefusedMountMatrixIsLoggedWhenTheDeviceIsChosen() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        let reports = monitor.scanned(found(device(0, matrices: ["foo\n", nil, nil])), at: at(0))
        XCTAssertEqual(logs(reports), ["shake: iio:device0: mount matrix \"foo\" is not a valid matrix (three rows of three numbers, a rotation or reflection); using identity"])
    }

    func testAScanResultWhileUsingADeviceIsIgnored() {
        var monitor = usingDevice()
        XCTAssertEqual(monitor.scanned(found(device(5, label: "accel-display")), at: at(1000)), [])
        XCTAssertEqual(monitor.device, device())
    }

    func testAReadResultWhileSearchingIsIgnored() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        XCTAssertEqual(monitor.read(restRead, at: at(0)), [])
        XCTAssertEqual(monitor.action(at: at(0)), .scan)
        XCTAssertNil(monitor.device)
    }

    // MARK: Unreadable samples and losing the device

    func testUnreadableSamplesAreSkippedQuietlyUntilFiftyInARowLoseTheDevice() {
        var monitor = usingDevice()
        _ = read(&monitor, restRead, at: 1000)
        var reports: [Report] = []
        for i in 1...49 { reports += read(&monitor, .unreadable(busy), at: 1000 + Int64(i) * 20) }
        XCTAssertEqual(reports, [], "skips are not logged one by one")
        XCTAssertEqual(monitor.device, device(), "49 skips are not a loss")

        let lost = read(&monitor, .unreadable(busy), at: 2000)
        XCTAssertEqual(logs(lost), ["shake: lost iio:device0 (50 unreadable samples in a row (last: /sys/bus/iio/devices/iio:device0/in_accel_x_raw: Device or resource busy (buffer enabled by another process?))); looking again every 2 s"])
        XCTAssertNil(monitor.device)
        XCTAssertNil(monitor.action(at: at(3999)))
        XCTAssertEqual(monitor.action(at: at(4000)), .scan)
    }

    func testAGoodSampleResetsTheSkipCount() {
        var monitor = usingDevice()
        _ = read(&monitor, restRead, at: 1000)
        var reports: [Report] = []
        var t: Int64 = 1020
        for _ in 0..<49 { reports += read(&monitor, .unreadable(ioError), at: t); t += 20 }
        reports += read(&monitor, restRead, at: t); t += 20
        for _ in 0..<49 { reports += read(&monitor, .unreadable(ioError), at: t); t += 20 }
        XCTAssertEqual(monitor.device, device(), "never 50 in a row")
        XCTAssertTrue(logs(reports).allSatisfy { !$0.contains("lost") }, "\(reports)")
    }

    func testGarbageRawValuesAreSkippedSamplesNotZeros() {
        var monitor = usingDevice()
        var reports: [Report] = []
        for i in 0..<49 {
            reports += read(&monitor, .files(AccelerometerFiles(raw: ["abc\n", "", "0x10"], sharedScale: "0.01")), at: 1000 + Int64(i) * 20)
        }
        XCTAssertEqual(reports, [], "no using line before a valid reading, no line per skip")
        XCTAssertEqual(monitor.device, device())
        // The first valid reading then brings the using line.
        XCTAssertEqual(logs(read(&monitor, restRead, at: 2000)).filter { $0.hasPrefix("shake: using") }.count, 1)
    }

    func testFiftyGarbageReadingsInARowLoseTheDevice() {
        var monitor = usingDevice()
        _ = read(&monitor, restRead, at: 1000)
        var reports: [Report] = []
        for i in 1...50 {
            reports += read(&monitor, .files(AccelerometerFiles(raw: ["0", "0", ""], sharedScale: "0.01")), at: 1000 + Int64(i) * 20)
        }
        XCTAssertEqual(logs(reports).count, 1)
        XCTAssertTrue(logs(reports).first?.hasPrefix("shake: lost iio:device0 (50 unreadable samples in a row") ?? false, "\(reports)")
        XCTAssertNil(monitor.device)
    }

    func testAGoneDeviceIsLostAtOnceAndRescansStayQuiet() {
        var monitor = usingDevice()
        _ = read(&monitor, restRead, at: 1000)
        let lost = read(&monitor, .gone(removed), at: 1020)
        XCTAssertEqual(logs(lost), ["shake: lost iio:device0 (/sys/bus/iio/devices/iio:device0: No such file or directory); looking again every 2 s"])
        XCTAssertNil(monitor.device)
        XCTAssertEqual(monitor.nextDeadline, at(3020))

        var transcript = Transcript()
        run(&monitor, &transcript, from: 1040, to: 9100, scan: { _ in self.nothing }, read: { _ in self.restRead })
        XCTAssertEqual(transcript.scans, [3020, 5020, 7020, 9020])
        XCTAssertEqual(transcript.reports.count, 0, "\(transcript.logs)")
    }

    func testALostDeviceIsFoundAgainAndMustReArmBeforeAShake() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        // 0: scan; 20...100: rest reads (armed at 100); 120: gone.
        run(&monitor, &transcript, from: 0, to: 140, scan: { _ in self.found(self.device()) },
            read: { t in t < 120 ? self.restRead : .gone(removed) })
        XCTAssertEqual(transcript.logs(containing: "shake-to-clear is on").count, 1)
        XCTAssertEqual(transcript.logs(containing: "lost iio:device0").count, 1)

        // Nothing at the 2120 rescan; back as iio:device1 at 4120, shaken at once.
        run(&monitor, &transcript, from: 140, to: 4800,
            scan: { t in t < 4000 ? self.nothing : self.found(self.device(1)) },
            read: { t in self.shakeRead(t) })
        XCTAssertEqual(transcript.scans, [0, 2120, 4120])
        XCTAssertEqual(monitor.device?.folderName, "iio:device1")
        XCTAssertEqual(transcript.logs(containing: "using iio:device1").count, 1, "\(transcript.logs)")
        XCTAssertEqual(transcript.shakes, [], "shaking before the readings looked like gravity again")

        // Five rest readings re-arm it; then a shake fires.
        run(&monitor, &transcript, from: 4800, to: 6000, read: { t in t < 4900 ? self.restRead : self.shakeRead(t) })
        XCTAssertEqual(transcript.logs(containing: "readings from iio:device1 look like gravity").count, 1)
        XCTAssertEqual(transcript.shakes.count, 1)
    }

    private func run(_ monitor: inout ShakeMonitor, _ transcript: inout Transcript, from: Int64, to: Int64,
                     read: @escaping (Int64) -> ShakeMonitor.ReadOutcome) {
        run(&monitor, &transcript, from: from, to: to, scan: { _ in self.nothing }, read: read)
    }

    func testEachStateChangeIsLoggedOnce() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        // None (scans at 0, 2000), found (4000; armed at 4100), gone (4200),
        // none (6200), found again (8200; armed at 8300).
        run(&monitor, &transcript, from: 0, to: 9000,
            scan: { t in (4000..<6000).contains(t) || t >= 8000 ? self.found(self.device()) : self.nothing },
            read: { t in t == 4200 ? .gone(removed) : self.restRead })
        XCTAssertEqual(transcript.scans, [0, 2000, 4000, 6200, 8200])
        XCTAssertEqual(transcript.logs(containing: "no IIO accelerometer").count, 1, "\(transcript.logs)")
        XCTAssertEqual(transcript.logs(containing: "using iio:device0").count, 2, "\(transcript.logs)")
        XCTAssertEqual(transcript.logs(containing: "lost iio:device0").count, 1, "\(transcript.logs)")
        XCTAssertEqual(transcript.logs(containing: "look like gravity").count, 2, "\(transcript.logs)")
        XCTAssertEqual(transcript.logs.count, 6, "\(transcript.logs)")
    }

    // MARK: Calibration changes

    func testACalibrationChangeDisarmsAndIsLogged() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        let old = "0.009577\n", new = "0.019154\n"
        run(&monitor, &transcript, from: 0, to: 200, scan: { _ in self.found(self.device()) },
            read: { _ in self.files(0, 0, 1024, scale: old) })
        XCTAssertEqual(transcript.logs(containing: "look like gravity").count, 1)

        // 200: the new scale with the old raws (|a| ≈ 19.6); then the halved raws, shaken for 600 ms.
        run(&monitor, &transcript, from: 200, to: 820) { t in
            t == 200 ? self.files(0, 0, 1024, scale: new) : self.files(t % 40 == 0 ? 783 : -783, 0, 512, scale: new)
        }
        XCTAssertEqual(transcript.logs(containing: "iio:device0 now has scale=0.019154,0.019154,0.019154").count, 1, "\(transcript.logs)")
        XCTAssertEqual(transcript.shakes, [], "new units must look like gravity before anything fires")

        // Rest in the new units re-arms it, once.
        run(&monitor, &transcript, from: 820, to: 2000) { _ in self.files(0, 0, 512, scale: new) }
        XCTAssertEqual(transcript.logs(containing: "look like gravity").count, 2)
        XCTAssertEqual(transcript.logs(containing: "now has").count, 1, "an unchanged calibration is not logged again")
        XCTAssertEqual(transcript.shakes, [])
    }

    func testTheSameScaleInAnotherSpellingIsNotAChange() {
        var monitor = usingDevice()
        _ = read(&monitor, files(0, 0, 981, scale: "0.01\n"), at: 1000)
        XCTAssertEqual(read(&monitor, files(0, 0, 981, scale: "0.010000"), at: 1020), [])
    }

    func testANewScaleFirstSeenBesideGarbageRawsIsTakenAtTheNextGoodSample() {
        // The calibration of the last good sample is kept with the files it
        // came from; a sample skipped for its raws must not make its files look known.
        var monitor = usingDevice()
        _ = read(&monitor, files(0, 0, 981, scale: "0.01\n"), at: 1000)
        let garbage = AccelerometerFiles(raw: ["0\n", "abc\n", "490\n"], sharedScale: "0.02\n")
        XCTAssertEqual(read(&monitor, .files(garbage), at: 1020), [], "a skipped sample is quiet")
        let next = read(&monitor, files(0, 0, 490, scale: "0.02\n"), at: 1040)
        XCTAssertEqual(logs(next), ["shake: iio:device0 now has scale=0.02,0.02,0.02 offset=0.0,0.0,0.0"])
    }

    func testTheSameCalibrationFilesPollAfterPollSayNothingMore() {
        var monitor = usingDevice()
        XCTAssertEqual(logs(read(&monitor, restRead, at: 1000)).count, 1, "the using line")
        for t in stride(from: Int64(1020), to: 1200, by: 20) {
            XCTAssertEqual(logs(read(&monitor, restRead, at: t)).filter { !$0.contains("look like gravity") }, [], "at \(t)")
        }
        let changed = read(&monitor, files(0, 0, 981, scale: "0.02\n"), at: 1200)
        XCTAssertEqual(logs(changed), ["shake: iio:device0 now has scale=0.02,0.02,0.02 offset=0.0,0.0,0.0"])
    }

    func testAnOffsetChangeIsACalibrationChange() {
        var monitor = usingDevice()
        _ = read(&monitor, restRead, at: 1000)
        let changed = read(&monitor, .files(AccelerometerFiles(raw: ["0", "0", "981"], sharedScale: "0.01", sharedOffset: "-5")), at: 1020)
        XCTAssertEqual(logs(changed), ["shake: iio:device0 now has scale=0.01,0.01,0.01 offset=-5.0,-5.0,-5.0"])
    }

    // MARK: Shakes

    func testARealShakeReportsAShakeOnItsDeviceWhoseLineSaysItClears() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(1000))
        var transcript = Transcript()
        // 1000: scan; 1020...1100: rest (armed at 1100); from 1120: shaking, every sample accelerating.
        run(&monitor, &transcript, from: 1000, to: 1700, scan: { _ in self.found(self.device()) },
            read: { t in t < 1120 ? self.restRead : self.shakeRead(t) })
        XCTAssertEqual(transcript.logs(containing: "look like gravity").count, 1)
        XCTAssertEqual(transcript.shakes, [1380], "the queue spans 250 ms at 1120 + 260")
        let atShake = transcript.reports.filter { $0.time == 1380 }.map(\.report)
        XCTAssertEqual(atShake, [.shake(device: "iio:device0")])
        XCTAssertEqual(ShakeMonitor.shakeLogLine(device: "iio:device0", cleared: true),
                       "shake: detected on iio:device0, clearing the drawing")
    }

    func testRestForTenSecondsNeverShakes() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        run(&monitor, &transcript, from: 0, to: 10_000, scan: { _ in self.found(self.device()) }, read: { _ in self.restRead })
        XCTAssertEqual(transcript.shakes, [])
        XCTAssertEqual(transcript.reads.count, 55 + 88, "every 20 ms until a second after arming (20...1100), then every 100 ms")
    }

    func testUnscaledReadingsAreLoggedAsImplausibleOnceAndNeverShake() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        // No scale file: raw counts of 16384 per g, "shaken" too.
        run(&monitor, &transcript, from: 0, to: 30_000, scan: { _ in self.found(self.device()) },
            read: { t in .files(AccelerometerFiles(raw: [t % 40 == 0 ? "0" : "30000", "0", "16384"])) })
        XCTAssertEqual(transcript.shakes, [])
        let using = transcript.logs(containing: "using iio:device0")
        XCTAssertEqual(using.count, 1)
        XCTAssertTrue(using.first?.contains("scale=none(1.0)") ?? false, "\(using)")
        XCTAssertTrue(using.first?.contains("(no scale file: readings may not be m/s²)") ?? false, "\(using)")
        let implausible = transcript.logs(containing: "implausible accelerometer readings")
        XCTAssertEqual(implausible.count, 1, "\(transcript.logs)")
        XCTAssertEqual(transcript.logs(containing: "look like gravity"), [])
        XCTAssertEqual(transcript.logs.count, 2)
    }

    func testTheMountMatrixIsAppliedWithoutChangingWhetherItArms() {
        // Gravity on the sensor's x axis, mapped to z: still |a| ≈ 9.81.
        var monitor = usingDevice(device(0, matrices: ["0, 0, 1; 0, 1, 0; 1, 0, 0", nil, nil]))
        var reports: [Report] = []
        for i in 0..<5 { reports += read(&monitor, files(981, 0, 0), at: 1000 + Int64(i) * 20) }
        XCTAssertEqual(logs(reports).filter { $0.contains("look like gravity") }.count, 1, "\(reports)")
    }

    // MARK: Poll schedule

    func testOnTimePollsAreOneIntervalApart() {
        var monitor = usingDevice()
        XCTAssertEqual(monitor.nextDeadline, at(1000))
        _ = read(&monitor, restRead, at: 1000)
        XCTAssertEqual(monitor.nextDeadline, at(1020))
        XCTAssertNil(monitor.action(at: at(1019)))
        XCTAssertEqual(monitor.action(at: at(1020)), .read(device()))
        _ = read(&monitor, restRead, at: 1020)
        XCTAssertEqual(monitor.nextDeadline, at(1040))
    }

    func testSkippedSamplesAdvanceTheDeadlineToo() {
        var monitor = usingDevice()
        _ = read(&monitor, .unreadable(ioError), at: 1000)
        XCTAssertEqual(monitor.nextDeadline, at(1020))
        _ = read(&monitor, .files(AccelerometerFiles(raw: ["x", "y", "z"])), at: 1020)
        XCTAssertEqual(monitor.nextDeadline, at(1040))
    }

    func testTheIntervalIsATunable() {
        var tunables = Tunables()
        tunables.accelerometerPollMilliseconds = 50
        var monitor = ShakeMonitor(tunables: tunables, start: at(0))
        _ = monitor.scanned(found(device()), at: at(0))
        _ = monitor.read(restRead, at: at(0))
        XCTAssertEqual(monitor.nextDeadline, at(50))
        XCTAssertTrue(logs(monitor.read(restRead, at: at(50))).isEmpty)
        XCTAssertEqual(monitor.nextDeadline, at(100))
    }

    func testAStallDoesNotReplayTheMissedPolls() {
        var monitor = usingDevice()
        _ = read(&monitor, restRead, at: 1000)
        // The shell comes back a second late (50 polls missed).
        _ = read(&monitor, restRead, at: 2000)
        XCTAssertGreaterThanOrEqual(monitor.nextDeadline, at(2000), "never a deadline in the past")
        var extra = 0
        while monitor.action(at: at(2000)) != nil, extra < 60 {
            _ = read(&monitor, restRead, at: 2000)
            extra += 1
        }
        XCTAssertLessThanOrEqual(extra, 1, "the missed polls are not made up")
        XCTAssertEqual(monitor.nextDeadline, at(2020))
    }

    func testALatePollIsFollowedByAFullIntervalNotAnImmediatePoll() {
        // Reference: "The next poll is due at max(now, lastStart + interval)"; the shell
        // passes the poll's start as `now`. A poll that starts 60 ms late at 1100 makes
        // the next one due at 1120, not at once (two reads at the same instant).
        var monitor = usingDevice()
        _ = read(&monitor, restRead, at: 1000)
        _ = read(&monitor, restRead, at: 1020)
        _ = read(&monitor, restRead, at: 1100)
        XCTAssertNil(monitor.action(at: at(1100)), "no second read at 1100")
        XCTAssertEqual(monitor.nextDeadline, at(1120))
    }

    func testPollsNeverComeDueFasterThanTheShellAsks() {
        // A shell turn every 50 ms (late for every 20 ms poll): one read per turn, no backlog.
        var monitor = ShakeMonitor(tunables: Self.fullRateOnly, start: at(0))
        var transcript = Transcript()
        run(&monitor, &transcript, from: 0, to: 5000, step: 50, scan: { _ in self.found(self.device()) },
            read: { _ in self.restRead })
        XCTAssertEqual(transcript.reads.count, 99)
        XCTAssertLessThanOrEqual(monitor.nextDeadline, at(4950 + 20), "the deadline does not run ahead either")
    }

    // MARK: Polling at rest

    /// Reads from 0 on; armed at 100 (five rest readings from 20), so quiet
    /// for a second from then: at rest from the read at 1100.
    private func restingMonitor(until end: Int64, _ transcript: inout Transcript,
                                tunables: Tunables = .standard) -> ShakeMonitor {
        var monitor = ShakeMonitor(tunables: tunables, start: at(0))
        run(&monitor, &transcript, from: 0, to: end, scan: { _ in self.found(self.device()) }, read: { _ in self.restRead })
        return monitor
    }

    func testARestingDeviceIsPolledAtTheRestInterval() {
        var transcript = Transcript()
        let monitor = restingMonitor(until: 2000, &transcript, tunables: Self.steadyRest)
        XCTAssertEqual(transcript.reads.filter { $0 >= 1000 },
                       [1000, 1020, 1040, 1060, 1080, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900],
                       "a second after arming, every 100 ms")
        XCTAssertEqual(monitor.nextDeadline, at(2000))
        XCTAssertEqual(Tunables.standard.accelerometerRestPollMilliseconds, 100)
    }

    /// The rest polls stray around their mean, never twice alike for long,
    /// and never closer than the full rate.
    func testRestPollsStrayAroundTheRestInterval() {
        var transcript = Transcript()
        _ = restingMonitor(until: 12_000, &transcript, tunables: .standard)
        let rest = transcript.reads.filter { $0 >= 1100 }
        let gaps = zip(rest.dropFirst(), rest).map { $0 - $1 }
        XCTAssertGreaterThan(gaps.count, 80)
        XCTAssertTrue(gaps.allSatisfy { (60...140).contains($0) }, "\(gaps)")
        XCTAssertEqual(Double(gaps.reduce(0, +)) / Double(gaps.count), 100, accuracy: 10, "\(gaps)")
        // Read in the test's 20 ms steps: every step from 60 to 140 ms shows.
        XCTAssertEqual(Set(gaps), [60, 80, 100, 120, 140], "\(gaps)")
    }

    func testAnAcceleratingSampleReturnsToFullRateAtOnce() {
        var transcript = Transcript()
        var monitor = restingMonitor(until: 2000, &transcript, tunables: Self.steadyRest)
        // A knock at 2000 (|a| ≈ 17.9): the next read 20 ms later, and every
        // 20 ms until the readings have been quiet for a second again.
        run(&monitor, &transcript, from: 2000, to: 3300) { t in t == 2000 ? self.files(1500, 0, 980) : self.restRead }
        XCTAssertEqual(transcript.reads.filter { $0 >= 2000 }, Array(stride(from: 2000, through: 3000, by: 20)) + [3100, 3200])
        XCTAssertEqual(transcript.shakes, [], "a single knock is no shake")
    }

    func testASkippedSampleReturnsToFullRateSoThatFiftySkipsStillTakeASecond() {
        var transcript = Transcript()
        var monitor = restingMonitor(until: 2000, &transcript, tunables: Self.steadyRest)
        run(&monitor, &transcript, from: 2000, to: 4000) { _ in .unreadable(self.busy) }
        XCTAssertEqual(transcript.logs(containing: "lost iio:device0 (50 unreadable samples").count, 1, "\(transcript.logs)")
        XCTAssertEqual(transcript.reports.last?.time, 2980, "the 50th skip, 20 ms apart from the first at 2000")
    }

    func testArmingHappensAtTheFullRate() {
        // Readings in g, not m/s² (|a| = 1): never accelerating, but never armed either, so never at rest.
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        run(&monitor, &transcript, from: 0, to: 5000, scan: { _ in self.found(self.device()) },
            read: { _ in self.files(0, 0, 100) })
        XCTAssertEqual(transcript.logs(containing: "look like gravity"), [])
        XCTAssertEqual(transcript.reads, Array(stride(from: 20, to: 5000, by: 20)))
    }

    func testANewCalibrationAtRestIsReadAtTheFullRateUntilArmedAndQuietAgain() {
        var transcript = Transcript()
        var monitor = restingMonitor(until: 2000, &transcript, tunables: Self.steadyRest)
        // New units at 2000: disarmed, then armed on the fifth reading (2080), at rest a second later.
        run(&monitor, &transcript, from: 2000, to: 3300) { _ in self.files(0, 0, 490, scale: "0.02\n") }
        XCTAssertEqual(transcript.logs(containing: "look like gravity").count, 2, "\(transcript.logs)")
        XCTAssertEqual(transcript.reads.filter { $0 >= 2000 }, Array(stride(from: 2000, through: 3080, by: 20)) + [3180, 3280])
    }

    /// A hand shaking the device at 4 Hz, ±30 m/s² on x, from `start`:
    /// |a| with gravity exceeds 13 m/s² on about four samples in five.
    private func handShake(_ t: Int64, from start: Int64, hertz: Double = 4) -> ShakeMonitor.ReadOutcome {
        let phase = Double(t - start) / 1000 * hertz * 2 * Double.pi
        return files(Int((3000 * sin(phase)).rounded()), 0, 981)
    }

    /// The first shake of a hand shake beginning at `start` after rest, in ms after its start.
    private func detectionDelay(shakeFrom start: Int64, hertz: Double = 4, tunables: Tunables = .standard) -> Int64? {
        var transcript = Transcript()
        var monitor = restingMonitor(until: 3000, &transcript, tunables: tunables)
        run(&monitor, &transcript, from: 3000, to: start + 1500, step: 10, scan: { _ in self.nothing },
            read: { t in t < start ? self.restRead : self.handShake(t, from: start, hertz: hertz) })
        return transcript.shakes.first.map { $0 - start }
    }

    func testAShakeBeginningAtRestIsStillDetected() {
        // Hands shake at 3 to 6 Hz; at 5 Hz |a| swings at 10 Hz, the rest
        // rate's mean: polls exactly 100 ms apart met such a shake at its
        // quiet moments only and never saw it (steadyRest below).
        for hertz in [3.0, 4, 5, 6] {
            assertDetectedAtRest(hertz: hertz)
        }
    }

    /// A shake of `hertz` beginning at every phase between slow polls is told
    /// within a second of its start, and at most three of the longest rest
    /// intervals later than on a device that never slows down (the
    /// yardstick). Sooner is no fault: the full rate's own samples may meet
    /// the shake's quiet moments more often, the rest's fewer.
    private func assertDetectedAtRest(hertz: Double, tunables: Tunables = .standard, file: StaticString = #filePath,
                                      line: UInt = #line) {
        let longestRest = tunables.accelerometerRestPollMilliseconds * (100 + tunables.accelerometerRestJitterPercent) / 100
        let fullPoll = tunables.accelerometerPollMilliseconds
        for phase in stride(from: Int64(0), through: 190, by: 10) {
            let start = 3000 + phase
            guard let yardstick = detectionDelay(shakeFrom: start, hertz: hertz, tunables: Self.fullRateOnly) else {
                return XCTFail("a \(hertz) Hz hand shake must be a shake at the full rate (phase \(phase))", file: file, line: line)
            }
            guard let delay = detectionDelay(shakeFrom: start, hertz: hertz, tunables: tunables) else {
                XCTFail("a \(hertz) Hz shake beginning at \(start) was missed", file: file, line: line)
                continue
            }
            // Its first accelerating reading comes a rest interval or more late
            // (a slow poll may meet it at a quiet moment), and the readings the
            // slow polls skipped count as quiet.
            XCTAssertLessThanOrEqual(delay, yardstick + 3 * longestRest + 2 * fullPoll,
                                     "\(hertz) Hz, phase \(phase): at most three rest intervals later", file: file, line: line)
            XCTAssertLessThanOrEqual(delay, 1000, "\(hertz) Hz, phase \(phase): within a second", file: file, line: line)
            XCTAssertGreaterThanOrEqual(delay, tunables.shakeMinimumSpanMilliseconds,
                                        "\(hertz) Hz, phase \(phase): no shake is told before it lasted long enough", file: file, line: line)
        }
    }

    func testABriefBurstAtRestIsNoShakeAsAtTheFullRate() {
        // 200 ms of knocks: short of the 250 ms a shake needs. The few slow
        // samples before it must not let it pass the 3/4 rule.
        var transcript = Transcript()
        var monitor = restingMonitor(until: 3000, &transcript, tunables: Self.steadyRest)
        XCTAssertEqual(transcript.reads.last, 2900, "at rest")
        run(&monitor, &transcript, from: 3000, to: 5000) { t in (3000...3200).contains(t) ? self.shakeRead(t) : self.restRead }
        XCTAssertEqual(transcript.reads.filter { (3000...3200).contains($0) }.count, 11, "the burst is read at the full rate")
        XCTAssertEqual(transcript.shakes, [])
        // The same burst at every phase between the straying rest polls.
        for start in stride(from: Int64(3000), to: 3200, by: 10) {
            var transcript = Transcript()
            var monitor = restingMonitor(until: 3000, &transcript, tunables: .standard)
            run(&monitor, &transcript, from: 3000, to: 5000, step: 10, scan: { _ in self.nothing }, read: { t in
                (start...start + 200).contains(t) ? self.shakeRead(t - t % 20) : self.restRead
            })
            XCTAssertEqual(transcript.shakes, [], "a 200 ms burst from \(start)")
        }
    }

    // MARK: Log volume

    func testFiveHundredRestSamplesLogTwoLines() {
        var monitor = ShakeMonitor(tunables: Self.fullRateOnly, start: at(0))
        var transcript = Transcript()
        run(&monitor, &transcript, from: 0, to: 10_020, scan: { _ in self.found(self.device()) }, read: { _ in self.restRead })
        XCTAssertEqual(transcript.reads.count, 500)
        XCTAssertEqual(transcript.logs.count, 2, "using + armed: \(transcript.logs)")
    }

    func testFiveHundredShakingSamplesLogOneLinePerShakeOnly() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        // Arm on 5 rest samples, then shake for the rest of 500 samples.
        run(&monitor, &transcript, from: 0, to: 10_020, scan: { _ in self.found(self.device()) },
            read: { t in t <= 100 ? self.restRead : self.shakeRead(t) })
        XCTAssertEqual(transcript.reads.count, 500)
        let shakes = transcript.shakes
        XCTAssertGreaterThan(shakes.count, 1)
        XCTAssertLessThanOrEqual(shakes.count, 1 + Int((10_000 - shakes[0]) / 1250), "one per cooldown")
        XCTAssertEqual(transcript.logs.count, 2 + shakes.count, "\(transcript.logs)")
    }

    func testFiveHundredSamplesWithIntermittentSkipsLogNothingExtra() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        run(&monitor, &transcript, from: 0, to: 10_020, scan: { _ in self.found(self.device()) },
            read: { t in (t / 20) % 3 == 0 ? .unreadable(busy) : self.restRead })
        XCTAssertEqual(transcript.reads.count, 500)
        XCTAssertEqual(transcript.logs.count, 2, "\(transcript.logs)")
        XCTAssertNotNil(monitor.device)
    }

    // MARK: Saying nothing was found

    func testFindingNoAccelerometerIsQuietUnlessAnnouncedAndAnAppearingOneIsToldOnce() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0), announcesAbsence: false)
        var transcript = Transcript()
        // Nothing until 6000, then a device.
        run(&monitor, &transcript, from: 0, to: 8000,
            scan: { t in t < 6000 ? self.nothing : self.found(self.device()) }, read: { _ in self.restRead })
        XCTAssertEqual(transcript.scans, [0, 2000, 4000, 6000])
        XCTAssertEqual(transcript.logs, [
            "shake: using iio:device0 name=mma8452 label=- scale=0.01,0.01,0.01 offset=0.0,0.0,0.0 matrix=identity poll=20ms poll-at-rest=100ms",
            "shake: readings from iio:device0 look like gravity; shake-to-clear is on",
        ])
    }

    func testAProblemWithADeviceThatIsThereIsToldEvenWhenAbsenceIsNot() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0), announcesAbsence: false)
        let problem = DiscoveryProblem.bufferOnly(folderName: "iio:device0")
        XCTAssertEqual(logs(monitor.scanned(DiscoveryResult(searched: base, candidates: [], problems: [problem]), at: at(0))),
                       ["shake: iio:device0 has only buffered acceleration (unsupported); shake-to-clear is off"])
    }

    func testAnExactFolderChangingBetweenProblemsTellsEachProblemOnce() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        let path = "/tmp/accel"
        let missing = DiscoveryResult(searched: path, candidates: [], problems: [.deviceFolderMissing(path: path)])
        let empty = DiscoveryResult(searched: path, candidates: [], problems: [.noRawFiles(path: path)])
        var transcript = Transcript()
        // Missing, then an empty folder, then missing and empty in turn every scan.
        run(&monitor, &transcript, from: 0, to: 60_000,
            scan: { t in t < 4000 ? missing : t < 8000 ? empty : (t / 2000) % 2 == 0 ? missing : empty },
            read: { _ in self.restRead })
        XCTAssertEqual(transcript.logs, [
            "shake: accelerometer device folder /tmp/accel is missing; shake-to-clear is off until it appears",
            "shake: /tmp/accel has no in_accel_{x,y,z}_raw files; shake-to-clear is off until they appear",
        ])
    }

    // MARK: A bounded log whatever the sensor does

    /// Rest readings under a scale that is good on even polls and garbage on odd ones.
    private func flapping(_ t: Int64) -> ShakeMonitor.ReadOutcome {
        files(0, 0, 981, scale: (t / 20) % 2 == 0 ? "0.01\n" : "garbage\n")
    }

    func testAScaleFlappingBetweenAValueAndGarbageEveryPollTellsEachStateOnce() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        // Rest readings arm it first (0...100), then the scale flaps for 30 s.
        run(&monitor, &transcript, from: 0, to: 30_200, scan: { _ in self.found(self.device()) },
            read: { t in t < 200 ? self.restRead : self.flapping(t) })
        XCTAssertEqual(transcript.reads.count, 1509)
        let good = "scale=0.01,0.01,0.01 offset=0.0,0.0,0.0"
        XCTAssertEqual(transcript.logs, [
            "shake: using iio:device0 name=mma8452 label=- \(good) matrix=identity poll=20ms poll-at-rest=100ms",
            "shake: readings from iio:device0 look like gravity; shake-to-clear is on",
            "shake: iio:device0 now has scale=none(1.0) offset=0.0,0.0,0.0 (in_accel_scale=\"garbage\" is not a positive number; ignored) (no usable scale: readings may not be m/s²)",
            "shake: iio:device0's calibration keeps changing (now back to \(good)); a calibration already logged is not logged again",
        ])
        XCTAssertEqual(transcript.shakes, [])
    }

    func testAFlappingScaleThatSettlesArmsAgainWithoutRepeatingWhatWasTold() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        run(&monitor, &transcript, from: 0, to: 10_000, scan: { _ in self.found(self.device()) },
            read: { t in t < 200 || t >= 5000 ? self.restRead : self.flapping(t) })
        XCTAssertEqual(transcript.logs(containing: "look like gravity").count, 1, "\(transcript.logs)")
        // Settled: a shake clears again, so detection is back on.
        run(&monitor, &transcript, from: 10_000, to: 11_000, read: { t in self.shakeRead(t) })
        XCTAssertEqual(transcript.shakes.count, 1)
        XCTAssertEqual(transcript.logs.count, 4 + 1, "the four lines of the flapping, and the shake: \(transcript.logs)")
    }

    func testASensorInventingANewCalibrationEveryPollLogsAFewLinesAMinuteAndSaysWhatItHeldBack() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        // Five minutes of a different scale on every poll.
        run(&monitor, &transcript, from: 0, to: 300_000, scan: { _ in self.found(self.device()) },
            read: { t in self.files(0, 0, 981, scale: "0.01\(t)\n") })
        // Six at once, then one every 20 s: 6 + 299 / 20 = 20 lines in all.
        XCTAssertEqual(transcript.logs.count, 20, "\(transcript.logs)")
        let heldBack = transcript.reports.filter {
            if case .log(let line) = $0.report { line.contains("not logged") } else { false }
        }
        // The burst was spent at the first reading (20 ms), so the budget allows a line 20 s after it, and so on.
        XCTAssertEqual(heldBack.map(\.time), Array(stride(from: Int64(20_020), to: 300_000, by: 20_000)),
                       "each line the budget allows after the burst says what it held back")
        XCTAssertEqual(transcript.logs[6],
                       "shake: 994 more lines were not logged (the log keeps to 6 lines at once, then one every 20 s); the latest: iio:device0 now has scale=0.012,0.012,0.012 offset=0.0,0.0,0.0")
    }

    func testADeviceComingAndGoingForeverLogsAFewLinesAMinute() {
        var monitor = ShakeMonitor(tunables: .standard, start: at(0))
        var transcript = Transcript()
        // Found at every scan, gone at its first read after a second of rest: ten minutes of it.
        run(&monitor, &transcript, from: 0, to: 600_000, scan: { _ in self.found(self.device()) },
            read: { t in t % 3000 < 1000 ? self.restRead : .gone(self.removed) })
        XCTAssertGreaterThan(transcript.scans.count, 100, "the device really came and went")
        XCTAssertLessThanOrEqual(transcript.logs.count, 6 + 600 / 20, "\(transcript.logs.count) lines")
    }
}
