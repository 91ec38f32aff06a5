import MenudCore
import MenudJSON
import MenudPluginAPI
@testable import MenudRuntime
import Synchronization
import XCTest

/// The directory menu through the menu service: its rows are the folder's first files, the
/// rest a count; plugins see counts, no list of files; a directory-wide item claims the folder.
final class MenuServiceDirectoryTests: XCTestCase {
    private var harness: MenuHarness!
    private let seen = SeenTargets()

    override func setUpWithError() throws {
        harness = try MenuHarness(plugins: [CountingPlugin(seen: seen)])
        for index in 0..<2_500 { harness.track(String(format: "f%05d", index), inode: UInt64(index + 1)) }
    }

    override func tearDown() {
        harness.close()
    }

    func testRowsAreTheFirstFilesAndTheRestIsCounted() throws {
        let client = harness.server.transport.connect()
        let reply = try XCTUnwrap(harness.call(client, 1, "menu.open", #"{"target":{"background":true}}"#).first)
        let items = try XCTUnwrap(reply[path: "result", "menu", "items"]?.arrayValue)
        let rows = try XCTUnwrap(items.first?["children"]?.arrayValue)
        XCTAssertEqual(rows.count, DirectoryRows.limit + 1)
        XCTAssertEqual(rows.prefix(3).map { $0["title"]?.stringValue }, ["f00000", "f00001", "f00002"])
        XCTAssertEqual(rows[DirectoryRows.limit - 1]["title"]?.stringValue, "f00999")
        XCTAssertEqual(rows.last?["title"]?.stringValue, "… 1500 more files (files.list shows all)")
        let seen = self.seen.targets
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(seen.first?.files, 0, "a directory target lists no file")
        XCTAssertEqual(seen.first?.counts, TargetFileCounts(ready: 2_500), "it counts them")

        let everything = try XCTUnwrap(items.last?["children"]?.arrayValue?.first?["id"]?.stringValue)
        let menu = try XCTUnwrap(reply[path: "result", "menu", "id"]?.stringValue)
        _ = harness.call(client, 2, "menu.select", #"{"menu":"\#(menu)","item":"\#(everything)"}"#)
        _ = harness.call(client, 3, "menu.dismissed", #"{"menu":"\#(menu)"}"#)
        let queued = try XCTUnwrap(harness.actions.queued.first)
        XCTAssertEqual(queued.resolved.scope, .directory)
        XCTAssertEqual(queued.resolved.lockPaths, [], "no path list for the folder's files")
        XCTAssertTrue(queued.resolved.locksFolder)
    }
}

/// What a plugin was shown: how many files, and the counts.
private final class SeenTargets: Sendable {
    private let state = Mutex<[(files: Int, counts: TargetFileCounts?)]>([])
    func add(_ target: MenuTarget) { state.withLock { $0.append((target.files.count, target.directory?.counts)) } }
    var targets: [(files: Int, counts: TargetFileCounts?)] { state.withLock { $0 } }
}

/// Offers "Everything" for the directory, built at once from the counts.
private struct CountingPlugin: MenudPlugin {
    let name = "counting"
    let version = "1"
    let seen: SeenTargets
    func items(for target: MenuTarget) async throws -> [MenuItem] { try immediateItems(for: target) ?? [] }
    func immediateItems(for target: MenuTarget) throws -> [MenuItem]? {
        seen.add(target)
        let total = target.directory?.counts.total ?? 0
        return [.action("Everything", id: "everything", detail: StyledText("\(total) files")) { _ in ActionOutcome() }]
    }
}
