// What the real touchtracker says about its command line, verbatim: a bad value is
// one line naming it and what was wrong, with exit status 64 (the README lists the
// statuses); --version names the program and its version. No X server is needed:
// the command line is refused before any display is opened.
import Foundation
import XCTest
import XorgHarness

final class CommandLineTests: XCTestCase {
    /// Runs touchtracker with `arguments` and no display to open (so a command
    /// line that were accepted would end with status 1, not 64).
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try ChildProcess.run(BuildFolder.touchtracker, arguments, environment: ["DISPLAY": ":987"])
    }

    /// Asserts the run ended with status 64, nothing on standard output, and
    /// exactly `line` (and its newline) on standard error.
    private func assertRefused(_ arguments: [String], saying line: String,
                               file: StaticString = #filePath, line sourceLine: UInt = #line) throws {
        let result = try run(arguments)
        XCTAssertEqual(result.status, 64, "\(arguments): \(result.error)", file: file, line: sourceLine)
        XCTAssertEqual(result.error, line + "\n", "\(arguments)", file: file, line: sourceLine)
        XCTAssertEqual(result.output, "", "\(arguments)", file: file, line: sourceLine)
    }

    private let geometryValue = "is invalid for '--geometry <WxH[+X+Y]>'"

    func testAnEmptyDisplayNameIsRefusedAsEmptyWithStatus64() throws {
        try assertRefused(["--display", ""], saying:
            "touchtracker: the value '' is invalid for '--display <name>': it is empty (name a display such as :0, or leave --display out to use $DISPLAY)")
    }

    func testANegativeGeometrySizeIsRefusedAsNegativeWhetherOrNotItFollowsAnEqualsSign() throws {
        let line = "touchtracker: the value '-5x10' \(geometryValue): the width cannot be negative (a side is 1 to 32767 pixels)"
        try assertRefused(["--geometry", "-5x10"], saying: line)
        try assertRefused(["--geometry=-5x10"], saying: line)
        try assertRefused(["--geometry", "5x-10"], saying:
            "touchtracker: the value '5x-10' \(geometryValue): the height cannot be negative (a side is 1 to 32767 pixels)")
    }

    func testAnOversizedGeometryNamesTheLimit() throws {
        try assertRefused(["--geometry", "99999x99999"], saying:
            "touchtracker: the value '99999x99999' \(geometryValue): the width 99999 is over the limit of 32767 pixels (X11 coordinates are 16-bit)")
        try assertRefused(["--geometry", "10x10+40000+0"], saying:
            "touchtracker: the value '10x10+40000+0' \(geometryValue): the x offset 40000 is over the limit of 32767 pixels (X11 coordinates are 16-bit)")
    }

    func testAMalformedGeometrySaysWhatWasWrongWhere() throws {
        let cases: [(String, String)] = [
            ("12x", "no height after \"x\" (a size is WIDTHxHEIGHT, as in 800x600)"),
            ("800", "the width 800 has no \"x\" and height after it (a size is WIDTHxHEIGHT, as in 800x600)"),
            ("800x600+1", "the x offset \"+1\" has no y offset after it (an offset is {+-}X{+-}Y, as in +10+20)"),
            ("0x10", "the width cannot be 0 (a side is 1 to 32767 pixels)"),
            ("800x600 ", "unexpected \" \" after \"800x600\" (the form is [=][WIDTHxHEIGHT][{+-}X{+-}Y], as in 800x600+10+20)"),
            ("", "it is empty (give WIDTHxHEIGHT, {+-}X{+-}Y or both, as in 800x600+10+20)"),
        ]
        for (value, reason) in cases {
            try assertRefused(["--geometry", value], saying: "touchtracker: the value '\(value)' \(geometryValue): \(reason)")
        }
    }

    func testAnOptionWhereTheGeometryShouldBeSaysTheGeometryIsMissing() throws {
        try assertRefused(["--geometry", "--fullscreen"], saying:
            "touchtracker: the value '--fullscreen' \(geometryValue): it is an option, so the geometry itself is missing")
        try assertRefused(["--geometry"], saying: "touchtracker: missing value for '--geometry <WxH[+X+Y]>'")
    }

    func testAnUnknownOptionIsOneLineWithStatus64() throws {
        try assertRefused(["--bogus"], saying: "touchtracker: unknown option '--bogus'")
        try assertRefused(["--iio-dri", "/tmp"], saying: "touchtracker: unknown option '--iio-dri'. Did you mean '--iio-dir'?")
    }

    func testVersionPrintsTheProgramNameAndTheVersionFromItsOnePlace() throws {
        let source = try String(contentsOfFile: "\(BuildFolder.checkout)/Sources/touchtracker/TouchTrackerVersion.swift",
                                encoding: .utf8)
        let version = try XCTUnwrap(source.firstMatch(of: /current\s*=\s*"([^"]+)"/)?.1)
        let result = try run(["--version"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "touchtracker \(version)\n")
        XCTAssertEqual(result.error, "")
    }

    func testAnEmptyDisplayVariableIsNamedAsEmptyNotAsUnset() throws {
        let result = try ChildProcess.run(BuildFolder.touchtracker, ["--no-shake"], environment: ["DISPLAY": ""])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, "touchtracker: cannot open display \"(DISPLAY is empty)\"\n")
    }

    func testAScaleOutside0Point5To4IsRefusedNamingTheRange() throws {
        for value in ["0.4", "5", "0", "-1", "large", "nan"] {
            try assertRefused(["--scale", value], saying:
                "touchtracker: the value '\(value)' is invalid for '--scale <factor>': it must be a number from 0.5 to 4")
        }
    }

    func testAToolOtherThanTheFourIsRefusedNamingThem() throws {
        for value in ["pen", "Lines", "line", "", "circle"] {
            try assertRefused(["--tool", value], saying:
                "touchtracker: the value '\(value)' is invalid for '--tool <tool>': it must be lines, ink, eraser or circles")
        }
        try assertRefused(["--tool"], saying: "touchtracker: missing value for '--tool <tool>'")
        try assertRefused(["--tool", "ink", "--export", "out.svg"], saying:
            "touchtracker: --tool has nothing to draw with --export of the saved drawing (with --replay, it is what the replay draws with)")
    }

    func testEachOfTheFourToolsIsAccepted() throws {
        for value in ["lines", "ink", "eraser", "circles"] {
            let result = try run(["--tool", value])
            XCTAssertEqual(result.status, 1, "accepted, then no display to open: \(result.error)")
            XCTAssertTrue(result.error.hasPrefix("touchtracker: cannot open display"), result.error)
        }
    }

    func testAPalmTimeoutOutside0To5000MillisecondsIsRefusedNamingTheRange() throws {
        for value in ["5001", "-1", "1.5", "soon", ""] {
            try assertRefused(["--palm-timeout", value], saying:
                "touchtracker: the value '\(value)' is invalid for '--palm-timeout <ms>': it must be a whole number of milliseconds from 0 to 5000")
        }
        try assertRefused(["--palm-timeout", "--no-pressure"], saying:
            "touchtracker: the value '--no-pressure' is invalid for '--palm-timeout <ms>': it is an option, so the time itself is missing")
    }

    func testThePenOptionsAreAccepted() throws {
        for arguments in [["--palm-timeout", "0"], ["--palm-timeout", "5000"], ["--touch-with-pen"], ["--no-pressure"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments) accepted, then no display to open: \(result.error)")
            XCTAssertTrue(result.error.hasPrefix("touchtracker: cannot open display"), result.error)
        }
    }
}
