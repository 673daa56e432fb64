import TouchTrackerCore
import XCTest

final class KeyBindingTests: XCTestCase {
    private let bindings = Tunables.standard.keyBindings

    private func command(_ keysym: String, control: Bool) -> Command? {
        KeyBinding.command(for: keysym, controlDown: control, in: bindings)
    }

    func testControlQQuitsInEitherCase() {
        XCTAssertEqual(command("q", control: true), .quit)
        XCTAssertEqual(command("Q", control: true), .quit)
    }

    func testQWithoutControlDoesNothing() {
        XCTAssertNil(command("q", control: false))
        XCTAssertNil(command("Q", control: false))
    }

    func testSAloneSimulatesAShakeAndControlSSavesAPicture() {
        XCTAssertEqual(command("s", control: false), .clear)
        XCTAssertEqual(command("S", control: false), .clear)
        XCTAssertEqual(command("s", control: true), .takePicture)
        XCTAssertEqual(command("S", control: true), .takePicture)
        XCTAssertEqual(KeyBinding.command(for: "s", controlDown: true, shiftDown: true, in: bindings), .takePicture)
    }

    func testITogglesTheInspectorOnlyWithoutControl() {
        XCTAssertEqual(command("i", control: false), .toggleInspector)
        XCTAssertEqual(command("I", control: false), .toggleInspector)
        XCTAssertNil(command("i", control: true))
        XCTAssertNil(command("I", control: true))
    }

    func testKeysWithoutAControlRuleWorkWithOrWithoutControl() {
        let table: [(String, Command)] = [
            ("F11", .toggleFullscreen),
            ("Delete", .deleteSelectedLine),
            ("BackSpace", .deleteSelectedLine),
            ("KP_Delete", .deleteSelectedLine),
            ("Escape", .deselect),
        ]
        for (keysym, expected) in table {
            for control in [false, true] {
                XCTAssertEqual(command(keysym, control: control), expected, "\(keysym) control \(control)")
            }
        }
    }

    func testTTogglesTheToolbarOnlyWithoutControl() {
        XCTAssertEqual(command("t", control: false), .toggleToolbar)
        XCTAssertEqual(command("T", control: false), .toggleToolbar)
        XCTAssertNil(command("t", control: true))
    }

    func testF1AndQuestionMarkShowHelpAndSlashAloneDoesNot() {
        XCTAssertEqual(command("F1", control: false), .toggleHelp)
        XCTAssertEqual(command("question", control: false), .toggleHelp)
        // "?" typed as Shift+slash reaches the core as its unshifted symbol.
        XCTAssertEqual(KeyBinding.command(for: "slash", controlDown: false, shiftDown: true, in: bindings), .toggleHelp)
        XCTAssertNil(KeyBinding.command(for: "slash", controlDown: false, shiftDown: false, in: bindings))
    }

    func testAnUnboundKeyGivesNothing() {
        for keysym in ["a", "x", "F2", "Return", "space", ""] {
            XCTAssertNil(command(keysym, control: false), keysym)
            XCTAssertNil(command(keysym, control: true), keysym)
        }
    }

    func testKeysymNamesAreMatchedExactly() {
        XCTAssertNil(command("delete", control: false), "keysym names are case-sensitive")
        XCTAssertNil(command("ESCAPE", control: false))
        XCTAssertNil(command("f11", control: false))
        XCTAssertNil(command("KP_Del", control: false))
    }

    func testTheFirstMatchingBindingWins() {
        let bindings = [KeyBinding(["x"], .quit), KeyBinding(["x", "y"], .deselect)]
        XCTAssertEqual(KeyBinding.command(for: "x", controlDown: false, in: bindings), .quit)
        XCTAssertEqual(KeyBinding.command(for: "y", controlDown: false, in: bindings), .deselect)
        XCTAssertEqual(KeyBinding.command(for: "x", controlDown: false, in: bindings.reversed()), .deselect)
    }

    func testABindingWhoseControlRuleFailsDoesNotHideALaterOne() {
        let bindings = [KeyBinding(["x"], control: .required, .quit), KeyBinding(["x"], .deselect)]
        XCTAssertEqual(KeyBinding.command(for: "x", controlDown: true, in: bindings), .quit)
        XCTAssertEqual(KeyBinding.command(for: "x", controlDown: false, in: bindings), .deselect)
    }

    func testNoBindingsGiveNothing() {
        XCTAssertNil(KeyBinding.command(for: "q", controlDown: true, in: []))
    }

    func testControlRules() {
        XCTAssertTrue(KeyBinding.ControlRule.any.allows(controlDown: false))
        XCTAssertTrue(KeyBinding.ControlRule.any.allows(controlDown: true))
        XCTAssertFalse(KeyBinding.ControlRule.required.allows(controlDown: false))
        XCTAssertTrue(KeyBinding.ControlRule.required.allows(controlDown: true))
        XCTAssertTrue(KeyBinding.ControlRule.forbidden.allows(controlDown: false))
        XCTAssertFalse(KeyBinding.ControlRule.forbidden.allows(controlDown: true))
    }

    func testABindingWithoutAControlRuleAllowsAny() {
        XCTAssertEqual(KeyBinding(["x"], .quit).control, .any)
    }

    func testControlZUndoesAndControlShiftZOrControlYRedo() {
        let bindings = Tunables.standard.keyBindings
        XCTAssertEqual(KeyBinding.command(for: "z", controlDown: true, shiftDown: false, in: bindings), .undo)
        XCTAssertEqual(KeyBinding.command(for: "z", controlDown: true, shiftDown: true, in: bindings), .redo)
        XCTAssertEqual(KeyBinding.command(for: "Z", controlDown: true, shiftDown: true, in: bindings), .redo)
        XCTAssertEqual(KeyBinding.command(for: "y", controlDown: true, shiftDown: false, in: bindings), .redo)
        XCTAssertNil(KeyBinding.command(for: "z", controlDown: false, shiftDown: false, in: bindings), "z alone does nothing")
        XCTAssertNil(KeyBinding.command(for: "y", controlDown: false, shiftDown: true, in: bindings))
    }
}
