import Foundation
import XCTest

/// The daemon keeps the root's descriptor open between requests, which would hide the root's
/// removal from inotify (IN_DELETE_SELF comes once the last descriptor goes): against the real
/// daemon, the root is removed right after menus were opened in it, in every way it can be
/// emptied first, and the daemon still says so and comes back with it; and an idle daemon lets
/// the descriptor go, so the root's file system can be unmounted.
final class RootHeldOpenIntegrationTests: XCTestCase {
    /// A menu opened and cancelled on `path`: the root was opened (and is held) for it.
    private func openAndCancel(_ rpc: RPCClient, _ path: String) throws {
        let menu = try XCTUnwrap(try rpc.call("menu.open", ["target": ["path": path]])["menu"] as? [String: Any])
        _ = try rpc.call("menu.cancel", ["menu": menu["id"] as Any])
    }

    /// A daemon on a root holding a.txt, after a menu on it (the root is held now).
    private func startWithAMenuOnAFile() throws -> (DaemonProcess, RPCClient) {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start(settle: "400ms")
        let rpc = try daemon.client()
        try eventually("a.txt is listed") { try rpc.list().count == 1 }
        try openAndCancel(rpc, "a.txt")
        return (daemon, rpc)
    }

    private func assertRemovalNoticed(_ daemon: DaemonProcess, _ rpc: RPCClient, times: Int) throws {
        try eventually("the daemon says the root is gone") {
            daemon.log.components(separatedBy: "was removed or moved away").count - 1 == times
        }
        XCTAssertEqual(try rpc.call("daemon.status")["watchedDirectories"] as? Int, 0)
    }

    func testRootEmptiedAndRemovedAtOnceAfterAMenu() throws {
        let (daemon, rpc) = try startWithAMenuOnAFile()
        // The last file and the root in one go, before the daemon hears of the file.
        XCTAssertEqual(unlink(daemon.path("a.txt").path), 0)
        XCTAssertEqual(rmdir(daemon.root.path), 0)
        try assertRemovalNoticed(daemon, rpc, times: 1)

        // Back with a folder in it: held again after a menu, then removed folder first.
        try FileManager.default.createDirectory(at: daemon.root, withIntermediateDirectories: true)
        try daemon.writeReady("sub/b.txt", "b")
        try eventually("the daemon sees the root again") { daemon.log.contains("is back") }
        try eventually("sub/b.txt is listed") { try rpc.list().count == 1 }
        try openAndCancel(rpc, "sub/b.txt")
        try FileManager.default.removeItem(at: daemon.root)
        try assertRemovalNoticed(daemon, rpc, times: 2)
        XCTAssertTrue(daemon.process.isRunning)
    }

    func testRootEmptiedByAMoveThenRemoved() throws {
        let (daemon, rpc) = try startWithAMenuOnAFile()
        XCTAssertEqual(rename(daemon.path("a.txt").path, daemon.home.appendingPathComponent("a.txt").path), 0)
        XCTAssertEqual(rmdir(daemon.root.path), 0)
        try assertRemovalNoticed(daemon, rpc, times: 1)
    }

    /// The daemon's descriptors open on the root directory itself.
    private func descriptorsOnRoot(_ daemon: DaemonProcess) throws -> [String] {
        let pid = daemon.process.processIdentifier
        let root = daemon.root.resolvingSymlinksInPath().path
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == root
        }
    }

    func testIdleDaemonHoldsNothingOpenInTheRoot() throws {
        let (daemon, rpc) = try startWithAMenuOnAFile()
        for _ in 0..<20 { try openAndCancel(rpc, "a.txt") }
        try eventually("a second after the last use, the root is let go") { try descriptorsOnRoot(daemon).isEmpty }
        // And held again for the next menus, and let go again.
        for _ in 0..<5 { try openAndCancel(rpc, "a.txt") }
        try eventually("let go again") { try descriptorsOnRoot(daemon).isEmpty }
        XCTAssertTrue(daemon.process.isRunning)
    }

    func testRootThatWasEmptyWhenAskedIsNotHeld() throws {
        let (daemon, rpc) = try startWithAMenuOnAFile()
        XCTAssertEqual(unlink(daemon.path("a.txt").path), 0)
        try eventually("a.txt is gone") { try rpc.list().isEmpty }
        // The root is opened again, empty now: its own (background) menu.
        let menu = try XCTUnwrap(try rpc.call("menu.open", ["target": ["background": true]])["menu"] as? [String: Any])
        _ = try rpc.call("menu.cancel", ["menu": menu["id"] as Any])
        XCTAssertEqual(rmdir(daemon.root.path), 0)
        try assertRemovalNoticed(daemon, rpc, times: 1)
    }
}
