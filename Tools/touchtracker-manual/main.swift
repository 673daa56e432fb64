// touchtracker-manual: writes the manual page touchtracker(1), in mdoc, from the
// command's own definition and the hand-written sections. install.sh runs it when it
// builds; it is never installed.
//
//   touchtracker --experimental-dump-help |
//       touchtracker-manual --date YYYY-MM-DD --sections Resources/touchtracker-manual.mdoc
//
// Standard input is what swift-argument-parser says about the command (its name,
// abstract, discussion and every option with its value name and default); from it come
// NAME, SYNOPSIS, DESCRIPTION and OPTIONS. The sections file (KEYS AND GESTURES,
// ENVIRONMENT, FILES, ...) follows them unchanged. Standard output is the page.
import Foundation

/// The parts of swift-argument-parser's ToolInfoV0 (serialization version 0) the page uses.
struct ToolInfo: Decodable {
    let serializationVersion: Int
    let command: CommandInfo
}

struct CommandInfo: Decodable {
    let commandName: String
    let abstract: String?
    let discussion: String?
    let arguments: [ArgumentInfo]?
}

struct ArgumentInfo: Decodable {
    enum Kind: String, Decodable { case positional, option, flag }
    struct Name: Decodable {
        enum Kind: String, Decodable { case long, short, longWithSingleDash }
        let kind: Kind
        let name: String
    }

    let kind: Kind
    let shouldDisplay: Bool
    let names: [Name]?
    let preferredName: Name?
    let valueName: String?
    let defaultValue: String?
    let abstract: String?
    let discussion: String?
    let isOptional: Bool
    let isRepeating: Bool
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: mdoc

/// A text line: backslashes escaped, and a leading dot or apostrophe (which would make
/// it a request) or leading spaces (which would break the line) neutralised.
func textLine(_ line: String) -> String {
    var text = line.replacingOccurrences(of: "\\", with: "\\e")
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    if text.first == "." || text.first == "'" { text = "\\&" + text }
    return text
}

/// Paragraphs of free text: blank lines become .Pp.
func paragraphs(_ text: String) -> [String] {
    var lines: [String] = []
    var pendingBreak = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
            pendingBreak = !lines.isEmpty
            continue
        }
        if pendingBreak { lines.append(".Pp"); pendingBreak = false }
        lines.append(textLine(String(line)))
    }
    return lines
}

/// One macro argument, quoted so that it is taken literally (never as a macro or a
/// delimiter).
func argument(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\"", with: "\\(dq")
    return "\"\(escaped)\""
}

func flagName(_ name: ArgumentInfo.Name) -> String {
    switch name.kind {
    case .long: return "Fl " + argument("-" + name.name)
    case .short, .longWithSingleDash: return "Fl " + argument(name.name)
    }
}

/// `Fl -display Ar name`, `Ar file ...`: how the argument is written.
func usage(of item: ArgumentInfo, names: [ArgumentInfo.Name]) -> String {
    let value = "Ar " + argument(item.valueName ?? "value")
    let flags = names.map(flagName).joined(separator: " , ")
    switch item.kind {
    case .positional: return value + (item.isRepeating ? " No ..." : "")
    case .option: return flags + " " + value
    case .flag: return flags
    }
}

/// "2026-11-22" -> "November 22, 2026", the form .Dd takes.
func documentDate(_ iso: String) throws -> String {
    let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                  "September", "October", "November", "December"]
    let parts = iso.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else {
        throw UsageError("--date must be YYYY-MM-DD, not \(iso)")
    }
    return "\(months[parts[1] - 1]) \(parts[2]), \(parts[0])"
}

func page(for tool: ToolInfo, date: String, sections: String) throws -> String {
    let command = tool.command
    let name = command.commandName
    let shown = (command.arguments ?? []).filter(\.shouldDisplay)
    var lines = [
        ".\\\" \(name)(1): NAME, SYNOPSIS, DESCRIPTION and OPTIONS are generated from the",
        ".\\\" command's definition (\(name) --experimental-dump-help) when TouchTracker is",
        ".\\\" built; the sections after OPTIONS are Resources/touchtracker-manual.mdoc.",
        ".Dd \(try documentDate(date))",
        ".Dt \(name.uppercased()) 1",
        ".Os",
        ".Sh NAME",
        ".Nm \(name)",
    ]
    var summary = (command.abstract ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    if summary.hasSuffix(".") { summary.removeLast() }
    // A NAME line's description starts in lower case, unless it starts with an acronym.
    if let first = summary.first, first.isUppercase, summary.dropFirst().first?.isLowercase ?? true {
        summary = first.lowercased() + summary.dropFirst()
    }
    lines.append(".Nd " + argument(summary))

    lines += [".Sh SYNOPSIS", ".Nm"]
    for item in shown {
        let names = item.preferredName.map { [$0] } ?? []
        let written = usage(of: item, names: names)
        lines.append(item.isOptional ? ".Op \(written)" : ".\(written)")
    }

    // The discussion, or else the abstract that NAME already gives.
    if let description = [command.discussion, command.abstract].compactMap({ $0 }).first(where: { !$0.isEmpty }) {
        lines += [".Sh DESCRIPTION"] + paragraphs(description)
    }

    if !shown.isEmpty {
        lines += [".Sh OPTIONS", ".Bl -tag -width Ds"]
        for item in shown {
            let names = (item.names ?? []).sorted { ($0.kind == .short ? 0 : 1) < ($1.kind == .short ? 0 : 1) }
            lines.append(".It " + usage(of: item, names: names))
            if let abstract = item.abstract, !abstract.isEmpty { lines += paragraphs(abstract) }
            if let discussion = item.discussion, !discussion.isEmpty { lines += [".Pp"] + paragraphs(discussion) }
            if let value = item.defaultValue, !value.isEmpty {
                lines += ["The default is", ".Ql \(argument(value)) ."]
            }
        }
        lines.append(".El")
    }

    let text = lines.joined(separator: "\n") + "\n" + sections
    return text.hasSuffix("\n") ? text : text + "\n"
}

// MARK: Command line

func run() throws {
    var date: String?
    var sectionsPath: String?
    var arguments = CommandLine.arguments.dropFirst()
    while let option = arguments.popFirst() {
        switch option {
        case "--date": date = arguments.popFirst()
        case "--sections": sectionsPath = arguments.popFirst()
        default: throw UsageError("unknown argument \(option); usage: touchtracker-manual --date YYYY-MM-DD --sections FILE")
        }
    }
    guard let date, let sectionsPath else {
        throw UsageError("usage: touchtracker-manual --date YYYY-MM-DD --sections FILE < dump-help.json")
    }
    let sections: String
    do {
        sections = try String(contentsOfFile: sectionsPath, encoding: .utf8)
    } catch {
        throw UsageError("cannot read \(sectionsPath): \(error.localizedDescription)")
    }
    let input = FileHandle.standardInput.readDataToEndOfFile()
    let tool: ToolInfo
    do {
        tool = try JSONDecoder().decode(ToolInfo.self, from: input)
    } catch {
        throw UsageError("standard input is not the output of --experimental-dump-help: \(error)")
    }
    guard tool.serializationVersion == 0 else {
        throw UsageError("--experimental-dump-help gave serialization version \(tool.serializationVersion); this tool reads version 0")
    }
    FileHandle.standardOutput.write(Data(try page(for: tool, date: date, sections: sections).utf8))
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("touchtracker-manual: \(error)\n".utf8))
    exit(1)
}
