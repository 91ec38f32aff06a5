import MenudJSON
import MenudProtocol
import Testing
@testable import MenudClient

/// The client core without a socket: bytes in, events out.
@Suite struct RPCClientSessionTests {
    private func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    @Test func requestsGetIncreasingIdsAndOneLineEach() {
        var session = RPCClientSession<String>()
        let first = session.request(method: "daemon.status", waiter: "a")
        let second = session.request(method: "files.get", params: ["path": "a.txt"], waiter: "b")
        #expect(first.id == .int(1) && second.id == .int(2))
        #expect(String(decoding: first.line, as: UTF8.self) == #"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"# + "\n")
        #expect(String(decoding: second.line, as: UTF8.self) == #"{"jsonrpc":"2.0","id":2,"method":"files.get","params":{"path":"a.txt"}}"# + "\n")
        #expect(session.waitingCount == 2)
    }

    @Test func answersAreMatchedToTheirRequestsAcrossChunksAndOutOfOrder() {
        var session = RPCClientSession<String>()
        _ = session.request(method: "one", waiter: "first")
        _ = session.request(method: "two", waiter: "second")
        #expect(session.receive(bytes(#"{"jsonrpc":"2.0","id":2,"res"#)).isEmpty, "half a line completes nothing")
        let events = session.receive(bytes(#"ult":true}"# + "\r\n" + #"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}"# + "\n"))
        guard events.count == 2, case .answer(let answer, let method, let waiter) = events[0],
              case .answer(let failure, "one", "first") = events[1] else {
            Issue.record("expected two answers, got \(events)")
            return
        }
        #expect(answer == .result(id: .int(2), true) && method == "two" && waiter == "second")
        #expect(failure.outcome == .failure(RPCError(code: -32601, message: "no")))
        #expect(session.waitingCount == 0)
    }

    @Test func strayAnswersAndNonMessagesArePassedOverButReportedAsLines() {
        var session = RPCClientSession<Void>()
        session.reportsLines = true
        let text = #"{"jsonrpc":"2.0","id":9,"result":1}"# + "\nnot json\n\n" + #"{"jsonrpc":"2.0","method":"files.removed","params":{"paths":["a"]}}"# + "\n"
        let events = session.receive(bytes(text))
        let lines = events.compactMap { event -> String? in
            if case .line(let line) = event { return String(decoding: line, as: UTF8.self) }
            return nil
        }
        #expect(lines.count == 3, "the empty line is no line")
        #expect(lines[1] == "not json")
        guard case .notification(let notification) = events.last else {
            Issue.record("expected the notification last, got \(events)")
            return
        }
        #expect(notification == ServerNotification(method: "files.removed", params: ["paths": ["a"]]))
        #expect(!events.contains { if case .answer = $0 { true } else { false } }, "id 9 was never asked")
    }

    @Test func aBatchAnswersEachOfItsRequests() {
        var session = RPCClientSession<Int>()
        _ = session.request(method: "a", waiter: 1)
        _ = session.request(method: "b", waiter: 2)
        let events = session.receive(bytes(#"[{"jsonrpc":"2.0","id":1,"result":"x"},{"jsonrpc":"2.0","id":2,"result":"y"}]"# + "\n"))
        let waiters = events.compactMap { event -> Int? in
            if case .answer(_, _, let waiter) = event { return waiter }
            return nil
        }
        #expect(waiters == [1, 2])
    }

    @Test func theEndGivesTheLastUnfinishedLineThenWhatGetsNoAnswer() {
        var session = RPCClientSession<String>()
        _ = session.request(method: "answered", waiter: "a")
        _ = session.request(method: "abandoned", waiter: "b")
        #expect(session.receive(bytes(#"{"jsonrpc":"2.0","id":1,"result":0}"#)).isEmpty)
        let events = session.finish()
        guard events.count == 2, case .answer(_, "answered", "a") = events[0], case .ended(let abandoned) = events[1] else {
            Issue.record("expected the answer, then the end, got \(events)")
            return
        }
        #expect(abandoned.map(\.method) == ["abandoned"] && abandoned.map(\.waiter) == ["b"] && abandoned.map(\.id) == [.int(2)])
        #expect(session.waitingCount == 0)
    }
}
