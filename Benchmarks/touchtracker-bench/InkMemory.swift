// Resident memory of the loaded ink window beyond the empty one's, per point.
import Foundation
import Glibc

func measureInkMemory(empty: pid_t, loaded: pid_t, options: BenchmarkOptions) throws {
    let points = Double(options.inkStrokes * options.inkPoints)
    guard points > 0 else { return }
    let (emptyMemory, loadedMemory) = (try ProcessMemory(of: empty), try ProcessMemory(of: loaded))
    func perPoint(_ a: Double, _ b: Double) -> Double { (b - a) / points }
    print(String(format: "ink memory: VmRSS %.1f MB empty, %.1f MB with %.0f points: %.1f bytes per point "
                 + "(Pss %.1f MB, %.1f MB: %.1f bytes per point)",
                 emptyMemory.resident / 1e6, loadedMemory.resident / 1e6, points,
                 perPoint(emptyMemory.resident, loadedMemory.resident), emptyMemory.proportional / 1e6,
                 loadedMemory.proportional / 1e6, perPoint(emptyMemory.proportional, loadedMemory.proportional)))
    // The drawing's own model: a Line of 56 bytes per stroke, 16 per point.
    let model = (56 * Double(options.inkStrokes) + 16 * points) / points
    print(String(format: "ink memory, the model alone (56 bytes a stroke, 16 a point): %.1f bytes per point", model))
}
