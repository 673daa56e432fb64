/// A small deterministic generator for the tests that drive random gestures:
/// the same steps on every run of a seed, so a failure can be replayed.
struct SeededSteps {
    var state: UInt64

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
