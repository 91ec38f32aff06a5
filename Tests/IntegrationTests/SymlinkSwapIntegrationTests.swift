import Foundation
import XCTest

/// Folders of the root swapped for links to folders outside it: what the daemon tracks stays
/// beneath the root, whatever is written out there afterwards.
final class SymlinkSwapIntegrationTests: XCTestCase {
    private func paths(_ rpc: RPCClient) throws -> [String] {
        try rpc.list().compactMap { $0["path"] as? String }
    }

    func testAFolderSwappedForALinkNeverBringsOutsideFilesIn() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("sub/x.txt", "x")
        try daemon.writeReady("deep/a/b/y.txt", "y")
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertEqual(try paths(rpc), ["deep/a/b/y.txt", "sub/x.txt"])
        let outside = daemon.home.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)

        // The folder itself moved out and a link to it put in its place.
        let movedSub = outside.appendingPathComponent("sub")
        try FileManager.default.moveItem(at: daemon.path("sub"), to: movedSub)
        try FileManager.default.createSymbolicLink(at: daemon.path("sub"), withDestinationURL: movedSub)
        // A parent deeper in: deep/a swapped for a link to a look-alike tree outside.
        let lookAlike = outside.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: lookAlike.appendingPathComponent("b"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: daemon.path("deep/a"), to: outside.appendingPathComponent("a-old"))
        try FileManager.default.createSymbolicLink(at: daemon.path("deep/a"), withDestinationURL: lookAlike)
        try eventually("the swapped folders' files are gone") { try paths(rpc).isEmpty }

        // Written out there now: in the folder that was moved out, and in the look-alike.
        for name in ["secret.txt", "x.txt"] {
            try Data("outside".utf8).write(to: movedSub.appendingPathComponent(name))
            try Data("outside".utf8).write(to: lookAlike.appendingPathComponent("b/\(name)"))
            try Data("outside".utf8).write(to: outside.appendingPathComponent("a-old/b/\(name)"))
        }
        // A fresh folder holding a link to outside is crawled: the link is not followed.
        try FileManager.default.createDirectory(at: daemon.path("fresh"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: daemon.path("fresh/out"), withDestinationURL: outside)
        try daemon.write("fresh/in.txt", "in")
        try eventually("the fresh folder is crawled") { try paths(rpc) == ["fresh/in.txt"] }
        usleep(800_000)  // longer than the settle time: any event from outside has been handled
        XCTAssertEqual(try paths(rpc), ["fresh/in.txt"], "nothing from outside the root is listed")
        for path in ["sub/secret.txt", "sub/x.txt", "deep/a/b/secret.txt", "deep/a/b/x.txt", "fresh/out/sub/x.txt"] {
            XCTAssertThrowsError(try rpc.file(path), path)
        }
        XCTAssertEqual(try WatchLeakIntegrationTests.kernelWatchCount(pid: daemon.process.processIdentifier),
                       try rpc.call("daemon.status")["watchedDirectories"] as? Int)
    }
}
