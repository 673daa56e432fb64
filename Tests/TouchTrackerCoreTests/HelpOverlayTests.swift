import Foundation
import TouchTrackerCore
import XCTest

/// The help lists every gesture and key of the README's "Using it" table (the
/// source of truth), word for word in its first column, and stays inside the window.
final class HelpOverlayTests: XCTestCase {
    /// The first cells of the README's "Using it" table.
    private func readmeActions() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try XCTUnwrap(text.components(separatedBy: "## Using it").dropFirst().first)
        // The first table only: the sections below it have tables of their own.
        return section.components(separatedBy: "\n")
            .drop { !$0.hasPrefix("| Action") }
            .prefix { $0.hasPrefix("|") }
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Action") }
            .map { $0.dropFirst(2).components(separatedBy: " | ")[0] }
    }

    func testTheHelpAndTheReadmeListTheSameActions() throws {
        let readme = try readmeActions()
        XCTAssertGreaterThan(readme.count, 15, "read the README's table")
        let help = HelpOverlay.rows.map(\.action).filter { !$0.isEmpty }
        XCTAssertEqual(help, readme)
    }

    func testEveryKeyBindingIsInTheHelp() {
        let actions = HelpOverlay.rows.map(\.action).joined(separator: " ")
        var shown: [String: String] = ["q": "Ctrl+Q", "F11": "F11", "Delete": "Delete", "Escape": "Escape", "s": "S",
                                       "i": "I", "z": "Ctrl+Z", "y": "Ctrl+Y", "t": "T", "F1": "F1", "question": "?",
                                       "slash": "?", "bracketleft": "[", "bracketright": "]", "l": "L, F", "f": "F, E",
                                       "e": "E or C", "c": "or C", "0": ", 0"]
        for digit in 1...9 { shown["\(digit)"] = "1 to 9" }
        for binding in Tunables.standard.keyBindings {
            let name = binding.keysymNames[0]
            let label = shown[name]
            XCTAssertNotNil(label, "\(name) has a label here")
            if let label { XCTAssertTrue(actions.contains(label), "\(label) is in the help") }
        }
    }

    func testTheHelpStaysInsideTheWindowAtEverySize() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            for width in stride(from: 20, through: 2000, by: 61) {
                for height in stride(from: 20, through: 1600, by: 53) {
                    let viewport = Rect(x: 0, y: 0, width: width, height: height)
                    let help = HelpOverlay(viewport: viewport, tunables: tunables)
                    let f = help.frame
                    XCTAssertTrue(f.x >= 0 && f.y >= 0 && f.maxX <= width && f.maxY <= height, "\(f) in \(width)x\(height)")
                    for label in help.labels {
                        XCTAssertTrue(label.anchor.y <= Double(f.maxY) && label.anchor.y >= Double(f.y), "\(label.text) below the box")
                    }
                }
            }
        }
    }

    func testInAFullSizeWindowEveryRowIsShown() {
        let help = HelpOverlay(viewport: standardViewport, tunables: .standard)
        let texts = Set(help.labels.map(\.text))
        for row in HelpOverlay.rows {
            XCTAssertTrue(texts.contains(row.effect), row.effect)
        }
        XCTAssertTrue(texts.contains(HelpOverlay.title))
    }

    func testAtScale2TheHelpsSpacingDoubles() {
        let viewport = Rect(x: 0, y: 0, width: 4000, height: 3000)
        let one = HelpOverlay(viewport: viewport, tunables: .standard)
        let two = HelpOverlay(viewport: viewport, tunables: Tunables.standard.scaled(by: 2))
        XCTAssertEqual(two.frame.width, 2 * one.frame.width, accuracy: 2)
        XCTAssertEqual(two.frame.height, 2 * one.frame.height)
    }
}
