import Foundation
import MenudNative
import XCTest

/// Framing, errors and hostile input over a real socket.
final class ProtocolIntegrationTests: XCTestCase {
    func testParseErrorsKeepTheConnectionAndInvalidRequestsAreAnswered() throws {
        let daemon = try DaemonProcess().start()
        let rpc = try daemon.client()
        try rpc.sendRaw("{not json\n")
        let parse = try XCTUnwrap(try rpc.readObject() as? [String: Any])
        XCTAssertEqual((parse["error"] as? [String: Any])?["code"] as? Int, -32700)
        XCTAssertTrue(parse["id"] is NSNull)
        // Still usable.
        XCTAssertNotNil(try rpc.call("daemon.status")["version"])

        try rpc.sendRaw("\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"nope\"}\r\n")
        let missing = try XCTUnwrap(try rpc.readObject() as? [String: Any])
        XCTAssertEqual(missing["id"] as? Int, 7)
        XCTAssertEqual((missing["error"] as? [String: Any])?["code"] as? Int, -32601)

        try rpc.sendRaw("{\"jsonrpc\":\"1.0\",\"id\":8,\"method\":\"daemon.status\"}\n")
        let wrongVersion = try XCTUnwrap(try rpc.readObject() as? [String: Any])
        XCTAssertEqual((wrongVersion["error"] as? [String: Any])?["code"] as? Int, -32600)

        try rpc.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"files.get\",\"params\":{\"path\":5}}\n")
        let badParam = try XCTUnwrap(try rpc.readObject() as? [String: Any])
        let error = try XCTUnwrap(badParam["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32602)
        XCTAssertEqual((error["data"] as? [String: Any])?["param"] as? String, "path")
        XCTAssertFalse((error["message"] as? String ?? "").isEmpty)
    }

    func testBatchesAndNotificationsFromTheClient() throws {
        let daemon = try DaemonProcess().start()
        let rpc = try daemon.client()
        try rpc.sendRaw(#"[{"jsonrpc":"2.0","id":1,"method":"daemon.status"},{"jsonrpc":"2.0","method":"daemon.status"},{"jsonrpc":"2.0","id":"x","method":"missing"},5]"# + "\n")
        let batch = try XCTUnwrap(try rpc.readObject() as? [[String: Any]])
        XCTAssertEqual(batch.count, 3, "the notification gets no answer")
        XCTAssertEqual(batch[0]["id"] as? Int, 1)
        XCTAssertNotNil(batch[0]["result"])
        XCTAssertEqual(batch[1]["id"] as? String, "x")
        XCTAssertEqual((batch[2]["error"] as? [String: Any])?["code"] as? Int, -32600)
        try rpc.sendRaw("[]\n")
        let empty = try XCTUnwrap(try rpc.readObject() as? [String: Any])
        XCTAssertEqual((empty["error"] as? [String: Any])?["code"] as? Int, -32600)
        // A lone notification gets nothing back; the next request is answered normally.
        try rpc.sendRaw(#"{"jsonrpc":"2.0","method":"daemon.status"}"# + "\n")
        XCTAssertEqual(try rpc.request("daemon.status")["id"] as? Int, 1)
    }

    func testOversizedFrameIsAnsweredThenClosed() throws {
        let daemon = try DaemonProcess().start(config: "{ maxFrameBytes: 4096 }")
        let rpc = try daemon.client()
        let other = try daemon.client()
        try rpc.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"daemon.status\",\"params\":{\"x\":\"" + String(repeating: "a", count: 10_000) + "\"}}\n")
        let reply = try XCTUnwrap(try rpc.readObject() as? [String: Any])
        let error = try XCTUnwrap(reply["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? Int, -32600)
        XCTAssertTrue((error["message"] as? String ?? "").contains("4096"))
        XCTAssertTrue(reply["id"] is NSNull)
        XCTAssertNil(try rpc.socket.readLine(timeoutMs: 5000), "the connection is closed")
        XCTAssertNotNil(try other.call("daemon.status")["version"], "other clients are unaffected")
    }

    func testRequestsSplitAcrossWritesAndPipelined() throws {
        let daemon = try DaemonProcess().start()
        let rpc = try daemon.client()
        let text = Array((#"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"files.list"}"# + "\n").utf8)
        for byte in text {
            try rpc.socket.send([byte])
        }
        XCTAssertEqual(try rpc.response(id: 1)["id"] as? Int, 1)
        XCTAssertEqual(try rpc.response(id: 2)["id"] as? Int, 2)
    }

    func testClientThatStopsReadingIsDroppedWithoutHarmingOthers() throws {
        let daemon = try DaemonProcess()
        for index in 0..<200 { try daemon.write("f\(index).txt", String(repeating: "x", count: index)) }
        try daemon.start(config: "{ maxOutputBytesPerClient: 262144 }")
        let greedy = try daemon.client()
        // Pipeline many large answers and never read them.
        let request = Array((#"{"jsonrpc":"2.0","id":1,"method":"files.list"}"# + "\n").utf8)
        var sent = 0
        while sent < 4000 {
            do { try greedy.socket.send(request) } catch { break }
            sent += 1
        }
        let healthy = try daemon.client()
        try eventually("the daemon drops the client that does not read") {
            daemon.log.contains("stopped reading")
        }
        XCTAssertEqual(try healthy.call("daemon.status")["version"] as? String, "0.1.0")
    }

    func testHundredsOfConnectionsAndVanishingClients() throws {
        let daemon = try DaemonProcess().start()
        var clients: [RPCClient] = []
        for _ in 0..<300 { clients.append(try daemon.client()) }
        for client in clients {
            try client.send(["jsonrpc": "2.0", "id": 1, "method": "daemon.status"])
        }
        for client in clients.prefix(150) { client.socket.close() }
        for client in clients.suffix(150) {
            XCTAssertEqual(try client.response(id: 1)["id"] as? Int, 1)
        }
        // Half a request, then gone.
        let rude = try daemon.client()
        try rude.sendRaw(#"{"jsonrpc":"2.0","id":1,"met"#)
        rude.socket.close()
        let status = try daemon.client().call("daemon.status")
        XCTAssertNotNil(status["version"])
        XCTAssertLessThanOrEqual(status["connections"] as? Int ?? 999, 151)
    }

    func testHostileFramesNeverCrashTheDaemon() throws {
        let daemon = try DaemonProcess().start()
        let rpc = try daemon.client()
        let frames: [[UInt8]] = [
            Array(String(repeating: "[", count: 100_000).utf8),
            [0xFF, 0xFE, 0x00, 0x7B],
            Array(#"{"jsonrpc":"2.0","id":1,"method":"files.get","params":{"path":"\u0000"}}"#.utf8),
            Array(#"{"jsonrpc":"2.0","id":1e400,"method":"daemon.status"}"#.utf8),
            Array(#"{"jsonrpc":"2.0","id":1,"id":2,"method":"daemon.status"}"#.utf8),
            Array(#"{"jsonrpc":"2.0","id":{"a":1},"method":"daemon.status"}"#.utf8),
            Array(#"{"jsonrpc":"2.0","id":1,"method":"files.list","params":[1,2]}"#.utf8),
            Array(#"{"jsonrpc":"2.0","id":1,"method":"files.list","params":{"limit":-5}}"#.utf8),
            Array(#"{"jsonrpc":"2.0","id":1,"method":"files.list","params":{"offset":1e300}}"#.utf8),
            Array("\"\u{E9}".utf8).dropLast() + [0xC3],
        ]
        for frame in frames {
            try rpc.socket.send(frame + [0x0A])
            let answer = try XCTUnwrap(try rpc.readObject() as? [String: Any], "frame \(frame.prefix(40))")
            XCTAssertNotNil(answer["error"], "frame \(String(decoding: frame.prefix(60), as: UTF8.self)) gets an error")
        }
        XCTAssertNotNil(try rpc.call("daemon.status")["version"])
    }
}
