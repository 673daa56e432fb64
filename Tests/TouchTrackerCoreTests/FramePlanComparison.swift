@testable import TouchTrackerCore
import XCTest

/// Asserts that `plan`, a shortcut's, is the general path's `other`, but for
/// the overlays' clip: the shortcut may leave it off where the general path
/// keeps it, when every ink segment it paints lies inside the damage (its
/// cover's tiles each held by a damaged rectangle), so nothing painted
/// reaches past the damage. Returns whether the clip was left off so.
@discardableResult
func assertSamePlan(_ plan: FramePlan, _ other: FramePlan, tunables: Tunables = .standard, _ context: String,
                    file: StaticString = #filePath, line: UInt = #line) -> Bool {
    guard plan.overlaysNeedClip != other.overlaysNeedClip else {
        XCTAssertEqual(plan, other, context, file: file, line: line)
        return false
    }
    XCTAssertFalse(plan.overlaysNeedClip, "clipped where the general path is not: \(context)", file: file, line: line)
    XCTAssertTrue(plan.viewport == other.viewport && plan.newCanvas == other.newCanvas && plan.clearCanvas == other.clearCanvas
                  && plan.canvasLines == other.canvasLines && plan.damage == other.damage && plan.overlays == other.overlays
                  && plan.inkParts == other.inkParts && plan.menu == other.menu && plan.notice == other.notice
                  && plan.controls == other.controls && plan.missingLines == other.missingLines
                  && plan.restoresCanvas == other.restoresCanvas,
                  "the same plan but for the clip: \(context)", file: file, line: line)
    XCTAssertFalse(plan.inkParts.isEmpty, "unclipped overlays are ink painted in part: \(context)", file: file, line: line)
    for part in plan.inkParts {
        let overlay = plan.overlays[part.overlay]
        guard case .ink(let points) = overlay.line.shape else {
            XCTFail("ink: \(context)", file: file, line: line)
            continue
        }
        XCTAssertFalse(part.segments.isEmpty, "segments painted: \(context)", file: file, line: line)
        let radius = Double(overlay.line.penPixels) / 2 + tunables.damageMarginPixels
        StrokeCover.forEachTile(of: points, segments: part.segments, radius: radius, tile: tunables.damageTilePixels) { tile in
            XCTAssertTrue(plan.damage.contains { $0.holds(tile) }, "segments \(part.segments) inside the damage: \(context)",
                          file: file, line: line)
        }
    }
    return true
}

/// What one compared frame was, for the counts the seeded tests keep.
struct ComparedFrame {
    /// The shortcut left the overlays' clip off where the general path kept it.
    var unclipped: Bool
    /// One overlay, painted in part: ink grown at its tail.
    var inkInPart: Bool
    /// Nothing restored from the canvas: ink that only gained pixels, painted over.
    var paintedOver: Bool
}

/// A window session with the toolbar shown, as users see it: what the
/// seeded comparisons of a shortcut with the general path drive.
func toolbarSession() -> WindowSession {
    let controls = ScreenControls(viewport: standardViewport, tunables: .standard, toolbarShown: true,
                                  hidesToHandle: true, showsHint: false)
    return WindowSession(workspace: Workspace(canvas: newDrawing(), controls: controls))
}

/// A planner taking its shortcuts (`quick`) and one always taking the
/// general path (`general`), for `compareNextFrames`.
func shortcutAndGeneralPlanners() -> (quick: ScreenPlanner, general: ScreenPlanner) {
    var general = ScreenPlanner(tunables: .standard)
    general.followsOneContactAlone = false
    return (ScreenPlanner(tunables: .standard), general)
}

/// Plans the next frame of `session` with `quick` (the shortcuts) and with
/// `general` (without them) and asserts the two alike: the plan
/// (`assertSamePlan`), its damage, copy bounds and ink parts, and what each
/// planner then holds as painted. Both plans go back to their planners.
/// Nil when either frame was no drawing's (then they are compared whole).
func compareNextFrames(_ quick: inout ScreenPlanner, _ general: inout ScreenPlanner, for session: inout WindowSession,
                       _ context: String, file: StaticString = #filePath, line: UInt = #line) -> ComparedFrame? {
    let expected = general.nextFrame(for: &session, deviceNames: { [:] })
    let frame = quick.nextFrame(for: &session, deviceNames: { [:] })
    var compared: ComparedFrame?
    switch (frame, expected) {
    case (.drawing(let plan)?, .drawing(let other)?):
        compared = ComparedFrame(unclipped: assertSamePlan(plan, other, context, file: file, line: line),
                                 inkInPart: plan.overlays.count == 1 && !plan.inkParts.isEmpty,
                                 paintedOver: !plan.restoresCanvas)
        XCTAssertEqual(plan.damage, other.damage, context, file: file, line: line)
        XCTAssertEqual(plan.copyBounds, other.copyBounds, context, file: file, line: line)
        XCTAssertEqual(plan.inkParts, other.inkParts, context, file: file, line: line)
        quick.recycle(plan)
        general.recycle(other)
    default:
        XCTAssertEqual(frame, expected, context, file: file, line: line)
    }
    XCTAssertEqual(quick.painted, general.painted, context, file: file, line: line)
    return compared
}
