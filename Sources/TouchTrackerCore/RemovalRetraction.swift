/// XI2 has no touch cancel: disabling a device makes the server end its live
/// touches first and report the device gone right after. This remembers the
/// run of latest consecutive ends, so that the ends a removal brought can be
/// taken back as cancelled: the line each finished, the lines an eraser
/// stroke took, or a tap it made. Any other event breaks the run, because the
/// server's own ends and the removal are adjacent.
public struct RemovalRetraction: Sendable {
    /// What an end finished.
    public enum Work: Hashable, Sendable {
        /// A contact that ended as a tap.
        case tap
        case line(Line)
        /// An eraser stroke's edit: the lines it took, in their places.
        case erasure([Edit.Placed])
    }

    public struct End: Hashable, Sendable {
        public var device: Int32
        public var time: Instant
        public var work: Work
    }

    /// What a removal takes back.
    public struct Retracted: Hashable, Sendable {
        /// What the removed device's ends finished, newest first: the order
        /// to take it back in, each then the newest edit.
        public var newestFirst: [Work]

        /// The lines, in the order they ended.
        public var lines: [Line] {
            newestFirst.reversed().compactMap { if case .line(let line) = $0 { line } else { nil } }
        }

        /// A resting finger the server lifted for the removal: it is no tap.
        public var liftedATap: Bool { newestFirst.contains(.tap) }
    }

    private var recentEnds: [End] = []
    private let windowMilliseconds: Int64

    public init(tunables: Tunables) {
        windowMilliseconds = tunables.cancelledEndWindowMilliseconds
    }

    /// Any event other than an end breaks the run.
    public mutating func breakRun() {
        // Called on every moved event: keep the storage, never free it.
        // Emptied from the end: nearly always one end (the last stroke's),
        // and removeAll(keepingCapacity:) went through the general replaceSubrange.
        while !recentEnds.isEmpty { recentEnds.removeLast() }
    }

    /// - Parameter line: the line the end finished; nil for a tap.
    public mutating func noteEnd(device: Int32, at time: Instant, finishing line: Line?) {
        noteEnd(End(device: device, time: time, work: line.map(Work.line) ?? .tap))
    }

    /// A stroke's end, with the line it finished: its own, as every lifted
    /// stroke notes one, and an optional line was copied through the
    /// runtime's generic witnesses.
    public mutating func noteEnd(device: Int32, at time: Instant, finishing line: Line) {
        noteEnd(End(device: device, time: time, work: .line(line)))
    }

    /// An eraser stroke ended, taking `placed`.
    public mutating func noteEnd(device: Int32, at time: Instant, erasing placed: [Edit.Placed]) {
        noteEnd(End(device: device, time: time, work: .erasure(placed)))
    }

    /// `device` went away at `time`: its ends within the window are taken back.
    public mutating func deviceRemoved(_ device: Int32, at time: Instant) -> Retracted {
        let retracted = recentEnds.filter {
            $0.device == device && time.milliseconds(since: $0.time) <= windowMilliseconds
        }
        recentEnds.removeAll { $0.device == device }
        return Retracted(newestFirst: retracted.reversed().map(\.work))
    }

    private mutating func noteEnd(_ end: consuming End) {
        // Nearly always empty here (any other event broke the run): the
        // general removal went through replaceSubrange even so, for every stroke.
        let time = end.time
        if !recentEnds.isEmpty { recentEnds.removeAll { time.milliseconds(since: $0.time) > windowMilliseconds } }
        recentEnds.append(end)
    }
}
