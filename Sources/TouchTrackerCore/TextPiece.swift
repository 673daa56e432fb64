/// Text made byte by byte in a buffer on the stack, then appended to an
/// array in one go: the drawing file's rows and header, and every number in
/// them (DecimalText). Appending each byte or number to the array itself
/// checked its uniqueness and room every time, a third of a save's
/// instructions.
///
/// Ownership: the buffer is `appending`'s, on its stack, for the closure's
/// length only; whoever writes reserves room first (`reserve`), and each
/// write stays within what it reserved.
public struct TextPiece {
    // Seen by the inlinable `withText`: the storage writes headers through
    // it, and unspecialized across modules it looked up its generic metadata.
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// How many bytes are written.
    @usableFromInline var count = 0

    /// The room `appending` gives, and the most one `reserve` may ask.
    public static let capacity = 512
    /// The most bytes one number takes: a Double's `description` is at most
    /// 24 ("-2.2250738585072014e-308"), any other text DecimalText makes at
    /// most 21 (a whole Int with its sign).
    public static let numberBytes = 32

    @usableFromInline init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        base = buffer.baseAddress!
        capacity = buffer.count
    }

    /// Runs `body` with an empty piece on the stack, and appends what it
    /// wrote to `bytes`; `body` may append what it wrote so far (`flush`)
    /// when it needs more room than is left.
    public static func appending(to bytes: inout [UInt8], _ body: (inout TextPiece, inout [UInt8]) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var piece = TextPiece(buffer)
            body(&piece, &bytes)
            piece.flush(into: &bytes)
        }
    }

    /// Runs `body` with an empty piece on the stack and gives it what was
    /// written, for text that is written from the stack and never kept.
    @inlinable public static func withText<Result, Failure>(
        _ write: (inout TextPiece) -> Void, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { (buffer) throws(Failure) -> Result in
            var piece = TextPiece(buffer)
            write(&piece)
            return try body(UnsafeRawBufferPointer(start: piece.base, count: piece.count))
        }
    }

    /// Whether `bytes` more fit.
    public func hasRoom(for bytes: Int) -> Bool { capacity - count >= bytes }

    /// Makes room for `bytes` more (at most `capacity`), appending what was
    /// written to `array` first when they do not fit.
    public mutating func reserve(_ bytes: Int, flushingInto array: inout [UInt8]) {
        if !hasRoom(for: bytes) { flush(into: &array) }
    }

    /// Appends what was written to `array`, and starts the piece again.
    public mutating func flush(into array: inout [UInt8]) {
        guard count > 0 else { return }
        array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }

    /// Writes a byte (room reserved).
    public mutating func append(_ byte: UInt8) {
        precondition(count < capacity, "a text piece is written beyond the room reserved")
        base[count] = byte
        count += 1
    }

    /// Writes `text`'s bytes (room reserved).
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            precondition(hasRoom(for: bytes.count), "a text piece is written beyond the room reserved")
            // A word of a few bytes: a loop, not a call to memcpy; through a
            // local pointer, which `count` cannot alias.
            let start = base + count
            for index in 0..<bytes.count { start[index] = bytes[index] }
            count += bytes.count
        }
    }

    /// Writes `bytes` (room reserved).
    public mutating func append(contentsOf bytes: [UInt8]) {
        precondition(hasRoom(for: bytes.count), "a text piece is written beyond the room reserved")
        bytes.withUnsafeBufferPointer { (base + count).update(from: $0.baseAddress!, count: $0.count) }
        count += bytes.count
    }

    /// Writes `length` bytes that `fill` puts from right to left, handed the
    /// place just past the last one (room reserved): a number's digits come
    /// least significant first.
    mutating func appendBackwards(length: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        precondition(hasRoom(for: length), "a text piece is written beyond the room reserved")
        fill(base + count + length)
        count += length
    }
}
