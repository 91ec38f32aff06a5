import Foundation
import MenudNative
import MenudPluginAPI
import XCTest

/// ext4 gives a new file the inode number of one just removed. The file operations of
/// ActionContext compare the birth time the action was given too, so a new file under the old
/// numbers is refused as another file.
final class ReusedInodeTests: XCTestCase {
    func testANewFileWithTheOldNumbersIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("a.txt", "a")
        let folder = try DirectoryDescriptor.open(path: Array(directory.path.utf8)).get()
        let born = try XCTUnwrap(folder.birthTime(ofEntry: Array("a.txt".utf8)), "this file system records no birth time")
        let plain = try directory.file("a.txt")
        func file(born: Int64) -> TargetFile {
            TargetFile(path: plain.path, absolutePath: plain.absolutePath, state: .ready, size: plain.size, mtimeMs: plain.mtimeMs,
                       identity: plain.identity, birthNs: born)
        }
        let context = ActionContext(files: [plain], root: directory.path, processes: FoundationProcessLauncher())
        XCTAssertNoThrow(try context.openParent(of: file(born: born)))
        XCTAssertThrowsError(try context.openParent(of: file(born: born - 1))) { error in
            XCTAssertEqual((error as? FileAccessFailure)?.problem, .replaced)
        }
        XCTAssertThrowsError(try context.openForReading(file(born: born + 1)))
        XCTAssertNoThrow(try context.openParent(of: plain), "no birth time given: device and inode decide")
    }
}
