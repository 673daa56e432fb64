// touchtracker-savepath: the autosaver's cost per saved stroke, without X:
// the real Autosaver over a drawing file in a folder of its own, handed one
// new line per save the way the event loop hands it over (AutosaveLedger,
// from the drawing), and the turns its thread takes: one that finds the
// change and waits out the delay, one at the delay's end that saves (the
// first writes the file whole, each later one appends its line and a saved
// row in place, flushed). Run
// under callgrind (Benchmarks/run-savepath.sh) the difference between two
// counts of saves is the instructions per save, function by function, in
// seconds; the full benchmark (run-instructions.sh) counts the saver's
// thread of the whole program.
import Glibc
import TouchTrackerCore
import TouchTrackerStorage
import TouchTrackerSystem

let arguments = CommandLine.arguments.dropFirst()
let saves = arguments.first.flatMap { Int($0) } ?? 20
let ink = arguments.dropFirst().first == "ink"
let viewport = Rect(x: 0, y: 0, width: 1024, height: 768)
let delay = Int64(Tunables.standard.autosaveDelayMilliseconds)

var template = Array("/tmp/touchtracker-savepath-XXXXXX".utf8CString)
guard mkdtemp(&template) != nil else { fatalError("touchtracker-savepath: no temporary folder") }
let folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
let store = DrawingStore(path: FilePath(folder + "/drawing.txt"))
let saver = try Autosaver(store: store, initial: DrawingDocument(width: viewport.width, height: viewport.height, lines: []),
                          delayMilliseconds: delay) { print($0) }

/// The line a stroke of the benchmark leaves: 40 px across in ten 4 px steps
/// (with the ink tool, every point of them), in rows as the strokes are laid.
func line(_ number: Int) -> Line {
    let y = Double(100 + (number % 24) * 24), x = Double(40 + (number / 24) * 60)
    guard ink else { return Line(start: Point(x: x, y: y), end: Point(x: x + 40, y: y)) }
    let points = (0...10).map { Point(x: x + Double(4 * $0), y: y) }
    return Line(start: points[0], end: points[10], shape: .ink(points), colour: .black, width: 10)
}

var drawing = Drawing(historyStepLimit: Tunables.standard.editHistoryStepLimit)
for number in 0..<saves {
    drawing.append(line(number))
    if !saver.isCurrent(contentRevision: drawing.contentRevision, count: drawing.count, viewport: viewport) {
        saver.keepUp(with: drawing, viewport: viewport)
    }
    let now = Instant(milliseconds: Int64(number) * 1_000)
    guard let due = saver.turn(at: now), saver.turn(at: due) == nil else { fatalError("touchtracker-savepath: no save") }
}
guard case .document(let saved) = DrawingStore.peek(store.path), saved.lines.count == saves else {
    fatalError("touchtracker-savepath: the file does not hold the lines")
}
print("\(saves) saves, \(saved.lines.count) lines in the file")
for name in ["drawing.txt", "drawing.txt.lock"] { unlink(folder + "/" + name) }
rmdir(folder)
