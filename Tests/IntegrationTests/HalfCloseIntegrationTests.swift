import Foundation
import MenudNative
import XCTest

/// Clients that shut down their write side when their input ends (`socat`, `nc -N`): the
/// answers still owed to them arrive, then the connection ends.
final class HalfCloseIntegrationTests: XCTestCase {
    private func line(_ id: Int, _ method: String, _ params: [String: Any]) throws -> [UInt8] {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        return Array(try JSONSerialization.data(withJSONObject: message)) + [0x0A]
    }

    /// Every line until the daemon ends the connection, decoded.
    private func readToEnd(_ socket: UnixSocketClient) throws -> [[String: Any]] {
        var objects: [[String: Any]] = []
        while let line = try socket.readLine(timeoutMs: 30_000) {
            if line.isEmpty { continue }
            objects.append(try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]))
        }
        return objects
    }

    private func answer(_ id: Int, in objects: [[String: Any]]) -> [String: Any]? {
        objects.first { $0["id"] as? Int == id }
    }

    func testTheActionsAnswerArrivesAfterTheClientShutsDownItsSide() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "hello")
        try daemon.writeReady("b.txt", "other")
        try daemon.start()
        let rpc = try daemon.client()
        let (menu, item) = try rpc.openMenu(["path": "a.txt"], item: "Duplicate")
        XCTAssertEqual(try rpc.call("menu.select", ["menu": menu, "item": item])["dismiss"] as? Bool, true)
        // A second menu, opened and never dismissed: it can never be now.
        let (undismissed, _) = try rpc.openMenu(["path": "b.txt"], item: "Inspect")

        try rpc.socket.send(try line(40, "menu.dismissed", ["menu": menu]))
        XCTAssertEqual(shutdown(rpc.socket.fileDescriptor, Int32(SHUT_WR)), 0)
        let received = try readToEnd(rpc.socket)
        let result = try XCTUnwrap(answer(40, in: received)?["result"] as? [String: Any], "the dismissal is answered: \(received)")
        XCTAssertEqual(result["ran"] as? Bool, true)
        XCTAssertEqual(result["item"] as? String, item)
        XCTAssertTrue(FileManager.default.fileExists(atPath: daemon.path("a copy.txt").path))

        // The other menu was closed with the connection's input, and the connection is gone.
        let other = try daemon.client()
        XCTAssertThrowsError(try other.call("menu.select", ["menu": undismissed, "item": "i1"]))
        try eventually("the half-closed client is gone") { try other.call("daemon.status")["connections"] as? Int == 1 }
        XCTAssertTrue(daemon.process.isRunning)
    }

    func testAMenuBeingBuiltAndALastLineWithoutNewlineAreAnswered() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "hello")
        try daemon.start()
        let socket = try UnixSocketClient(path: daemon.socketPath)
        try socket.send(try line(1, "menu.open", ["target": ["path": "a.txt"]]))
        try socket.send(Array(#"{"jsonrpc":"2.0","id":2,"method":"daemon.status"}"#.utf8))
        XCTAssertEqual(shutdown(socket.fileDescriptor, Int32(SHUT_WR)), 0)
        let received = try readToEnd(socket)
        let menu = try XCTUnwrap((answer(1, in: received)?["result"] as? [String: Any])?["menu"] as? [String: Any], "\(received)")
        XCTAssertNotNil(menu["id"])
        XCTAssertNotNil((answer(2, in: received)?["result"] as? [String: Any])?["pid"], "the unterminated last line is answered: \(received)")

        // The menu was never dismissed and never can be: it is closed, and nothing ran.
        let rpc = try daemon.client()
        XCTAssertThrowsError(try rpc.call("menu.dismissed", ["menu": menu["id"] as Any]))
        try eventually("only this client is connected") { try rpc.call("daemon.status")["connections"] as? Int == 1 }
    }
}
