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
                  && plan.controls == other.controls && plan.missingLines == other.missingLines,
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
