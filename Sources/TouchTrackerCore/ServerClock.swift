/// Maps X server timestamps (milliseconds, 32-bit, wrapping) onto the monotonic
/// clock, so an event is timed when it happened, not when a busy loop read it:
/// two taps 400 ms apart must not become a double tap because they were read
/// together after a stall. The offset is the smallest (local − server) seen,
/// the delivery with the least delay; it may creep up slowly to follow drift.
public struct ServerClock: Sendable {
    public init() {}

    private var offsetMilliseconds: Int64?
    private var lastLocal: Instant?
    /// Local time elapsed since the offset last crept up, so that events a few
    /// milliseconds apart (a finger drawing) add up to a whole second of creep
    /// instead of each rounding its share down to nothing.
    private var unrelaxedMilliseconds: Int64 = 0
    /// How fast the offset may grow back when every event arrives late (drift).
    private let relaxationPerSecond: Int64 = 1

    public mutating func instant(serverTime: UInt, receivedAt local: Instant) -> Instant {
        let server = Int64(UInt32(truncatingIfNeeded: serverTime))
        var observed = local.milliseconds - server
        if var offset = offsetMilliseconds {
            // A 32-bit wrap (every 49.7 days) shows as a jump of about 2^32: re-anchor.
            if abs(observed - offset) > Int64(UInt32.max / 2) {
                offset = observed
                unrelaxedMilliseconds = 0
            } else if let lastLocal {
                unrelaxedMilliseconds += max(0, local.milliseconds(since: lastLocal))
                offset += unrelaxedMilliseconds / 1000 * relaxationPerSecond
                unrelaxedMilliseconds %= 1000
            }
            observed = min(observed, offset)
        }
        offsetMilliseconds = observed
        lastLocal = local
        // Never in the future of the local clock.
        return Instant(milliseconds: min(server + observed, local.milliseconds))
    }
}
