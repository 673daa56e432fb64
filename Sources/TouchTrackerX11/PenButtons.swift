/// Which of one pen's buttons are held: the tip (button 1) and the barrel
/// buttons (2 and 3, BTN_STYLUS and BTN_STYLUS2 as xf86-input-libinput numbers
/// them). Kept per pen device from its own presses and releases, because the
/// button state an XI2 event carries is the master pointer's: a pen hovering
/// while the mouse holds its button reads "button 1 down" there (seen on Xorg
/// 21.1), and a pen must never draw for the mouse's click.
struct PenButtons: Hashable {
    /// Bit n: button n held.
    private(set) var held: UInt32 = 0

    init() {}

    var tipDown: Bool { isHeld(1) }
    /// Either barrel button.
    var barrel: Bool { isHeld(2) || isHeld(3) }

    func isHeld(_ button: Int32) -> Bool {
        (1...31).contains(button) && held & (1 << UInt32(button)) != 0
    }

    /// The state after `button` was pressed or released. Buttons past 31 are
    /// not a pen's and change nothing.
    func with(_ button: Int32, pressed: Bool) -> PenButtons {
        guard (1...31).contains(button) else { return self }
        var next = self
        if pressed { next.held |= 1 << UInt32(button) } else { next.held &= ~(1 << UInt32(button)) }
        return next
    }
}
