import CYAML

/// The one YAML document of a text, composed by libyaml's document API: the
/// module's only C. It owns libyaml's document and frees it once; its nodes
/// hold it, so no pointer into it outlives it, and they hand out Swift values.
final class YAMLDocument {
    /// What libyaml could not read, with its position as it gives it.
    enum Failure: Error {
        /// The text is no YAML stream (a control character, say); `offset` counts its UTF-8 bytes.
        case reader(problem: String, offset: Int)
        /// The scanner's, parser's or composer's complaint; lines count from 1.
        case syntax(problem: String, line: Int, context: (text: String, line: Int)?)
        case memory
        /// libyaml could not be opened (CYAML): why, as the dynamic loader said.
        case library(String)
        /// Keys given twice in one mapping, sorted.
        case duplicateKeys([String])
    }

    private let document: UnsafeMutablePointer<yaml_document_t>
    /// libyaml's functions, opened at the first document (CYAML).
    private let yaml: cyaml_functions

    /// Nil when the text holds no document (comments at most).
    var root: Node? { yaml.yaml_document_get_root_node(document).map { Node(self, $0) } }

    init(parsing text: String) throws(Failure) {
        // libyaml reads the string's own UTF-8 bytes: a native string holds them in
        // one piece already, so nothing is copied (only a bridged one would be, once).
        var text = text
        text.makeContiguousUTF8()
        guard let yaml = cyaml_open()?.pointee else { throw .library(String(cString: cyaml_open_failure())) }
        self.yaml = yaml
        guard let loaded = text.utf8.withContiguousStorageIfAvailable({ Self.load($0, yaml: yaml) }) else { throw .memory }
        document = try loaded.get()
        if let duplicates = firstDuplicateKeys() {
            throw .duplicateKeys(duplicates)
        }
    }

    deinit {
        yaml.yaml_document_delete(document)
        document.deallocate()
    }

    private static func load(_ bytes: UnsafeBufferPointer<UInt8>, yaml: cyaml_functions) -> Result<UnsafeMutablePointer<yaml_document_t>, Failure> {
        guard let start = bytes.baseAddress else {
            // libyaml wants an address even for no text.
            return [UInt8(0)].withUnsafeBufferPointer { load(UnsafeBufferPointer(start: $0.baseAddress, count: 0), yaml: yaml) }
        }
        var parser = yaml_parser_t()
        guard yaml.yaml_parser_initialize(&parser) == 1 else { return .failure(.memory) }
        defer { yaml.yaml_parser_delete(&parser) }
        yaml.yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml.yaml_parser_set_input_string(&parser, start, bytes.count)
        let document = UnsafeMutablePointer<yaml_document_t>.allocate(capacity: 1)
        // On failure libyaml has freed what it loaded.
        guard yaml.yaml_parser_load(&parser, document) == 1 else {
            document.deallocate()
            return .failure(Failure(parser))
        }
        func discarding(_ failure: Failure) -> Result<UnsafeMutablePointer<yaml_document_t>, Failure> {
            yaml.yaml_document_delete(document)
            document.deallocate()
            return .failure(failure)
        }
        guard yaml.yaml_document_get_root_node(document) != nil else { return .success(document) }
        // The stream must end here: a second document is an error, as is a syntax error in it.
        var next = yaml_document_t()
        guard yaml.yaml_parser_load(&parser, &next) == 1 else { return discarding(Failure(parser)) }
        defer { yaml.yaml_document_delete(&next) }
        guard yaml.yaml_document_get_root_node(&next) == nil else {
            return discarding(.syntax(problem: "but found another document", line: Int(next.start_mark.line) + 1,
                                      context: ("expected a single document in the stream", 1)))
        }
        return .success(document)
    }

    /// Among the mappings that give a key twice, the one that ends first; a plain
    /// `53` and a quoted `"53"` are two keys (an integer and a string).
    private func firstDuplicateKeys() -> [String]? {
        var found: (end: Int, keys: [String])?
        var index: Int32 = 1
        while let node = yaml.yaml_document_get_node(document, index) {
            index += 1
            guard node.pointee.type == YAML_MAPPING_NODE else { continue }
            let pairs = node.pointee.data.mapping.pairs
            guard pairs.top - pairs.start > 1 else { continue }
            var seen: [Node.Key: Int] = [:]
            for pair in UnsafeBufferPointer(start: pairs.start, count: pairs.top - pairs.start) {
                if let key = self.node(pair.key).key { seen[key, default: 0] += 1 }
            }
            let keys = seen.filter { $0.value > 1 }.map(\.key.text).sorted()
            let end = Int(node.pointee.end_mark.index)
            if !keys.isEmpty && end < found?.end ?? .max { found = (end, keys) }
        }
        return found?.keys
    }

    private func node(_ id: Int32) -> Node { Node(self, yaml.yaml_document_get_node(document, id)!) }

    /// A node of the document; it keeps the document alive.
    struct Node {
        private let document: YAMLDocument
        private let node: UnsafeMutablePointer<yaml_node_t>

        fileprivate init(_ document: YAMLDocument, _ node: UnsafeMutablePointer<yaml_node_t>) {
            self.document = document
            self.node = node
        }

        /// Where it starts in the text, from 1.
        var line: Int { Int(node.pointee.start_mark.line) + 1 }

        var isMapping: Bool { node.pointee.type == YAML_MAPPING_NODE }

        /// A scalar's text, in whatever style it is written.
        var string: String? { scalarBytes.map { String(decoding: $0, as: UTF8.self) } }

        /// A plain scalar that is a YAML 1.1 integer (a quoted one is a string).
        var int: Int? {
            guard let bytes = scalarBytes, node.pointee.data.scalar.style == YAML_PLAIN_SCALAR_STYLE else { return nil }
            return YAMLInteger.value(of: bytes)
        }

        /// A mapping's value for a key whose scalar text is `key`; the last one.
        subscript(key: String) -> Node? {
            guard isMapping else { return nil }
            let pairs = node.pointee.data.mapping.pairs
            for pair in UnsafeBufferPointer(start: pairs.start, count: pairs.top - pairs.start).reversed() {
                let candidate = document.node(pair.key)
                if let text = candidate.scalarBytes, text.elementsEqual(key.utf8) { return document.node(pair.value) }
            }
            return nil
        }

        var mapping: [(key: Node, value: Node)]? {
            guard isMapping else { return nil }
            let pairs = node.pointee.data.mapping.pairs
            return UnsafeBufferPointer(start: pairs.start, count: pairs.top - pairs.start)
                .map { (document.node($0.key), document.node($0.value)) }
        }

        var sequence: Items? {
            guard node.pointee.type == YAML_SEQUENCE_NODE else { return nil }
            let items = node.pointee.data.sequence.items
            return Items(document: document, items: UnsafeBufferPointer(start: items.start, count: items.top - items.start))
        }

        private var scalarBytes: UnsafeBufferPointer<UInt8>? {
            guard node.pointee.type == YAML_SCALAR_NODE else { return nil }
            return UnsafeBufferPointer(start: node.pointee.data.scalar.value, count: node.pointee.data.scalar.length)
        }

        /// What tells two scalar keys apart.
        fileprivate struct Key: Hashable {
            let text: String
            let isInteger: Bool
        }

        fileprivate var key: Key? { string.map { Key(text: $0, isInteger: int != nil) } }
    }

    /// A sequence's nodes, in order.
    struct Items: RandomAccessCollection {
        fileprivate let document: YAMLDocument
        fileprivate let items: UnsafeBufferPointer<yaml_node_item_t>

        var startIndex: Int { 0 }
        var endIndex: Int { items.count }
        subscript(position: Int) -> Node { document.node(items[position]) }
    }
}

private extension YAMLDocument.Failure {
    init(_ parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? ""
        switch parser.error {
        case YAML_READER_ERROR:
            self = .reader(problem: problem, offset: parser.problem_offset)
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            self = .syntax(problem: problem, line: Int(parser.problem_mark.line) + 1,
                           context: parser.context.map { (String(cString: $0), Int(parser.context_mark.line) + 1) })
        default:
            self = .memory
        }
    }
}
