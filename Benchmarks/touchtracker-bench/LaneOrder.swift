// The order in which the lanes take their turns, trial by trial: the rows of
// a Williams Latin square (with their mirror images when the count is odd),
// so that every lane takes every place equally often and follows every other
// lane equally often. A fixed cycle would make each lane always follow the
// same neighbour, and on two shared cores what a neighbour leaves running
// (a TouchTracker finishing its frame, or nothing at all after the C
// reference) shows in the next lane's figures.
enum LaneOrder: String {
    /// Williams rows.
    case balanced
    /// The cycle turned by one each trial (each lane nearly always follows
    /// the same one), kept to compare with.
    case cycle

    /// The lanes' indices for trial `trial` of `count` lanes.
    func order(trial: Int, count: Int) -> [Int] {
        switch self {
        case .cycle:
            return (0..<count).map { (trial + $0) % count }
        case .balanced:
            // 0, 1, n-1, 2, n-2, ...: every difference between neighbours once.
            let base = (0..<count).map { k in k == 0 ? 0 : k % 2 == 1 ? (k + 1) / 2 : count - k / 2 }
            let period = count % 2 == 0 ? count : 2 * count
            let row = trial % period
            let order = base.map { ($0 + row % count) % count }
            return row < count ? order : order.reversed()
        }
    }
}
