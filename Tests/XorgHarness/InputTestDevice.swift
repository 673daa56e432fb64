// InputTestDevice: the client end of one Xorg inputtest device socket
// (xf86-input-inputtest-protocol.h, protocol 1.1). Owns the socket connection; keep one
// per device for the whole server lifetime (the driver serves a single client and does
// not notice a disconnect). All coordinates are ROOT (screen) pixels.
import Glibc

public final class InputTestDevice {
    /// touch_type is an XI event type: XI_TouchBegin / XI_TouchUpdate / XI_TouchEnd.
    public enum TouchPhase: UInt32, Sendable {
        case begin = 18
        case update = 19
        case end = 20
    }

    public let socketPath: String
    public let screenWidth: Int
    public let screenHeight: Int
    /// Protocol version the driver answered with.
    public private(set) var serverVersion: (major: UInt16, minor: UInt16) = (0, 0)

    private var socket: Int32 = -1
    /// The driver answers WaitForSync only after it has processed at least one event,
    /// so a sync before the first event would hang; see sync().
    private var hasSentEvent = false

    /// Time allowed for one write or one reply.
    public var ioTimeout: Double = 5

    // Wire layout, native C layout on x86_64/aarch64 (verified with gcc against
    // /usr/include/xorg/xf86-input-inputtest-protocol.h, Xorg 21.1):
    //   header {u32 length, u32 type}                              8 bytes
    //   xf86ITValuatorData: has_unaccelerated u32 @0, mask u8[8] @4,
    //     4 padding bytes, valuators f64[64] @16, unaccelerated f64[64] @528; 1040 bytes
    //   ClientVersion {hdr, u16 major @8, u16 minor @10}          12 bytes
    //   WaitForSync {hdr}                                          8 bytes
    //   Motion {hdr, u32 is_absolute @8, pad, valuators @16}    1056 bytes
    //   Proximity {hdr, u32 is_prox_in @8, pad, valuators @16}  1056 bytes
    //   Button {hdr, i32 is_absolute @8, i32 button @12,
    //           u32 is_press @16, pad, valuators @24}           1064 bytes
    //   Key {hdr, i32 key_code @8, u32 is_press @12}              16 bytes
    //   Touch {hdr, u32 touchid @8, u32 touch_type @12,
    //          valuators @16}                                   1056 bytes
    //   Response ServerVersion {hdr, u16 major @8, u16 minor @10} 12 bytes
    //   Response SyncFinished {hdr}                                8 bytes
    // The driver drops the connection for good on any other length.
    private enum Event: UInt32 {
        case clientVersion = 0, waitForSync = 1, motion = 2, proximity = 3, button = 4, key = 5, touch = 6
    }
    private enum Response: UInt32 {
        case serverVersion = 0, syncFinished = 1
    }
    private static let clientVersionSize = 12
    private static let waitForSyncSize = 8
    private static let motionSize = 1056
    private static let proximitySize = 1056
    private static let buttonSize = 1064
    private static let keySize = 16
    private static let touchSize = 1056
    private static let valuatorMaskOffset = 4
    private static let valuatorValuesOffset = 16

    /// Connects (retrying until the driver has created the socket and until `timeout`)
    /// and performs the version handshake.
    public init(socketPath: String, screenWidth: Int, screenHeight: Int, timeout: Double = 15) throws {
        self.socketPath = socketPath
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        try connect(timeout: timeout)
    }

    deinit {
        close()
    }

    /// Closes the connection. The driver does not notice: only reconnect after
    /// `xinput disable NAME; xinput enable NAME` on the server.
    public func close() {
        if socket >= 0 {
            Glibc.close(socket)
            socket = -1
        }
    }

    /// Opens a new connection, e.g. after the device was disabled and enabled again
    /// (disabling it makes the driver close our connection).
    public func reconnect(timeout: Double = 10) throws {
        close()
        try connect(timeout: timeout)
    }

    // MARK: Events

    /// A touch at root pixel (x, y). `id` is the driver-side touch id (any UInt32;
    /// X clients see a server-assigned touch id instead).
    public func touch(id: UInt32, phase: TouchPhase, x: Double, y: Double) throws {
        var event = Self.event(.touch, size: Self.touchSize)
        Self.put(UInt32(id), at: 8, in: &event)
        Self.put(phase.rawValue, at: 12, in: &event)
        setPosition(x: x, y: y, valuatorsAt: 16, in: &event)
        try send(event)
    }

    /// Absolute pointer motion to root pixel (x, y). `valuators` adds readings of other
    /// axes by valuator number, in the device's own units (a pen's pressure is 4: 0...1000).
    public func motion(x: Double, y: Double, valuators: [Int: Double] = [:]) throws {
        var event = Self.event(.motion, size: Self.motionSize)
        Self.put(UInt32(1), at: 8, in: &event)
        try setValuators(x: x, y: y, more: valuators, at: 16, in: &event)
        try send(event)
    }

    /// Button `number` (1 = left) pressed or released at root pixel (x, y), with
    /// `valuators` as in motion(x:y:valuators:).
    /// Xorg quirk: the press moves the pointer without a Motion event, and the SLAVE
    /// device's ButtonPress still carries the previous position (the master's is
    /// right). Send motion(x:y:) first, as a real mouse does.
    public func button(_ number: Int32, pressed: Bool, x: Double, y: Double, valuators: [Int: Double] = [:]) throws {
        var event = Self.event(.button, size: Self.buttonSize)
        Self.put(Int32(1), at: 8, in: &event)
        Self.put(number, at: 12, in: &event)
        Self.put(UInt32(pressed ? 1 : 0), at: 16, in: &event)
        try setValuators(x: x, y: y, more: valuators, at: 24, in: &event)
        try send(event)
    }

    /// A tablet tool coming into (`entering`) or leaving proximity at root pixel (x, y);
    /// only "PointerAbsoluteProximity" devices have the proximity class it needs. XI2
    /// has no proximity events: clients see it through XI 1.x only, and the pointer
    /// does not move (send a motion for that).
    public func proximity(entering: Bool, x: Double, y: Double, valuators: [Int: Double] = [:]) throws {
        var event = Self.event(.proximity, size: Self.proximitySize)
        Self.put(UInt32(entering ? 1 : 0), at: 8, in: &event)
        try setValuators(x: x, y: y, more: valuators, at: 16, in: &event)
        try send(event)
    }

    /// Key with X keycode `code` (evdev code + 8, e.g. 9 = Escape) pressed or released.
    public func key(code: Int32, pressed: Bool) throws {
        var event = Self.event(.key, size: Self.keySize)
        Self.put(code, at: 8, in: &event)
        Self.put(UInt32(pressed ? 1 : 0), at: 12, in: &event)
        try send(event)
    }

    /// Returns once Xorg has processed every event sent so far (not necessarily once
    /// clients have read them). Returns at once if no event was ever sent, because
    /// the driver never answers a sync that precedes the first event.
    public func sync(timeout: Double? = nil) throws {
        guard hasSentEvent else { return }
        let deadline = Deadline(secondsFromNow: timeout ?? ioTimeout)
        try write(Self.event(.waitForSync, size: Self.waitForSyncSize), deadline: deadline)
        let (type, _) = try readResponse(deadline: deadline, what: "sync reply")
        guard type == Response.syncFinished.rawValue else {
            throw HarnessError("inputtest \(socketPath): expected a sync reply, got response type \(type)")
        }
    }

    /// The valuator value that Xorg maps to root pixel `pixel` on an axis `extent`
    /// pixels long: Xorg computes v * extent / 65536, so aim 1/256 px past the pixel's
    /// edge and a client truncating (or rounding) event_x gets exactly `pixel`.
    public static func valuator(forPixel pixel: Double, extent: Int) -> Double {
        min(65535, max(0, (pixel + 1.0 / 256.0) * 65536.0 / Double(extent)))
    }

    // MARK: Encoding

    private static func event(_ type: Event, size: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        put(UInt32(size), at: 0, in: &bytes)
        put(type.rawValue, at: 4, in: &bytes)
        return bytes
    }

    private func setPosition(x: Double, y: Double, valuatorsAt base: Int, in event: inout [UInt8]) {
        event[base + Self.valuatorMaskOffset] = 0b11 // valuators 0 (x) and 1 (y)
        let values = base + Self.valuatorValuesOffset
        Self.put(Self.valuator(forPixel: x, extent: screenWidth), at: values, in: &event)
        Self.put(Self.valuator(forPixel: y, extent: screenHeight), at: values + 8, in: &event)
    }

    /// x and y, then each of `more` by number: its bit in the mask, its value in its slot.
    private func setValuators(x: Double, y: Double, more: [Int: Double], at base: Int, in event: inout [UInt8]) throws {
        setPosition(x: x, y: y, valuatorsAt: base, in: &event)
        for (number, value) in more {
            // 0 and 1 are the position. A number past the device's own axes makes Xorg
            // drop the whole event, silently: keep to the axes the device declares.
            guard (2..<64).contains(number) else {
                throw HarnessError("inputtest \(socketPath): valuator \(number) is not one a test can set (2 to 63)")
            }
            event[base + Self.valuatorMaskOffset + number / 8] |= UInt8(1 << (number % 8))
            Self.put(value, at: base + Self.valuatorValuesOffset + 8 * number, in: &event)
        }
    }

    private static func put<T: BitwiseCopyable>(_ value: T, at offset: Int, in bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value, toByteOffset: offset, as: T.self) }
    }

    private static func load<T: BitwiseCopyable>(_: T.Type, at offset: Int, in bytes: [UInt8]) -> T {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }

    // MARK: Socket

    private func connect(timeout: Double) throws {
        let deadline = Deadline(secondsFromNow: timeout)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else {
            throw HarnessError("inputtest socket path is longer than \(capacity - 1) bytes: \(socketPath)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path)
            raw[path.count] = 0
        }
        var lastError: Int32 = 0
        while true {
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw HarnessError("socket(): \(String(cString: strerror(errno)))") }
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 {
                socket = fd
                break
            }
            lastError = errno
            Glibc.close(fd)
            if deadline.hasPassed {
                throw HarnessError("cannot connect to inputtest socket \(socketPath) within \(timeout) s: "
                    + String(cString: strerror(lastError)))
            }
            usleep(10_000)
        }
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)

        var hello = Self.event(.clientVersion, size: Self.clientVersionSize)
        Self.put(UInt16(1), at: 8, in: &hello)
        Self.put(UInt16(1), at: 10, in: &hello)
        let handshake = Deadline(secondsFromNow: max(deadline.remaining, ioTimeout))
        do {
            try write(hello, deadline: handshake)
            let (type, body) = try readResponse(deadline: handshake, what: "server version")
            guard type == Response.serverVersion.rawValue, body.count == 4 else {
                throw HarnessError("inputtest \(socketPath): bad version reply (type \(type))")
            }
            serverVersion = (Self.load(UInt16.self, at: 0, in: body), Self.load(UInt16.self, at: 2, in: body))
        } catch {
            close()
            throw error
        }
    }

    private func send(_ event: [UInt8]) throws {
        try write(event, deadline: Deadline(secondsFromNow: ioTimeout))
        hasSentEvent = true
    }

    private func write(_ bytes: [UInt8], deadline: Deadline) throws {
        guard socket >= 0 else { throw HarnessError("inputtest \(socketPath): not connected") }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
                continue
            }
            let error = errno
            if written < 0 && (error == EAGAIN || error == EWOULDBLOCK || error == EINTR) {
                try waitFor(Int16(POLLOUT), deadline: deadline, what: "sending an event")
                continue
            }
            throw HarnessError("inputtest \(socketPath): the driver closed the connection "
                + "(\(String(cString: strerror(error)))); was the device disabled or the server stopped? "
                + "After `xinput enable`, call reconnect().")
        }
    }

    /// Reads one response: returns its type and the bytes after the 8-byte header.
    private func readResponse(deadline: Deadline, what: String) throws -> (UInt32, [UInt8]) {
        let header = try read(count: 8, deadline: deadline, what: what)
        let length = Int(Self.load(UInt32.self, at: 0, in: header))
        let type = Self.load(UInt32.self, at: 4, in: header)
        guard length >= 8, length <= 4096 else {
            throw HarnessError("inputtest \(socketPath): bad response length \(length)")
        }
        return (type, try read(count: length - 8, deadline: deadline, what: what))
    }

    private func read(count: Int, deadline: Deadline, what: String) throws -> [UInt8] {
        guard socket >= 0 else { throw HarnessError("inputtest \(socketPath): not connected") }
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let received = bytes.withUnsafeMutableBytes {
                Glibc.recv(socket, $0.baseAddress! + offset, count - offset, 0)
            }
            if received > 0 {
                offset += received
                continue
            }
            if received == 0 {
                throw HarnessError("inputtest \(socketPath): connection closed while waiting for the \(what)")
            }
            let error = errno
            guard error == EAGAIN || error == EWOULDBLOCK || error == EINTR else {
                throw HarnessError("inputtest \(socketPath): reading the \(what): \(String(cString: strerror(error)))")
            }
            try waitFor(Int16(POLLIN), deadline: deadline, what: "the \(what)")
        }
        return bytes
    }

    private func waitFor(_ events: Int16, deadline: Deadline, what: String) throws {
        while true {
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&entry, 1, deadline.remainingMilliseconds)
            if ready > 0 { return }
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                throw HarnessError("inputtest \(socketPath): timed out waiting for \(what)")
            }
            throw HarnessError("inputtest \(socketPath): poll: \(String(cString: strerror(errno)))")
        }
    }
}
