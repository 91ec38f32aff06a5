import Foundation
import Glibc
import MenudNative
import Synchronization
import XCTest

/// Listings through one directory descriptor (the root's is held by the loop and lent to the
/// crawler and to actions): each has a position of its own, and `hasEntries` reads one batch.
final class DirectoryListingTests: XCTestCase {
    private var sandbox: NativeSandbox!

    override func setUpWithError() throws {
        sandbox = try NativeSandbox()
    }

    override func tearDown() {
        sandbox.remove()
    }

    func testHasEntriesSeesAnyNameButDotAndDotDot() throws {
        let root = try sandbox.opened()
        XCTAssertEqual(try root.hasEntries().get(), false, "an empty folder")
        XCTAssertEqual(try root.hasEntries().get(), false, "asked again")
        try sandbox.write(sandbox.root + "/.hidden", "h")
        let again = try sandbox.opened()
        XCTAssertEqual(try again.hasEntries().get(), true, "a dot file is an entry")
        XCTAssertNoThrow(try FileManager.default.createDirectory(atPath: sandbox.root + "/..x", withIntermediateDirectories: false))
        unlink(sandbox.root + "/.hidden")
        XCTAssertEqual(try sandbox.opened().hasEntries().get(), true, "a name that starts with two dots")
    }

    func testHasEntriesLeavesListingsWhole() throws {
        for index in 0..<300 { try sandbox.write(sandbox.root + "/file-\(index).txt", "x") }
        let root = try sandbox.opened()
        XCTAssertEqual(try root.hasEntries().get(), true)
        XCTAssertEqual(try root.entries().get().count, 300, "the listing starts at the top whatever the descriptor read")
        XCTAssertEqual(try root.entries().get().count, 300, "and again")
    }

    func testListingsThroughOneDescriptorOnSeveralThreadsAreEachComplete() throws {
        let count = 3000  // more than one batch of the kernel's, so the listings interleave
        for index in 0..<count { try sandbox.write(sandbox.root + "/entry-with-a-longer-name-\(index)", "") }
        let root = try sandbox.opened()
        let results = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<4 {
                let listed = (try? root.entries().get().count) ?? -1
                results.withLock { $0.append(listed) }
            }
        }
        XCTAssertEqual(results.withLock { $0 }, Array(repeating: count, count: 32))
    }
}
