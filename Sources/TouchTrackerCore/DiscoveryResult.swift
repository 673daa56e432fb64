/// What one scan of the IIO folder found.
public struct DiscoveryResult: Hashable, Sendable {
    /// Where it looked (for the log line when nothing is found).
    public var searched: String
    /// Devices with readable raw acceleration files that gave a valid first reading.
    public var candidates: [AccelerometerCandidate]
    /// One per device or file that was skipped for a reason worth telling
    /// (buffer-only device, permission denied, unreadable first sample).
    public var problems: [DiscoveryProblem]

    public init(searched: String, candidates: [AccelerometerCandidate], problems: [DiscoveryProblem] = []) {
        self.searched = searched
        self.candidates = candidates
        self.problems = problems
    }
}
