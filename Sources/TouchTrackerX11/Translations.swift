import CStartUp
import CX11
import Glibc
import TouchTrackerCore
import TouchTrackerSystem

/// The user's language, as the desktop tells every program (LANGUAGE,
/// LC_ALL, LC_MESSAGES, LANG): the phrasebook the program speaks with, read
/// once from the installed gettext catalogue, checked first. The catalogues live in
/// ../share/locale beside the executable's folder (/usr/bin and
/// /usr/share/locale; ~/.local/bin and ~/.local/share/locale), so any
/// install prefix finds its own. A language without a catalogue, a missing
/// or damaged one, or a locale the system lacks: English, silently.
public enum Translations {
    /// The catalogues' name: share/locale/LANGUAGE/LC_MESSAGES/touchtracker.mo.
    public static let domain = "touchtracker"

    /// Read at first use, which the command makes its first act.
    public static let phrasebook: Phrasebook = load()

    /// The folder the catalogues are looked up in: share/locale beside the
    /// folder of the running executable; nil when it cannot be found.
    public static var localeFolder: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        // The bytes, not the text's characters, are searched for the last two
        // slashes: read as text and split, the path cost twenty times as much.
        let path = buffer[..<count]
        let slash = CChar(UInt8(ascii: "/"))
        guard let file = path.lastIndex(of: slash), let folder = path[..<file].lastIndex(of: slash) else { return nil }
        return String(decoding: path[..<folder].map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/share/locale"
    }

    /// Sets the environment's locale for messages and characters, once;
    /// numbers stay C's, so that nothing C parses or prints (fontconfig's
    /// configuration, its patterns) turns a decimal point into a comma. The
    /// program's start sets it before main (CStartUp), before fontconfig's
    /// reading begins beside it: nothing changes the locale after. False when
    /// the system lacks it.
    private static func setLocale() -> Bool { cstartup_set_locale() }

    private static func load() -> Phrasebook {
        guard setLocale() else { return .english }
        let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
        // In the C locale gettext translates nothing, whatever LANGUAGE says.
        guard messages != "C", messages != "POSIX", let folder = localeFolder else { return .english }
        // Without a catalogue gettext gives every phrase back as it was asked:
        // English, without asking it for each phrase before the first frame.
        let catalogues = catalogues(in: folder, for: messages)
        guard catalogues.found, catalogues.intact else { return .english }
        guard bindtextdomain(domain, folder) != nil, bind_textdomain_codeset(domain, "UTF-8") != nil else { return .english }
        textdomain(domain)
        return Phrasebook(header: lookUp(""), lookUp: lookUp, lookUpCounted: lookUp)
    }

    /// Whether gettext may open a catalogue for this locale (found), and
    /// whether every one it may open is intact: glibc trusts a catalogue's
    /// tables, and a damaged one could crash the program at its first lookup.
    private static func catalogues(in folder: String, for messages: String) -> (found: Bool, intact: Bool) {
        let list = getenv("LANGUAGE").map { String(cString: $0) } ?? ""
        let languages = list.isEmpty ? [messages] : list.split(separator: ":").map(String.init)
        // A name gettext reads through locale.alias ("german") may lead it to a
        // catalogue whose folder the name does not say: only gettext can tell.
        var found = !languages.allSatisfy(MessageCatalogue.isUnaliased)
        for name in MessageCatalogue.folderNames(for: languages) {
            switch WholeFile.bytes(at: "\(folder)/\(name)/LC_MESSAGES/\(domain).mo", limit: 64 << 20) {
            case .success(let bytes):
                guard MessageCatalogue.isIntact(bytes) else { return (true, false) }
                found = true
            case .failure(.failed(code: ENOENT)), .failure(.failed(code: ENOTDIR)): continue
            case .failure: return (true, false)
            }
        }
        return (found, true)
    }

    /// gettext gives back the very pointer it was handed when it has no
    /// translation, which is only valid during the call: read it there.
    private static func lookUp(_ message: String) -> String {
        message.withCString { id in
            guard let text = dgettext(domain, id), text != UnsafeMutablePointer(mutating: id) else { return message }
            return String(cString: text)
        }
    }

    private static func lookUp(_ singular: String, _ plural: String, _ count: Int) -> String {
        singular.withCString { one in
            plural.withCString { other in
                guard let text = dngettext(domain, one, other, UInt(count)),
                      text != UnsafeMutablePointer(mutating: one), text != UnsafeMutablePointer(mutating: other)
                else { return count == 1 ? singular : plural }
                return String(cString: text)
            }
        }
    }
}
