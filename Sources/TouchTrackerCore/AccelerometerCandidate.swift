/// An IIO device that has the three raw acceleration files, as discovery found it.
public struct AccelerometerCandidate: Hashable, Sendable {
    /// The device folder's name, e.g. "iio:device3".
    public var folderName: String
    /// Its full path (the shell reads from here).
    public var path: String
    /// N of iio:deviceN.
    public var index: Int
    /// `name` (a part number), `label` (kernel 5.8+), `location` (older cros-ec).
    public var name: String?
    public var label: String?
    public var location: String?
    /// Texts of in_accel_mount_matrix, mount_matrix, in_mount_matrix, in that order of preference.
    public var mountMatrixTexts: [String?]

    public init(folderName: String, path: String, index: Int, name: String? = nil, label: String? = nil,
                location: String? = nil, mountMatrixTexts: [String?] = []) {
        self.folderName = folderName
        self.path = path
        self.index = index
        self.name = name
        self.label = label
        self.location = location
        self.mountMatrixTexts = mountMatrixTexts
    }

    /// Lower is better: the display's sensor moves with what the user holds.
    public var rank: Int {
        let label = label?.trimmed, location = location?.trimmed
        if label == "accel-display" || location == "display" || location == "lid" { return 0 }
        if label == "accel-base" || location == "base" { return 2 }
        if label == "accel-camera" { return 3 }
        return 1
    }

    /// The first valid matrix in order of preference; invalid ones are skipped.
    /// - Parameter tolerance: how far from unitary a matrix may be (Tunables).
    public func mountMatrix(tolerance: Double) -> MountMatrix {
        mountMatrixTexts.lazy.compactMap { $0.flatMap { MountMatrix(parsing: $0, tolerance: tolerance) } }.first ?? .identity
    }

    /// Why a mount matrix that is present was not used, if one was refused
    /// before the one in use (or before falling back to identity).
    public func mountMatrixWarning(tolerance: Double, words: Phrasebook = .english) -> String? {
        for text in mountMatrixTexts.compactMap({ $0 }) {
            if MountMatrix(parsing: text, tolerance: tolerance) != nil { return nil }
            let next = mountMatrixTexts.contains { $0.flatMap { MountMatrix(parsing: $0, tolerance: tolerance) } != nil }
            // Control characters inside are shown escaped: the warning stays one log line.
            return words.text(next ? .mountMatrixInvalidUsingNext : .mountMatrixInvalidUsingIdentity,
                              text.trimmed.escapingControlCharacters)
        }
        return nil
    }

    /// The best candidate: lowest rank, then lowest device number.
    public static func best(of candidates: [AccelerometerCandidate]) -> AccelerometerCandidate? {
        candidates.min { ($0.rank, $0.index) < ($1.rank, $1.index) }
    }
}
