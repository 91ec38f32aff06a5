import Foundation
import Glibc
import XCTest

/// `menuctl ls` and `ls --json` read the listing a page at a time: more files than a page
/// print the same as the daemon's whole answer.
final class MenuctlPagingIntegrationTests: XCTestCase {
    func testListingsLongerThanAPagePrintEveryFileOnceInOrder() throws {
        let daemon = try DaemonProcess()
        let count = 11_003  // two full pages and part of a third
        let folder = daemon.root.path + "/many"
        XCTAssertEqual(mkdir(folder, 0o755), 0)
        for index in 0..<count {
            let descriptor = open(folder + "/" + String(format: "f%05d.dat", index), O_WRONLY | O_CREAT | O_EXCL, 0o644)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            close(descriptor)
        }
        try daemon.start(settle: "200ms")
        try eventually("the files settle", timeout: 30) {
            try daemon.client().call("files.list", ["state": "pending", "limit": 1])["total"] as? Int == 0
        }
        let whole = try daemon.client().call("files.list", [:], timeoutMs: 60_000)

        let json = try MenuctlProcess.run(["ls", "--json"], socketPath: daemon.socketPath)
        XCTAssertEqual(json.exitCode, 0, json.stderr)
        XCTAssertEqual(json.stdout.filter { $0 == "\n" }.count, 1, "one line")
        let paged = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(Set(paged.keys), Set(whole.keys))
        XCTAssertEqual(paged["total"] as? Int, count)
        XCTAssertEqual(paged["clock"] as? String, whole["clock"] as? String, "nothing changed between the pages")
        // Every field but `reason`, whose "unchanged for …" counts from the moment of the answer.
        let fields = { (answer: [String: Any]) -> [NSDictionary] in
            (answer["files"] as? [[String: Any]] ?? []).map { file in
                var kept = file
                kept["reason"] = nil
                return kept as NSDictionary
            }
        }
        XCTAssertEqual(fields(paged).count, count)
        XCTAssertEqual(fields(paged), fields(whole), "the pages joined are the whole listing")

        let table = try MenuctlProcess.run(["ls"], socketPath: daemon.socketPath)
        XCTAssertEqual(table.exitCode, 0, table.stderr)
        let names = table.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        XCTAssertEqual(names, (0..<count).map { String(format: "many/f%05d.dat", $0) })
    }
}
