import Foundation
import Glibc
import MenudNative
import XCTest

/// A module is judged with every folder above it, as sshd's StrictModes does: whoever can rename
/// a folder above the module's can put another folder, with other modules, in its place.
final class SharedModuleCheckTests: XCTestCase {
    private var sandbox: NativeSandbox!

    override func setUpWithError() throws { sandbox = try NativeSandbox() }
    override func tearDown() { sandbox.remove() }

    /// `base/above/plugins/m.so`, with `above` given `mode`; the module and its folder are safe.
    private func module(above mode: mode_t) throws -> String {
        let file = sandbox.base + "/above/plugins/m.so"
        try sandbox.write(file, "not loaded: check() only judges the file")
        XCTAssertEqual(chmod(sandbox.base + "/above/plugins", 0o755), 0)
        XCTAssertEqual(chmod(file, 0o644), 0)
        XCTAssertEqual(chmod(sandbox.base + "/above", mode), 0)
        return file
    }

    func testAFolderAboveThatAnyoneCanWriteToIsRefused() throws {
        let file = try module(above: 0o777)
        guard case .failure(.unsafe(let text)) = SharedModule.check(file) else { return XCTFail("\(SharedModule.check(file))") }
        XCTAssertTrue(text.contains("the folder \(sandbox.base)/above above it can be written by anyone"), text)
    }

    func testAFolderAboveThatItsGroupCanWriteToIsRefused() throws {
        let file = try module(above: 0o775)
        guard case .failure(.unsafe(let text)) = SharedModule.check(file) else { return XCTFail("\(SharedModule.check(file))") }
        XCTAssertTrue(text.contains("can be written by its group (mode 775)"), text)
    }

    func testSafeFoldersAboveAndASharedStickyFolderOfRootAreAccepted() throws {
        XCTAssertNoThrow(try SharedModule.check(module(above: 0o755)).get())
        // The sandbox lives in /tmp (root's, sticky, writable by anyone): others can add names
        // there but not rename ours. The same for a sticky folder of root's own.
        XCTAssertNoThrow(try SharedModule.check(module(above: 0o1777)).get())
    }

    func testTheFolderAboveIsJudgedThroughALinkToIt() throws {
        let file = try module(above: 0o777)
        try sandbox.link(sandbox.base + "/alias", to: sandbox.base + "/above/plugins")
        guard case .failure(.unsafe(let text)) = SharedModule.check(sandbox.base + "/alias/m.so") else {
            return XCTFail("a link to the module's folder hides the folder above it")
        }
        XCTAssertTrue(text.contains("/above above it"), text)
        _ = file
    }
}
