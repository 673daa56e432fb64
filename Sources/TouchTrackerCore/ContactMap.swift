/// Values keyed by contact, kept in a short array. A hand has ten fingers, a
/// screen rarely more than a few hands: a linear search over that many keys is
/// cheaper than hashing one, and it keeps the hasher and the dictionary's code
/// off the path every touch event takes. Order carries no meaning (as with a
/// dictionary): equality and hashing ignore it, and readers that need an order
/// sort.
public struct ContactMap<Value>: Sequence {
    public typealias Element = (key: TouchKey, value: Value)

    private var keyList: [TouchKey] = []
    private var valueList: [Value] = []

    public init() {}

    public var count: Int { keyList.count }
    public var isEmpty: Bool { keyList.isEmpty }
    public var keys: [TouchKey] { keyList }
    public var values: [Value] { valueList }

    private func index(of key: TouchKey) -> Int? {
        for i in keyList.indices where keyList[i] == key { return i }
        return nil
    }

    public func containsKey(_ key: TouchKey) -> Bool { index(of: key) != nil }

    /// nil removes the key, as with a dictionary.
    public subscript(key: TouchKey) -> Value? {
        get { index(of: key).map { valueList[$0] } }
        set {
            if let i = index(of: key) {
                if let newValue { valueList[i] = newValue } else { remove(at: i) }
            } else if let newValue {
                keyList.append(key)
                valueList.append(newValue)
            }
        }
    }

    /// Sets `key`'s value, as `map[key] = value` does, without wrapping it in
    /// an optional: that one was unwrapped and destroyed through the
    /// runtime's generic witnesses, for every finger landing.
    public mutating func set(_ value: consuming Value, for key: TouchKey) {
        if let i = index(of: key) {
            valueList[i] = value
        } else {
            keyList.append(key)
            valueList.append(value)
        }
    }

    /// Reads `key`'s value where it lies, nil when there is none: `map[key]?.x`
    /// copies the whole value out first (a stroke, on every move).
    @inline(__always)
    public func peek<Result>(_ key: TouchKey, _ body: (borrowing Value) -> Result) -> Result? {
        guard let i = index(of: key) else { return nil }
        return body(valueList[i])
    }

    /// Changes `key`'s value where it lies, nil when there is none: a value
    /// holding an array (a stroke's samples) appends to it without copying
    /// it, which reading it out and writing it back would.
    @discardableResult
    public mutating func modify<Result>(_ key: TouchKey, _ body: (inout Value) -> Result) -> Result? {
        guard let i = index(of: key) else { return nil }
        return body(&valueList[i])
    }

    @discardableResult
    public mutating func removeValue(forKey key: TouchKey) -> Value? {
        guard let i = index(of: key) else { return nil }
        return remove(at: i)
    }

    public mutating func removeAll(where shouldBeRemoved: (Element) -> Bool) {
        for i in keyList.indices.reversed() where shouldBeRemoved((keyList[i], valueList[i])) { remove(at: i) }
    }

    public mutating func removeAll() {
        keyList.removeAll(keepingCapacity: true)
        valueList.removeAll(keepingCapacity: true)
    }

    /// Moves the last entry into the gap: order is not kept, and need not be.
    /// The last entry itself (a lone finger's, nearly always) is not swapped
    /// with itself: the swaps were calls, made for nothing.
    @discardableResult
    private mutating func remove(at i: Int) -> Value {
        let last = keyList.count - 1
        if i != last {
            keyList.swapAt(i, last)
            valueList.swapAt(i, last)
        }
        keyList.removeLast()
        return valueList.removeLast()
    }

    public struct Iterator: IteratorProtocol {
        fileprivate let keys: [TouchKey]
        fileprivate let values: [Value]
        fileprivate var position = 0

        public mutating func next() -> Element? {
            guard position < keys.count else { return nil }
            defer { position += 1 }
            return (keys[position], values[position])
        }
    }

    public func makeIterator() -> Iterator { Iterator(keys: keyList, values: valueList) }
}

extension ContactMap: Sendable where Value: Sendable {}

extension ContactMap: Equatable where Value: Equatable {
    public static func == (a: ContactMap, b: ContactMap) -> Bool {
        a.count == b.count && a.keyList.indices.allSatisfy { b[a.keyList[$0]] == a.valueList[$0] }
    }
}

extension ContactMap: Hashable where Value: Hashable {
    /// Order-independent, like a dictionary's: equal maps hash alike whatever
    /// order their entries were added in.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for i in keyList.indices {
            var entry = Hasher()
            entry.combine(keyList[i])
            entry.combine(valueList[i])
            combined ^= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
