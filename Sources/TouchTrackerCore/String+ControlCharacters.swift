/// Log lines quote text read from sysfs; a control character in it must show
/// as an escape, never break the line or drive the terminal.
extension Unicode.Scalar {
    /// C0 controls and DEL.
    var isASCIIControl: Bool { value < 0x20 || value == 0x7F }
}

extension String {
    /// The text with every ASCII control character written as a Swift escape ("\n", "\u{7F}").
    public var escapingControlCharacters: String {
        unicodeScalars.map { $0.isASCIIControl ? $0.escaped(asASCII: true) : String($0) }.joined()
    }
}
