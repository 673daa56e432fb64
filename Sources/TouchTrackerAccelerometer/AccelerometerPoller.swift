// AccelerometerPoller: one sample per call from the device in use, as text.
// It owns the device's files kept open between polls, the cache of optional
// calibration files found absent, the sample read that discovery's probe
// shares, and which errors mean "gone" rather than "unreadable". What the
// text means is TouchTrackerCore's. Must not import CX11: no X server here.

import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// Reads the attribute files of the accelerometer in use, about 50 times a
/// second (10 at rest), on the accelerometer's own thread. The only state is an I/O cache;
/// nothing here blocks except the kernel's own attribute reads.
public final class AccelerometerPoller {
    private let absentFileRecheckMilliseconds: Int64
    // The state below is the accelerometer thread's alone, one poll at a
    // time: no run-time exclusivity checks (each cost a call per access).
    /// Bit i set: `optionalNames[i]` was absent at the last full check of `cachedPath`.
    @exclusivity(unchecked) private var absent: UInt16 = 0
    @exclusivity(unchecked) private var cachedPath: String?
    /// When every file was last opened by name (meaningful with `cachedPath`).
    @exclusivity(unchecked) private var lastFullCheck = Instant(milliseconds: 0)
    /// The device folder and its attribute files, kept open between polls
    /// (nil: none): looking names up was most of a poll's cost.
    @exclusivity(unchecked) private var attributes: OpenAttributes?
    /// What the last poll read, read into again by the next: its arrays
    /// are made once, not three for every sample.
    @exclusivity(unchecked) private var files = AccelerometerFiles(raw: [nil, nil, nil])

    public init(tunables: Tunables) {
        absentFileRecheckMilliseconds = tunables.accelerometerAbsentFileRecheckMilliseconds
    }

    /// Reads one sample's attribute texts. Scales and offsets that exist are
    /// read fresh every call because anyone may write a new `in_accel_scale` meanwhile;
    /// the core notices the change and re-arms. Raw values are read first, so
    /// a poll that races a scale change sees old raws with the new scale and
    /// is disarmed by that very sample, instead of counting as a shake.
    ///
    /// Cost, when nothing changed: a stat of the device's path, then per
    /// attribute an fstat and a pread into a buffer of the file kept open
    /// (OpenAttributes), into the texts of the last poll (`files`); a text
    /// read as it was is the same String again. No allocation here. Files found absent are looked for again, and
    /// every file is opened afresh by name, only every
    /// `accelerometerAbsentFileRecheckMilliseconds`, or at once for a new device:
    /// counted in time, not in polls, as polls are slower at rest.
    /// - Parameter now: when the poll is made (the monitor's time).
    public func read(_ device: AccelerometerCandidate, at now: Instant) -> ShakeMonitor.ReadOutcome {
        let outcome = readSample(device, at: now)
        // After any failure the next poll starts from the path again.
        if case .files = outcome {} else {
            cachedPath = nil
            attributes = nil
        }
        return outcome
    }

    private func readSample(_ device: AccelerometerCandidate, at now: Instant) -> ShakeMonitor.ReadOutcome {
        let fullCheck = cachedPath != device.path || now.milliseconds(since: lastFullCheck) >= absentFileRecheckMilliseconds
        if fullCheck {
            // Everything from the names again: a file made unreadable, or
            // changed in any way a kept descriptor would not show, is seen
            // within the recheck period.
            attributes = nil
            cachedPath = device.path
            lastFullCheck = now
            absent = 0
        }
        if let open = attributes, !open.isStillAtItsPath() {
            // The name now leads elsewhere (a re-registered device, a replaced fake
            // folder) or nowhere: follow the name, as a fresh open would.
            attributes = nil
        }
        let open: OpenAttributes
        if let attributes {
            open = attributes
        } else {
            switch OpenAttributes.open(device.path, slots: Self.slotCount) {
            case .success(let opened):
                open = opened
                attributes = opened
            case .failure(let error):
                let failure = Self.failure(device.path, error.code)
                return Self.isGone(error.code) ? .gone(failure) : .unreadable(failure)
            }
        }

        let (failed, absentNow) = Self.readFiles(in: open, skipping: fullCheck ? 0 : absent, into: &files)
        absent = absentNow
        guard let failed else { return .files(files) }
        let failure = Self.failure("\(device.path)/\(failed.name)", failed.code)
        return failed.isGone ? .gone(failure) : .unreadable(failure)
    }

    // MARK: - One sample, for polls and discovery's probe

    /// Why a sample could not be read: which attribute, its errno, and
    /// whether that means the device is gone rather than briefly unreadable.
    struct SampleFailure: Error {
        var name: String
        var code: Int32
        var isGone: Bool
    }

    /// Reads one sample's attribute texts from a device's open folder: the
    /// same reads for the discovery probe and for every poll, so a device
    /// that passes the probe is one whose polls can succeed.
    /// - Parameter skip: bit i set: `optionalNames[i]` is known to be absent; not opened.
    /// - Returns: the sample, and which optional files are absent now.
    static func readFiles(in open: OpenAttributes, skipping skip: UInt16)
        -> (sample: Result<AccelerometerFiles, SampleFailure>, absent: UInt16) {
        var files = AccelerometerFiles(raw: [nil, nil, nil])
        let (failure, absent) = readFiles(in: open, skipping: skip, into: &files)
        return (failure.map { .failure($0) } ?? .success(files), absent)
    }

    /// The same, written into `files` in place: every field is set when the
    /// sample is read whole (nil for a file absent or skipped). A poll reads
    /// into the poller's own `files`, whose arrays nobody else holds once the
    /// monitor has taken the sample: no array is made or freed per poll.
    /// - Returns: why the sample could not be read (then `files` is part
    ///   old, part new), and which optional files are absent now.
    static func readFiles(in open: OpenAttributes, skipping skip: UInt16, into files: inout AccelerometerFiles)
        -> (failure: SampleFailure?, absent: UInt16) {
        var absent = skip
        for axis in 0..<rawNames.count {
            switch open.readText(axis, rawNames[axis], replacing: files.raw[axis]) {
            case .success(let text):
                files.raw[axis] = text
            case .failure(let error):
                return (SampleFailure(name: "\(rawNames[axis])", code: error.code, isGone: isGone(error.code)), absent)
            }
        }

        var transient: SampleFailure?
        /// nil when absent or not an attribute; a transient failure spoils the sample.
        func optional(_ index: Int, _ last: String?) -> String? {
            let bit: UInt16 = 1 << index
            if skip & bit != 0 { return nil }
            switch open.readText(rawNames.count + index, optionalNames[index], replacing: last) {
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
        for axis in 0..<3 { files.axisScales[axis] = optional(axis, files.axisScales[axis]) }
        files.sharedScale = optional(3, files.sharedScale)
        files.plainScale = optional(4, files.plainScale)
        for axis in 0..<3 { files.axisOffsets[axis] = optional(5 + axis, files.axisOffsets[axis]) }
        files.sharedOffset = optional(8, files.sharedOffset)
        if let transient { return (transient, absent) }
        // A device removed between the raw reads and the scale reads would look
        // like "scale files vanished" (a false calibration change): when a file
        // was found absent, check the device is still there.
        if absent & ~skip != 0, let code = FilePrimitives.statError(in: open.folder, rawNames[0]), isGone(code) {
            return (SampleFailure(name: "\(rawNames[0])", code: code, isGone: true), absent)
        }
        return (nil, absent)
    }

    /// One slot of OpenAttributes per file a sample reads: the raws, then the calibration files.
    static var slotCount: Int { rawNames.count + optionalNames.count }
    static let rawNames: [StaticString] = ["in_accel_x_raw", "in_accel_y_raw", "in_accel_z_raw"]
    /// The calibration files, in the order `readFiles` hands them to AccelerometerFiles.
    private static let optionalNames: [StaticString] = [
        "in_accel_x_scale", "in_accel_y_scale", "in_accel_z_scale", "in_accel_scale", "scale",
        "in_accel_x_offset", "in_accel_y_offset", "in_accel_z_offset", "in_accel_offset",
    ]

    // MARK: - What an errno means

    /// The failure as the core words it; EBUSY gets its hint there.
    static func failure(_ path: String, _ code: Int32) -> AccelerometerReadFailure {
        AccelerometerReadFailure(path: path, reason: SystemCall.errorText(code), busy: code == EBUSY)
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
}
