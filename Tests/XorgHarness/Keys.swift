// Keys: key presses on the inputtest keyboard, named by keysym ("Delete", "F11", "q").
// The test server's keymap is not evdev's, so keycodes are looked up in the server's
// keymap through the probe, never assumed. Owns nothing.
public struct Keys {
    public let keyboard: InputTestDevice
    let probe: ScreenProbe

    package init(keyboard: InputTestDevice, probe: ScreenProbe) {
        self.keyboard = keyboard
        self.probe = probe
    }

    /// The server's keycode for a keysym name; throws when the keymap has none.
    public func code(_ name: String) throws -> Int32 {
        guard let code = probe.keycode(for: name) else {
            throw HarnessError("the test server's keymap has no keycode for \(name)")
        }
        return code
    }

    /// Presses and releases `name` while holding `modifiers` (e.g. ["Control_L"]), then
    /// waits until Xorg has processed it all.
    public func press(_ name: String, holding modifiers: [String] = []) throws {
        let held = try modifiers.map(code)
        let key = try code(name)
        for modifier in held { try keyboard.key(code: modifier, pressed: true) }
        try keyboard.key(code: key, pressed: true)
        try keyboard.key(code: key, pressed: false)
        for modifier in held.reversed() { try keyboard.key(code: modifier, pressed: false) }
        try keyboard.sync()
    }
}
