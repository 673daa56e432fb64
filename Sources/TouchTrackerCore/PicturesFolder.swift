/// Where Ctrl+S puts pictures: the folder `xdg-user-dir PICTURES` names. That
/// tool reads XDG_PICTURES_DIR from `$XDG_CONFIG_HOME/user-dirs.dirs` (the
/// file xdg-user-dirs-update writes in the desktop's language: ~/Bilder,
/// ~/Images); here the file's text is an input, so the rule is tested
/// without a home folder. Without the entry, `~/Pictures` (xdg-user-dir
/// itself would say the home folder, where a picture would be lost among
/// everything else).
public enum PicturesFolder {
    /// The file to read: `$XDG_CONFIG_HOME/user-dirs.dirs` when that is an
    /// absolute path (the XDG spec ignores a relative one), else
    /// `~/.config/user-dirs.dirs`; nil without HOME either.
    public static func userDirsFile(environment: (String) -> String?) -> String? {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/user-dirs.dirs" }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return home + "/.config/user-dirs.dirs"
    }

    /// The pictures folder, given the user-dirs.dirs text (nil: no such file)
    /// and HOME. The file is shell syntax, and its documented form is
    /// `XDG_PICTURES_DIR="$HOME/Pictures"` or `XDG_PICTURES_DIR="/absolute/path"`,
    /// with `\` escaping `"`, `\`, `$` and a backquote as the shell reads them;
    /// the last valid entry wins (the shell's assignments do), lines of any
    /// other shape are ignored (as xdg-user-dirs' readers do). Nil when
    /// HOME is unset or empty and no absolute folder is named.
    public static func path(userDirs: String?, home: String?) -> String? {
        let home = home.flatMap { $0.isEmpty ? nil : trimmingTrailingSlashes($0) }
        var named: String?
        for row in (userDirs ?? "").split(separator: "\n", omittingEmptySubsequences: true) {
            if let folder = picturesEntry(row, home: home) { named = folder }
        }
        return named ?? home.map { $0 + "/Pictures" }
    }

    /// The folder one row names for XDG_PICTURES_DIR, or nil.
    private static func picturesEntry(_ row: Substring, home: String?) -> String? {
        var rest = row.drop { $0 == " " || $0 == "\t" }
        let key = "XDG_PICTURES_DIR="
        guard rest.hasPrefix(key) else { return nil }
        rest = rest.dropFirst(key.count)
        guard rest.first == "\"" else { return nil }
        rest = rest.dropFirst()
        // The quoted value, unescaped; nil without its closing quote.
        var value = ""
        var closed = false
        var escaped = false
        for character in rest {
            if escaped {
                if !"\"\\$`".contains(character) { value.append("\\") }
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                closed = true
                break
            } else {
                value.append(character)
            }
        }
        guard closed else { return nil }
        let folder: String
        if value == "$HOME" || value.hasPrefix("$HOME/") {
            guard let home else { return nil }
            folder = home + value.dropFirst("$HOME".count)
        } else if value.hasPrefix("/") {
            folder = value
        } else {
            return nil  // Relative, or another variable: not the documented form.
        }
        return trimmingTrailingSlashes(folder)
    }

    /// "/home/ann/Pictures/" → "/home/ann/Pictures"; "/" stays.
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return String(path)
    }
}
