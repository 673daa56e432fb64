import TouchTrackerCore
import XCTest

final class ContactMapTests: XCTestCase {
    private let a = touch(2, 1), b = touch(2, 2), c = touch(3, 1)

    func testItStoresReplacesAndRemovesLikeADictionary() {
        var map = ContactMap<Int>()
        XCTAssertTrue(map.isEmpty)
        map[a] = 1
        map[b] = 2
        map[a] = 10
        XCTAssertEqual(map.count, 2)
        XCTAssertEqual(map[a], 10)
        XCTAssertEqual(map.removeValue(forKey: b), 2)
        XCTAssertNil(map.removeValue(forKey: b))
        map[c] = 3
        map[a] = nil
        XCTAssertEqual(map.keys, [c])
        XCTAssertNil(map[a])
    }

    func testSetStoresANewKeyAndReplacesAKnownOneInPlace() {
        var map = ContactMap<Int>()
        map.set(1, for: a)
        map.set(2, for: b)
        map.set(10, for: a)
        XCTAssertEqual(map.count, 2)
        XCTAssertEqual(map[a], 10)
        XCTAssertEqual(map[b], 2)
    }

    func testRemovingOneKeyKeepsEveryOther() {
        var map = ContactMap<Int>()
        let keys = (1...12).map { touch(2, UInt32($0)) }
        for (i, key) in keys.enumerated() { map[key] = i }
        map.removeValue(forKey: keys[0])
        map.removeAll { $0.value % 3 == 0 }
        let expected = Dictionary(uniqueKeysWithValues: keys.enumerated().filter { $0.offset % 3 != 0 }.map { ($0.element, $0.offset) })
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }), expected)
    }

    func testEqualityAndHashIgnoreTheOrderOfInsertion() {
        var first = ContactMap<Int>(), second = ContactMap<Int>()
        first[a] = 1; first[b] = 2; first[c] = 3
        second[c] = 3; second[a] = 1; second[b] = 2
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        second[b] = 4
        XCTAssertNotEqual(first, second)
        second[b] = 2
        second[touch(9, 9)] = 5
        XCTAssertNotEqual(first, second)
    }
}
