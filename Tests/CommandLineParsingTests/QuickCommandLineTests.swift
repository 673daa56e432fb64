// The usual start's shortcut past ArgumentParser (QuickCommandLine) against
// ArgumentParser itself, on command lines generated from every option the
// shortcut reads, values it must take and values it must leave alone, unknown
// and repeated options (the last value counts, as in ArgumentParser): whatever the shortcut accepts, ArgumentParser parses
// to the same options; what ArgumentParser refuses, the shortcut leaves to it.
import ArgumentParser
@testable import touchtracker
import XCTest

final class QuickCommandLineTests: XCTestCase {
    /// Arguments that stand alone: the shortcut's flags, and what it must leave to ArgumentParser.
    private static let single: [[String]] = [
        "--fullscreen", "--no-shake", "--inspect", "--no-toolbar", "--verbose", "--new", "--touch-with-pen", "--no-pressure",
        "--help", "-h", "help", "--version", "--", "--bogus", "--no-shake=1", "-fullscreen", "--drawing", "--record",
        "--generate-completion-script", "--experimental-dump-help", "", "x",
    ].map { [$0] }

    /// Each option with values it takes, values its transform refuses, and
    /// values that look like options or help.
    private static let valued: [[String]] = {
        let values: [String: [String]] = [
            "--display": [":0", ":987", "host:0.0", "", "-x", "--fullscreen", "help", "--help"],
            "--geometry": ["1024x768+0+0", "800x600", "+10+20", "800x600-0-0", "-5x10", "", "12x", "0x10", "--fullscreen",
                           "-h", "99999x99999"],
            "--scale": ["1", "2.5", "0.5", "4", "-1", "5", "abc", "--new", "1e0", " 2", "-h"],
            "--tool": ["lines", "ink", "eraser", "circles", "bogus", "", "--new", "-h"],
            "--iio-dir": ["/tmp", "", "-x", "--verbose", "help"],
            "--accel-device": ["/sys/bus/iio/devices/iio:device0", "--x", "-"],
        ]
        return values.keys.sorted().flatMap { name in values[name]!.map { [name, $0] } + [[name, "--geometry=800x600"]] }
    }()

    private static var groups: [[String]] { single + valued }

    /// ArgumentParser's options for `arguments`; nil when it refuses them (or answers with help or the version).
    private func parsed(_ arguments: [String]) -> CommandLineOptions? {
        try? TouchTrackerCommand.parse(arguments).options
    }

    private func assertSameAsArgumentParser(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let quick = QuickCommandLine.options(arguments) else { return false }
        XCTAssertEqual(quick, parsed(arguments), "\(arguments)", file: file, line: line)
        return true
    }

    func testTheShortcutParsesEveryOneOrTwoArgumentGroupsAsArgumentParserDoes() {
        var taken = 0
        for first in Self.groups {
            if assertSameAsArgumentParser(first) { taken += 1 }
            for second in Self.groups where assertSameAsArgumentParser(first + second) { taken += 1 }
        }
        // The shortcut is taken for most command lines made only of what it reads.
        XCTAssertGreaterThan(taken, 700)
    }

    func testTheShortcutParsesLongerCommandLinesAsArgumentParserDoes() {
        let groups = Self.groups
        // Mostly groups the shortcut takes alone, so that whole lines of them are
        // compared, now and then any other.
        let taken = groups.filter { QuickCommandLine.options($0) != nil }
        var lines = 0
        // The same command lines on every run: group k of line n is a fixed
        // function of both, spread over every group.
        for line in 1...3_000 {
            var arguments: [String] = []
            for k in 0..<(2 + line % 5) {
                let spread = line &* 7_919 &+ k &* 104_729 &+ k &* k &* 31
                arguments += (line + k) % 5 == 0 ? groups[spread % groups.count] : taken[spread % taken.count]
            }
            // Now and then an argument cut off: an option left without its value.
            if line % 7 == 0 { arguments.removeLast() }
            if assertSameAsArgumentParser(arguments) { lines += 1 }
        }
        XCTAssertGreaterThan(lines, 500)
    }

    func testTheUsualStartsTakeTheShortcut() {
        let usual: [[String]] = [
            [], ["--geometry", "1024x768+0+0", "--no-shake"], ["--fullscreen"], ["--fullscreen", "--no-toolbar", "--no-shake"],
            ["--display", ":0", "--scale", "2"], ["--tool", "ink", "--inspect"],
        ]
        for arguments in usual {
            XCTAssertTrue(assertSameAsArgumentParser(arguments), "\(arguments) is left to ArgumentParser")
        }
    }

    func testWhatTheShortcutDoesNotKnowIsLeftToArgumentParser() {
        let others: [[String]] = [
            ["--help"], ["help"], ["--version"], ["--drawing", "a.txt"], ["--geometry=800x600"],
            ["--display", "--fullscreen"], ["--geometry", "-5x10"], ["--scale", "9"], ["--tool"], ["--replay", "a", "--tool", "ink"],
        ]
        for arguments in others {
            XCTAssertNil(QuickCommandLine.options(arguments), "\(arguments)")
        }
    }
}
