import TouchTrackerCore
import XCTest

final class ExportFileTests: XCTestCase {
    private func format(_ path: String) -> ExportFile.Format? { try? ExportFile(parsing: path).format }

    func testTheExtensionInAnyCaseSaysTheFormat() {
        let table: [(String, ExportFile.Format)] = [
            ("drawing.png", .png), ("out/Drawing.PNG", .png), ("/tmp/a.b.svg", .svg), ("x.Svg", .svg), ("../.hidden.png", .png),
        ]
        for (path, expected) in table {
            XCTAssertEqual(format(path), expected, path)
            XCTAssertEqual(try? ExportFile(parsing: path).path, path, "the path is kept as given")
        }
    }

    func testAnyOtherNameIsRefusedSayingWhichEndingsWork() {
        for path in ["drawing.jpg", "drawing", "png", ".png", "dir.png/", "dir.svg/picture", "drawing.png.txt", ""] {
            XCTAssertThrowsError(try ExportFile(parsing: path), path) { error in
                XCTAssertEqual(error as? ExportFileError, .unknownFormat(path))
            }
        }
        XCTAssertEqual(ExportFileError.unknownFormat("a.jpg").description, "the name must end in .png or .svg (it says which format to write)")
    }
}
