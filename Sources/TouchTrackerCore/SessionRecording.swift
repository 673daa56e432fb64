/// A whole recorded session: where it started and what the core was told,
/// in order, timed in milliseconds from the start of the recording.
public struct SessionRecording: Hashable, Sendable {
    public var start: SessionStart
    public var inputs: [SessionInput]
    /// Whether the core's deadlines were recorded as `advance` inputs. A
    /// touchscreen recording from another program holds touches only; its
    /// replay advances the core at each deadline as the live loop would.
    public var recordsDeadlines: Bool
    /// Whether the recording was closed at the end ("end"); one cut short by
    /// a crash or a lost X server still replays up to where it stops.
    public var isComplete: Bool

    public init(start: SessionStart, inputs: [SessionInput], recordsDeadlines: Bool = true, isComplete: Bool = true) {
        self.start = start
        self.inputs = inputs
        self.recordsDeadlines = recordsDeadlines
        self.isComplete = isComplete
    }
}
