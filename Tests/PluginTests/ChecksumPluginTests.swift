import ChecksumPlugin
import Foundation
import MenudNative
import MenudPluginAPI
import XCTest

final class ChecksumPluginTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
    }

    private func context(_ files: [TargetFile], recorder: ActionRecorder = ActionRecorder()) -> ActionContext {
        ActionContext(
            files: files, root: directory.path, progress: recorder.progress, log: recorder.log,
            processes: FoundationProcessLauncher())
    }

    func testKnownVectors() throws {
        XCTAssertEqual(
            try Sha256Hasher.digest(of: []).hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            try Sha256Hasher.digest(of: Array("abc".utf8)).hex,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            try Sha256Hasher.digest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hex,
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // One million "a", fed in uneven pieces to exercise incremental updates.
        let hasher = try Sha256Hasher()
        var fed = 0
        var piece = 1
        while fed < 1_000_000 {
            let count = min(piece, 1_000_000 - fed)
            try hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
            fed += count
            piece = piece * 3 + 1
        }
        XCTAssertEqual(try hasher.finalize().hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // finalize() starts over.
        XCTAssertEqual(try hasher.finalize().hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testItemOnlyForASingleFileAndDisabledWhilePending() async throws {
        let plugin = ChecksumActions()
        let ready = try await plugin.items(for: MenuTarget(kind: .file, files: [fakeFile("a.iso")], root: "/srv/drop"))
        XCTAssertEqual(ready.map(\.id), ["sha256"])
        XCTAssertEqual(ready[0].title, "SHA-256")
        XCTAssertTrue(ready[0].isSelectable)
        let expired = try await plugin.items(
            for: MenuTarget(kind: .file, files: [fakeFile("a.iso", state: .expired)], root: "/srv/drop"))
        XCTAssertTrue(expired[0].isSelectable)
        let pending = try await plugin.items(
            for: MenuTarget(kind: .file, files: [fakeFile("a.iso", state: .pending)], root: "/srv/drop"))
        XCTAssertTrue(pending[0].isDisabled)
        XCTAssertEqual(pending[0].status, StyledText("not while pending", color: .pending))
        let selection = try await plugin.items(
            for: MenuTarget(kind: .selection, files: [fakeFile("a"), fakeFile("b")], root: "/srv/drop"))
        XCTAssertEqual(selection.count, 0)
        let background = try await plugin.items(for: MenuTarget(kind: .directory, files: [fakeFile("a")], root: "/srv/drop"))
        XCTAssertEqual(background.count, 0)
        XCTAssertEqual(MenuItem.problems(in: ready), [])
        XCTAssertEqual(MenuItem.problems(in: pending), [])
    }

    func testDigestMatchesSha256sumAndReportsProgress() async throws {
        let random = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/urandom"))
        try directory.write("big.bin", random.readData(ofLength: (3 << 20) + 12345))
        try random.close()
        let file = try directory.file("big.bin")
        let plugin = ChecksumActions(progressThresholdBytes: 1 << 20)
        let item = try await plugin.items(for: MenuTarget(kind: .file, files: [file], root: directory.path))[0]
        let recorder = ActionRecorder()
        let outcome = try await runAction(item, context([file], recorder: recorder))

        XCTAssertEqual(outcome.message, "SHA-256 of big.bin")
        XCTAssertEqual(outcome.output, try sha256sum(file.absolutePath))
        let fractions = recorder.fractions
        XCTAssertEqual(fractions.count, 4, "one report per 1 MiB chunk: \(fractions)")
        XCTAssertEqual(fractions, fractions.sorted())
        XCTAssertEqual(fractions.last, 1)
        XCTAssertEqual(recorder.messages.last, "3.2 MB of 3.2 MB")
    }

    func testSmallFilesReportNoProgress() async throws {
        try directory.write("small.txt", "hello\n")
        let file = try directory.file("small.txt")
        let item = try await ChecksumActions().items(for: MenuTarget(kind: .file, files: [file], root: directory.path))[0]
        let recorder = ActionRecorder()
        let outcome = try await runAction(item, context([file], recorder: recorder))
        XCTAssertEqual(outcome.output, "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03")
        XCTAssertEqual(recorder.fractions, [])
    }

    func testCancellationStopsHashing() async throws {
        try directory.write("big.bin", Data(count: 3 << 20))
        let file = try directory.file("big.bin")
        let item = try await ChecksumActions().items(for: MenuTarget(kind: .file, files: [file], root: directory.path))[0]
        let context = context([file])
        let task = Task {
            while !Task.isCancelled { await Task.yield() }  // start only once cancelled: no race
            return try await runAction(item, context)
        }
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testMissingFileFailsWithAClearMessage() async throws {
        let file = fakeFile("gone.bin", root: directory.path)
        let item = try await ChecksumActions().items(for: MenuTarget(kind: .file, files: [file], root: directory.path))[0]
        let error = await thrownError { try await runAction(item, self.context([file])) }
        XCTAssertEqual(
            (error as? ActionFailure)?.message, "Cannot open \(file.absolutePath) for reading: No such file or directory.")
    }

    func testAFileWrittenToSinceTheActionStartedGetsNoDigest() async throws {
        let file = try directory.fileWrittenAfterItWasShown("a.bin")
        let item = try await ChecksumActions().items(for: MenuTarget(kind: .file, files: [file], root: directory.path))[0]
        let error = await thrownError { try await runAction(item, self.context([file])) }
        XCTAssertEqual((error as? ActionFailure)?.message,
                       "Cannot hash \(file.absolutePath): it was written to since the action started, so no digest of one version can be given. Try again once it is ready.")
    }

    func testSettings() throws {
        XCTAssertEqual(try ChecksumActions(settings: PluginSettings(["progressThresholdBytes": 5])).progressThresholdBytes, 5)
        XCTAssertEqual(try ChecksumActions(settings: .empty).progressThresholdBytes, 8 << 20)
        XCTAssertThrowsError(try ChecksumActions(settings: PluginSettings(["progressThresholdBytes": -1]))) { error in
            XCTAssertEqual("\(error)", "progressThresholdBytes: must not be negative (allowed: a number of bytes, 0 or more)")
        }
        XCTAssertThrowsError(try ChecksumActions.factory.make(PluginSettings(["algorithm": "md5"]))) { error in
            XCTAssertEqual("\(error)", "algorithm: is not a known setting (allowed: progressThresholdBytes)")
        }
    }

    private func sha256sum(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
