/// Maps X server timestamps (milliseconds, 32-bit, wrapping) onto the monotonic
/// clock, so an event is timed when it happened, not when a busy loop read it:
/// two taps 400 ms apart must not become a double tap because they were read
/// together after a stall. The offset is the smallest (local − server) seen,
/// the delivery with the least delay; it may creep up slowly to follow drift.
public struct ServerClock: Sendable {
    public init() {}

    private var offsetMilliseconds: Int64?
    private var lastLocal: Instant?
    /// How fast the offset may grow back when every event arrives late (drift).
    private let relaxationPerSecond: Int64 = 1

    public mutating func instant(serverTime: UInt, receivedAt local: Instant) -> Instant {
        let server = Int64(UInt32(truncatingIfNeeded: serverTime))
        var observed = local.milliseconds - server
        if var offset = offsetMilliseconds {
            // A 32-bit wrap (every 49.7 days) shows as a jump of about 2^32: re-anchor.
            if abs(observed - offset) > Int64(UInt32.max / 2) {
                offset = observed
            } else if let lastLocal {
                offset += local.milliseconds(since: lastLocal) * relaxationPerSecond / 1000
            }
            observed = min(observed, offset)
        }
        offsetMilliseconds = observed
        lastLocal = local
        // Never in the future of the local clock.
        return Instant(milliseconds: min(server + observed, local.milliseconds))
    }
}
