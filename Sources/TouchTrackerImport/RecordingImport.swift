import TouchTrackerCore

/// The module's one entry: a recording's text in, its touches and pen events out.
public enum RecordingImport {
    /// Reads a `libinput record` or `evemu-record` file (told apart by its
    /// first lines) and returns its touchscreens' contacts and its pens'
    /// events (a pen display's or a graphics tablet's), each device fitted into
    /// `viewport` (see ViewportFit) on a clock that starts at 0 with the
    /// recording's first event. Anything else, or a damaged file, throws an
    /// error that says what and where in one line.
    public static func read(_ text: String, fittingInto viewport: Rect) throws(ImportError) -> ImportedRecording {
        let format = try format(of: text)
        let devices = switch format {
        case .libinputRecord: try LibinputRecordReader.read(text)
        case .evemu: [try EvemuReader.read(text)]
        }
        let replay = try DeviceReplay.inputs(of: devices, fittingInto: viewport)
        return ImportedRecording(format: format, devices: replay.devices, inputs: replay.inputs)
    }

    /// The first line that is neither blank nor a comment decides: evemu's
    /// lines start with a capital and a colon ("N:", "E:"; "# EVEMU 1.3" is
    /// its own comment), libinput record's YAML with one of its top-level keys.
    static func format(of text: String) throws(ImportError) -> RecordingFormat {
        let yamlStarts = ["version:", "ndevices:", "libinput:", "system:", "devices:", "---", "%YAML"]
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            while line.last?.isWhitespace == true { line = line.dropLast() }
            if line.isEmpty { continue }
            if line.hasPrefix("# EVEMU") { return .evemu }
            if line.hasPrefix("#") { continue }
            let tag = line.prefix(2)
            if tag.count == 2, tag.last == ":", tag.first!.isUppercase, tag.first!.isASCII { return .evemu }
            if yamlStarts.contains(where: { line.hasPrefix($0) }) { return .libinputRecord }
            throw .notARecording
        }
        throw .empty
    }
}
