import Foundation
import MenudClient
import XCTest

/// The Swift client against the real daemon: typed calls, pipelining, error answers, the
/// notification stream, and the example of docs/protocol.md.
///
/// The tests are synchronous and run the client in a task: a daemon started from a task's thread
/// would inherit that thread's blocked signals and never see the SIGTERM that stops it.
final class MenudClientIntegrationTests: XCTestCase {
    /// Runs `body` in a task and waits for it (60 s at most).
    private func run(_ body: @escaping @Sendable () async throws -> Void) throws {
        let outcome = TaskOutcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await body() } catch { outcome.error = error }
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success else { throw DaemonTestError("the client test did not end within 60 s") }
        if let error = outcome.error { throw error }
    }

    func testTypedCallsAnswerLikeTheWire() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("videos/intro.mp4", "intro")
        try daemon.writeReady("notes.txt", "notes")
        try daemon.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        try run {
            let client = try MenudClient(socketPath: socket)
            defer { client.close() }

            let status = try await client.status()
            XCTAssertEqual(status.files.total, 2)
            XCTAssertEqual(status.files.ready, 2)
            XCTAssertEqual(status.daemon.socket, socket)
            XCTAssertFalse(status.crawling)

            let file = try await client.file("videos/intro.mp4")
            XCTAssertEqual(file.path.displayString, "videos/intro.mp4")
            XCTAssertEqual(file.size, 5)
            XCTAssertEqual(file.state, .ready)

            let list = try await client.files(FilesListParams(glob: "*.txt"))
            XCTAssertEqual(list.files.map(\.path.displayString), ["notes.txt"])
            XCTAssertEqual(list.total, 1)
            let raw = try await client.call(FilesList.self, FilesListParams(fields: [.path]))
            XCTAssertEqual(raw["files"]?[0]?.objectValue?.keys.map { $0 }, ["path"])
        }
    }

    func testErrorAnswersAreTheDaemonsErrors() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        try run {
            let client = try MenudClient(socketPath: socket)
            defer { client.close() }
            do {
                _ = try await client.file("missing.txt")
                XCTFail("a missing file has no File object")
            } catch let error as RPCError {
                XCTAssertEqual(error.knownCode, .notFound)
        }
        do {
            _ = try await client.call(method: "files.nothing")
            XCTFail("no such method")
        } catch let error as RPCError {
            XCTAssertEqual(error.knownCode, .methodNotFound)
        }
        // The connection is still good after error answers.
        let status = try await client.status()
        XCTAssertEqual(status.files.total, 0)
        }
    }

    func testPipelinedCallsFromManyTasksEachGetTheirAnswer() throws {
        let daemon = try DaemonProcess()
        for index in 0..<40 { try daemon.writeReady("f\(index).txt", String(repeating: "x", count: index)) }
        try daemon.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        try run {
            let client = try MenudClient(socketPath: socket)
            defer { client.close() }
            let sizes = try await withThrowingTaskGroup(of: (Int, Int64).self) { group in
                for index in 0..<40 {
                    group.addTask { (index, try await client.file("f\(index).txt").size) }
                }
                var sizes: [Int: Int64] = [:]
                for try await (index, size) in group { sizes[index] = size }
                return sizes
        }
        XCTAssertEqual(sizes.count, 40)
        for (index, size) in sizes { XCTAssertEqual(size, Int64(index), "f\(index).txt") }
        }
    }

    func testNotificationsArriveAndEndWithTheConnection() throws {
        let daemon = try DaemonProcess()
        try daemon.start(settle: "100ms")
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let newFile = daemon.path("new.txt")
        try run {
            let client = try MenudClient(socketPath: socket)
            let subscribed = try await client.subscribe(["files"])
            XCTAssertEqual(subscribed, ["files"])
            try Data("hello".utf8).write(to: newFile)
            var changed: FilesChangedNotification?
            for await notification in client.notifications {
                if let files = try notification.decode(FilesChangedNotification.self),
                   files.files.contains(where: { $0.path.displayString == "new.txt" }) {
                    changed = files
                    break
                }
        }
        XCTAssertNotNil(changed)
        client.close()
        do {
            _ = try await client.status()
            XCTFail("a closed client answers nothing")
        } catch let error as MenudClientError {
            XCTAssertEqual(error, .closed("closed by the client"))
        }
        for await _ in client.notifications {}  // ends: the connection is gone
        }
    }

    func testNoDaemonIsAClearError() {
        XCTAssertThrowsError(try MenudClient(socketPath: "/nonexistent/menud.sock")) { error in
            XCTAssertTrue(String(describing: error).contains("no daemon answers on /nonexistent/menud.sock"))
        }
    }

    // MARK: The example in docs/protocol.md

    func testTheDocumentedExampleRunsAndIsTheOneInTheDocs() throws {
        let docs = try String(contentsOf: ServiceCommand.repositoryRoot.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try XCTUnwrap(Self.exampleBody(in: source), "the example function is missing here")
        XCTAssertTrue(docs.contains(example), "docs/protocol.md must show the body of printFirstChange(socket:) word for word:\n\(example)")

        let daemon = try DaemonProcess()
        try daemon.start(settle: "100ms")
        defer { daemon.stop() }
        // Keep changing a file until the example has seen a change (it subscribes first).
        let changing = daemon.path("changing.txt")
        let writer = Task {
            var round = 0
            while !Task.isCancelled {
                try? Data("round \(round)".utf8).write(to: changing)
                round += 1
                try? await Task.sleep(nanoseconds: 200_000_000)
            }
        }
        defer { writer.cancel() }
        let socket = daemon.socketPath
        try run {
                let seen = try await Self.printFirstChange(socket: socket)
                XCTAssertEqual(seen, "changing.txt")
        }
    }

    /// The lines between the markers below, indentation removed.
    private static func exampleBody(in source: String) -> String? {
        guard let start = source.range(of: "// example:start\n"),
              let end = source.range(of: "        // example:end", range: start.upperBound..<source.endIndex) else { return nil }
        let lines = source[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }.joined(separator: "\n")
    }

    private static func printFirstChange(socket: String) async throws -> String? {
        // example:start
        let client = try MenudClient(socketPath: socket)
        defer { client.close() }
        let status = try await client.status()
        print("\(status.files.ready) of \(status.files.total) files are ready")

        try await client.subscribe(["files"])
        for await notification in client.notifications {
            if let changed = try notification.decode(FilesChangedNotification.self), let file = changed.files.first {
                print(file.path.displayString, file.state.rawValue, file.sizeText)
                return file.path.displayString
            }
        }
        // example:end
        return nil
    }
}

/// What the task of ``MenudClientIntegrationTests/run(_:)`` threw, read after it signalled.
private final class TaskOutcome: @unchecked Sendable {
    var error: (any Error)?
}
