extension FramePlanner {
    /// One flag per overlay, in a word while there are at most 64 (one per
    /// finger: always, in practice), so planning a frame allocates nothing for them.
    struct Flags {
        private var word: UInt64 = 0
        private var spill: [Bool] = []

        init(count: Int, initially value: Bool) {
            if count > 64 { spill = [Bool](repeating: value, count: count) } else if value { word = ~0 }
        }

        subscript(index: Int) -> Bool {
            get { spill.isEmpty ? word & (1 << UInt64(index)) != 0 : spill[index] }
            set {
                if !spill.isEmpty { spill[index] = newValue; return }
                if newValue { word |= 1 << UInt64(index) } else { word &= ~(1 << UInt64(index)) }
            }
        }
    }
}
