import Glibc

/// A path as the kernel takes it: bytes, not text. A name that is not valid
/// UTF-8 (an old Latin-1 folder, a file copied from another system) is read
/// and written as it is; only messages show it, with each byte that is not
/// UTF-8 written as \xNN.
public struct FilePath: Hashable, Sendable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Bytes up to the first NUL, if any (a C string has none inside).
    public init<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        self.bytes = Array(bytes.prefix { $0 != 0 })
    }

    /// A C string's bytes (an argument, an environment variable).
    public init(cString: UnsafePointer<CChar>) {
        self.init(bytes: UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlen(cString)))
    }

    public var isEmpty: Bool { bytes.isEmpty }
    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    public func appending(_ suffix: String) -> FilePath { FilePath(bytes: bytes + Array(suffix.utf8)) }

    public func hasSuffix(_ suffix: String) -> Bool { bytes.reversed().starts(with: suffix.utf8.reversed()) }

    /// Without its last `count` bytes.
    public func droppingLast(_ count: Int) -> FilePath { FilePath(bytes: bytes.dropLast(count)) }

    /// The folder the path names a file in: "." for a bare name, "/" for a file at the root.
    public var folder: FilePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return FilePath(".") }
        return slash == 0 ? FilePath("/") : FilePath(bytes: bytes[..<slash])
    }

    /// `other` taken from this path's folder, unless it is absolute (a
    /// symbolic link's target is read that way).
    public func resolving(_ other: FilePath) -> FilePath {
        other.isAbsolute ? other : FilePath(bytes: folder.bytes + [UInt8(ascii: "/")] + other.bytes)
    }

    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path as messages show it: UTF-8 as it is, any other byte as \xNN.
    public var description: String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var shown = ""
        var index = 0
        outer: while index < bytes.count {
            for length in 1...4 where index + length <= bytes.count {
                if let piece = String(validating: bytes[index..<index + length], as: UTF8.self) {
                    shown += piece
                    index += length
                    continue outer
                }
            }
            let hex = Array("0123456789ABCDEF".utf8)
            shown += "\\x" + String(decoding: [hex[Int(bytes[index] >> 4)], hex[Int(bytes[index] & 15)]], as: UTF8.self)
            index += 1
        }
        return shown
    }
}
