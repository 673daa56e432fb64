import TouchTrackerCore
import XCTest

/// The session file: every kind of input and every command written and read
/// back exactly; a file cut short by a crash still reads up to where it
/// stops; anything damaged is refused with the line and what was expected.
final class SessionFileTests: XCTestCase {
    static let header = """
        touchtracker session 2
        scale 1.5
        size 800 600
        mode drawing
        settings tool-lines colour-1 width-3
        device 3 Virtual touchscreen
        lines 1
        line #000000 15 10 20 30.5 40
        inputs

        """

    /// A recording made before tools, colours and widths.
    static let version1Header = """
        touchtracker session 1
        scale 1.5
        size 800 600
        mode drawing
        device 3 Virtual touchscreen
        lines 1
        10 20 30.5 40
        inputs

        """

    private func settings(_ tool: Tool, colour: Int, width: Int) -> ToolSettings {
        ToolSettings(tool: tool, colourIndex: colour, widthIndex: width)
    }

    func testEveryKindOfInputAndEveryCommandIsWrittenAndReadBackExactly() throws {
        var inputs: [SessionInput] = [
            .device(.touch(event(touch(3, 7), .began, 100.5, 200.25, at: 10))),
            .device(.touch(event(touch(3, 7), .moved, 0.0000152587890625, 767.99998474121094, at: 26))),
            .device(.touch(event(touch(3, 7), .ended, 101, 201, at: 40))),
            .device(.touch(event(.mouse(device: 2), .cancelled, -3, 5, at: 41))),
            .device(.deviceRemoved(3, at: at(50))),
            .resize(width: 1024, height: 768, at: at(60)),
            .shake(at: at(70)),
            .advance(to: at(80)),
            // Read after a wake-up, but it happened before: times may step back.
            .device(.touch(event(touch(3, 8), .began, 5, 5, at: 79))),
            .device(.pen(PenEvent(device: 14, phase: .hover, point: pt(10.5, 20), time: at(81)))),
            .device(.pen(PenEvent(device: 14, phase: .down, point: pt(11, 20.25), pressure: 0, time: at(82)))),
            .device(.pen(PenEvent(device: 14, phase: .move, point: pt(12, 21), pressure: 0.437, time: at(83)))),
            .device(.pen(PenEvent(device: 14, phase: .up, point: pt(13, 22), pressure: 1, erases: true, time: at(84)))),
            .device(.pen(PenEvent(device: 15, phase: .left, point: pt(0.0000152587890625, 767.99998474121094),
                                  pressure: 0.0009775171065493646, erases: true, time: at(85)))),
        ]
        for (offset, command) in Command.allCases.enumerated() {
            inputs.append(.command(command, at: at(100 + Int64(offset))))
        }
        let lines = [segment(10, 20, 30.5, 40),
                     Line.ink([Point(x: 1, y: 2), Point(x: 3.25, y: 4), Point(x: 0.0000152587890625, y: 767.99998474121094)],
                              colour: Colour(rgb: 0xD55E00), width: 22.5),
                     Line.circle(centre: Point(x: 300, y: 200), through: Point(x: 340.5, y: 200), colour: .white, width: 3)]
        let start = SessionStart(scale: 1.5, width: 800, height: 600, mode: .inspecting, lines: lines,
                                 settings: settings(.circles, colour: 9, width: 4),
                                 deviceNames: [3: "Virtual\ntouchscreen", 2: "Mouse"],
                                 pen: PenSettings(palmTimeoutMilliseconds: nil, pressureSetsWidth: false))
        let recording = SessionRecording(start: start, inputs: inputs)
        let read = try SessionFile.read(SessionFile.text(of: recording))
        XCTAssertEqual(read.start.pen, start.pen)
        XCTAssertEqual(read.inputs, inputs)
        XCTAssertEqual(read.start.deviceNames, [3: "Virtual touchscreen", 2: "Mouse"], "a name stays on its line")
        XCTAssertEqual(read.start.lines, start.lines)
        XCTAssertEqual(read.start.settings, start.settings)
        XCTAssertEqual(read.start.mode, .inspecting)
        XCTAssertTrue(read.isComplete)
        XCTAssertTrue(read.recordsDeadlines)
    }

    /// XI2's 16.16 fixed-point coordinates are written digit by digit; those
    /// and any other Double must read back as exactly the same number.
    func testEveryCoordinateReadsBackAsExactlyTheSameNumber() throws {
        var seed: UInt64 = 11
        func random() -> UInt64 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return seed >> 20
        }
        var values: [Double] = [0, -0.5, 1.0 / 65536, -1.0 / 65536, 32767 + 65535.0 / 65536, -32768, 1e-300, 123456.789, -7.25e8]
        for _ in 0..<4000 {
            values.append(Double(Int64(random() % (1 << 32)) - (1 << 31)) / 65536)  // 16.16 fixed point
            values.append(Double(bitPattern: random() << 20 | random() % (1 << 20)) .truncatingRemainder(dividingBy: 1e9))
        }
        let inputs = zip(values, values.dropFirst()).enumerated().map { index, pair in
            SessionInput.device(.touch(event(touch(3, 1), .moved, pair.0, pair.1, at: Int64(index))))
        }.filter { if case .device(.touch(let t)) = $0 { return t.point.x.isFinite && t.point.y.isFinite } else { return false } }
        let start = SessionStart(scale: 1, width: 800, height: 600, mode: .drawing, lines: [])
        let read = try SessionFile.read(SessionFile.text(of: SessionRecording(start: start, inputs: inputs)))
        XCTAssertEqual(read.inputs, inputs)
        XCTAssertTrue(SessionFile.text(of: SessionRecording(start: start, inputs: [inputs[0]])).contains("\n0 move 3 1 0 -0.5\n"))
    }

    /// A line is gathered in a fixed buffer before it is appended: the
    /// longest one a touch can make is written whole, digit for digit.
    func testTheLongestTouchLineIsWrittenWhole() {
        let input = SessionInput.device(.touch(TouchEvent(
            key: TouchKey(device: Int32.min, touch: UInt32.max), phase: .cancelled,
            point: Point(x: -(137_000_000_000 + 65535.0 / 65536), y: -2.2250738585072014e-308),
            time: Instant(milliseconds: -9_223_372_036_854_775_807))))
        var bytes = Array("before\n".utf8)
        SessionFile.append(input, from: Instant(milliseconds: 0), to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self),
                       "before\n-9223372036854775807 cancel -2147483648 4294967295 -137000000000.9999847412109375 -2.2250738585072014e-308\n")
    }

    func testTheFileReadsAsTheReadmeShowsIt() throws {
        let read = try SessionFile.read(Self.header + "1520 down 3 7 300 200.5\n1590 up 3 7 320 210\n1890 tick\n2400 key undo\nend\n")
        XCTAssertEqual(read.start, SessionStart(scale: 1.5, width: 800, height: 600, mode: .drawing,
                                                lines: [Line(start: Point(x: 10, y: 20), end: Point(x: 30.5, y: 40), width: 15)],
                                                deviceNames: [3: "Virtual touchscreen"]))
        XCTAssertEqual(read.inputs, [.device(.touch(event(touch(3, 7), .began, 300, 200.5, at: 1520))),
                                     .device(.touch(event(touch(3, 7), .ended, 320, 210, at: 1590))),
                                     .advance(to: at(1890)), .command(.undo, at: at(2400))])
    }

    func testPenLinesReadAsTheReadmeShowsThem() throws {
        let header = Self.header.replacingOccurrences(of: "touchtracker session 2\n", with: "touchtracker session 3\n")
            .replacingOccurrences(of: "width-3\n", with: "width-3\npen palms 1000 pressure\n")
        let read = try SessionFile.read(header + "1700 pen 14 hover 400 300 -\n1720 pen 14 down 401 300 0.25\n"
                                        + "1750 pen 14 move 430 310 0.5\n1760 pen 14 up 430 310 0 erase\nend\n")
        XCTAssertEqual(read.start.pen, PenSettings(palmTimeoutMilliseconds: 1000, pressureSetsWidth: true))
        XCTAssertEqual(read.inputs, [
            .device(.pen(PenEvent(device: 14, phase: .hover, point: pt(400, 300), time: at(1700)))),
            .device(.pen(PenEvent(device: 14, phase: .down, point: pt(401, 300), pressure: 0.25, time: at(1720)))),
            .device(.pen(PenEvent(device: 14, phase: .move, point: pt(430, 310), pressure: 0.5, time: at(1750)))),
            .device(.pen(PenEvent(device: 14, phase: .up, point: pt(430, 310), pressure: 0, erases: true, time: at(1760)))),
        ])
    }

    /// The words the README lists for the keys of colours, widths and tools.
    func testTheColourWidthAndToolKeysAreRecordedInTheirDocumentedWords() throws {
        var words: [(String, Command)] = (1...10).map { ("colour-\($0)", .pickColour($0 - 1)) }
        words += (1...5).map { ("width-\($0)", .pickWidth($0 - 1)) }
        words += [("thinner", .thinner), ("thicker", .thicker), ("tool-lines", .pickTool(.lines)), ("tool-ink", .pickTool(.ink)),
                  ("tool-eraser", .pickTool(.eraser)), ("tool-circles", .pickTool(.circles))]
        let text = Self.header + words.enumerated().map { "\($0.offset) key \($0.element.0)\n" }.joined() + "end\n"
        let read = try SessionFile.read(text)
        XCTAssertEqual(read.inputs, words.enumerated().map { .command($0.element.1, at: at(Int64($0.offset))) })
        let start = SessionStart(scale: 1, width: 10, height: 10, mode: .drawing, lines: [])
        XCTAssertEqual(SessionFile.text(of: SessionRecording(start: start, inputs: read.inputs)),
                       SessionFile.header(start) + words.enumerated().map { "\($0.offset) key \($0.element.0)\n" }.joined() + "end\n")
        XCTAssertNil(try? SessionFile.read(Self.header + "1 key colour-11\n"), "the palette has ten colours")
        XCTAssertNil(try? SessionFile.read(Self.header + "1 key width-0\n"), "widths count from 1")
        XCTAssertNil(try? SessionFile.read(Self.header + "1 key tool-pen\n"))
    }

    /// Settings are not saved, so a window starts from the defaults (the
    /// tool aside, which --tool may choose); the header says what they were,
    /// and the replay's workspace starts with them.
    func testTheHeaderRecordsTheToolColourAndWidthTheSessionStartedWith() throws {
        let standard = SessionStart(scale: 1, width: 640, height: 480, mode: .drawing, lines: [])
        XCTAssertEqual(standard.settings, ToolSettings(tunables: .standard), "a session starts from the defaults")
        XCTAssertTrue(SessionFile.header(standard).contains("\nsettings tool-lines colour-1 width-3\n"))
        var inked = standard
        inked.settings = settings(.ink, colour: 5, width: 0)
        XCTAssertTrue(SessionFile.header(inked).contains("\nmode drawing\nsettings tool-ink colour-6 width-1\npen palms 1000 pressure\nlines 0\n"))
        let read = try SessionFile.read(SessionFile.header(inked))
        XCTAssertEqual(read.start, inked)
        let workspace = read.start.workspace(tunables: .standard)
        XCTAssertEqual(workspace.canvas.settings, inked.settings, "the replay draws with what the recording started with")
    }

    func testAVersion1RecordingStartsWithBlackLinesOfTheOriginalWidthAtItsScale() throws {
        let read = try SessionFile.read(Self.version1Header + "1520 down 3 7 300 200.5\nend\n")
        XCTAssertEqual(read.start.lines, [Line(start: Point(x: 10, y: 20), end: Point(x: 30.5, y: 40), width: 15)],
                       "10 px at scale 1.5, as that version showed them")
        XCTAssertEqual(read.start.settings, ToolSettings(tunables: .standard), "black lines of the original's width")
        XCTAssertEqual(read.inputs.count, 1)
        XCTAssertEqual(try SessionFile.read(Self.version1Header.replacing("scale 1.5", with: "scale 2")).start.lines.map(\.width), [20])
    }

    func testARecordingCutShortByACrashReadsUpToItsLastWholeLine() throws {
        let read = try SessionFile.read(Self.header + "1520 down 3 7 300 200.5\n")
        XCTAssertFalse(read.isComplete)
        XCTAssertEqual(read.inputs.count, 1)
        XCTAssertEqual(try SessionFile.read(Self.header).inputs, [], "nothing recorded yet")
        let partial = try SessionFile.read(Self.header + "12 tick\n13 up 3 7 1 2")
        XCTAssertEqual(partial.inputs, [.advance(to: at(12))], "a last line without its newline was never finished")
        XCTAssertFalse(partial.isComplete)
    }

    func testAFileWithWindowsLineEndsOrAByteOrderMarkReadsTheSame() throws {
        let text = Self.header + "1520 down 3 7 300 200.5\nend\n"
        let expected = try SessionFile.read(text)
        XCTAssertEqual(try SessionFile.read(text.replacing("\n", with: "\r\n")), expected)
        XCTAssertEqual(try SessionFile.read("\u{FEFF}" + text), expected)
    }

    func testDamagedFilesAreRefusedWithTheLineAndWhatWasExpected() {
        let cases: [(String, String)] = [
            ("", "the file is empty"),
            ("touchtracker drawing 1\n", "line 1: not a TouchTracker session recording"),
            ("touchtracker session 4\n", "line 1: session format 4 is newer than this TouchTracker reads (3)"),
            ("touchtracker session 2\nscale 9\n", "line 2: expected \"scale\" and a number from 0.5 to 4, found \"scale 9\""),
            ("touchtracker session 2\nscale 1\nsize 0 600\n", "line 3: expected \"size\" and 1 to 32767 pixels each way, found \"size 0 600\""),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode painting\n",
             "line 4: expected \"mode drawing\" or \"mode inspecting\", found \"mode painting\""),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode drawing\n", "line 5: the file ends before the tool settings"),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode drawing\nlines 0\n",
             "line 5: expected \"settings\", a tool, a colour and a width (tool-lines colour-1 width-3), found \"lines 0\""),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode drawing\nsettings tool-ink colour-11 width-3\n",
             "line 5: expected \"settings\", a tool, a colour and a width (tool-lines colour-1 width-3), found \"settings tool-ink colour-11 width-3\""),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode drawing\nsettings colour-1 tool-ink width-3\n",
             "line 5: expected \"settings\", a tool, a colour and a width (tool-lines colour-1 width-3), found \"settings colour-1 tool-ink width-3\""),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode drawing\nsettings tool-ink colour-1 width-3\n",
             "line 6: the file ends before the line count"),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode drawing\nsettings tool-ink colour-1 width-3\nlines 2\nline #000000 10 1 2 3 4\n",
             "line 8: the file ends before line 2 of 2"),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode drawing\nsettings tool-ink colour-1 width-3\nlines 1\n1 2 3 4\n",
             "line 7: expected a stroke: line, circle, ink or pen, then its colour, width and points, found \"1 2 3 4\""),
            ("touchtracker session 2\nscale 1\nsize 800 600\nmode drawing\nsettings tool-ink colour-1 width-3\nlines 1\nink #000000 3 3 1 2 3 4\n",
             "line 7: expected 3 points (6 coordinates) after ink's number of points, found \"ink #000000 3 3 1 2 3 4\""),
            ("touchtracker session 1\nscale 1\nsize 800 600\nmode drawing\nlines 2\n1 2 3 4\n", "line 7: the file ends before line 2 of 2"),
            ("touchtracker session 1\nscale 1\nsize 800 600\nmode drawing\nlines 1\nline #000000 10 1 2 3 4\n",
             "line 6: expected four coordinates, found \"line #000000 10 1 2 3 4\""),
            (Self.header + "12 down 3 7 300\n", "line 10: expected \"down\", a device, a touch number and two coordinates, found \"12 down 3 7 300\""),
            (Self.header + "12 down 3 7 nan 4\n", "line 10: expected \"down\", a device, a touch number and two coordinates, found \"12 down 3 7 nan 4\""),
            (Self.header + "soon tick\n", "line 10: expected a time in milliseconds and an input, found \"soon tick\""),
            (Self.header + "12 jump\n", "line 10: expected down, move, up, cancel, pen, removed, key, size, shake or tick, found \"12 jump\""),
            (Self.header + "1 tick\n12 key dance\n",
             "line 11: expected \"key\" and one of: clear, delete, deselect, fullscreen, help, inspector, picture, quit, redo, shake, thicker, thinner, tool-circles, tool-eraser, tool-ink, tool-lines, toolbar, undo, colour-1 to colour-10, width-1 to width-5, found \"12 key dance\""),
            (Self.header + "12 size 10\n", "line 10: expected \"size\" and 1 to 32767 pixels each way, found \"12 size 10\""),
            (Self.header + "-60001 tick\n", "line 10: expected a time from -60000 to 100000000000 milliseconds, found \"-60001 tick\""),
            (Self.header + "9223372036854775807 tick\n",
             "line 10: expected a time from -60000 to 100000000000 milliseconds, found \"9223372036854775807 tick\""),
            (Self.header + "12 tick\nend\n13 tick\n", "line 12: more after \"end\""),
            ("touchtracker session 3\nscale 1\nsize 800 600\nmode drawing\nsettings tool-ink colour-1 width-3\npen palms 9000 pressure\n",
             "line 6: expected \"pen palms\", milliseconds from 0 to 5000 or off, and pressure or nopressure, found \"pen palms 9000 pressure\""),
            (Self.header + "12 pen 14 press 1 2 0.5\n",
             "line 10: expected \"pen\", a device, hover, down, move, up or left, two coordinates, a pressure and maybe \"erase\", found \"12 pen 14 press 1 2 0.5\""),
            (Self.header + "12 pen 14 down 1 2 0.5 rub\n",
             "line 10: expected \"pen\", a device, hover, down, move, up or left, two coordinates, a pressure and maybe \"erase\", found \"12 pen 14 down 1 2 0.5 rub\""),
            (Self.header + "12 pen 14 down 1 2 1.5\n", "line 10: expected a pressure from 0 to 1, or \"-\", found \"12 pen 14 down 1 2 1.5\""),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try SessionFile.read(text), expected) { error in
                XCTAssertEqual("\(error)", expected)
            }
        }
    }
}
