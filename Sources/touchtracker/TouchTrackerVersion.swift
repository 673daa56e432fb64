enum TouchTrackerVersion {
    static let current = "0.1.0"
}
