// Whether saving a big drawing stalls drawing: the loaded ink window's latency
// while its autosaver writes the whole file, against the same window's while
// no save runs. Each cycle times trials with no save pending, ends the
// stroke (so a save of every stroke is due `autosaveDelayMilliseconds`
// later), waits until the save's temporary file (`drawing.txt.new`, there
// from its creation to the rename over the old file, its flush to disk
// included) appears, then times trials while it is there. Every trial is put with the save or
// without it by the file seen just before and just after it, never by the
// time. (A save's trials and the next cycle's first ones share a row, one
// stroke.) The reference's trials are interleaved one by one with them, so a
// reader sees what the machine did meanwhile.
import Foundation
import Glibc
import XorgHarness

struct SaveStallFigures {
    var duringSave: [Double] = []
    var withoutSave: [Double] = []
    var referenceDuringSave: [Double] = []
    var referenceWithoutSave: [Double] = []
    var failures = 0
    /// How long each save's temporary file was seen, in s.
    var saveSeconds: [Double] = []
}

/// - Parameters:
///   - lane: the loaded ink window; `reference` the C reference's.
///   - temporaryFile: the autosaver's temporary file for the lane's drawing.
///   - trialsPerSave: at most half the trials of one of the lane's rows.
func measureSaveStall(lane: Lane, reference: Lane, temporaryFile: String, cycles: Int,
                      trialsPerSave: Int) throws -> SaveStallFigures {
    var figures = SaveStallFigures()
    func saving() -> Bool { access(temporaryFile, F_OK) == 0 }
    func waitUntil(_ condition: () -> Bool, seconds: Double, _ what: String) throws {
        let start = Deadline.now()
        while !condition() {
            guard Deadline.now() - start < seconds else { throw HarnessError("save phase: \(what) within \(seconds) s") }
            usleep(1_000)
        }
    }
    /// One trial of each window; the lane's goes with the save when the file
    /// is there before or after it.
    func trialPair() throws -> Bool {
        let savingBefore = saving()
        let (count, failed) = (lane.latencies.count, lane.failures)
        try lane.trial()
        let during = savingBefore || saving()
        figures.failures += lane.failures - failed
        if lane.latencies.count > count {
            if during { figures.duringSave.append(lane.latencies[count]) } else { figures.withoutSave.append(lane.latencies[count]) }
        }
        usleep(2_000)
        let referenceCount = reference.latencies.count
        try reference.trial()
        if reference.latencies.count > referenceCount {
            let latency = reference.latencies[referenceCount]
            if during { figures.referenceDuringSave.append(latency) } else { figures.referenceWithoutSave.append(latency) }
        }
        usleep(2_000)
        return during
    }
    // Nothing from the rounds before is still being written.
    try lane.finish()
    try reference.finish()
    try waitUntil({ !saving() }, seconds: 60, "the rounds' last save did not end")
    usleep(1_500_000)
    try waitUntil({ !saving() }, seconds: 60, "the rounds' last save did not end")
    for _ in 0..<cycles {
        // Without a save: a stroke that goes on (a row from its start, or the
        // rest of the row the last save's trials began).
        for _ in 0..<trialsPerSave { _ = try trialPair() }
        // The stroke ends: its save is due after the autosaver's delay.
        try lane.finish()
        try waitUntil(saving, seconds: 10, "no save started after a stroke ended")
        let saveStart = Deadline.now()
        // The next stroke, while the save runs (no stroke ends meanwhile, so
        // no other save is asked for).
        var duringCount = 0
        while duringCount < trialsPerSave, try trialPair() { duringCount += 1 }
        try waitUntil({ !saving() }, seconds: 60, "a save did not end")
        figures.saveSeconds.append(Deadline.now() - saveStart)
    }
    try lane.finish()
    try reference.finish()
    return figures
}

func reportSaveStall(_ stall: SaveStallFigures, options: BenchmarkOptions, into goals: GoalReport) {
    func median(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.sorted()[values.count / 2]
    }
    func p99(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.sorted()[min(values.count - 1, Int((Double(values.count - 1) * 0.99).rounded()))]
    }
    let ratio = median(stall.duringSave) / median(stall.withoutSave)
    print(String(format: "saving the %dk ink drawing: %d saves, %.2f s each (median)", options.inkStrokes / 1000,
                 stall.saveSeconds.count, median(stall.saveSeconds)))
    print(String(format: "  during a save  n=%4d  median %6.1f µs  p99 %6.1f µs  (reference meanwhile: median %6.1f µs)",
                 stall.duringSave.count, median(stall.duringSave), p99(stall.duringSave), median(stall.referenceDuringSave)))
    print(String(format: "  without a save n=%4d  median %6.1f µs  p99 %6.1f µs  (reference meanwhile: median %6.1f µs)",
                 stall.withoutSave.count, median(stall.withoutSave), p99(stall.withoutSave), median(stall.referenceWithoutSave)))
    print(String(format: "  during / without: median %.2f  p99 %.2f", ratio, p99(stall.duringSave) / p99(stall.withoutSave)))
    let enough = !stall.duringSave.isEmpty && !stall.withoutSave.isEmpty && stall.failures == 0
    goals.judge(enough && ratio <= Goal.duringSaveRatio,
                String(format: "while the %dk ink drawing saves, median ≤ %.2f × without a save", options.inkStrokes / 1000,
                       Goal.duringSaveRatio),
                String(format: "%.2f × (%d trials during saves, %d without, %d timed out)", ratio, stall.duringSave.count,
                       stall.withoutSave.count, stall.failures))
}
