import TouchTrackerCore
import XCTest

final class PicturesFolderTests: XCTestCase {
    private let home = "/home/ann"

    private func folder(_ userDirs: String?, home: String? = "/home/ann") -> String? {
        PicturesFolder.path(userDirs: userDirs, home: home)
    }

    func testWithoutTheFileOrItsEntryPicturesGoToHomePictures() {
        XCTAssertEqual(folder(nil), "/home/ann/Pictures")
        XCTAssertEqual(folder(""), "/home/ann/Pictures")
        XCTAssertEqual(folder("XDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"), "/home/ann/Pictures")
        XCTAssertEqual(folder(nil, home: "/home/ann/"), "/home/ann/Pictures")
    }

    /// What xdg-user-dirs-update writes, here for a German desktop.
    func testTheFileAsXdgUserDirsUpdateWritesItNamesTheFolder() {
        let file = """
            # This file is written by xdg-user-dirs-update
            # If you want to change or add directories, just edit the line you're
            # interested in. All local changes will be retained on the next run.
            # Format is XDG_xxx_DIR="$HOME/yyy", where yyy is a shell-escaped
            # homedir-relative path, or XDG_xxx_DIR="/yyy", where /yyy is an
            # absolute path. No other format is supported.
            #
            XDG_DESKTOP_DIR="$HOME/Schreibtisch"
            XDG_DOWNLOAD_DIR="$HOME/Downloads"
            XDG_PICTURES_DIR="$HOME/Bilder"
            XDG_VIDEOS_DIR="$HOME/Videos"

            """
        XCTAssertEqual(folder(file), "/home/ann/Bilder")
    }

    func testEveryFormOfTheEntry() {
        let table: [(String, String?)] = [
            (#"XDG_PICTURES_DIR="/srv/kiosk/pictures""#, "/srv/kiosk/pictures"),
            (#"XDG_PICTURES_DIR="$HOME/My Pictures/""#, "/home/ann/My Pictures"),
            (#"  XDG_PICTURES_DIR="$HOME/Fotos" # comment after"#, "/home/ann/Fotos"),
            (#"XDG_PICTURES_DIR="$HOME""#, "/home/ann"),
            (#"XDG_PICTURES_DIR="$HOME/""#, "/home/ann"),
            (#"XDG_PICTURES_DIR="$HOME/say \"cheese\"""#, #"/home/ann/say "cheese""#),
            (#"XDG_PICTURES_DIR="$HOME/\$5 \\ \`x\`""#, #"/home/ann/$5 \ `x`"#),
            // Not the documented form: ignored, so the default holds.
            (#"XDG_PICTURES_DIR="Pictures""#, "/home/ann/Pictures"),
            (#"XDG_PICTURES_DIR="$HOMEWORK/x""#, "/home/ann/Pictures"),
            (#"XDG_PICTURES_DIR="${HOME}/x""#, "/home/ann/Pictures"),
            (#"XDG_PICTURES_DIR=$HOME/Unquoted"#, "/home/ann/Pictures"),
            (#"XDG_PICTURES_DIR="$HOME/unclosed"#, "/home/ann/Pictures"),
            (#"# XDG_PICTURES_DIR="/commented/out""#, "/home/ann/Pictures"),
            (#"XDG_PICTURES_DIR = "/spaced""#, "/home/ann/Pictures"),
            (#"MY_XDG_PICTURES_DIR="/other""#, "/home/ann/Pictures"),
        ]
        for (row, expected) in table {
            XCTAssertEqual(folder(row + "\n"), expected, row)
        }
    }

    func testTheLastValidEntryWinsAsInTheShell() {
        XCTAssertEqual(folder("XDG_PICTURES_DIR=\"/first\"\nXDG_PICTURES_DIR=\"$HOME/second\"\n"), "/home/ann/second")
        XCTAssertEqual(folder("XDG_PICTURES_DIR=\"/first\"\nXDG_PICTURES_DIR=\"broken\"\n"), "/first")
    }

    func testWithoutHomeOnlyAnAbsoluteEntryGivesAFolder() {
        XCTAssertNil(folder(nil, home: nil))
        XCTAssertNil(folder(nil, home: ""))
        XCTAssertNil(folder(#"XDG_PICTURES_DIR="$HOME/Bilder""#, home: nil))
        XCTAssertEqual(folder(#"XDG_PICTURES_DIR="/srv/pictures""#, home: nil), "/srv/pictures")
    }

    func testTheFileIsInXdgConfigHomeWhenThatIsAbsoluteElseInDotConfig() {
        func file(_ variables: [String: String]) -> String? { PicturesFolder.userDirsFile { variables[$0] } }
        XCTAssertEqual(file(["HOME": home, "XDG_CONFIG_HOME": "/etc/kiosk"]), "/etc/kiosk/user-dirs.dirs")
        XCTAssertEqual(file(["HOME": home]), "/home/ann/.config/user-dirs.dirs")
        XCTAssertEqual(file(["HOME": home, "XDG_CONFIG_HOME": "relative"]), "/home/ann/.config/user-dirs.dirs")
        XCTAssertEqual(file(["HOME": home, "XDG_CONFIG_HOME": ""]), "/home/ann/.config/user-dirs.dirs")
        XCTAssertNil(file([:]))
    }
}
