import Foundation
import XCTest

/// TouchTrackerImport is pure: text in, values out. Only the core's types and
/// Yams' nodes; no Foundation, Glibc or X11 of its own (Yams uses Foundation
/// inside itself, which the shell links anyway).
final class ModuleBoundaryTests: XCTestCase {
    func testTheImportModuleImportsOnlyTheCoreAndYams() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TouchTrackerImport")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || ($0.hasPrefix("@") && $0.contains(" import ")) }
            for line in imports {
                XCTAssertTrue(["import TouchTrackerCore", "import Yams"].contains(String(line)), "\(file): \(line)")
            }
        }
    }
}
