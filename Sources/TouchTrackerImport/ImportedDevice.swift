/// A touchscreen or pen of the recording whose events were imported.
public struct ImportedDevice: Hashable, Sendable {
    /// The `TouchKey.device` of its contacts, or the `PenEvent.device` of a
    /// pen's events: 1 + its position among the
    /// recording's devices (a libinput record file lists several; an evemu
    /// file holds one, so its number is always 1). Stable for a given file.
    /// From 2 on it may equal a live XI2 device id: never mix replayed keys
    /// with live ones in one drawing.
    public var number: Int32
    /// As the kernel names it (`name:` / `N:`).
    public var name: String

    public init(number: Int32, name: String) {
        self.number = number
        self.name = name
    }
}
