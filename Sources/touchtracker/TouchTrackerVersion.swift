/// The program's version, in this one place: `--version` prints it and the
/// AppStream metadata's newest release must match it (the install tests check).
enum TouchTrackerVersion {
    static let current = "0.1.0"
    /// What `touchtracker --version` prints: the program's name, then its version.
    static let versionLine = "touchtracker \(current)"
}
