/// Which plural form a count takes in a language: the `plural=` expression
/// of a catalogue's `Plural-Forms` header ("nplurals=3; plural=(n==1 ? 0 :
/// n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"), the C
/// expression gettext itself evaluates, read here so that the core can pick
/// a form for any count it shows without asking the shell per count.
public struct PluralRule: Hashable, Sendable {
    /// How many forms the language has.
    public let forms: Int
    private let expression: Expression

    /// English, German, Spanish and most others: one form for 1, one for the rest.
    public static let oneOther = PluralRule(forms: 2, expression: .binary(.notEqual, .count, .number(1)))

    private init(forms: Int, expression: Expression) {
        self.forms = forms
        self.expression = expression
    }

    /// Reads the `Plural-Forms` line of a catalogue's header (the text of its
    /// empty msgid); nil when there is none, or it is not a rule this reads
    /// (then the catalogue's plural translations are not used).
    public init?(header: String) {
        for line in header.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.lowercased().hasPrefix("plural-forms:") else { continue }
            self.init(pluralForms: String(trimmed.dropFirst("plural-forms:".count)))
            return
        }
        return nil
    }

    /// Reads "nplurals=N; plural=EXPRESSION;".
    public init?(pluralForms text: String) {
        var forms: Int?
        var expression: Expression?
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            switch pair[0].filter({ $0 != " " && $0 != "\t" }) {
            case "nplurals": forms = Int(pair[1].filter { $0 != " " && $0 != "\t" })
            case "plural":
                var parser = Parser(Array(pair[1].utf8))
                expression = parser.parseWhole()
            default: continue
            }
        }
        guard let forms, (1...6).contains(forms), let expression else { return nil }
        self.init(forms: forms, expression: expression)
    }

    /// The form `count` takes; nil when the rule gives no form it has (a
    /// damaged catalogue), or divides by zero.
    public func form(for count: Int) -> Int? {
        guard let value = expression.value(n: count.magnitude), value < UInt(forms) else { return nil }
        return Int(value)
    }

    /// A count for each form, the smallest below 1000 that takes it; nil when
    /// a form takes none of them, so that its text could never be fetched.
    public var sampleCounts: [Int]? {
        var samples = [Int?](repeating: nil, count: forms)
        for count in 0..<1000 {
            if let form = form(for: count), samples[form] == nil { samples[form] = count }
        }
        let found = samples.compactMap { $0 }
        return found.count == forms ? found : nil
    }

    // MARK: The expression

    private indirect enum Expression: Hashable, Sendable {
        case count
        case number(UInt)
        case not(Expression)
        case binary(Operator, Expression, Expression)
        case choice(Expression, Expression, Expression)

        /// C's unsigned long arithmetic, as gettext evaluates it; nil on a division by zero.
        func value(n: UInt) -> UInt? {
            switch self {
            case .count: return n
            case .number(let value): return value
            case .not(let operand): return operand.value(n: n).map { $0 == 0 ? 1 : 0 }
            case .choice(let condition, let yes, let no):
                guard let test = condition.value(n: n) else { return nil }
                return test != 0 ? yes.value(n: n) : no.value(n: n)
            case .binary(let op, let left, let right):
                guard let a = left.value(n: n) else { return nil }
                // Short-circuits, as in C.
                if op == .and, a == 0 { return 0 }
                if op == .or, a != 0 { return 1 }
                guard let b = right.value(n: n) else { return nil }
                return op.apply(a, b)
            }
        }
    }

    private enum Operator: Hashable, Sendable {
        case or, and, equal, notEqual, less, greater, lessOrEqual, greaterOrEqual, plus, minus, times, divide, remainder

        func apply(_ a: UInt, _ b: UInt) -> UInt? {
            func truth(_ value: Bool) -> UInt { value ? 1 : 0 }
            switch self {
            case .or: return truth(a != 0 || b != 0)
            case .and: return truth(a != 0 && b != 0)
            case .equal: return truth(a == b)
            case .notEqual: return truth(a != b)
            case .less: return truth(a < b)
            case .greater: return truth(a > b)
            case .lessOrEqual: return truth(a <= b)
            case .greaterOrEqual: return truth(a >= b)
            case .plus: return a &+ b
            case .minus: return a &- b
            case .times: return a &* b
            case .divide: return b == 0 ? nil : a / b
            case .remainder: return b == 0 ? nil : a % b
            }
        }
    }

    /// Recursive descent over C's precedence: ?: (right to left), ||, &&,
    /// == !=, < > <= >=, + -, * / %, unary !, then n, numbers and parentheses.
    private struct Parser {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func parseWhole() -> Expression? {
            guard let expression = choice() else { return nil }
            skipSpaces()
            return index == bytes.count ? expression : nil
        }

        private mutating func choice() -> Expression? {
            guard let condition = binary(level: 0) else { return nil }
            guard take("?") else { return condition }
            guard let yes = choice(), take(":"), let no = choice() else { return nil }
            return .choice(condition, yes, no)
        }

        private static let levels: [[(String, Operator)]] = [
            [("||", .or)],
            [("&&", .and)],
            [("==", .equal), ("!=", .notEqual)],
            [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
            [("+", .plus), ("-", .minus)],
            [("*", .times), ("/", .divide), ("%", .remainder)],
        ]

        private mutating func binary(level: Int) -> Expression? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            // "<=" is listed before "<", so it is never read as "<" then "=".
            while let op = Self.levels[level].first(where: { peek($0.0) }) {
                _ = take(op.0)
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(op.1, left, right)
            }
            return left
        }

        private mutating func unary() -> Expression? {
            if peek("!") && !peek("!=") {
                _ = take("!")
                return unary().map { .not($0) }
            }
            skipSpaces()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "n") {
                index += 1
                return .count
            }
            if take("(") {
                guard let inner = choice(), take(")") else { return nil }
                return inner
            }
            var value: UInt = 0, digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 9 {
                value = value * 10 + UInt(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            return digits > 0 ? .number(value) : nil
        }

        private mutating func skipSpaces() {
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(bytes[index]) {
                index += 1
            }
        }

        private mutating func peek(_ token: String) -> Bool {
            skipSpaces()
            let token = Array(token.utf8)
            return bytes.count - index >= token.count && Array(bytes[index..<index + token.count]) == token
        }

        private mutating func take(_ token: String) -> Bool {
            guard peek(token) else { return false }
            index += token.utf8.count
            return true
        }
    }
}
