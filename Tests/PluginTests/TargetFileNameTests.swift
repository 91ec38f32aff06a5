import MenudPluginAPI
import XCTest

/// `TargetFile.name` is the part after the last "/" Character of the absolute path, whatever
/// the bytes around the slash (its byte search must agree with the Character search).
final class TargetFileNameTests: XCTestCase {
    private func name(_ absolutePath: String) -> String {
        TargetFile(path: "x", absolutePath: absolutePath, state: .ready, size: 0, mtimeMs: 0).name
    }

    /// The Character search the name was always made by.
    private func byCharacters(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    func testTheNameIsWhatTheCharacterSearchFinds() {
        let paths = [
            "/srv/files/intro.mp4", "intro.mp4", "/", "/srv/", "/srv/ünïcödé.txt", "/srv/日本語/ファイル",
            "/srv/a/\u{301}accent-first", "/srv/\u{301}/b", "/srv/e\u{301}/b", "/srv/\u{600}/b", "/srv/a\u{600}/b",
            "/srv/👩‍👩‍👧/x", "/srv/x/👍🏽", "/srv/x/\u{200D}y", "//", "",
        ]
        for path in paths {
            XCTAssertEqual(name(path), byCharacters(path), path.debugDescription)
        }
    }
}
