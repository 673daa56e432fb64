/// One text line's bytes gathered in a buffer on the caller's stack, then
/// appended to an array at once. Appended to the array one by one, every
/// byte paid the array's uniqueness and capacity checks: a recorded touch
/// event's line cost about 2,000 instructions that way, on the touch path.
struct LineCursor {
    /// The longest line a recording writes fits with room to spare (see SessionFile.append).
    static let capacity = 256

    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    /// - Parameter buffer: at least `capacity` bytes, outliving the cursor.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(buffer.count >= Self.capacity)
        self.buffer = buffer
    }

    mutating func put(_ byte: UInt8) {
        precondition(count < buffer.count, "a recorded line longer than its buffer")
        buffer.baseAddress.unsafelyUnwrapped[count] = byte
        count += 1
    }

    mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { for byte in $0 { put(byte) } }
    }

    mutating func put(_ text: String) {
        for byte in text.utf8 { put(byte) }
    }

    /// Plain decimal digits, a minus sign first when negative.
    mutating func putDecimal(_ value: Int64) {
        if value < 0 { put(45) }
        let magnitude = value.magnitude
        var digits = 1, power: UInt64 = 10
        while digits < 20, magnitude >= power {
            digits += 1
            power = power &* 10
        }
        precondition(count + digits <= buffer.count, "a recorded line longer than its buffer")
        var rest = magnitude, at = count + digits
        repeat {
            at -= 1
            buffer.baseAddress.unsafelyUnwrapped[at] = UInt8(truncatingIfNeeded: rest % 10) + 48
            rest /= 10
        } while rest > 0
        count += digits
    }

    /// Moves the gathered bytes to the end of `bytes`; the cursor is empty after.
    mutating func flush(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        count = 0
    }
}
