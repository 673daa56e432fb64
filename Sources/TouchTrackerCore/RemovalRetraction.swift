/// XI2 has no touch cancel: disabling a device makes the server end its live
/// touches first and report the device gone right after. This remembers the
/// run of latest consecutive ends, so that the ends a removal brought can be
/// taken back as cancelled: the line each finished, or a tap it made. Any
/// other event breaks the run, because the server's own ends and the removal
/// are adjacent.
public struct RemovalRetraction: Sendable {
    public struct End: Hashable, Sendable {
        public var device: Int32
        public var time: Instant
        /// The line the end finished, or nil for a contact that ended as a tap.
        public var line: Line?
    }

    /// What a removal takes back.
    public struct Retracted: Hashable, Sendable {
        public var lines: [Line]
        /// A resting finger the server lifted for the removal: it is no tap.
        public var liftedATap: Bool
    }

    private var recentEnds: [End] = []
    private let windowMilliseconds: Int64

    public init(tunables: Tunables) {
        windowMilliseconds = tunables.cancelledEndWindowMilliseconds
    }

    /// Any event other than an end breaks the run.
    public mutating func breakRun() {
        // Called on every moved event: keep the storage, never free it.
        if !recentEnds.isEmpty { recentEnds.removeAll(keepingCapacity: true) }
    }

    public mutating func noteEnd(device: Int32, at time: Instant, finishing line: Line?) {
        recentEnds.removeAll { time.milliseconds(since: $0.time) > windowMilliseconds }
        recentEnds.append(End(device: device, time: time, line: line))
    }

    /// `device` went away at `time`: its ends within the window are taken back.
    public mutating func deviceRemoved(_ device: Int32, at time: Instant) -> Retracted {
        let retracted = recentEnds.filter {
            $0.device == device && time.milliseconds(since: $0.time) <= windowMilliseconds
        }
        recentEnds.removeAll { $0.device == device }
        return Retracted(lines: retracted.compactMap(\.line), liftedATap: retracted.contains { $0.line == nil })
    }
}
