import ChecksumPlugin
import FileActionsPlugin
import Foundation
import MenudNative
import MenudPluginAPI
import XCTest

/// Every shipped file action, after the file the menu showed (or its folder) was swapped for a
/// link leading out of the root, a folder, a FIFO, or another file: each refuses with a message
/// saying what changed, changes nothing in the root, the trash or outside, and never blocks.
final class FileSwapTests: XCTestCase {
    /// Runs `action` on the target of a fresh fixture after each swap and checks the refusal.
    private func checkRefusals(
        _ action: String, message: (TargetFile, SwapFixture.Swap) -> String,
        run: (SwapFixture, TargetFile) async throws -> ActionOutcome
    ) async throws {
        for swap in SwapFixture.Swap.allCases {
            let fixture = try SwapFixture()
            let file = try fixture.target()
            try fixture.make(swap)
            let root = try TreeSnapshot(fixture.root.path)
            let outside = try TreeSnapshot(fixture.outside.path)
            let error = await thrownError { try await run(fixture, file) }
            XCTAssertFalse(fixture.somethingBlocked(), "\(action) blocked on \(swap)")
            XCTAssertEqual((error as? ActionFailure)?.message, message(file, swap), "\(action), \(swap)")
            XCTAssertEqual(try TreeSnapshot(fixture.root.path), root, "\(action) changed the root after \(swap)")
            XCTAssertEqual(try TreeSnapshot(fixture.outside.path), outside, "\(action) changed outside after \(swap)")
            XCTAssertEqual(try TreeSnapshot(fixture.trashHome.path).names.filter { $0.contains("f.txt") }, [],
                           "\(action) trashed something after \(swap)")
        }
    }

    func testDuplicateRefusesEverySwap() async throws {
        try await checkRefusals("Duplicate", message: { "Cannot duplicate \($0.name): \($1.reason)." }) { fixture, file in
            try await runAction(fixture.plugin().item("duplicate", for: file, root: fixture.root.path), fixture.context(file))
        }
    }

    func testRenameRefusesEverySwap() async throws {
        try await checkRefusals("Rename", message: { "Cannot rename \($0.name): \($1.reason)." }) { fixture, file in
            try await runAction(
                fixture.plugin().item("rename", for: file, root: fixture.root.path), fixture.context(file, input: "g.txt"))
        }
    }

    func testMoveToTrashRefusesEverySwap() async throws {
        try await checkRefusals(
            "Move to Trash", message: { "Cannot move \($0.absolutePath) to the Trash: \($1.reason)." }
        ) { fixture, file in
            try await runAction(fixture.plugin().item("trash", for: file, root: fixture.root.path), fixture.context(file))
        }
    }

    func testMoveExpiredFilesToTrashRefusesEverySwap() async throws {
        try await checkRefusals(
            "Move Expired Files to Trash", message: { "Cannot move \($0.absolutePath) to the Trash: \($1.reason)." }
        ) { fixture, ready in
            let expired = TargetFile(
                path: ready.path, pathBytes: ready.pathBytes, absolutePath: ready.absolutePath, state: .expired,
                size: ready.size, mtimeMs: ready.mtimeMs, identity: ready.identity)
            let items = try fixture.plugin().immediateItems(
                for: MenuTarget(kind: .directory, files: [expired], root: fixture.root.path)) ?? []
            return try await runAction(try items.item("trash-expired"), fixture.directoryContext([expired]))
        }
    }

    func testSha256RefusesEverySwap() async throws {
        try await checkRefusals(
            "SHA-256", message: { "Cannot open \($0.absolutePath) for reading: \($1.reason)." }
        ) { fixture, file in
            let items = try ChecksumActions().immediateItems(
                for: MenuTarget(kind: .file, files: [file], root: fixture.root.path)) ?? []
            return try await runAction(try items.item("sha256"), fixture.context(file))
        }
    }

    func testInspectRefusesEverySwap() async throws {
        try await checkRefusals("Inspect", message: { "Cannot inspect \($0.path): \($1.reason)." }) { fixture, file in
            try await runAction(fixture.plugin().item("inspect", for: file, root: fixture.root.path), fixture.context(file))
        }
    }

    /// Without a swap the same fixture works, so the refusals above are the swaps' doing.
    func testTheUnswappedFixtureWorksForEveryAction() async throws {
        let fixture = try SwapFixture()
        let file = try fixture.target()
        let sha = try ChecksumActions().immediateItems(for: MenuTarget(kind: .file, files: [file], root: fixture.root.path)) ?? []
        let digest = try await runAction(try sha.item("sha256"), fixture.context(file))
        XCTAssertEqual(digest.output, try Sha256Hasher.digest(of: Array("inside".utf8)).hex)
        let inspect = try await runAction(fixture.plugin().item("inspect", for: file, root: fixture.root.path), fixture.context(file))
        XCTAssertTrue(inspect.output?.contains("Size: 6 bytes") == true, inspect.output ?? "")
        let duplicate = try await runAction(fixture.plugin().item("duplicate", for: file, root: fixture.root.path), fixture.context(file))
        XCTAssertEqual(duplicate.message, "Duplicated f.txt as f copy.txt")
        _ = try await runAction(fixture.plugin().item("rename", for: file, root: fixture.root.path), fixture.context(file, input: "g.txt"))
        let renamed = try fixture.root.file("sub/g.txt")
        _ = try await runAction(fixture.plugin().item("trash", for: renamed, root: fixture.root.path), fixture.context(renamed))
        XCTAssertEqual(try TreeSnapshot(fixture.root.path).names, ["sub", "sub/f copy.txt"])
        XCTAssertEqual(try TreeSnapshot(fixture.trashDirectory + "/files").names, ["g.txt"])
    }
}
