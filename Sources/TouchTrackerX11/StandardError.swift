import Glibc

/// Diagnostics go straight to fd 2 with write(2): safe from any context, no buffering to lose on exit.
public func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
}
