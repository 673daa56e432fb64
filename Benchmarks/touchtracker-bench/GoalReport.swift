// The run's verdicts: one line per goal, met or missed, with the figures that
// decided it, printed together at the end. The benchmark exits 3 when one is
// missed.
import Foundation

final class GoalReport {
    private var verdicts: [(met: Bool, line: String)] = []

    var allMet: Bool { verdicts.allSatisfy(\.met) }

    func judge(_ met: Bool, _ goal: String, _ figures: String) {
        verdicts.append((met, "\(goal): \(figures)"))
    }

    /// A ratio goal judged round by round: met when at least `required`
    /// rounds (all, unless given) are at most `limit`.
    func judgeRounds(_ goal: String, _ ratios: [Double], limit: Double, required: Int? = nil) {
        let within = ratios.filter { $0 <= limit }.count
        let needed = required ?? ratios.count
        // Three decimals: 1.105 is over 1.10, and must not read as 1.10.
        let figures = ratios.map { String(format: "%.3f", $0) }.joined(separator: " ")
        judge(within >= needed, goal, "\(figures) (\(within) of \(ratios.count) rounds within)")
    }

    func print() {
        Swift.print("== goals")
        for verdict in verdicts {
            Swift.print("\(verdict.met ? "met   " : "MISSED") \(verdict.line)")
        }
        Swift.print(allMet ? "every goal met" : "\(verdicts.filter { !$0.met }.count) of \(verdicts.count) goals missed")
    }
}
