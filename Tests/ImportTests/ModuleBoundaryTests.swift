import Foundation
import XCTest

/// TouchTrackerImport is pure: text in, values out. The core's types, and
/// libyaml (CYAML) in the one file that owns its documents; no Foundation,
/// Glibc or X11.
final class ModuleBoundaryTests: XCTestCase {
    func testTheImportModuleImportsOnlyTheCoreAndLibyamlOnlyInYAMLDocument() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TouchTrackerImport")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        XCTAssertTrue(files.contains("YAMLDocument.swift"))
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || ($0.hasPrefix("@") && $0.contains(" import ")) }
            let allowed = file == "YAMLDocument.swift" ? ["import TouchTrackerCore", "import CYAML"] : ["import TouchTrackerCore"]
            for line in imports {
                XCTAssertTrue(allowed.contains(String(line)), "\(file): \(line)")
            }
        }
    }
}
