import Foundation
import Glibc
import MenudNative
import XCTest

/// `files.list` on large trees of real files: answers agree with a listing of the disk (globs,
/// `since`, states, pages), and a client that stops reading a huge answer holds up nobody.
final class LargeTreeIntegrationTests: XCTestCase {
    /// `directories` folders of `perDirectory` empty files; every tenth one a `.part` (pending).
    private func makeTree(in daemon: DaemonProcess, directories: Int, perDirectory: Int) throws {
        for directory in 0..<directories {
            let folder = daemon.root.path + "/" + String(format: "d%03d", directory)
            guard mkdir(folder, 0o755) == 0 else { throw DaemonTestError("could not create \(folder): errno \(errno)") }
            for file in 0..<perDirectory {
                let name = String(format: "f%04d", file) + (file % 10 == 3 ? ".part" : ".dat")
                // open(2) itself: FileManager writes each file through a temporary one and a rename.
                // (and paths as strings: URL.appendingPathComponent asks the disk what each one is).
                let descriptor = open(folder + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                guard descriptor >= 0 else { throw DaemonTestError("could not create \(name) in \(folder): errno \(errno)") }
                close(descriptor)
            }
        }
    }

    /// Every regular file under the root, relative, in bytewise order (what `files.list` sorts by).
    private func diskListing(_ daemon: DaemonProcess) -> [String] {
        let root = daemon.root.path
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeRegular { paths.append(relative) }
        }
        return paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    private func paths(_ answer: [String: Any]) -> [String] {
        (answer["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    private func listing(_ rpc: RPCClient, _ params: [String: Any]) throws -> [String: Any] {
        var params = params
        if params["fields"] == nil { params["fields"] = ["path"] }
        return try rpc.call("files.list", params, timeoutMs: 60_000)
    }

    func testFilesListOfAHundredThousandFilesAgreesWithTheDisk() throws {
        let daemon = try DaemonProcess()
        try makeTree(in: daemon, directories: 100, perDirectory: 1000)
        try daemon.start(settle: "300ms")
        let rpc = try daemon.client()
        let disk = diskListing(daemon)
        XCTAssertEqual(disk.count, 100_000)

        // Everything, with every field, once: the same paths in the same order, states settled.
        try eventually("the files settle", timeout: 30) {
            try self.listing(rpc, ["state": "pending", "fields": ["path"]])["total"] as? Int == 10_000
        }
        let whole = try rpc.call("files.list", [:], timeoutMs: 60_000)
        XCTAssertEqual(whole["total"] as? Int, 100_000)
        XCTAssertEqual(paths(whole), disk, "the whole listing is the disk's, bytewise sorted")
        let states = Dictionary(grouping: whole["files"] as? [[String: Any]] ?? [], by: { $0["state"] as? String ?? "?" }).mapValues(\.count)
        XCTAssertEqual(states, ["ready": 90_000, "pending": 10_000])

        // States.
        XCTAssertEqual(paths(try listing(rpc, ["state": "pending"])), disk.filter { $0.hasSuffix(".part") })
        XCTAssertEqual(try listing(rpc, ["state": "ready", "limit": 1])["total"] as? Int, 90_000)

        // Globs: one directory, a recursive literal name, a prefix across directories.
        XCTAssertEqual(paths(try listing(rpc, ["glob": "d042/*"])), disk.filter { $0.hasPrefix("d042/") })
        XCTAssertEqual(paths(try listing(rpc, ["glob": "**/f0777.dat"])), disk.filter { $0.hasSuffix("/f0777.dat") })
        XCTAssertEqual(paths(try listing(rpc, ["glob": "d01*/f00*.part"])),
                       disk.filter { $0.hasPrefix("d01") && $0.contains("/f00") && $0.hasSuffix(".part") })

        // Pages: 10,000 at a time, joined, are the whole listing; each says the total.
        var joined: [String] = []
        for offset in stride(from: 0, to: 100_000, by: 10_000) {
            let page = try listing(rpc, ["offset": offset, "limit": 10_000])
            XCTAssertEqual(page["total"] as? Int, 100_000)
            joined += paths(page)
        }
        XCTAssertEqual(joined, disk)
        XCTAssertEqual(paths(try listing(rpc, ["state": "pending", "offset": 9_990, "limit": 100])),
                       Array(disk.filter { $0.hasSuffix(".part") }.suffix(10)))

        // Since: what was created, written and removed after a clock.
        let clock = try XCTUnwrap(whole["clock"] as? String)
        try daemon.write("d007/new.dat", "new")
        try daemon.write("d050/f0001.dat", "written")
        try FileManager.default.removeItem(at: daemon.path("d099/f0999.dat"))
        try FileManager.default.removeItem(at: daemon.path("d000/f0000.dat"))
        try eventually("the changes are seen", timeout: 20) {
            self.paths(try self.listing(rpc, ["since": clock])) == ["d007/new.dat", "d050/f0001.dat"]
        }
        let since = try listing(rpc, ["since": clock])
        XCTAssertEqual((since["removed"] as? [String])?.sorted(), ["d000/f0000.dat", "d099/f0999.dat"])
        XCTAssertEqual(paths(try listing(rpc, [:])), diskListing(daemon))
    }

    func testAClientThatStopsReadingAHugeListingDoesNotStallAnotherClient() throws {
        let daemon = try DaemonProcess()
        try makeTree(in: daemon, directories: 40, perDirectory: 1000)
        try daemon.start()
        // About 9 MB of answer: far more than the socket buffers and the daemon's window.
        let other = try daemon.client()
        _ = try other.call("files.list", [:], timeoutMs: 60_000)  // the heap's high-water mark of one answer
        usleep(300_000)
        let pid = daemon.process.processIdentifier
        let before = try LoadProcessMemory.residentMegabytes(pid)
        let stalled = try UnixSocketClient(path: daemon.socketPath)
        try stalled.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"files.list"}"#)
        let leaving = try UnixSocketClient(path: daemon.socketPath)
        try leaving.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"files.list"}"#)
        for round in 0..<20 {
            let status = try other.call("daemon.status", timeoutMs: 20_000)
            XCTAssertEqual((status["files"] as? [String: Any])?["total"] as? Int, 40_000, "round \(round)")
            XCTAssertEqual(try other.list(["glob": "d003/f0001.dat"]).count, 1)
            if round == 5 { leaving.close() }  // gone half-way through its answer
            usleep(20_000)
        }
        let during = try LoadProcessMemory.residentMegabytes(pid)
        // The stalled client still gets its whole answer once it reads.
        let line = try XCTUnwrap(try stalled.readLine(timeoutMs: 60_000))
        let answer = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        let result = try XCTUnwrap(answer["result"] as? [String: Any])
        XCTAssertEqual(result["total"] as? Int, 40_000)
        XCTAssertEqual((result["files"] as? [Any])?.count, 40_000)
        // Two answers were asked for and not read; the daemon held a window of each, not them.
        LoadProcessMemory.assertFlat(pid: pid, before: before, after: during, allowed: Double(line.count) / 1_000_000 / 2,
                                     "two clients not reading \(line.count) bytes of answer")
        XCTAssertNotNil(try other.call("daemon.status"))
        XCTAssertEqual(daemon.stop(), 0)
    }
}
