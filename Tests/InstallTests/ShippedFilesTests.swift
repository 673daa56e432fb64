// The desktop integration files in Resources/, checked as shipped: the freedesktop
// validators accept them without a remark, they agree with each other and with the
// program, and the committed PNG icons are current renderings of the SVG.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import XorgHarness

final class ShippedFilesTests: XCTestCase {
    private let id = Repository.appID
    private var desktopPath: String { Repository.path("Resources/\(id).desktop") }
    private var metainfoPath: String { Repository.path("Resources/\(id).metainfo.xml") }

    func testDesktopEntryPassesDesktopFileValidateWithoutARemark() throws {
        let validate = try Tools.require("desktop-file-validate", package: "desktop-file-utils")
        let result = try Tools.run(validate, [desktopPath])
        XCTAssertEqual(result.status, 0, result.output + result.error)
        XCTAssertEqual(result.output + result.error, "", "desktop-file-validate has remarks")
    }

    func testDesktopEntryHasWhatMenusNeed() throws {
        // The file name is the desktop file ID: a D-Bus well-known name in reverse DNS.
        let parts = id.split(separator: ".")
        XCTAssertGreaterThanOrEqual(parts.count, 3)
        for part in parts {
            XCTAssertTrue(part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }, "\(part)")
            XCTAssertFalse(part.first!.isNumber, "\(part)")
        }
        let entry = try DesktopEntry(path: desktopPath)
        XCTAssertEqual(entry.groupOrder, ["Desktop Entry", "Desktop Action inspect"])
        XCTAssertEqual(entry["Type"], "Application")
        XCTAssertEqual(entry["Name"], "TouchTracker")
        let generic = try XCTUnwrap(entry["GenericName"])
        let comment = try XCTUnwrap(entry["Comment"])
        XCTAssertFalse(generic.isEmpty)
        XCTAssertFalse(comment.isEmpty)
        XCTAssertNotEqual(comment, generic, "Comment must not repeat GenericName")
        // Shipped for a prefix whose bin is on PATH; install.sh writes the absolute path otherwise.
        XCTAssertEqual(entry["Exec"], "touchtracker")
        XCTAssertEqual(entry["TryExec"], "touchtracker")
        XCTAssertEqual(entry["Icon"], id)
        XCTAssertEqual(entry["Terminal"], "false")
        XCTAssertEqual(entry["Categories"], "Graphics;2DGraphics;")
        let keywords = try XCTUnwrap(entry["Keywords"])
        XCTAssertTrue(keywords.hasSuffix(";"))
        for word in ["draw", "touch", "multitouch", "touchscreen"] {
            XCTAssertTrue(keywords.split(separator: ";").contains(Substring(word)), "Keywords lack \(word)")
        }
        // res_class of the window's WM_CLASS (MenuLaunchTests checks the real window).
        XCTAssertEqual(entry["StartupWMClass"], "TouchTracker")
        // The program does not send startup-notification "remove" messages.
        XCTAssertEqual(entry["StartupNotify"], "false")
        // The menu's second entry point: the touch inspector.
        XCTAssertEqual(entry["Actions"], "inspect;")
        XCTAssertEqual(entry.groups["Desktop Action inspect"]?["Name"], "Touch Inspector")
        XCTAssertEqual(entry.groups["Desktop Action inspect"]?["Exec"], "touchtracker --inspect")
    }

    func testMetainfoPassesAppstreamcliValidateStrictly() throws {
        let appstreamcli = try Tools.require("appstreamcli", package: "appstream")
        let result = try Tools.run(appstreamcli, ["validate", "--no-net", "--strict", "--pedantic", metainfoPath])
        XCTAssertEqual(result.status, 0, result.output + result.error)
        // No error, warning or info; the one pedantic hint allowed is about the upper-case
        // letters of the project's fixed application id.
        let remarks = (result.output + result.error).split(separator: "\n")
            .filter { ["E:", "W:", "I:", "P:"].contains($0.prefix(2)) }
            .filter { !$0.contains("cid-contains-uppercase-letter") }
        XCTAssertEqual(remarks, [], result.output)
        XCTAssertTrue(result.output.contains("Validation was successful"), result.output)
    }

    func testMetainfoAgreesWithTheDesktopEntryTheProgramAndTheRepository() throws {
        let document = try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: metainfoPath)))
        func texts(_ path: String) throws -> [String] {
            try document.nodes(forXPath: path).map { ($0.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        let entry = try DesktopEntry(path: desktopPath)
        XCTAssertEqual(try texts("/component/@type"), ["desktop-application"])
        XCTAssertEqual(try texts("/component/id"), [id])
        XCTAssertEqual(try texts("/component/name"), [entry["Name"]!])
        XCTAssertEqual(try texts("/component/summary[not(@xml:lang)]"), [entry["Comment"]!])
        // Each translation of the summary is the entry's comment in that language.
        for language in Layout.languages {
            XCTAssertEqual(try texts("/component/summary[@xml:lang='\(language)']"), [entry["Comment[\(language)]"] ?? "none"],
                           language)
        }
        XCTAssertEqual(try texts("/component/launchable[@type='desktop-id']"), ["\(id).desktop"])
        XCTAssertEqual(try texts("/component/provides/binary"), ["touchtracker"])
        XCTAssertEqual(try texts("/component/metadata_license"), ["CC0-1.0"])
        XCTAssertEqual(try texts("/component/content_rating/@type"), ["oars-1.1"])

        // The newest release is the program's version, dated, with notes.
        let versionSource = try Repository.contents("Sources/touchtracker/TouchTrackerVersion.swift")
        let version = try XCTUnwrap(versionSource.firstMatch(of: /current\s*=\s*"([^"]+)"/)?.1)
        XCTAssertEqual(try texts("/component/releases/release[1]/@version"), [String(version)])
        let date = try XCTUnwrap(try texts("/component/releases/release[1]/@date").first)
        XCTAssertNotNil(date.wholeMatch(of: /\d{4}-\d{2}-\d{2}/), date)
        let notes = try texts("/component/releases/release[1]/description//li")
        XCTAssertGreaterThanOrEqual(notes.count, 5, "release notes: \(notes)")
        let allNotes = notes.joined(separator: " ").lowercased()
        for feature in ["finger", "select", "drag", "double tap", "shake", "inspector"] {
            XCTAssertTrue(allNotes.contains(feature), "release notes do not mention \(feature)")
        }
    }

    /// TouchTracker has no web site, no public bug tracker and no hosted screenshots, and
    /// appstreamcli validate (with the network) reports every address it cannot reach: the
    /// metainfo names none, neither as a url nor as a screenshot or anything else.
    func testMetainfoNamesNoWebAddressSinceTheProjectHasNone() throws {
        let metainfo = try String(contentsOfFile: metainfoPath, encoding: .utf8)
        let addresses = metainfo.matches(of: /(?i)(https?|ftp):\/\/[^\s<"]*/).map { String($0.output.0) }
        XCTAssertEqual(addresses, [])
        let document = try XMLDocument(data: Data(metainfo.utf8))
        XCTAssertEqual(try document.nodes(forXPath: "/component/url").count, 0)
        XCTAssertEqual(try document.nodes(forXPath: "/component/screenshots").count, 0)
    }

    /// touchtracker(1)'s KEYS AND GESTURES lists exactly the actions of the README's table
    /// ("Using it"), in the same order: the two never tell different stories.
    func testManualListsTheKeysAndGesturesOfTheReadmeTableInOrder() throws {
        let readme = try Repository.contents("README.md")
        let section = try XCTUnwrap(readme.firstRange(of: "## Using it").map { readme[$0.upperBound...] })
        var readmeActions: [String] = []
        for line in section.split(separator: "\n").drop(while: { !$0.hasPrefix("|") }).prefix(while: { $0.hasPrefix("|") }) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[1] != "Action", !cells[1].allSatisfy({ $0 == "-" }) else { continue }
            readmeActions.append(cells[1].replacingOccurrences(of: "**", with: ""))
        }
        XCTAssertGreaterThanOrEqual(readmeActions.count, 15, "the README's table: \(readmeActions)")

        let sections = try Repository.contents("Resources/touchtracker-manual.mdoc")
        let keys = try XCTUnwrap(sections.firstRange(of: ".Sh KEYS AND GESTURES\n").map { sections[$0.upperBound...] })
        var manualActions: [String] = []
        var depth = 0
        for line in keys.split(separator: "\n") {
            if line.hasPrefix(".Sh ") { break }
            if line.hasPrefix(".Bl ") { depth += 1 }
            if line.hasPrefix(".El") { depth -= 1 }
            if depth == 1, line.hasPrefix(".It ") {
                // In the page, \~ is a space that never breaks and \& nothing (it keeps
                // a bracket from being taken for a delimiter).
                manualActions.append(line.dropFirst(4).replacingOccurrences(of: "\\~", with: " ")
                    .replacingOccurrences(of: "\\&", with: ""))
            }
        }
        XCTAssertEqual(manualActions, readmeActions)
    }

    func testPNGIconsAreCurrentRenderingsOfTheSVGAtTheirSizes() throws {
        let svgRelative = "Resources/icons/hicolor/scalable/apps/\(id).svg"
        let svg = try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: Repository.path(svgRelative))))
        let root = try XCTUnwrap(svg.rootElement())
        XCTAssertEqual(root.name, "svg")
        func attribute(_ name: String) -> String? {
            root.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
        }
        let width = try XCTUnwrap(attribute("width"))
        XCTAssertEqual(width, attribute("height"), "the icon must be square")
        XCTAssertEqual(attribute("viewBox"), "0 0 \(width) \(width)")

        let sha256sum = try Tools.require("sha256sum", package: "coreutils")
        let digest = try Tools.run(sha256sum, [Repository.path(svgRelative)]).output.prefix(64)
        XCTAssertEqual(digest.count, 64)
        for size in Layout.pngSizes {
            let relative = "Resources/icons/hicolor/\(size)x\(size)/apps/\(id).png"
            let png = try PNGInfo(path: Repository.path(relative))
            XCTAssertEqual(png.width, size, relative)
            XCTAssertEqual(png.height, size, relative)
            XCTAssertEqual(png.bitDepth, 8, relative)
            XCTAssertEqual(png.colourType, 6, "\(relative) must be RGBA (transparent corners)")
            XCTAssertEqual(png.text["Source"], "\(id).svg sha256:\(digest)",
                           "\(relative) is not a rendering of the current SVG: run scripts/render-icons.sh")
        }
        let sizes = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Resources/icons/hicolor"))
        XCTAssertEqual(Set(sizes), Set(["scalable"] + Layout.pngSizes.map { "\($0)x\($0)" }))
    }
}
