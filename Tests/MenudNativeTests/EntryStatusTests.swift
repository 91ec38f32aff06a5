import Foundation
import Glibc
import MenudNative
import XCTest

/// `statusAndBirth(ofEntry:)` (one `statx`) says what `status(ofEntry:)` (`fstatat`) says, for
/// every kind of entry, and fails as it fails; its birth time is the entry's creation; and the
/// checked file opener reports what its `fstat` saw.
final class EntryStatusTests: XCTestCase {
    private var sandbox: NativeSandbox!

    override func setUpWithError() throws {
        sandbox = try NativeSandbox()
        try sandbox.write(sandbox.root + "/file.txt", "twelve bytes")
        try sandbox.write(sandbox.root + "/folder/inner.txt", "x")
        XCTAssertEqual(symlink("file.txt", sandbox.root + "/link"), 0)
        XCTAssertEqual(mkfifo(sandbox.root + "/pipe", 0o600), 0)
    }

    override func tearDown() {
        sandbox.remove()
    }

    func testOneCallSaysWhatTheTwoSay() throws {
        let root = try sandbox.opened()
        for name in ["file.txt", "folder", "link", "pipe"] {
            let both = try root.statusAndBirth(ofEntry: Array(name.utf8)).get()
            XCTAssertEqual(both.status, try root.status(ofEntry: Array(name.utf8)).get(), name)
            // Made in setUp: where the file system records a birth, it is the entry's creation,
            // no later than its last status change (ctime), within the test's few seconds.
            if let born = both.birthNs {
                XCTAssertLessThanOrEqual(born / 1_000_000, both.status.ctimeMs, name)
                XCTAssertGreaterThan(born / 1_000_000, both.status.ctimeMs - 60_000, name)
            }
        }
        XCTAssertEqual(try root.statusAndBirth(ofEntry: Array("link".utf8)).get().status.kind, .symlink, "a link is not followed")
        XCTAssertEqual(try root.statusAndBirth(ofEntry: Array("file.txt".utf8)).get().status.size, 12)
        for name in ["missing", "", ".", "..", "folder/inner.txt"] {
            let one = root.statusAndBirth(ofEntry: Array(name.utf8)).map(\.status)
            XCTAssertEqual(one, root.status(ofEntry: Array(name.utf8)), "\(name) fails as fstatat fails")
        }
    }

    func testTheCheckedOpenerReportsTheDescriptorsStatus() throws {
        let root = try sandbox.opened()
        let (descriptor, status) = try root.openCheckedFile(beneath: Array("file.txt".utf8)).get()
        XCTAssertEqual(status, try descriptor.status().get())
        XCTAssertEqual(fcntl(descriptor.number, F_GETFL) & O_NONBLOCK, 0, "set back to blocking")
        XCTAssertEqual(fcntl(descriptor.number, F_GETFL) & O_ACCMODE, O_RDONLY)
        let writable = try root.openCheckedFile(beneath: Array("file.txt".utf8), writing: true).get()
        XCTAssertEqual(fcntl(writable.descriptor.number, F_GETFL) & O_ACCMODE, O_RDWR)
        XCTAssertEqual(fcntl(writable.descriptor.number, F_GETFL) & O_NONBLOCK, 0)
        guard case .failure(.wrongKind(.other)) = root.openCheckedFile(beneath: Array("pipe".utf8)) else {
            return XCTFail("a FIFO is refused without blocking")
        }
    }
}
