/// Identity of one contact: the X analogue of keying by the UITouch object.
/// Touch ids come from a server-wide counter that skips 0, so `touch == 0`
/// is free for the mouse, keyed by its physical (source) device.
public struct TouchKey: Hashable, Sendable, CustomStringConvertible {
    /// XI2 source device id for touches; master pointer id for the mouse.
    public var device: Int32
    public var touch: UInt32

    public init(device: Int32, touch: UInt32) {
        self.device = device
        self.touch = touch
    }

    public static func mouse(device: Int32) -> TouchKey { TouchKey(device: device, touch: 0) }

    public var isMouse: Bool { touch == 0 }

    /// One 64-bit word into the hasher instead of two: contacts are looked up
    /// several times per touch event.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(UInt32(bitPattern: device)) << 32 | UInt64(touch))
    }

    public var description: String { isMouse ? "mouse(\(device))" : "touch(\(device):\(touch))" }
}
