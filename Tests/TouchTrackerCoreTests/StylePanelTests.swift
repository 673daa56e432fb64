import TouchTrackerCore
import XCTest

/// The style button shows the current colour, width and tool and opens the
/// style panel: the ten colours, five widths and four tools, touch-sized,
/// inside every window, the current ones marked. One tap on a choice fires
/// the key's command and closes the panel; a touch elsewhere or Escape closes
/// it and does nothing else; its contacts never draw.
final class StylePanelTests: XCTestCase {
    private let finger = touch(2, 31)

    private func centre(_ rect: Rect) -> Point {
        Point(x: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y) + Double(rect.height) / 2)
    }

    private func inside(_ rect: Rect, _ outer: Rect) -> Bool {
        rect.x >= outer.x && rect.y >= outer.y && rect.maxX <= outer.maxX && rect.maxY <= outer.maxY
    }

    private func workspace(_ viewport: Rect = standardViewport, scale: Double = 1) -> Workspace {
        let tunables = Tunables.standard.scaled(by: scale)
        return Workspace(canvas: Canvas(tunables: tunables, viewport: viewport),
                         controls: ScreenControls(viewport: viewport, tunables: tunables))
    }

    @discardableResult
    private func tap(_ w: inout Workspace, _ p: Point, at ms: Int64) -> Effect? {
        w.apply(.touch(TouchEvent(key: finger, phase: .began, point: p, time: at(ms))))
        return w.apply(.touch(TouchEvent(key: finger, phase: .ended, point: p, time: at(ms + 50))))
    }

    private func tap(_ w: inout Workspace, _ button: ToolbarButton, at ms: Int64) {
        guard let frame = w.controls.toolbar?.frame(of: button) else { return XCTFail("\(button) is not shown") }
        tap(&w, centre(frame), at: ms)
    }

    private var allChoices: [ToolbarButton] { ToolbarButton.styleGroups.flatMap { $0 } }

    // MARK: Layout

    func testTheStylePanelHoldsTheTenColoursInARowAndTheFiveWidthsAndFourToolsInTheNextBelowTheBar() {
        let layout = ToolbarLayout(shown: true, viewport: standardViewport, tunables: .standard, styleOpen: true)
        let panel = try! XCTUnwrap(layout.style)
        XCTAssertEqual(panel.buttons, (0..<10).map { .colour($0) } + (0..<5).map { .width($0) }
                       + [.tool(.lines), .tool(.ink), .tool(.eraser), .tool(.circles)])
        XCTAssertEqual(Set(panel.frames.map(\.width)), [48])
        XCTAssertEqual(Set(panel.frames.map(\.height)), [48])
        XCTAssertEqual(Set(panel.frames[0..<10].map(\.y)).count, 1, "the colours in one row")
        XCTAssertEqual(Set(panel.frames[10..<19].map(\.y)).count, 1, "the widths and tools in one row")
        XCTAssertGreaterThan(panel.frames[10].y, panel.frames[0].y, "below the colours")
        XCTAssertEqual(panel.frames[15].x - panel.frames[14].maxX, 48 + 2 * 4, "an empty cell between the widths and the tools")
        XCTAssertEqual(panel.area.height, 2 * 48 + 3 * 4)
        XCTAssertEqual(panel.area.y, layout.panel.maxY, "just below the bar")
        XCTAssertEqual(panel.area.maxX, layout.panel.maxX, "its right edge the bar's")
        XCTAssertEqual(layout.keepClear, layout.panel.union(panel.area))
    }

    func testTheStyleButtonStandsInTheBarOrBehindMoreInEveryWindow() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            for width in stride(from: 16, through: 1400, by: 41) {
                for height in stride(from: 16, through: 1000, by: 43) {
                    let layout = ToolbarLayout(shown: true, viewport: Rect(x: 0, y: 0, width: width, height: height), tunables: tunables)
                    XCTAssertTrue(layout.buttons.first == .style || layout.folded.first == .style, "\(width)x\(height) at \(scale)")
                }
            }
        }
    }

    func testTheStylePanelFitsEveryWindowWithEveryChoiceHitAtItsCentreAtScales1And2() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            for width in stride(from: 16, through: 1400, by: 29) {
                for height in stride(from: 16, through: 1000, by: 31) {
                    let viewport = Rect(x: 0, y: 0, width: width, height: height)
                    let what = "\(width)x\(height) at \(scale)"
                    let layout = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables, styleOpen: true)
                    guard let panel = layout.style else { XCTFail("no panel \(what)"); continue }
                    XCTAssertEqual(panel.buttons, allChoices, what)
                    XCTAssertTrue(inside(panel.area, viewport), "panel \(panel.area) outside \(what)")
                    for (i, frame) in panel.frames.enumerated() {
                        XCTAssertFalse(frame.isEmpty, what)
                        XCTAssertTrue(inside(frame, panel.area), "\(panel.buttons[i]) outside the panel, \(what)")
                        for other in panel.frames[(i + 1)...] { XCTAssertFalse(frame.intersects(other), "overlap \(what)") }
                        XCTAssertEqual(layout.button(at: centre(frame)), panel.buttons[i], what)
                    }
                    if width >= Int(640 * scale) && height >= Int(480 * scale) {
                        XCTAssertEqual(Set(panel.frames.map(\.width)), [tunables.toolbarButtonPixels], "full size \(what)")
                        XCTAssertFalse(panel.area.intersects(layout.panel), "below the bar \(what)")
                    }
                }
            }
        }
    }

    func testInASmallWindowThePanelWrapsIntoMoreRowsAndKeepsItsButtonsTouchSized() {
        // 400x500: too narrow for ten in a row, room enough below the bar for full-size buttons.
        let viewport = Rect(x: 0, y: 0, width: 400, height: 500)
        let layout = ToolbarLayout(shown: true, viewport: viewport, tunables: .standard, styleOpen: true)
        let panel = try! XCTUnwrap(layout.style)
        XCTAssertEqual(Set(panel.frames.map(\.width)), [48])
        XCTAssertGreaterThan(Set(panel.frames.map(\.y)).count, 3, "wrapped")
        XCTAssertTrue(inside(panel.area, viewport))
        // Too narrow for the widths and the tools on one row: no group shares a row.
        let colourRows = Set(panel.frames[0..<10].map(\.y)), widthRows = Set(panel.frames[10..<15].map(\.y))
        XCTAssertTrue(colourRows.isDisjoint(with: widthRows))
        XCTAssertTrue(widthRows.isDisjoint(with: Set(panel.frames[15..<19].map(\.y))))
    }

    func testGroupsShareARowOnlyWhenTheyFitOnItWholeWithACellBetween() {
        func rows(_ columns: Int) -> [[Int]] {
            let (cells, count) = ToolbarPanel.cells(counts: [10, 5, 4], columns: columns)
            return (0..<count).map { row in cells.indices.filter { cells[$0].row == row } }
        }
        XCTAssertEqual(rows(10), [Array(0..<10), Array(10..<19)])
        XCTAssertEqual(rows(8), [Array(0..<8), [8, 9], Array(10..<15), Array(15..<19)], "a wrapped group shares no row")
        XCTAssertEqual(rows(5), [Array(0..<5), Array(5..<10), Array(10..<15), Array(15..<19)])
        XCTAssertEqual(ToolbarPanel.cells(counts: [10, 5, 4], columns: 10).cells[15].column, 6)
    }

    func testAt320x240AndScale2ThePanelCoversTheBarToKeepItsButtonsLarger() {
        let viewport = Rect(x: 0, y: 0, width: 320, height: 240)
        let tunables = Tunables.standard.scaled(by: 2)
        let layout = ToolbarLayout(shown: true, viewport: viewport, tunables: tunables, overflowOpen: false, styleOpen: true)
        let panel = try! XCTUnwrap(layout.style)
        // Below the bar's 112 px there is room for 21 px buttons at most; over the whole window, 42 px.
        XCTAssertGreaterThanOrEqual(panel.frames[0].width, 40)
        XCTAssertTrue(inside(panel.area, viewport))
    }

    // MARK: Faces

    func testTheStyleButtonShowsTheCurrentColourExactlyTheCurrentToolsIconAndABarThatGrowsWithTheWidth() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            let frame = Rect(x: 100, y: 10, width: tunables.toolbarButtonPixels, height: tunables.toolbarButtonPixels)
            for colour in 0..<10 {
                for tool in Tool.allCases {
                    var bars: [Int] = []
                    for width in 0..<5 {
                        let settings = ToolSettings(tool: tool, colourIndex: colour, widthIndex: width)
                        let face = StyleSample.indicator(of: settings, in: frame, tunables: tunables)
                        XCTAssertEqual(face.swatchColour, tunables.palette[colour].ink)
                        let swatch = try! XCTUnwrap(face.swatchInterior)
                        XCTAssertTrue(inside(swatch, frame))
                        XCTAssertGreaterThanOrEqual(swatch.width, frame.width * 2 / 3, "a swatch large enough to see")
                        XCTAssertNotEqual(face.ink, face.swatchColour, "the icon shows on the swatch")
                        XCTAssertEqual(face.icon, ToolbarIcons.polylines(for: tool, centredAt: Point(x: centre(frame).x, y: Double(frame.y) + Double(frame.height) * 0.4),
                                                                        side: 0.42 * Double(frame.height)))
                        // The bar with its round caps stays on the swatch.
                        let half = Double(face.barPixels) / 2
                        for end in face.bar {
                            XCTAssertTrue(end.x - half >= Double(swatch.x) && end.x + half <= Double(swatch.maxX)
                                          && end.y - half >= Double(swatch.y) && end.y + half <= Double(swatch.maxY),
                                          "bar \(face.bar) \(face.barPixels) px off the swatch \(swatch)")
                        }
                        bars.append(face.barPixels)
                    }
                    XCTAssertEqual(bars, bars.sorted(), "thicker for a thicker width")
                    XCTAssertEqual(Set(bars).count, 5, "every width looks different: \(bars)")
                }
            }
        }
    }

    func testSwatchesHoldThePaletteColoursExactlyAndWidthSamplesThePenWidthsTrue() {
        for scale in [1.0, 2.0] {
            let tunables = Tunables.standard.scaled(by: scale)
            let panel = try! XCTUnwrap(ToolbarLayout(shown: true, viewport: standardViewport, tunables: tunables, styleOpen: true).style)
            for (i, button) in panel.buttons.enumerated() {
                switch button {
                case .colour(let index):
                    XCTAssertEqual(panel.samples[i]?.swatchColour, tunables.palette[index].ink)
                    XCTAssertTrue(panel.icons[i].isEmpty)
                case .width(let index):
                    XCTAssertEqual(panel.samples[i]?.barPixels, Int(tunables.penWidthsPixels[index]))
                    XCTAssertNil(panel.samples[i]?.swatch)
                case .tool(let tool):
                    XCTAssertNil(panel.samples[i])
                    XCTAssertEqual(panel.icons[i], ToolbarIcons.polylines(for: tool, centredAt: centre(panel.frames[i]),
                                                                         side: Double(panel.frames[i].width) * tunables.toolbarIconFraction))
                default: XCTFail("\(button) in the style panel")
                }
            }
        }
    }

    func testInAPanelShrunkBelowTheThickestWidthEveryWidthSampleShrinksAndTheyStillDiffer() {
        let tunables = Tunables.standard.scaled(by: 2)
        let panel = try! XCTUnwrap(ToolbarLayout(shown: true, viewport: Rect(x: 0, y: 0, width: 320, height: 240), tunables: tunables,
                                                 styleOpen: true).style)
        XCTAssertLessThan(panel.frames[0].width, 96)
        let bars = panel.samples[10..<15].map { $0!.barPixels }
        XCTAssertEqual(bars, bars.sorted())
        XCTAssertEqual(Set(bars).count, 5, "\(bars)")
        XCTAssertLessThanOrEqual(bars.last!, panel.frames[0].width / 2)
    }

    func testAPressedPanelButtonIsPlannedAsItself() {
        for button in ToolbarButton.toolbar + ToolbarButton.handle + [.more] + allChoices {
            var scene = ControlsScene(pressed: button)
            XCTAssertEqual(scene.pressed, button)
            scene.pressed = nil
            XCTAssertNil(scene.pressed)
        }
    }

    func testTheFourToolIconsDiffer() {
        let icons = Tool.allCases.map { ToolbarIcons.polylines(for: $0, centredAt: pt(24, 24), side: 28) }
        XCTAssertEqual(Set(icons.map { $0.map { $0.map { "\($0.x),\($0.y)" } } }).count, 4)
        for icon in icons { XCTAssertFalse(icon.isEmpty) }
    }

    func testExactlyTheCurrentColourWidthAndToolAreMarked() {
        for settings in [ToolSettings(tunables: .standard), ToolSettings(tool: .eraser, colourIndex: 9, widthIndex: 0),
                         ToolSettings(tool: .circles, colourIndex: 4, widthIndex: 4)] {
            let marked = allChoices.filter { $0.isCurrent(in: settings) }
            XCTAssertEqual(marked, [.colour(settings.colourIndex), .width(settings.widthIndex), .tool(settings.tool)])
        }
        let mark = StyleSample.currentMark(around: Rect(x: 10, y: 20, width: 48, height: 48), tunables: .standard)
        let swatch = try! XCTUnwrap(StyleSample.sample(for: .colour(0), in: Rect(x: 10, y: 20, width: 48, height: 48), tunables: .standard)?.swatch)
        for strip in mark { XCTAssertFalse(strip.intersects(swatch), "the mark stands apart from the swatch") }
        XCTAssertEqual(mark.reduce(0) { $0 + $1.area }, 48 * 48 - 42 * 42, "a 3 px frame")
    }

    // MARK: Taps

    func testATapOnTheStyleButtonOpensThePanelAndATapOnEachChoiceFiresItsCommandAndClosesIt() {
        for (viewport, scale) in [(standardViewport, 1.0), (Rect(x: 0, y: 0, width: 800, height: 600), 2.0),
                                  (Rect(x: 0, y: 0, width: 320, height: 240), 1.0)] {
            var w = workspace(viewport, scale: scale)
            var ms: Int64 = 0
            for choice in allChoices {
                tap(&w, .style, at: ms)
                XCTAssertTrue(w.controls.styleOpen, "\(viewport) at \(scale)")
                var controls = w.controls
                let frame = try! XCTUnwrap(controls.toolbar?.frame(of: choice))
                XCTAssertEqual(controls.route(TouchEvent(key: finger, phase: .began, point: centre(frame), time: at(ms + 100)), in: viewport), .taken)
                XCTAssertEqual(controls.route(TouchEvent(key: finger, phase: .ended, point: centre(frame), time: at(ms + 150)), in: viewport),
                               .fired(try! XCTUnwrap(choice.command)))
                tap(&w, centre(frame), at: ms + 100)
                XCTAssertFalse(w.controls.styleOpen, "a choice closes the panel")
                XCTAssertTrue(choice.isCurrent(in: w.canvas.settings), "\(choice) chosen, \(viewport) at \(scale)")
                ms += 1_000
            }
            XCTAssertTrue(w.canvas.drawing.isEmpty)
        }
    }

    func testATapOnTheStyleButtonAgainClosesThePanel() {
        var w = workspace()
        tap(&w, .style, at: 0)
        XCTAssertTrue(w.controls.styleOpen)
        tap(&w, .style, at: 1_000)
        XCTAssertFalse(w.controls.styleOpen)
        XCTAssertEqual(w.canvas.settings, ToolSettings(tunables: .standard))
    }

    func testContactsOnThePanelNeverDrawEvenWhenTheyLeaveIt() {
        var w = workspace()
        tap(&w, .style, at: 0)
        let orange = centre(w.controls.toolbar!.frame(of: .colour(1))!)
        w.apply(.touch(TouchEvent(key: finger, phase: .began, point: orange, time: at(1_000))))
        w.apply(.touch(TouchEvent(key: finger, phase: .moved, point: pt(300, 500), time: at(1_050))))
        XCTAssertTrue(w.canvas.linesInProgress.isEmpty)
        w.apply(.touch(TouchEvent(key: finger, phase: .ended, point: pt(300, 600), time: at(1_100))))
        XCTAssertTrue(w.canvas.drawing.isEmpty, "no line")
        XCTAssertEqual(w.canvas.settings.colourIndex, 0, "slid off: nothing chosen")
        XCTAssertTrue(w.controls.styleOpen, "still open")
    }

    func testATouchOffThePanelClosesItAndDoesNothingElse() {
        var w = workspace()
        stroke(&w, touch(2, 1), from: pt(100, 500), to: pt(600, 500), begin: 0, end: 100)
        tap(&w, .style, at: 1_000)
        // A tap on the line: no selection, no menu.
        tap(&w, pt(300, 500), at: 2_000)
        w.advance(to: at(3_000))
        XCTAssertFalse(w.controls.styleOpen)
        XCTAssertNil(w.canvas.drawing.selectedIndex)
        XCTAssertNil(w.canvas.menu)
        // A stroke: no line.
        tap(&w, .style, at: 4_000)
        stroke(&w, finger, from: pt(100, 600), to: pt(600, 650), begin: 5_000, end: 5_100)
        XCTAssertFalse(w.controls.styleOpen)
        XCTAssertEqual(w.canvas.drawing.lines.count, 1)
    }

    func testEscapeClosesThePanelFirstAndDeselectsOnlyAfter() {
        var w = workspace()
        stroke(&w, touch(2, 1), from: pt(100, 500), to: pt(600, 500), begin: 0, end: 100)
        tap(&w, pt(300, 500), at: 1_000)
        w.advance(to: at(1_500))
        XCTAssertNotNil(w.canvas.drawing.selectedIndex)
        tap(&w, .style, at: 2_000)
        XCTAssertTrue(w.controls.styleOpen)
        w.deselect()
        XCTAssertFalse(w.controls.styleOpen)
        XCTAssertNotNil(w.canvas.drawing.selectedIndex, "Escape closed the panel only")
        w.deselect()
        XCTAssertNil(w.canvas.drawing.selectedIndex)
    }

    func testAColourChosenInThePanelRestylesTheSelectedLine() {
        var w = workspace()
        stroke(&w, touch(2, 1), from: pt(100, 500), to: pt(600, 500), begin: 0, end: 100)
        tap(&w, pt(300, 500), at: 1_000)
        w.advance(to: at(1_500))
        tap(&w, .style, at: 2_000)
        tap(&w, .colour(5), at: 3_000)
        tap(&w, .style, at: 4_000)
        tap(&w, .width(4), at: 5_000)
        XCTAssertEqual(w.canvas.drawing.lines[0].colour, Tunables.standard.palette[5].ink)
        XCTAssertEqual(w.canvas.drawing.lines[0].width, Tunables.standard.penWidthsPixels[4])
        XCTAssertNotNil(w.canvas.drawing.selectedIndex, "still selected")
    }

    func testTheMenuAndTheNoticeKeepClearOfTheOpenPanel() {
        var w = workspace()
        // A line under where the panel opens, tapped there: its menu stands below the bar.
        let y = 110.0
        stroke(&w, touch(2, 1), from: pt(300, y), to: pt(1000, y), begin: 0, end: 100)
        tap(&w, pt(900, y), at: 1_000)
        w.advance(to: at(1_500))
        let opening = ToolbarLayout(shown: true, viewport: standardViewport, tunables: .standard, styleOpen: true).style!.area
        XCTAssertTrue(try XCTUnwrap(w.canvas.menu).frame.intersects(opening), "the menu stands where the panel opens")
        tap(&w, .style, at: 2_000)
        let panel = w.controls.toolbar!.style!.area
        XCTAssertEqual(panel, opening)
        XCTAssertFalse(try XCTUnwrap(w.canvas.menu).frame.intersects(panel), "the menu moved clear of the panel")
        XCTAssertEqual(w.canvas.keepClear, w.controls.toolbar!.keepClear)
        w.show("A picture was saved in a folder with a long name", until: at(9_000))
        XCTAssertFalse(try XCTUnwrap(w.controls.notice).frame.intersects(panel))
        tap(&w, pt(100, 700), at: 3_000)
        XCTAssertEqual(w.canvas.keepClear, w.controls.toolbar!.panel, "closed: the bar alone")
    }

    func testInAWindowWithOnlyMoreTheStyleButtonBehindItOpensThePanel() {
        let viewport = Rect(x: 0, y: 0, width: 320, height: 240)
        var w = workspace(viewport, scale: 2)
        XCTAssertEqual(w.controls.toolbar?.buttons, [.more])
        tap(&w, .more, at: 0)
        tap(&w, .style, at: 1_000)
        XCTAssertFalse(w.controls.overflowOpen)
        XCTAssertTrue(w.controls.styleOpen)
        tap(&w, .tool(.circles), at: 2_000)
        XCTAssertEqual(w.canvas.settings.tool, .circles)
    }

    func testHidingTheToolbarOrShowingTheHelpClosesThePanelAndAResizeKeepsItOpenInside() {
        var w = workspace()
        tap(&w, .style, at: 0)
        w.setViewport(Rect(x: 0, y: 0, width: 500, height: 400))
        XCTAssertTrue(w.controls.styleOpen)
        XCTAssertTrue(inside(w.controls.toolbar!.style!.area, Rect(x: 0, y: 0, width: 500, height: 400)))
        w.toggleHelp()
        XCTAssertFalse(w.controls.styleOpen)
        w.toggleHelp()
        tap(&w, .style, at: 1_000)
        w.toggleToolbar()
        XCTAssertFalse(w.controls.styleOpen)
        XCTAssertNil(w.controls.toolbar?.style)
    }

    // MARK: One source of the settings

    func testTheToolbarShowsTheCanvasSettingsAfterEveryCommandAndAtStart() {
        var canvas = newDrawing()
        _ = canvas.pickColour(6)
        canvas.pickTool(.eraser)
        var w = Workspace(canvas: canvas, controls: ScreenControls(viewport: standardViewport, tunables: .standard))
        XCTAssertEqual(w.controls.toolbar?.settings, w.canvas.settings, "at start")
        XCTAssertEqual(w.controls.toolbar?.settings.colourIndex, 6)
        var ms: Int64 = 0
        for command in Command.allCases where ![.quit, .toggleInspector, .clear].contains(command) {
            w.perform(command, at: at(ms))
            XCTAssertEqual(w.controls.settings, w.canvas.settings, "after \(command)")
            if w.controls.toolbarShown { XCTAssertEqual(w.controls.toolbar?.settings, w.canvas.settings, "after \(command)") }
            ms += 100
        }
    }

    func testAPickWhileTheToolbarIsHiddenShowsOnceItComesBack() {
        var w = workspace()
        w.toggleToolbar()
        w.perform(.pickColour(8), at: at(0))
        w.perform(.pickTool(.circles), at: at(10))
        w.toggleToolbar()
        XCTAssertEqual(w.controls.toolbar?.settings, ToolSettings(tool: .circles, colourIndex: 8, widthIndex: 2))
    }

    // MARK: Frames

    /// Whether the damage covers every pixel of `rect` (its corners and centre, damage being rectangles).
    private func damaged(_ rect: Rect, by damage: [Rect]) -> Bool {
        [pt(Double(rect.x), Double(rect.y)), pt(Double(rect.maxX) - 1, Double(rect.y)), pt(Double(rect.x), Double(rect.maxY) - 1),
         pt(Double(rect.maxX) - 1, Double(rect.maxY) - 1), centre(rect)].allSatisfy { isCovered($0, by: damage) }
    }

    private func frame(_ screen: inout ScreenPlanner, _ workspace: Workspace) -> FramePlan? {
        guard case .drawing(let plan)? = screen.nextFrame(for: workspace, deviceNames: { [:] }) else { return nil }
        return plan
    }

    func testAKeyPickingAColourWidthOrToolRepaintsTheToolbarWithTheNewSettingsAndNothingWhenUnchanged() {
        var screen = ScreenPlanner(tunables: .standard)
        var w = workspace()
        XCTAssertEqual(frame(&screen, w)?.controls.toolbar?.settings, ToolSettings(tunables: .standard))
        XCTAssertNil(frame(&screen, w), "nothing changed")
        for (command, settings) in [(Command.pickColour(3), ToolSettings(tool: .lines, colourIndex: 3, widthIndex: 2)),
                                    (.thicker, ToolSettings(tool: .lines, colourIndex: 3, widthIndex: 3)),
                                    (.pickTool(.ink), ToolSettings(tool: .ink, colourIndex: 3, widthIndex: 3))] {
            w.perform(command, at: at(0))
            let plan = try! XCTUnwrap(frame(&screen, w), "\(command) repaints")
            XCTAssertEqual(plan.controls.toolbar?.settings, settings)
            XCTAssertEqual(plan.damage, [w.controls.toolbar!.panel], "the toolbar only")
            XCTAssertNil(frame(&screen, w))
        }
    }

    func testOpeningThePanelPaintsItAndClosingItRepaintsTheCanvasWhereItWas() {
        var screen = ScreenPlanner(tunables: .standard)
        var w = workspace()
        _ = frame(&screen, w)
        tap(&w, .style, at: 0)
        let opened = try! XCTUnwrap(frame(&screen, w))
        let panel = w.controls.toolbar!.style!.area
        XCTAssertEqual(opened.controls.toolbar?.style?.area, panel)
        XCTAssertTrue(damaged(panel, by: opened.damage))
        tap(&w, .colour(2), at: 1_000)
        let closed = try! XCTUnwrap(frame(&screen, w))
        XCTAssertNil(closed.controls.toolbar?.style)
        XCTAssertTrue(damaged(panel, by: closed.damage), "the drawing comes back where the panel was")
        XCTAssertEqual(closed.controls.toolbar?.settings.colourIndex, 2)
    }

    func testInAWindowTooSmallForBothTheOpenPanelHidesTheHintUntilItCloses() {
        let viewport = Rect(x: 0, y: 0, width: 400, height: 300)
        var screen = ScreenPlanner(tunables: .standard)
        var w = Workspace(canvas: Canvas(tunables: .standard, viewport: viewport),
                          controls: ScreenControls(viewport: viewport, tunables: .standard, showsHint: true))
        XCTAssertNotNil(frame(&screen, w)?.controls.hint)
        tap(&w, .style, at: 0)
        let panel = w.controls.toolbar!.style!.area
        XCTAssertTrue(try XCTUnwrap(w.controls.hint).frame.intersects(panel), "no room for both")
        let opened = try! XCTUnwrap(frame(&screen, w))
        XCTAssertNil(opened.controls.hint, "the panel shows whole")
        w.perform(.deselect, at: at(1_000))
        XCTAssertNotNil(frame(&screen, w)?.controls.hint, "back once it closes")
    }

    func testAHiddenToolbarShowsNoSettingsSoPickingRepaintsNothing() {
        var screen = ScreenPlanner(tunables: .standard)
        var w = workspace()
        w.toggleToolbar()
        _ = frame(&screen, w)
        w.perform(.pickColour(4), at: at(0))
        XCTAssertNil(frame(&screen, w))
    }
}

private func stroke(_ w: inout Workspace, _ key: TouchKey, from a: Point, to b: Point, begin: Int64, end: Int64) {
    _ = w.receive(.device(.touch(TouchEvent(key: key, phase: .began, point: a, time: at(begin)))))
    _ = w.receive(.device(.touch(TouchEvent(key: key, phase: .moved, point: b, time: at((begin + end) / 2)))))
    _ = w.receive(.device(.touch(TouchEvent(key: key, phase: .ended, point: b, time: at(end)))))
}
