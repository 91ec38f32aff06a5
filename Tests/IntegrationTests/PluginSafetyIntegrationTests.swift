import Foundation
import Glibc
import XCTest

/// Move to Trash and SHA-256 through the real daemon, with the file (or its folder) swapped
/// between menu.select and menu.dismissed (the dismissal sent at once), or while the action
/// waits in its file's queue: whichever catches the swap first (the daemon, -32023, or the
/// plugin's own check beneath the root, -32030), the action never acts on the swapped thing,
/// never reaches outside the root and never blocks. (Measured: the swap before dismissal is
/// caught by the daemon's invalidation; the queued one reaches the plugins.)
final class PluginSafetyIntegrationTests: XCTestCase {
    private let rounds = 6

    private func flatten(_ items: [[String: Any]]) -> [[String: Any]] {
        items.flatMap { [$0] + flatten($0["children"] as? [[String: Any]] ?? []) }
    }

    /// Opens the menu of `path`, selects `title`, runs `swap`, then dismisses at once.
    private func pickAfterSwap(_ rpc: RPCClient, _ path: String, _ title: String, swap: () throws -> Void) throws -> Result<[String: Any], RPCClient.Failure> {
        let menu = try XCTUnwrap(try rpc.call("menu.open", ["target": ["path": path]])["menu"] as? [String: Any])
        let item = try XCTUnwrap(flatten(menu["items"] as? [[String: Any]] ?? []).first { $0["title"] as? String == title },
                                 "no \(title) for \(path)")
        XCTAssertEqual(try rpc.call("menu.select", ["menu": menu["id"] as Any, "item": item["id"] as Any])["dismiss"] as? Bool, true)
        try swap()
        do {
            return .success(try rpc.call("menu.dismissed", ["menu": menu["id"] as Any], timeoutMs: 30_000))
        } catch let failure as RPCClient.Failure {
            return .failure(failure)
        }
    }

    private func assertRefused(_ result: Result<[String: Any], RPCClient.Failure>, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        switch result {
        case .success(let answer): XCTFail("\(what) ran: \(answer)", file: file, line: line)
        case .failure(let failure):
            XCTAssertTrue([-32023, -32030].contains(failure.code), "\(what): \(failure)", file: file, line: line)
        }
    }

    private func outside(_ daemon: DaemonProcess) throws -> URL {
        let outside = daemon.home.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try Data("outside host".utf8).write(to: outside.appendingPathComponent("hostname"))
        for round in 0..<rounds { try Data("outside file".utf8).write(to: outside.appendingPathComponent("dir/f\(round).txt")) }
        return outside
    }

    private func contents(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    func testMoveToTrashNeverTrashesALinkOrAFolderSwappedIn() throws {
        let daemon = try DaemonProcess()
        let outside = try outside(daemon)
        for round in 0..<rounds {
            try daemon.writeReady("link/f\(round).txt", "inside")
            try daemon.writeReady("parent\(round)/f\(round).txt", "inside")
        }
        try daemon.start()
        let rpc = try daemon.client()
        for round in 0..<rounds {
            let file = daemon.path("link/f\(round).txt")
            assertRefused(try pickAfterSwap(rpc, "link/f\(round).txt", "Move to Trash") {
                try FileManager.default.moveItem(at: file, to: file.appendingPathExtension("kept"))
                try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside.appendingPathComponent("hostname"))
            }, "Move to Trash of a file swapped for a link")
            let folder = daemon.path("parent\(round)")
            assertRefused(try pickAfterSwap(rpc, "parent\(round)/f\(round).txt", "Move to Trash") {
                try FileManager.default.moveItem(at: folder, to: folder.appendingPathExtension("kept"))
                try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: outside.appendingPathComponent("dir"))
            }, "Move to Trash of a file whose folder became a link")
        }
        XCTAssertEqual(contents(daemon.home.appendingPathComponent("data/Trash/files")), [], "nothing was trashed")
        XCTAssertEqual(contents(outside.appendingPathComponent("dir")), (0..<rounds).map { "f\($0).txt" }.sorted())
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("hostname"), encoding: .utf8), "outside host")
        for round in 0..<rounds {
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: daemon.path("link/f\(round).txt").path)
            XCTAssertEqual(link, outside.appendingPathComponent("hostname").path, "the link stays where it was")
        }
    }

    func testSha256NeverHashesALinkOrBlocksOnAFIFOSwappedIn() throws {
        let daemon = try DaemonProcess()
        let outside = try outside(daemon)
        for round in 0..<rounds {
            try daemon.writeReady("link\(round).bin", "inside")
            try daemon.writeReady("fifo\(round).bin", "inside")
        }
        try daemon.writeReady("other.txt", "other")
        try daemon.start()
        let rpc = try daemon.client()
        for round in 0..<rounds {
            let link = daemon.path("link\(round).bin")
            assertRefused(try pickAfterSwap(rpc, "link\(round).bin", "SHA-256") {
                try FileManager.default.removeItem(at: link)
                try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside.appendingPathComponent("hostname"))
            }, "SHA-256 of a file swapped for a link")
            let fifo = daemon.path("fifo\(round).bin")
            assertRefused(try pickAfterSwap(rpc, "fifo\(round).bin", "SHA-256") {
                try FileManager.default.removeItem(at: fifo)
                XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
            }, "SHA-256 of a file swapped for a FIFO")
        }
        // Every thread actions run on is free: the next action is answered.
        let menu = try XCTUnwrap(try rpc.call("menu.open", ["target": ["path": "other.txt"]])["menu"] as? [String: Any])
        let inspect = try XCTUnwrap(flatten(menu["items"] as? [[String: Any]] ?? []).first { $0["title"] as? String == "Inspect" })
        _ = try rpc.call("menu.select", ["menu": menu["id"] as Any, "item": inspect["id"] as Any])
        let answer = try rpc.call("menu.dismissed", ["menu": menu["id"] as Any], timeoutMs: 30_000)
        XCTAssertEqual(answer["ran"] as? Bool, true)
    }

    /// A command that holds the file's queue until the test lets it go: it touches `started`
    /// then waits for `release` (both outside the root).
    private func holdConfig(_ daemon: DaemonProcess) -> String {
        let started = daemon.home.appendingPathComponent("started").path
        let release = daemon.home.appendingPathComponent("release").path
        return """
            { commands: [ { title: "Hold", timeout: "60s",
                argv: ["sh", "-c", "touch \\"$1\\"; while [ ! -e \\"$2\\" ]; do sleep 0.05; done", "sh", "\(started)", "\(release)", "{path}"] } ] }
            """
    }

    /// Holds `path`'s queue with the Hold command, queues `title` on it from a second
    /// connection, makes `swap` while it waits, then lets the hold go and returns the answer.
    private func queuedAfterSwap(_ daemon: DaemonProcess, _ path: String, _ title: String, swap: () throws -> Void) throws -> Result<[String: Any], RPCClient.Failure> {
        let started = daemon.home.appendingPathComponent("started")
        let release = daemon.home.appendingPathComponent("release")
        try? FileManager.default.removeItem(at: started)
        try? FileManager.default.removeItem(at: release)
        let holder = try daemon.client()
        let holdMenu = try XCTUnwrap(try holder.call("menu.open", ["target": ["path": path]])["menu"] as? [String: Any])
        let hold = try XCTUnwrap(flatten(holdMenu["items"] as? [[String: Any]] ?? []).first { $0["title"] as? String == "Hold" })
        _ = try holder.call("menu.select", ["menu": holdMenu["id"] as Any, "item": hold["id"] as Any])
        try holder.send(["jsonrpc": "2.0", "id": 900, "method": "menu.dismissed", "params": ["menu": holdMenu["id"] as Any]])
        eventually("the hold started") { FileManager.default.fileExists(atPath: started.path) }

        let rpc = try daemon.client()
        let menu = try XCTUnwrap(try rpc.call("menu.open", ["target": ["path": path]])["menu"] as? [String: Any])
        let item = try XCTUnwrap(flatten(menu["items"] as? [[String: Any]] ?? []).first { $0["title"] as? String == title })
        _ = try rpc.call("menu.select", ["menu": menu["id"] as Any, "item": item["id"] as Any])
        try rpc.send(["jsonrpc": "2.0", "id": 901, "method": "menu.dismissed", "params": ["menu": menu["id"] as Any]])
        _ = try rpc.call("daemon.status")  // answered after the dismissal was taken: the action waits in the queue
        try swap()
        XCTAssertTrue(FileManager.default.createFile(atPath: release.path, contents: nil), "the hold can be released")
        XCTAssertNotNil(try holder.response(id: 900, timeoutMs: 30_000)["result"], "the hold ran")
        let answer = try rpc.response(id: 901, timeoutMs: 30_000)
        if let error = answer["error"] as? [String: Any] {
            return .failure(RPCClient.Failure(code: error["code"] as? Int ?? 0, message: error["message"] as? String ?? "", data: error["data"]))
        }
        return .success(answer["result"] as? [String: Any] ?? [:])
    }

    func testQueuedTrashAndSha256RefuseWhatWasSwappedInWhileTheyWaited() throws {
        let daemon = try DaemonProcess()
        let outside = try outside(daemon)
        for path in ["trash-link.txt", "folder/f0.txt", "sha-link.bin", "sha-fifo.bin"] { try daemon.writeReady(path, "inside") }
        try daemon.start(config: holdConfig(daemon))
        let link = { (path: String) in
            try FileManager.default.moveItem(at: daemon.path(path), to: daemon.path(path).appendingPathExtension("kept"))
            try FileManager.default.createSymbolicLink(at: daemon.path(path), withDestinationURL: outside.appendingPathComponent("hostname"))
        }
        assertRefused(try queuedAfterSwap(daemon, "trash-link.txt", "Move to Trash") { try link("trash-link.txt") },
                      "a queued Move to Trash of a file swapped for a link")
        assertRefused(try queuedAfterSwap(daemon, "folder/f0.txt", "Move to Trash") {
            try FileManager.default.moveItem(at: daemon.path("folder"), to: daemon.path("folder.kept"))
            try FileManager.default.createSymbolicLink(at: daemon.path("folder"), withDestinationURL: outside.appendingPathComponent("dir"))
        }, "a queued Move to Trash of a file whose folder became a link")
        assertRefused(try queuedAfterSwap(daemon, "sha-link.bin", "SHA-256") { try link("sha-link.bin") },
                      "a queued SHA-256 of a file swapped for a link")
        assertRefused(try queuedAfterSwap(daemon, "sha-fifo.bin", "SHA-256") {
            try FileManager.default.moveItem(at: daemon.path("sha-fifo.bin"), to: daemon.path("sha-fifo.kept"))
            XCTAssertEqual(mkfifo(daemon.path("sha-fifo.bin").path, 0o600), 0)
        }, "a queued SHA-256 of a file swapped for a FIFO")
        XCTAssertEqual(contents(daemon.home.appendingPathComponent("data/Trash/files")), [], "nothing was trashed")
        XCTAssertEqual(contents(outside.appendingPathComponent("dir")), (0..<rounds).map { "f\($0).txt" }.sorted())
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("hostname"), encoding: .utf8), "outside host")
    }
}
