// Whether saving a big drawing stalls drawing: the loaded ink window's latency
// while its autosaver writes the whole file, against the same window's while
// no save runs. A finished stroke's save appends its row to the file in
// place (a few hundred bytes), too short to time a trial against; what still
// writes the whole file is a change to the strokes already saved. So each
// cycle times trials with no save pending, ends the stroke and waits for its
// save (the file grows, and no temporary file is made for it), then undoes
// that stroke (Ctrl+Z, the window given the keyboard's focus), so that the
// drawing without it is written whole `autosaveDelayMilliseconds` later: it
// waits until that save's temporary file (`drawing.txt.new`, there from its
// creation to the rename over the old file, its flush to disk included)
// appears, then times trials while it is there. Every trial is put with the
// save or without it by the file seen just before and just after it, never
// by the time. (A save's trials and the next cycle's first ones share a row,
// one stroke.) The reference's trials are interleaved one by one with them,
// so a reader sees what the machine did meanwhile.
import Foundation
import Glibc
import XorgHarness

struct SaveStallFigures {
    var duringSave: [Double] = []
    var withoutSave: [Double] = []
    var referenceDuringSave: [Double] = []
    var referenceWithoutSave: [Double] = []
    var failures = 0
    /// How long each whole save's temporary file was seen, in s.
    var saveSeconds: [Double] = []
    /// What each finished stroke's save added to the file, in bytes, and how
    /// many of those saves wrote the file whole instead (a temporary file seen).
    var appendedBytes: [Int] = []
    var strokeSavesWrittenWhole = 0
}

/// - Parameters:
///   - lane: the loaded ink window; `reference` the C reference's.
///   - window: the loaded ink window's, to undo in; `drawingPath` its drawing file.
///   - trialsPerSave: at most half the trials of one of the lane's rows.
func measureSaveStall(lane: Lane, reference: Lane, session: XorgSession, window: UInt, drawingPath: String, cycles: Int,
                      trialsPerSave: Int) throws -> SaveStallFigures {
    var figures = SaveStallFigures()
    let temporaryFile = drawingPath + ".new"
    func saving() -> Bool { access(temporaryFile, F_OK) == 0 }
    func fileBytes() -> Int {
        var info = stat()
        return stat(drawingPath, &info) == 0 ? Int(info.st_size) : -1
    }
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
        // The stroke ends: its save, due after the autosaver's delay, appends it.
        let before = fileBytes()
        var wroteWhole = false
        try lane.finish()
        try waitUntil({
            wroteWhole = wroteWhole || saving()
            return fileBytes() > before && !saving()
        }, seconds: 10, "the finished stroke's save")
        figures.appendedBytes.append(fileBytes() - before)
        if wroteWhole { figures.strokeSavesWrittenWhole += 1 }
        // Undone: the drawing without it is written whole.
        session.probe.focus(window: window)
        try session.keys.press("z", holding: ["Control_L"])
        try waitUntil(saving, seconds: 10, "no save started after an undo")
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
    let appended = stall.appendedBytes.sorted()
    print(String(format: "saving the %dk ink drawing: each finished stroke appended %d to %d bytes (median %d); %d of %d such saves wrote the file whole",
                 options.inkStrokes / 1000, appended.first ?? 0, appended.last ?? 0, appended.isEmpty ? 0 : appended[appended.count / 2],
                 stall.strokeSavesWrittenWhole, appended.count))
    print(String(format: "  after an undo, written whole: %d saves, %.2f s each (median)", stall.saveSeconds.count, median(stall.saveSeconds)))
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
