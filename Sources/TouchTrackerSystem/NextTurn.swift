/// When a worker's thread takes its next turn: what each turn returns.
public enum NextTurn: Hashable, Sendable {
    /// At once: there may be more to do.
    case now
    /// When the event loop wakes it: nothing to do until then.
    case whenWoken
    /// When woken, or after this many milliseconds at the most (a deadline:
    /// a burst to gather, a sample to take).
    case whenWokenOrAfter(milliseconds: Int64)
    /// After this many milliseconds, for a thread whose owner never wakes
    /// it (the accelerometer's): a plain sleep, cheaper than watching the
    /// wake pipe with poll() for a thread that wakes 10 to 50 times a second.
    case after(milliseconds: Int64)
}
