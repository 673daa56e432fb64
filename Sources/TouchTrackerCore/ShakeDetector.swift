/// Decides from accelerometer samples when the device is being shaken:
/// Square's seismic rule behind an arming gate, with a cooldown after each shake.
public struct ShakeDetector: Sendable {
    public enum Event: Hashable, Sendable {
        case shake
        /// Readings now look like gravity: detection is on.
        case armed
        /// Readings never looked like gravity for a long while (wrong units?).
        case implausible(magnitude: Double)
    }

    private struct Sample: Sendable {
        var time: Instant
        var accelerating: Bool
    }

    private let tunables: Tunables
    private var queue: [Sample] = []
    private var acceleratingCount = 0
    public private(set) var isArmed = false
    private var gravityLikeRun = 0
    private var disarmedSince: Instant?
    private var reportedImplausible = false
    private var cooldownUntil: Instant?

    public init(tunables: Tunables) { self.tunables = tunables }

    /// Back to the start: after a (re)discovery or a change of scale or offset.
    public mutating func disarm() {
        clearQueue()
        isArmed = false
        gravityLikeRun = 0
        disarmedSince = nil
        reportedImplausible = false
        cooldownUntil = nil
    }

    /// Whether a sample says nothing is happening: detection is on and the
    /// sample is not accelerating. What the polling pace rests on.
    public func isQuiet(_ acceleration: Vector3) -> Bool {
        isArmed && !isAccelerating(acceleration.magnitude)
    }

    /// The device rested until `time`, read more slowly than the full rate:
    /// the window becomes what polls at the full rate would have made of the
    /// rest, a quiet sample every poll interval, so that a shake beginning at
    /// rest is weighed as one beginning at the full rate. With the few slow
    /// samples instead, the span would be met at once and the 3/4 rule by a
    /// burst of 120 ms; with none, by one of 180 ms. Arming and cooldown stay.
    public mutating func rested(until time: Instant) {
        clearQueue()
        let interval: Int64 = max(1, tunables.accelerometerPollMilliseconds)
        var back = tunables.shakeWindowMilliseconds / interval * interval
        while back > 0 {
            queue.append(Sample(time: time.adding(milliseconds: -back), accelerating: false))
            back -= interval
        }
    }

    public mutating func add(_ acceleration: Vector3, at time: Instant) -> Event? {
        let magnitude = acceleration.magnitude
        guard isArmed else { return arm(magnitude: magnitude, at: time) }
        if let until = cooldownUntil {
            if time < until { return nil }
            cooldownUntil = nil
        }
        // Seismic purges before appending, and keeps at least the minimum number of samples.
        while queue.count >= tunables.shakeMinimumSamples, let oldest = queue.first,
              time.milliseconds(since: oldest.time) > tunables.shakeWindowMilliseconds {
            if queue.removeFirst().accelerating { acceleratingCount -= 1 }
        }
        let accelerating = isAccelerating(magnitude)
        queue.append(Sample(time: time, accelerating: accelerating))
        if accelerating { acceleratingCount += 1 }
        guard isShaking else { return nil }
        clearQueue()
        cooldownUntil = time.adding(milliseconds: tunables.shakeCooldownMilliseconds)
        return .shake
    }

    private var isShaking: Bool {
        guard let oldest = queue.first, let newest = queue.last, queue.count >= tunables.shakeMinimumSamples else { return false }
        let n = queue.count
        return newest.time.milliseconds(since: oldest.time) >= tunables.shakeMinimumSpanMilliseconds
            && acceleratingCount >= (n >> 1) + (n >> 2)
    }

    /// Seismic's test, strictly above the threshold.
    private func isAccelerating(_ magnitude: Double) -> Bool { magnitude > tunables.shakeThresholdMetresPerSecondSquared }

    private mutating func clearQueue() {
        queue.removeAll(keepingCapacity: true)
        acceleratingCount = 0
    }

    private mutating func arm(magnitude: Double, at time: Instant) -> Event? {
        if disarmedSince == nil { disarmedSince = time }
        if (tunables.shakeArmingMinimumMetresPerSecondSquared...tunables.shakeArmingMaximumMetresPerSecondSquared).contains(magnitude) {
            gravityLikeRun += 1
        } else {
            gravityLikeRun = 0
        }
        if gravityLikeRun >= tunables.shakeArmingSamples {
            isArmed = true
            disarmedSince = nil
            return .armed
        }
        if !reportedImplausible, let since = disarmedSince,
           time.milliseconds(since: since) >= tunables.shakeImplausibleAfterMilliseconds {
            reportedImplausible = true
            return .implausible(magnitude: magnitude)
        }
        return nil
    }
}
