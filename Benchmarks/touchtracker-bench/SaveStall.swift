// Whether saving a big drawing stalls drawing: the loaded ink window's latency
// while its autosaver saves, against the same window's while no save runs,
// for both kinds of save. A finished stroke's save appends its row to the
// file in place (a few hundred bytes, two flushes): each cycle ends a stroke,
// waits most of the autosaver's delay, then times the next stroke until the
// file grows, each trial put with the append when the file's size changed
// across it. A save that writes the whole file (an edit, a resized window, a
// file another program touched) copies every row into a new file: each cycle
// then touches the file as another program would (its modification time set
// a second later, which moves its change time too: a chmod alone could leave
// the change time the append had left, within one tick of the file system's
// clock, and the file seem untouched), so that the next stroke's save cannot
// append to a file it no longer knows and writes the drawing whole, and times trials
// while that save's temporary file (`drawing.txt.new`, there from its
// creation to the rename over the old file, its flush to disk included) is
// there. Every trial is put with a save or without it by what is seen just
// before and just after it, never by the time. The reference's trials are
// interleaved one by one with them, so a reader sees what the machine did
// meanwhile.
import Foundation
import Glibc
import XorgHarness

struct SaveStallFigures {
    /// Trials while the whole file is written, and while a stroke is appended.
    var duringSave: [Double] = []
    var duringAppend: [Double] = []
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
///   - drawingPath: the loaded ink window's drawing file.
///   - trialsPerSave: at most half the trials of one of the lane's rows.
func measureSaveStall(lane: Lane, reference: Lane, drawingPath: String, cycles: Int,
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
    enum Save { case none, whole, append }
    /// One trial of each window, put with the save `during` sees around it.
    func trialPair(_ during: () -> Save) throws -> Save {
        let (count, failed, referenceCount) = (lane.latencies.count, lane.failures, reference.latencies.count)
        let before = during()
        try lane.trial()
        let after = during()
        let save = before != .none ? before : after
        figures.failures += lane.failures - failed
        usleep(2_000)
        try reference.trial()
        usleep(2_000)
        if lane.latencies.count > count {
            switch save {
            case .none: figures.withoutSave.append(lane.latencies[count])
            case .whole: figures.duringSave.append(lane.latencies[count])
            case .append: figures.duringAppend.append(lane.latencies[count])
            }
        }
        if reference.latencies.count > referenceCount {
            let latency = reference.latencies[referenceCount]
            if save == .whole { figures.referenceDuringSave.append(latency) } else { figures.referenceWithoutSave.append(latency) }
        }
        return save
    }
    func wholeSave() -> Save { saving() ? .whole : .none }
    // Nothing from the rounds before is still being written.
    try lane.finish()
    try reference.finish()
    try waitUntil({ !saving() }, seconds: 60, "the rounds' last save did not end")
    usleep(1_500_000)
    try waitUntil({ !saving() }, seconds: 60, "the rounds' last save did not end")
    for _ in 0..<cycles {
        // Without a save: a stroke that goes on (a row from its start, or the
        // rest of the row the last cycle's trials began).
        for _ in 0..<trialsPerSave { _ = try trialPair(wholeSave) }
        // The stroke ends: its save, due after the autosaver's delay, appends it.
        let before = fileBytes()
        var wroteWhole = false
        try lane.finish()
        usleep(400_000)
        var size = fileBytes()
        var trials = 0
        while size == before, trials < trialsPerSave {
            _ = try trialPair {
                wroteWhole = wroteWhole || saving()
                size = fileBytes()
                return size != before ? .append : .none
            }
            trials += 1
        }
        try waitUntil({
            wroteWhole = wroteWhole || saving()
            return fileBytes() != before && !saving()
        }, seconds: 10, "the finished stroke's save")
        figures.appendedBytes.append(fileBytes() - before)
        if wroteWhole { figures.strokeSavesWrittenWhole += 1 }
        // Another program touches the file: the next stroke's save writes it whole.
        for _ in trials..<trialsPerSave { _ = try trialPair(wholeSave) }
        var info = stat()
        guard stat(drawingPath, &info) == 0 else { throw HarnessError("save phase: cannot read \(drawingPath)'s times") }
        var times = [info.st_atim, timespec(tv_sec: info.st_mtim.tv_sec + 1, tv_nsec: info.st_mtim.tv_nsec)]
        guard utimensat(AT_FDCWD, drawingPath, &times, 0) == 0 else {
            throw HarnessError("save phase: cannot touch \(drawingPath)")
        }
        try lane.finish()
        try waitUntil(saving, seconds: 10, "no whole save started after the file was touched and a stroke ended")
        let saveStart = Deadline.now()
        // The next stroke, while the save runs (no stroke ends meanwhile, so
        // no other save is asked for).
        var duringCount = 0
        while duringCount < trialsPerSave, try trialPair(wholeSave) == .whole { duringCount += 1 }
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
    print(String(format: "  after the file was touched, written whole: %d saves, %.2f s each (median)", stall.saveSeconds.count,
                 median(stall.saveSeconds)))
    print(String(format: "  during a save  n=%4d  median %6.1f µs  p99 %6.1f µs  (reference meanwhile: median %6.1f µs)",
                 stall.duringSave.count, median(stall.duringSave), p99(stall.duringSave), median(stall.referenceDuringSave)))
    print(String(format: "  without a save n=%4d  median %6.1f µs  p99 %6.1f µs  (reference meanwhile: median %6.1f µs)",
                 stall.withoutSave.count, median(stall.withoutSave), p99(stall.withoutSave), median(stall.referenceWithoutSave)))
    print(String(format: "  during an append n=%4d  median %6.1f µs  p99 %6.1f µs", stall.duringAppend.count, median(stall.duringAppend),
                 p99(stall.duringAppend)))
    print(String(format: "  during / without: median %.2f  p99 %.2f; during an append / without: median %.2f", ratio,
                 p99(stall.duringSave) / p99(stall.withoutSave), median(stall.duringAppend) / median(stall.withoutSave)))
    let enough = !stall.duringSave.isEmpty && !stall.withoutSave.isEmpty && stall.failures == 0
    goals.judge(enough && ratio <= Goal.duringSaveRatio,
                String(format: "while the %dk ink drawing saves, median ≤ %.2f × without a save", options.inkStrokes / 1000,
                       Goal.duringSaveRatio),
                String(format: "%.2f × (%d trials during saves, %d without, %d timed out)", ratio, stall.duringSave.count,
                       stall.withoutSave.count, stall.failures))
}
