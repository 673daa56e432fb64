import TouchTrackerCore
import XCTest

/// Square's seismic rule behind the arming gate and the cooldown, with literal
/// millisecond timestamps. Defaults: |a| > 13 m/s², window 500 ms, span 250 ms,
/// at least 4 samples, 3/4 accelerating, cooldown 1000 ms, arming 5 samples in
/// [7.0, 12.5] m/s², implausible after 10 s.
final class ShakeDetectorTests: XCTestCase {
    // MARK: Samples

    /// About 1 g at rest (arms the gate, never accelerating).
    private let rest = Vector3(x: 0, y: 0, z: 9.81)
    /// |a| ≈ 17.9 m/s²: accelerating.
    private let jolt = Vector3(x: 15, y: 0, z: 9.8)
    private let joltBack = Vector3(x: -15, y: 0, z: 9.8)
    /// Not accelerating (the same as rest; named for its role once armed).
    private let quiet = Vector3(x: 0, y: 0, z: 9.81)

    private func sample(_ accelerating: Bool) -> Vector3 { accelerating ? jolt : quiet }

    /// A detector that has seen 5 rest samples at 0, 20, ... 80 ms and is armed.
    private func armedDetector(tunables: Tunables = .standard, file: StaticString = #filePath, line: UInt = #line) -> ShakeDetector {
        var detector = ShakeDetector(tunables: tunables)
        var events: [ShakeDetector.Event?] = []
        for i in 0..<5 { events.append(detector.add(rest, at: at(Int64(i) * 20))) }
        XCTAssertEqual(events, [nil, nil, nil, nil, .armed], "five gravity-like samples arm the detector", file: file, line: line)
        XCTAssertTrue(detector.isArmed, file: file, line: line)
        return detector
    }

    /// Feeds (time, accelerating?) pairs and returns the event of each.
    private func feedFlags(_ detector: inout ShakeDetector, _ samples: [(Int64, Bool)]) -> [ShakeDetector.Event?] {
        samples.map { detector.add(sample($0.1), at: at($0.0)) }
    }

    /// Feeds one vector every `step` ms in [from, to) and returns the times at which it fired.
    private func shakeTimes(_ detector: inout ShakeDetector, from: Int64, to: Int64, step: Int64 = 20,
                            _ vector: (Int64) -> Vector3) -> [Int64] {
        var fired: [Int64] = []
        var t = from
        while t < to {
            if detector.add(vector(t), at: at(t)) == .shake { fired.append(t) }
            t += step
        }
        return fired
    }

    /// A freshly armed detector fed one sample every 300 ms from 1000 ms (the seismic test's spacing).
    private func seismicQueue(_ flags: [Bool]) -> [ShakeDetector.Event?] {
        var detector = armedDetector()
        return feedFlags(&detector, flags.enumerated().map { (1000 + Int64($0.offset) * 300, $0.element) })
    }

    // MARK: Seismic test vectors (ShakeDetectorTest.testShakingSampleCount3, 300 ms spacing)

    func testSeismicSampleCount3VectorFiresOnlyWhenThreeOfTheLastFourAccelerate() {
        var detector = armedDetector()
        let events = feedFlags(&detector, [
            (1000, false), (1300, false), (1600, false), (1900, false),  // [F,F,F,F]: no
            (2200, true), (2500, true),                                  // [F,F,T,T]: no
            (2800, true),                                                // [F,T,T,T]: yes
        ])
        XCTAssertEqual(events, [nil, nil, nil, nil, nil, nil, .shake])
    }

    func testSeismicQueueOfFourQuietSamplesIsNotShaking() {
        XCTAssertEqual(seismicQueue([false, false, false, false]), [nil, nil, nil, nil])
    }

    func testSeismicQueueWithTwoOfFourAcceleratingIsNotShaking() {
        XCTAssertEqual(seismicQueue([false, false, true, true]), [nil, nil, nil, nil])
        XCTAssertEqual(seismicQueue([true, true, false, false]), [nil, nil, nil, nil])
    }

    func testSeismicQueueWithThreeOfFourAcceleratingIsShaking() {
        XCTAssertEqual(seismicQueue([false, true, true, true]), [nil, nil, nil, .shake])
        XCTAssertEqual(seismicQueue([true, true, true, false]), [nil, nil, nil, .shake])
    }

    func testPurgeKeepsTheFourNewestSamplesWhenTheyAreOlderThanTheWindow() {
        // 300 ms apart, the 500 ms window alone would hold 2 samples; seismic keeps 4.
        // After [F,F,F,F] at 1000...1900 and T at 2200, 2500, 2800 the queue is [F,T,T,T].
        // If purging dropped below 4, [T,T,T] (2 samples in 500 ms) could never fire.
        var detector = armedDetector()
        let events = feedFlags(&detector, [(1000, false), (1300, false), (1600, false), (1900, false),
                                           (2200, true), (2500, true), (2800, true)])
        XCTAssertEqual(events.last, .shake)
    }

    // MARK: Threshold: |a| > 13 m/s², strictly

    func testExactlyThirteenIsNotAccelerating() {
        var detector = armedDetector()
        // (5, 12, 0) has |a| = 13 exactly, as does (0, 0, 13).
        XCTAssertEqual(Vector3(x: 5, y: 12, z: 0).magnitude, 13)
        let fired = shakeTimes(&detector, from: 1000, to: 3000) { t in
            t % 40 == 0 ? Vector3(x: 5, y: 12, z: 0) : Vector3(x: 0, y: 0, z: 13)
        }
        XCTAssertEqual(fired, [], "100 samples at exactly 13 m/s² are never accelerating")
    }

    func testJustAboveThirteenIsAccelerating() {
        var detector = armedDetector()
        let fired = shakeTimes(&detector, from: 1000, to: 1400) { _ in Vector3(x: 0, y: 0, z: 13.0001) }
        // All accelerating: fires as soon as the queue spans 250 ms (1000 → 1260).
        XCTAssertEqual(fired, [1260])
    }

    func testThirteenPointZeroOneAsAVectorSumIsAccelerating() {
        var detector = armedDetector()
        let v = Vector3(x: 5, y: 12, z: 0.52)  // |a| ≈ 13.0104
        XCTAssertGreaterThan(v.magnitude, 13)
        let fired = shakeTimes(&detector, from: 1000, to: 1400) { _ in v }
        XCTAssertEqual(fired, [1260])
    }

    func testThresholdIsATunable() {
        var tunables = Tunables()
        tunables.shakeThresholdMetresPerSecondSquared = 15
        var detector = armedDetector(tunables: tunables)
        // 14 m/s² is accelerating at the default 13 but not at 15.
        let fired = shakeTimes(&detector, from: 1000, to: 2000) { _ in Vector3(x: 0, y: 0, z: 14) }
        XCTAssertEqual(fired, [])
    }

    // MARK: 3/4 of the window

    /// Eight samples 40 ms apart (0...280 ms): only the eighth spans 250 ms,
    /// and 8 samples need (8>>1)+(8>>2) = 6 accelerating.
    private func eightSamples(accelerating count: Int) -> [ShakeDetector.Event?] {
        var detector = armedDetector()
        let flags = (0..<8).map { $0 >= 8 - count }  // quiet first, accelerating last
        return feedFlags(&detector, flags.enumerated().map { (1000 + Int64($0.offset) * 40, $0.element) })
    }

    func testSixOfEightAcceleratingIsShaking() {
        XCTAssertEqual(eightSamples(accelerating: 6), [nil, nil, nil, nil, nil, nil, nil, .shake])
    }

    func testFiveOfEightAcceleratingIsNotShaking() {
        XCTAssertEqual(eightSamples(accelerating: 5), [nil, nil, nil, nil, nil, nil, nil, nil])
    }

    func testFewerThanThreeQuartersAcceleratingInTheWindowNeverShakes() {
        var detector = armedDetector()
        // Three of every five samples accelerate (60%), for 5 s. With 14...26 samples in the
        // queue (250...500 ms at 20 ms) that is never (n>>1)+(n>>2) of them.
        let fired = shakeTimes(&detector, from: 1000, to: 6000) { t in
            (t / 20) % 5 < 3 ? ((t / 20) % 2 == 0 ? self.jolt : self.joltBack) : self.quiet
        }
        XCTAssertEqual(fired, [])
    }

    func testOnlyTheLastHalfSecondCounts() {
        var detector = armedDetector()
        // 1 s of quiet, then jolts: the quiet samples leave the 500 ms window, so
        // it fires once 3/4 of what is left accelerates. At 20 ms, with n samples
        // in the queue (at most 26 over 500 ms), seismic needs (n>>1)+(n>>2).
        let fired = shakeTimes(&detector, from: 1000, to: 3000) { t in t < 2000 ? self.quiet : self.jolt }
        XCTAssertEqual(fired.count, 1)
        if let first = fired.first {
            // The queue holds 1500...2000 (26 samples) plus each new one pushes the oldest out:
            // at time t it holds t-500...t, of which (t-2000)/20+1 accelerate. 26 samples need 19,
            // reached at t = 2360 (19 jolts 2000...2360, 7 quiet 1860...1980).
            XCTAssertEqual(first, 2360)
        }
    }

    // MARK: Minimum span and minimum count

    func testSpanUnderAQuarterSecondNeverShakes() {
        var detector = armedDetector()
        // Four accelerating samples spanning 249 ms.
        let events = feedFlags(&detector, [(1000, true), (1083, true), (1166, true), (1249, true)])
        XCTAssertEqual(events, [nil, nil, nil, nil])
    }

    func testSpanOfExactlyAQuarterSecondShakes() {
        var detector = armedDetector()
        let events = feedFlags(&detector, [(1000, true), (1083, true), (1166, true), (1250, true)])
        XCTAssertEqual(events, [nil, nil, nil, .shake])
    }

    func testFewerThanFourSamplesNeverShakeEvenWhenAllAccelerateOverTheSpan() {
        var detector = armedDetector()
        // Seismic's testClear vector (1.0 s, 1.2 s, 1.4 s all accelerating) is "shaking" for
        // seismic's bare queue; this detector also requires the minimum of 4 samples.
        let events = feedFlags(&detector, [(1000, true), (1200, true), (1400, true)])
        XCTAssertEqual(events, [nil, nil, nil])
        // The fourth sample makes it a shake.
        XCTAssertEqual(detector.add(jolt, at: at(1600)), .shake)
    }

    func testTwoSparseSamplesWithOneAcceleratingNeverShake() {
        var detector = armedDetector()
        // (2>>1)+(2>>2) = 1, so a bare seismic queue of [F, T] over 300 ms would say
        // "shaking": the 4-sample minimum is what stops a lone spike after a gap.
        XCTAssertEqual(feedFlags(&detector, [(1000, false), (1300, true)]), [nil, nil])
    }

    // MARK: Single spikes

    func testASingleSpikeNeverShakes() {
        var detector = armedDetector()
        let fired = shakeTimes(&detector, from: 100, to: 3000) { t in
            t == 1000 ? Vector3(x: 30, y: 0, z: 9.8) : self.rest
        }
        XCTAssertEqual(fired, [])
    }

    func testThreeSpikesInARowNeverShake() {
        var detector = armedDetector()
        let fired = shakeTimes(&detector, from: 100, to: 3000) { t in
            (1000...1040).contains(t) ? Vector3(x: 30, y: 0, z: 9.8) : self.rest
        }
        XCTAssertEqual(fired, [])
    }

    func testShortBurstUnderAQuarterSecondAfterRestNeverShakes() {
        var detector = armedDetector()
        // 200 ms of jolts (11 samples) after rest: 11 accelerating of the 26 in the window < 19.
        let fired = shakeTimes(&detector, from: 100, to: 3000) { t in
            (1000...1200).contains(t) ? (t % 40 == 0 ? self.jolt : self.joltBack) : self.rest
        }
        XCTAssertEqual(fired, [])
    }

    // MARK: Cooldown

    func testContinuousShakingGivesOneShakePerCooldown() {
        var detector = armedDetector()
        // Alternating ±15 m/s² every 20 ms for 3 s from 1000 ms.
        let fired = shakeTimes(&detector, from: 1000, to: 4000) { t in t % 40 == 0 ? self.jolt : self.joltBack }
        // First fire once the queue spans 250 ms (1260); then 1000 ms of discarded samples,
        // a fresh queue from 2260 and the next fire 260 ms later, and so on.
        XCTAssertEqual(fired, [1260, 2520, 3780])
        for (a, b) in zip(fired, fired.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b - a, 1000 + 250, "nothing fires during the cooldown")
        }
        // The reference bound: at most 1 + floor(T / 1.25 s) fires for T s after the first.
        let afterFirst = 4000 - 20 - fired[0]
        XCTAssertLessThanOrEqual(fired.count, 1 + Int(afterFirst / 1250))
    }

    func testSamplesDuringTheCooldownAreDiscarded() {
        var detector = armedDetector()
        XCTAssertEqual(feedFlags(&detector, [(1000, true), (1100, true), (1200, true), (1300, true)]).last, .shake)
        // Until 2300, even a perfect shake is ignored.
        let during = feedFlags(&detector, [(1400, true), (1600, true), (1800, true), (2000, true), (2299, true)])
        XCTAssertEqual(during, [nil, nil, nil, nil, nil])
        // From 2300 the queue starts afresh: four samples spanning 250 ms are needed again.
        let after = feedFlags(&detector, [(2300, true), (2400, true), (2500, true), (2549, true), (2550, true)])
        XCTAssertEqual(after, [nil, nil, nil, nil, .shake])
    }

    func testCooldownIsATunable() {
        var tunables = Tunables()
        tunables.shakeCooldownMilliseconds = 0
        var detector = armedDetector(tunables: tunables)
        let fired = shakeTimes(&detector, from: 1000, to: 2000) { t in t % 40 == 0 ? self.jolt : self.joltBack }
        // No cooldown: a fresh queue needs 14 samples (260 ms) each time, i.e. every 280 ms.
        XCTAssertEqual(fired, [1260, 1540, 1820])
    }

    // MARK: Arming gate

    func testFiveGravityLikeSamplesArmTheDetector() {
        var detector = ShakeDetector(tunables: .standard)
        XCTAssertFalse(detector.isArmed)
        var events: [ShakeDetector.Event?] = []
        for i in 0..<5 { events.append(detector.add(rest, at: at(Int64(i) * 20))) }
        XCTAssertEqual(events, [nil, nil, nil, nil, .armed])
        XCTAssertTrue(detector.isArmed)
        // .armed is said once.
        XCTAssertNil(detector.add(rest, at: at(100)))
    }

    func testShakingBeforeArmingNeverFires() {
        var detector = ShakeDetector(tunables: .standard)
        // Four rest samples, then 1 s of shaking: each jolt restarts the gravity-like run.
        var events: [ShakeDetector.Event?] = []
        for i in 0..<4 { events.append(detector.add(rest, at: at(Int64(i) * 20))) }
        let fired = shakeTimes(&detector, from: 80, to: 1080) { t in t % 40 == 0 ? self.jolt : self.joltBack }
        XCTAssertEqual(fired, [])
        XCTAssertFalse(detector.isArmed)
        XCTAssertEqual(events, [nil, nil, nil, nil])
    }

    func testAnInterruptedGravityRunStartsCountingAgain() {
        var detector = ShakeDetector(tunables: .standard)
        var events: [ShakeDetector.Event?] = []
        for i in 0..<4 { events.append(detector.add(rest, at: at(Int64(i) * 20))) }
        events.append(detector.add(Vector3(x: 0, y: 0, z: 20), at: at(80)))  // breaks the run
        for i in 5..<9 { events.append(detector.add(rest, at: at(Int64(i) * 20))) }
        XCTAssertEqual(events, Array(repeating: nil, count: 9))
        XCTAssertFalse(detector.isArmed, "only 4 gravity-like samples since the interruption")
        XCTAssertEqual(detector.add(rest, at: at(180)), .armed)
    }

    func testArmingRangeIsSevenToTwelvePointFiveInclusive() {
        func arms(_ magnitude: Double) -> Bool {
            var detector = ShakeDetector(tunables: .standard)
            for i in 0..<5 { _ = detector.add(Vector3(x: 0, y: 0, z: magnitude), at: at(Int64(i) * 20)) }
            return detector.isArmed
        }
        XCTAssertTrue(arms(7.0))
        XCTAssertTrue(arms(9.81))
        XCTAssertTrue(arms(12.5))
        XCTAssertFalse(arms(6.99))
        XCTAssertFalse(arms(12.51))
    }

    func testReadingsInUnitsOfGNeverArmAndNeverFire() {
        var detector = ShakeDetector(tunables: .standard)
        // ~1 g expressed in g (≈1.0), with "shaking" up to 3 g.
        let fired = shakeTimes(&detector, from: 0, to: 20_000) { t in
            (t / 20) % 2 == 0 ? Vector3(x: 0, y: 0, z: 1.0) : Vector3(x: 2.5, y: 0, z: 1.0)
        }
        XCTAssertEqual(fired, [])
        XCTAssertFalse(detector.isArmed)
    }

    func testRawCountReadingsNeverArmAndNeverFire() {
        var detector = ShakeDetector(tunables: .standard)
        // Unscaled counts: ~1000 at rest, thousands when "shaken"; every |a| is far above 13.
        let fired = shakeTimes(&detector, from: 0, to: 20_000) { t in
            (t / 20) % 2 == 0 ? Vector3(x: 0, y: 0, z: 1000) : Vector3(x: 3000, y: 0, z: 1000)
        }
        XCTAssertEqual(fired, [])
        XCTAssertFalse(detector.isArmed)
    }

    func testStaleZerosNeverArm() {
        var detector = ShakeDetector(tunables: .standard)
        let fired = shakeTimes(&detector, from: 0, to: 5000) { _ in Vector3(x: 0, y: 0, z: 0) }
        XCTAssertEqual(fired, [])
        XCTAssertFalse(detector.isArmed)
    }

    func testImplausibleReadingsAreReportedOnceAfterTenSeconds() {
        var detector = ShakeDetector(tunables: .standard)
        var reports: [(Int64, ShakeDetector.Event)] = []
        var t: Int64 = 5000
        while t < 30_000 {
            if let event = detector.add(Vector3(x: 0, y: 0, z: 16384), at: at(t)) { reports.append((t, event)) }
            t += 20
        }
        XCTAssertEqual(reports.count, 1)
        XCTAssertEqual(reports.first?.0, 15_000, "10 s after the first disarmed sample")
        XCTAssertEqual(reports.first?.1, .implausible(magnitude: 16384))
    }

    func testArmingAfterImplausibleStillWorks() {
        var detector = ShakeDetector(tunables: .standard)
        var t: Int64 = 0
        var events: [ShakeDetector.Event] = []
        while t < 11_000 {
            if let e = detector.add(Vector3(x: 0, y: 0, z: 1.0), at: at(t)) { events.append(e) }
            t += 20
        }
        for _ in 0..<5 {
            if let e = detector.add(rest, at: at(t)) { events.append(e) }
            t += 20
        }
        XCTAssertEqual(events, [.implausible(magnitude: 1.0), .armed], "keeps trying after the warning")
    }

    func testDisarmRequiresGravityLikeSamplesAgain() {
        var detector = armedDetector()
        detector.disarm()
        XCTAssertFalse(detector.isArmed)
        // A perfect shake right after disarming does nothing...
        let fired = shakeTimes(&detector, from: 1000, to: 2000) { t in t % 40 == 0 ? self.jolt : self.joltBack }
        XCTAssertEqual(fired, [])
        // ...until 5 gravity-like samples in a row re-arm it.
        var events: [ShakeDetector.Event?] = []
        for i in 0..<5 { events.append(detector.add(rest, at: at(2000 + Int64(i) * 20))) }
        XCTAssertEqual(events, [nil, nil, nil, nil, .armed])
    }

    func testDisarmForgetsQueuedSamples() {
        var detector = armedDetector()
        // Three accelerating samples queued (no fire with fewer than 4)...
        XCTAssertEqual(feedFlags(&detector, [(1000, true), (1100, true), (1200, true)]), [nil, nil, nil])
        detector.disarm()
        for i in 0..<5 { _ = detector.add(rest, at: at(1300 + Int64(i) * 20)) }
        XCTAssertTrue(detector.isArmed)
        // ...are gone: one more accelerating sample (which would have made [T,T,T,T]) does not fire.
        XCTAssertNil(detector.add(jolt, at: at(1400)))
    }

    func testDisarmEndsTheCooldownAndTheImplausibleReport() {
        var detector = armedDetector()
        XCTAssertEqual(feedFlags(&detector, [(1000, true), (1100, true), (1200, true), (1300, true)]).last, .shake)
        detector.disarm()
        for i in 0..<5 { _ = detector.add(rest, at: at(1400 + Int64(i) * 20)) }
        // Cooldown would run to 2300; after a disarm and re-arm a shake counts at once.
        XCTAssertEqual(feedFlags(&detector, [(1500, true), (1600, true), (1700, true), (1800, true)]).last, .shake)

        // And the implausible report can come again after a disarm.
        var other = ShakeDetector(tunables: .standard)
        var events: [ShakeDetector.Event] = []
        var t: Int64 = 0
        while t <= 10_000 { if let e = other.add(Vector3(x: 0, y: 0, z: 50), at: at(t)) { events.append(e) }; t += 20 }
        other.disarm()
        while t <= 20_100 { if let e = other.add(Vector3(x: 0, y: 0, z: 50), at: at(t)) { events.append(e) }; t += 20 }
        XCTAssertEqual(events, [.implausible(magnitude: 50), .implausible(magnitude: 50)])
    }

    // MARK: Gaps and out-of-order times

    func testAGapLongerThanTheWindowKeepsFourSamplesLikeSeismic() {
        var detector = armedDetector()
        // Three jolts, then nothing for 2 s (e.g. reads blocked), then one more jolt:
        // the purge never drops below 4 samples, so [T,T,T,T] over 2 s is a shake.
        let events = feedFlags(&detector, [(1000, true), (1020, true), (1040, true), (3040, true)])
        XCTAssertEqual(events, [nil, nil, nil, .shake])
    }

    func testAGapAfterRestDoesNotMakeStaleRestCountAsShaking() {
        var detector = armedDetector()
        // Rest until 2000, a 2 s gap, then one jolt: [F,F,F,T] is not 3/4.
        let fired = shakeTimes(&detector, from: 100, to: 2000) { _ in self.rest }
        XCTAssertEqual(fired, [])
        XCTAssertNil(detector.add(jolt, at: at(4000)))
    }

    func testABackwardsTimestampCannotSatisfyTheMinimumSpan() {
        var detector = armedDetector()
        XCTAssertEqual(feedFlags(&detector, [(1000, true), (1100, true), (1200, true)]), [nil, nil, nil])
        // A sample stamped before the oldest one: the span (newest − oldest) is negative.
        XCTAssertNil(detector.add(jolt, at: at(900)))
    }

    func testABackwardsTimestampStaysInTheCooldown() {
        var detector = armedDetector()
        XCTAssertEqual(feedFlags(&detector, [(1000, true), (1100, true), (1200, true), (1300, true)]).last, .shake)
        XCTAssertEqual(feedFlags(&detector, [(500, true), (600, true), (700, true), (800, true)]),
                       [nil, nil, nil, nil], "earlier than the cooldown's end is inside the cooldown")
    }

    // MARK: A window read at rest

    /// Quiet samples every `step` ms from 100 to 2000, then jolts every 20 ms from `start`: when it fires.
    private func firstShake(restStep step: Int64, rested: Bool, burstMilliseconds: Int64 = 1000, start: Int64 = 2000) -> Int64? {
        var detector = armedDetector()
        _ = shakeTimes(&detector, from: 100, to: start, step: step) { _ in self.quiet }
        if rested { detector.rested(until: at(start)) }
        return shakeTimes(&detector, from: start, to: start + 1000) { t in t < start + burstMilliseconds ? self.jolt : self.quiet }.first
    }

    func testAWindowReadAtRestWeighsAShakeAsTheFullRateWould() {
        let fullRate = firstShake(restStep: 20, rested: false)
        XCTAssertEqual(fullRate, 2360, "3/4 of the 500 ms window accelerating")
        XCTAssertEqual(firstShake(restStep: 100, rested: true), fullRate)
        XCTAssertEqual(firstShake(restStep: 100, rested: false), 2120, "without: the slow samples are too few to outweigh a knock")
    }

    func testABurstShorterThanAShakeAfterRestIsNoShake() {
        // 200 ms of jolts, read at the full rate after slow quiet samples.
        XCTAssertNil(firstShake(restStep: 20, rested: false, burstMilliseconds: 200), "at the full rate")
        XCTAssertNil(firstShake(restStep: 100, rested: true, burstMilliseconds: 200))
    }

    func testRestingKeepsTheArmingAndTheCooldown() {
        var detector = armedDetector()
        XCTAssertEqual(shakeTimes(&detector, from: 100, to: 500) { _ in self.jolt }, [360])
        detector.rested(until: at(500))
        XCTAssertTrue(detector.isArmed)
        XCTAssertEqual(shakeTimes(&detector, from: 500, to: 1360) { _ in self.jolt }, [], "still in the cooldown")
    }

    func testOnlyAnArmedDetectorsSampleBelowTheThresholdIsQuiet() {
        var detector = ShakeDetector(tunables: .standard)
        XCTAssertFalse(detector.isQuiet(rest), "while arming nothing is quiet")
        detector = armedDetector()
        XCTAssertTrue(detector.isQuiet(rest))
        XCTAssertTrue(detector.isQuiet(Vector3(x: 0, y: 0, z: 13)), "13 m/s² is not above the threshold")
        XCTAssertFalse(detector.isQuiet(jolt))
    }
}
