import Glibc

/// The conventions every system call of the program follows.
public enum SystemCall {
    /// Runs a system call again for as long as a signal interrupts it (-1 with
    /// EINTR); any other result, success or error, is returned with errno as
    /// the call left it. Inlinable: called from another module unspecialized,
    /// it compared and converted its result through the generic witnesses
    /// (hundreds of instructions for every sendfile a save makes).
    @inlinable public static func retryingInterrupted<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// The system's words for an errno ("No such file or directory"), as
    /// every message of the program gives them.
    public static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
