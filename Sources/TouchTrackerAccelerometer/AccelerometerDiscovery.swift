// AccelerometerDiscovery: finding IIO accelerometers under
// /sys/bus/iio/devices (or a fake tree in tests), or checking the one device
// folder the user named. It owns listing iio:deviceN folders and probing one
// device, and classifies what it skips as a DiscoveryProblem; the core words
// the problems and ranks the candidates. Must not import CX11.

import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// One scan of the IIO folder, every 2 s while no device is in use, on the
/// accelerometer's own thread. Keeps no state between scans.
public struct AccelerometerDiscovery: Sendable {
    /// The folder holding iio:deviceN entries (tests point it at a temporary tree).
    public let baseFolder: String
    /// When set, exactly this device folder is used: no discovery, no fallback.
    public let exactDevice: String?

    public init(baseFolder: String = "/sys/bus/iio/devices", exactDevice: String? = nil) {
        self.baseFolder = baseFolder
        self.exactDevice = exactDevice
    }

    /// Lists the devices that have the three raw acceleration files and give a
    /// first reading that parses. Never throws and never crashes: a missing
    /// base folder is simply "nothing found"; one that cannot be listed, and
    /// each skipped device worth telling the user about, are problems.
    public func scan() -> DiscoveryResult {
        var problems: [DiscoveryProblem] = []
        if let exact = exactDevice {
            var candidates: [AccelerometerCandidate] = []
            let folderName = Self.lastComponent(of: exact)
            switch FilePrimitives.fileType(exact) {
            case .failure(let error) where error.code == ENOENT:
                problems.append(.deviceFolderMissing(path: exact))
            case .failure(let error):
                problems.append(.deviceFolderUnreachable(path: exact, reason: SystemCall.errorText(error.code)))
            case .success(let type) where type != S_IFDIR:
                problems.append(.notAFolder(path: exact))
            case .success:
                if let candidate = probe(path: exact, folderName: folderName, index: Self.deviceIndex(folderName) ?? 0,
                                         explicit: true, problems: &problems) {
                    candidates.append(candidate)
                }
            }
            return DiscoveryResult(searched: exact, candidates: candidates, problems: problems)
        }

        let listing = FilePrimitives.folderNames(baseFolder)
        // No IIO folder at all is the usual machine without sensors, and the
        // "none found" line says where it looked. Any other failure (no
        // permission, not a folder) is the user's to fix: say which.
        if let failure = listing.failure, !(failure.opening && failure.code == ENOENT) {
            problems.append(.cannotList(folder: baseFolder, reason: SystemCall.errorText(failure.code)))
        }
        // Numeric order: iio:device2 comes before iio:device10.
        let found = listing.names.compactMap { name in Self.deviceIndex(name).map { (index: $0, name: name) } }
            .sorted { ($0.index, $0.name) < ($1.index, $1.name) }

        var candidates: [AccelerometerCandidate] = []
        for (index, name) in found {
            let path = Self.join(baseFolder, name)
            // Real sysfs entries are symlinks into /sys/devices: stat follows them.
            guard FilePrimitives.isDirectory(path) else { continue }
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
    /// folder) makes every rejection a problem, not only the buffer-only and
    /// permission cases.
    private func probe(path: String, folderName: String, index: Int, explicit: Bool,
                       problems: inout [DiscoveryProblem]) -> AccelerometerCandidate? {
        let rawPaths = AccelerometerPoller.rawNames.map { Self.join(path, "\($0)") }
        guard rawPaths.allSatisfy(FilePrimitives.isRegularFile) else {
            let bufferEnable = ["scan_elements/in_accel_x_en", "buffer0/in_accel_x_en"]
            if bufferEnable.contains(where: { FilePrimitives.isRegularFile(Self.join(path, $0)) }) {
                problems.append(.bufferOnly(folderName: folderName))
            } else if explicit {
                problems.append(.noRawFiles(path: path))
            }
            return nil
        }
        let open: OpenAttributes
        switch OpenAttributes.open(path, slots: AccelerometerPoller.slotCount) {
        case .success(let opened): open = opened
        case .failure(let error):
            problems.append(.unreadable(folderName: folderName, failure: AccelerometerPoller.failure(path, error.code)))
            return nil
        }
        switch AccelerometerPoller.readFiles(in: open, skipping: 0).sample {
        case .failure(let failure) where failure.code == EACCES || failure.code == EPERM:
            problems.append(.permissionDenied(path: Self.join(path, failure.name)))
            return nil
        case .failure(let failure):
            problems.append(.unreadable(folderName: folderName,
                                        failure: AccelerometerPoller.failure(Self.join(path, failure.name), failure.code)))
            return nil
        case .success(let files):
            for (rawPath, text) in zip(rawPaths, files.raw) where text.flatMap(SysfsNumber.parse) == nil {
                problems.append(.unparsableFirstSample(folderName: folderName, path: rawPath, text: text ?? ""))
                return nil
            }
        }
        func optional(_ name: String) -> String? { try? FilePrimitives.readText(Self.join(path, name)).get() }
        return AccelerometerCandidate(
            folderName: folderName, path: path, index: index,
            name: optional("name"), label: optional("label"), location: optional("location"),
            // Order of preference; never in_accel_matrix (an unrelated all-zero matrix on inv_mpu6050).
            mountMatrixTexts: ["in_accel_mount_matrix", "mount_matrix", "in_mount_matrix"].map(optional))
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
