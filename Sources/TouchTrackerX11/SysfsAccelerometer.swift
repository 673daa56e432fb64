// SysfsAccelerometer: the file side of shake-to-clear. It owns finding IIO
// accelerometers under /sys/bus/iio/devices (or a fake tree in tests) and
// reading their attribute files as text, classifying failures as "gone" or
// "unreadable". Every decision about what the text means (number grammar,
// scales, offsets, mount matrix, ranking, detection, logging) belongs to
// TouchTrackerCore. This file only touches the file system: it must not
// import CX11, so it stays testable without an X server.

import Glibc
import TouchTrackerCore

/// Reads the Linux IIO accelerometer through sysfs.
///
/// The accelerometer's own thread (`AccelerometerWorker`) calls `scan()`
/// every 2 s while no device is in use and `read(_:)` about 50 times a
/// second, never the event loop; `ShakeMonitor` keeps every
/// decision. The only state here is an I/O cache: which optional calibration
/// files the device lacks, so a poll does not open them in vain. Nothing here
/// blocks except the kernel's own attribute reads.
public final class SysfsAccelerometer {
    /// The folder holding iio:deviceN entries (tests point it at a temporary tree).
    public let baseFolder: String
    /// When set, exactly this device folder is used: no discovery, no fallback.
    public let exactDevice: String?
    private let absentFileRecheckPolls: Int
    /// Bit i set: `optionalNames[i]` was absent at the last full check of `cachedPath`.
    private var absent: UInt16 = 0
    private var cachedPath: String?
    private var pollsSinceFullCheck = 0
    /// The device folder kept open between polls (-1: none): opening it by
    /// path was the largest single cost of a poll. Owned here, closed in deinit.
    private var directory: Int32 = -1

    public init(baseFolder: String = "/sys/bus/iio/devices", exactDevice: String? = nil,
                tunables: Tunables = .standard) {
        self.baseFolder = baseFolder
        self.exactDevice = exactDevice
        absentFileRecheckPolls = max(1, tunables.accelerometerAbsentFileRecheckPolls)
    }

    deinit { closeDirectory() }

    private func closeDirectory() {
        if directory >= 0 { close(directory) }
        directory = -1
    }

    // MARK: - Discovery

    /// Lists the devices that have the three raw acceleration files and give a
    /// first reading that parses. Never throws and never crashes: a missing
    /// base folder is simply "nothing found"; one that cannot be listed, and
    /// each skipped device worth telling the user about, get one problem line.
    public func scan() -> DiscoveryResult {
        var problems: [String] = []
        if let exact = exactDevice {
            let folderName = Self.lastComponent(of: exact)
            var candidates: [AccelerometerCandidate] = []
            var info = stat()
            if stat(exact, &info) != 0 {
                problems.append("accelerometer device \(exact): \(Self.errnoText(errno))")
            } else if (info.st_mode & S_IFMT) != S_IFDIR {
                problems.append("accelerometer device \(exact) is not a folder")
            } else if let candidate = probe(path: exact, folderName: folderName,
                                            index: Self.deviceIndex(folderName) ?? 0,
                                            explicit: true, problems: &problems) {
                candidates.append(candidate)
            }
            return DiscoveryResult(searched: exact, candidates: candidates, problems: problems)
        }

        var found: [(index: Int, name: String)] = []
        if let dir = opendir(baseFolder) {
            while true {
                errno = 0
                guard let entry = readdir(dir) else {
                    if errno != 0 { problems.append("cannot list \(baseFolder): \(Self.errnoText(errno))") }
                    break
                }
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                }
                if let index = Self.deviceIndex(name) { found.append((index, name)) }
            }
            closedir(dir)
        } else if errno != ENOENT {
            // No IIO folder at all is the usual machine without sensors, and the
            // "none found" line says where it looked. Any other failure (no
            // permission, not a folder) is the user's to fix: say which.
            problems.append("cannot list \(baseFolder): \(Self.errnoText(errno))")
        }
        // Numeric order: iio:device2 comes before iio:device10.
        found.sort { ($0.index, $0.name) < ($1.index, $1.name) }

        var candidates: [AccelerometerCandidate] = []
        for (index, name) in found {
            let path = Self.join(baseFolder, name)
            // Real sysfs entries are symlinks into /sys/devices: stat follows them.
            guard Self.isDirectory(path) else { continue }
            if let candidate = probe(path: path, folderName: name, index: index, explicit: false, problems: &problems) {
                candidates.append(candidate)
            }
        }
        return DiscoveryResult(searched: baseFolder, candidates: candidates, problems: problems)
    }

    /// Checks one device folder: the three raw files must be regular files,
    /// and a whole sample (raws, scales, offsets) must read the way every poll
    /// reads it, with raws that parse. A calibration file that fails here would
    /// fail every poll: the device would be lost, found again and lost again
    /// for as long as the program runs. `explicit` (the user named this
    /// folder) makes every rejection worth a problem line, not only the
    /// buffer-only and permission cases.
    private func probe(path: String, folderName: String, index: Int, explicit: Bool,
                       problems: inout [String]) -> AccelerometerCandidate? {
        let rawPaths = Self.rawNames.map { Self.join(path, "\($0)") }
        guard rawPaths.allSatisfy(Self.isRegularFile) else {
            let bufferEnable = ["scan_elements/in_accel_x_en", "buffer0/in_accel_x_en"]
            if bufferEnable.contains(where: { Self.isRegularFile(Self.join(path, $0)) }) {
                problems.append("\(folderName) has only buffered acceleration (unsupported)")
            } else if explicit {
                problems.append("\(path) has no in_accel_{x,y,z}_raw files")
            }
            return nil
        }
        let dir = Self.openDirectory(path)
        guard dir >= 0 else {
            let code = errno
            problems.append("\(folderName) could not be read (\(path): \(Self.errnoText(code))); skipped")
            return nil
        }
        defer { close(dir) }
        switch Self.readFiles(in: dir, skipping: 0).sample {
        case .failure(let failure) where failure.code == EACCES || failure.code == EPERM:
            problems.append("permission denied reading \(Self.join(path, failure.name))")
            return nil
        case .failure(let failure):
            problems.append("\(folderName) could not be read (\(Self.join(path, failure.name)): \(Self.errnoText(failure.code))\(Self.hint(failure.code))); skipped")
            return nil
        case .success(let files):
            for (rawPath, text) in zip(rawPaths, files.raw) where text.flatMap(SysfsNumber.parse) == nil {
                problems.append("\(folderName) gave an unreadable first sample (\(rawPath) = \"\((text ?? "").debugClipped)\"); skipped")
                return nil
            }
        }
        func optional(_ name: String) -> String? { try? Self.readText(Self.join(path, name)).get() }
        return AccelerometerCandidate(
            folderName: folderName, path: path, index: index,
            name: optional("name"), label: optional("label"), location: optional("location"),
            // Order of preference; never in_accel_matrix (an unrelated all-zero matrix on inv_mpu6050).
            mountMatrixTexts: ["in_accel_mount_matrix", "mount_matrix", "in_mount_matrix"].map(optional))
    }

    // MARK: - One poll

    /// Reads one sample's attribute texts. Scales and offsets that exist are
    /// read fresh every call because anyone may write a new `in_accel_scale` meanwhile;
    /// the core notices the change and re-arms. Raw values are read first, so
    /// a poll that races a scale change sees old raws with the new scale and
    /// is disarmed by that very sample, instead of counting as a shake.
    ///
    /// Cost: one open of the device folder plus open/read/close per attribute
    /// into a stack buffer, relative to the folder (no path strings built);
    /// the only allocations are the returned strings and the core's arrays.
    /// Files found absent are looked for again only every
    /// `accelerometerAbsentFileRecheckPolls` polls, or at once for a new device.
    public func read(_ device: AccelerometerCandidate) -> ShakeMonitor.ReadOutcome {
        let outcome = readSample(device)
        // After any failure the next poll starts from the path again.
        if case .files = outcome {} else {
            cachedPath = nil
            closeDirectory()
        }
        return outcome
    }

    private func readSample(_ device: AccelerometerCandidate) -> ShakeMonitor.ReadOutcome {
        pollsSinceFullCheck += 1
        let fullCheck = cachedPath != device.path || pollsSinceFullCheck >= absentFileRecheckPolls
        if fullCheck {
            closeDirectory()
            cachedPath = device.path
            pollsSinceFullCheck = 0
            absent = 0
        }
        if directory >= 0, !Self.isSameFolder(directory, as: device.path) {
            // The name now leads elsewhere (a re-registered device, a replaced fake
            // folder) or nowhere: follow the name, as a fresh open would.
            closeDirectory()
        }
        if directory < 0 { directory = Self.openDirectory(device.path) }
        let dir = directory
        guard dir >= 0 else {
            let code = errno
            return Self.isGone(code)
                ? .gone("\(device.path): \(Self.errnoText(code))")
                : .unreadable("\(device.path): \(Self.errnoText(code))\(Self.hint(code))")
        }

        let (sample, absentNow) = Self.readFiles(in: dir, skipping: fullCheck ? 0 : absent)
        absent = absentNow
        switch sample {
        case .success(let files):
            return .files(files)
        case .failure(let failure):
            let reason = "\(device.path)/\(failure.name): \(Self.errnoText(failure.code))"
            return failure.isGone ? .gone(reason) : .unreadable(reason + Self.hint(failure.code))
        }
    }

    /// Reads one sample's attribute texts from an open device folder: the
    /// same reads for the discovery probe and for every poll, so a device
    /// that passes the probe is one whose polls can succeed.
    /// - Parameter skip: bit i set: `optionalNames[i]` is known to be absent; not opened.
    /// - Returns: the sample, and which optional files are absent now.
    private static func readFiles(in dir: Int32, skipping skip: UInt16)
        -> (sample: Result<AccelerometerFiles, SampleFailure>, absent: UInt16) {
        var absent = skip
        var raw: [String?] = [nil, nil, nil]
        for (axis, name) in rawNames.enumerated() {
            switch readText(in: dir, name) {
            case .success(let text):
                raw[axis] = text
            case .failure(let error):
                return (.failure(SampleFailure(name: "\(name)", code: error.code, isGone: isGone(error.code))), absent)
            }
        }

        var transient: SampleFailure?
        /// nil when absent or not an attribute; a transient failure spoils the sample.
        func optional(_ index: Int) -> String? {
            let bit: UInt16 = 1 << index
            if skip & bit != 0 { return nil }
            switch readText(in: dir, optionalNames[index]) {
            case .success(let text):
                absent &= ~bit
                return text
            case .failure(let error):
                if isAbsent(error.code) {
                    absent |= bit
                } else if transient == nil {
                    // ENODEV: the device was unregistered while we were reading it.
                    transient = SampleFailure(name: "\(optionalNames[index])", code: error.code, isGone: error.code == ENODEV)
                }
                return nil
            }
        }
        let files = AccelerometerFiles(
            raw: raw,
            axisScales: [optional(0), optional(1), optional(2)],
            sharedScale: optional(3),
            plainScale: optional(4),
            axisOffsets: [optional(5), optional(6), optional(7)],
            sharedOffset: optional(8))
        if let transient { return (.failure(transient), absent) }
        // A device removed between the raw reads and the scale reads would look
        // like "scale files vanished" (a false calibration change): check it is still there.
        var info = stat()
        if fstatat(dir, "in_accel_x_raw", &info, 0) != 0, isGone(errno) {
            return (.failure(SampleFailure(name: "in_accel_x_raw", code: errno, isGone: true)), absent)
        }
        return (.success(files), absent)
    }

    private static let rawNames: [StaticString] = ["in_accel_x_raw", "in_accel_y_raw", "in_accel_z_raw"]
    /// The calibration files, in the order `read` hands them to AccelerometerFiles.
    private static let optionalNames: [StaticString] = [
        "in_accel_x_scale", "in_accel_y_scale", "in_accel_z_scale", "in_accel_scale", "scale",
        "in_accel_x_offset", "in_accel_y_offset", "in_accel_z_offset", "in_accel_offset",
    ]

    // MARK: - Errors

    struct FileError: Error {
        var code: Int32
    }

    /// Why a sample could not be read: which attribute, its errno, and
    /// whether that means the device is gone rather than briefly unreadable.
    struct SampleFailure: Error {
        var name: String
        var code: Int32
        var isGone: Bool
    }

    /// Errors saying the device (or its raw attribute) no longer exists as we
    /// knew it: the monitor drops it at once and rescans. A raw path that
    /// became a folder (EISDIR) is no attribute any more, so it counts too.
    private static func isGone(_ code: Int32) -> Bool {
        code == ENOENT || code == ENOTDIR || code == ENODEV || code == EISDIR
    }

    /// Optional attributes (scales, offsets) that are missing, not files, or
    /// not ours to read are simply absent: the core then falls back to the next
    /// source and says so once, instead of skipping every sample forever.
    private static func isAbsent(_ code: Int32) -> Bool {
        code == ENOENT || code == ENOTDIR || code == EISDIR || code == EACCES || code == EPERM
    }

    /// EBUSY on a raw read means a driver refused direct reads because its
    /// buffer is running (iio_device_claim_direct_mode).
    private static func hint(_ code: Int32) -> String {
        code == EBUSY ? " (buffer enabled by another process?)" : ""
    }

    static func errnoText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    // MARK: - File primitives

    /// sysfs attributes hold at most one page; 4 KiB covers every attribute we read.
    private static let bufferSize = 4096

    private static func openDirectory(_ path: String) -> Int32 {
        while true {
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 || errno != EINTR { return fd }
        }
    }

    /// Reads a whole small file relative to an open folder. O_NONBLOCK keeps a
    /// FIFO planted in a fake tree from hanging the event loop; sysfs ignores it.
    private static func readText(in dir: Int32, _ name: StaticString) -> Result<String, FileError> {
        // A string literal's bytes are NUL-terminated in the binary: no copy, no allocation.
        let cName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        return readText(fd: openRetrying { openat(dir, cName, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) })
    }

    static func readText(_ path: String) -> Result<String, FileError> {
        readText(fd: openRetrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) })
    }

    private static func openRetrying(_ body: () -> Int32) -> Int32 {
        while true {
            let fd = body()
            if fd >= 0 || errno != EINTR { return fd }
        }
    }

    /// Takes ownership of `fd` (negative: errno holds why the open failed).
    /// An attribute larger than the buffer is no sysfs value: EFBIG.
    private static func readText(fd: Int32) -> Result<String, FileError> {
        guard fd >= 0 else { return .failure(FileError(code: errno)) }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bufferSize) { buffer in
            var count = 0
            while count < buffer.count {
                let got = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                if got > 0 { count += got; continue }
                if got == 0 { break }
                if errno == EINTR { continue }
                return .failure(FileError(code: errno))
            }
            if count == buffer.count {
                var extra: UInt8 = 0
                if Glibc.read(fd, &extra, 1) > 0 { return .failure(FileError(code: EFBIG)) }
            }
            return .success(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self))
        }
    }

    /// Whether `path` (symlinks followed) is still the folder open as `fd`.
    /// A stat is much cheaper than the open and close it saves.
    private static func isSameFolder(_ fd: Int32, as path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    // MARK: - Names

    /// N of a name that is exactly "iio:device" followed by digits; nil otherwise
    /// (triggerN, iio_sysfs_trigger, iio:device, iio:device1a, ...).
    static func deviceIndex(_ name: String) -> Int? {
        let prefix = "iio:device"
        guard name.hasPrefix(prefix) else { return nil }
        let digits = name.utf8.dropFirst(prefix.utf8.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(Substring(digits))  // nil on overflow
    }

    private static func lastComponent(of path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.last.map(String.init) ?? path
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

private extension String {
    /// At most 40 characters with control characters escaped, for a log line.
    var debugClipped: String {
        (count > 40 ? String(prefix(40)) + "…" : self).escapingControlCharacters
    }
}
