/// How the pen and the fingers share the window, as the command line set it
/// (`--palm-timeout`, `--touch-with-pen`, `--no-pressure`): a recording keeps
/// them, since a replay with other rules would draw other strokes.
public struct PenSettings: Hashable, Sendable {
    /// How long after a pen's last event touches are palms; nil: never
    /// (`--touch-with-pen`).
    public var palmTimeoutMilliseconds: Int64?
    /// Whether a pen's pressure sets its width.
    public var pressureSetsWidth: Bool

    public init(palmTimeoutMilliseconds: Int64? = Tunables.standard.palmTimeoutMilliseconds, pressureSetsWidth: Bool = true) {
        self.palmTimeoutMilliseconds = palmTimeoutMilliseconds
        self.pressureSetsWidth = pressureSetsWidth
    }
}
