import XCTest
@testable import MenudCore
import MenudJSON
import MenudProtocol

/// `ReadinessTracker.forEachFile` and `FileObjectWriter`: the fast `files.list` path must select
/// the same files and write the same bytes as the `FileSnapshot` path.
final class FileListingTests: XCTestCase {
    private let start: Int64 = 1_764_500_000_000
    private var clock: ManualClock!

    override func setUp() {
        clock = ManualClock(nowMs: start)
    }

    private func facts(size: Int64, mtime: Int64, inode: UInt64 = 1) -> FileFacts {
        FileFacts(size: size, mtimeMs: mtime, inode: inode, ctimeMs: mtime)
    }

    /// A tracker with files in every state and names that need care on the wire.
    private func mixedTracker(expireAfterMs: Int64? = 3_600_000, instanceId: String = "run\"1") -> ReadinessTracker {
        let files = ReadinessTracker(settings: ReadinessSettings(settleMs: 2000, expireAfterMs: expireAfterMs),
                                     clock: clock, instanceId: instanceId)
        // Old enough to have expired (or, with no expiry, to be ready for hours).
        files.observe(RelativePath("archive/old.iso"), facts: facts(size: 5_365_000_000, mtime: start - 7_200_000), initial: true)
        // Ready for a while (a duration cached by whole seconds).
        files.observe(RelativePath("videos/intro.mp4"), facts: facts(size: 2_400_000, mtime: start - 125_400), initial: true)
        files.observe(RelativePath("videos/outro.mp4"), facts: facts(size: 2_400_000, mtime: start - 125_900), initial: true)
        // Ready for a few seconds (tenths of a second in the text).
        files.observe(RelativePath("videos/fresh.mp4"), facts: facts(size: 999_500, mtime: start - 4_350), initial: true)
        files.observe(RelativePath("top.txt"), facts: facts(size: 0, mtime: start - 60_000), initial: true)
        files.observe(RelativePath("one.bin"), facts: facts(size: 1, mtime: start - 60_000), initial: true)
        files.observe(RelativePath(#"quote"and\backslash.txt"#), facts: facts(size: 12, mtime: start - 60_000), initial: true)
        files.observe(RelativePath(bytes: Array("tab\tnew\nline\u{01}.txt".utf8)), facts: facts(size: 999, mtime: start - 60_000), initial: true)
        files.observe(RelativePath("Ünïcödé/ファイル.txt"), facts: facts(size: 1500, mtime: start - 60_000), initial: true)
        // Not UTF-8: a lone continuation byte, a truncated sequence, and a quote after them.
        files.observe(RelativePath(bytes: [0x62, 0x61, 0x64, 0x80, 0xE2, 0x82, 0x22, 0x2E, 0x62, 0x69, 0x6E]),
                      facts: facts(size: 2500, mtime: start - 60_000), initial: true)
        // Pending: partial downloads (no deadline) and a file being written.
        files.observe(RelativePath("downloads/movie.mkv.part"), facts: facts(size: 10_000_000, mtime: start - 90_000_000), initial: true)
        files.observe(RelativePath("downloads/page.CRDOWNLOAD"), facts: facts(size: 5000, mtime: start - 1000), initial: true)
        files.observe(RelativePath("incoming/new.dat"), facts: facts(size: 123_456_789, mtime: start - 300), initial: true)
        files.observe(RelativePath("incoming/newer.dat"), facts: facts(size: -1, mtime: -5), initial: false)
        clock.advance(by: 700)
        files.advance()
        return files
    }

    /// The File objects in `bytes` (a JSON array), read back as the protocol's type.
    private func decodedFiles(_ bytes: [UInt8]) throws -> [FileSnapshot] {
        let array = try XCTUnwrap(JSONParser.parse(bytes).arrayValue)
        return try array.map { try FileSnapshot(from: XCTUnwrap($0.objectValue)) }
    }

    private func fastPathBytes(_ files: ReadinessTracker, _ query: FileQuery, fields: FileFields = .all) throws -> (bytes: [UInt8], summary: FileListSummary) {
        var objectWriter = FileObjectWriter(settings: files.settings, instanceId: files.instanceId, fields: fields)
        var writer = JSONWriter()
        writer.beginArray()
        let summary = try files.forEachFile(query) { objectWriter.write($0, to: &writer) }
        writer.endArray()
        return (writer.bytes, summary)
    }

    func testWritesWhatTheSnapshotPathLists() throws {
        for expiry in [Int64(3_600_000), nil] {
            let files = mixedTracker(expireAfterMs: expiry)
            let page = try files.list(FileQuery())
            let fast = try fastPathBytes(files, FileQuery())
            XCTAssertEqual(try decodedFiles(fast.bytes), page.files)
            XCTAssertEqual(fast.summary.total, page.total)
            XCTAssertEqual(fast.summary.clock, page.clock)
        }
    }

    func testMatchesSnapshotsTakenOneByOne() throws {
        // `snapshot(of:)` reads the record by path, without the visit: an independent reference.
        let files = mixedTracker()
        var objectWriter = FileObjectWriter(settings: files.settings, instanceId: files.instanceId)
        var visited: [(path: RelativePath, bytes: [UInt8])] = []
        _ = try files.forEachFile(FileQuery()) { view in
            var fast = JSONWriter()
            objectWriter.write(view, to: &fast)
            visited.append((RelativePath(bytes: view.pathBytes), fast.bytes))
        }
        for (path, bytes) in visited {
            let reference = files.snapshot(of: path)!
            let written = try XCTUnwrap(JSONParser.parse(bytes).objectValue)
            XCTAssertEqual(try FileSnapshot(from: written), reference)
            // The members in the File object's order (pathBase64 right after path).
            let order = ["path", "pathBase64"] + FileFields.names.dropFirst().map(\.name)
            XCTAssertEqual(Array(written.keys), order.filter { written[$0] != nil })
        }
        XCTAssertEqual(visited.count, files.count)
    }

    func testWritesTheExpectedMembers() throws {
        let files = mixedTracker()
        let written = try fastPathBytes(files, FileQuery()).bytes
        guard case .array(let objects) = try JSONParser.parse(written) else { return XCTFail("not an array") }
        var byPath: [String: JSONObject] = [:]
        for case .object(let object) in objects {
            guard case .string(let path)? = object["path"] else { return XCTFail("no path in \(object)") }
            byPath[path] = object
        }
        XCTAssertEqual(byPath.count, files.count)
        let old = try XCTUnwrap(byPath["archive/old.iso"])
        XCTAssertEqual(old["state"], .string("expired"))
        XCTAssertEqual(old["reason"], .string("ready for more than 1 h"))
        XCTAssertEqual(old["sizeText"], .string("5.36 GB"))
        XCTAssertEqual(byPath["videos/intro.mp4"]?["reason"], .string("unchanged for 2.1 min"))
        XCTAssertEqual(byPath["videos/fresh.mp4"]?["reason"], .string("unchanged for 5 s"))
        XCTAssertEqual(byPath["downloads/movie.mkv.part"]?["reason"], .string("partial-download name (.part)"))
        XCTAssertEqual(byPath["downloads/page.CRDOWNLOAD"]?["reason"], .string("partial-download name (.crdownload)"))
        XCTAssertEqual(byPath["incoming/newer.dat"]?["reason"], .string("changed 700 ms ago"))
        XCTAssertNil(byPath["incoming/newer.dat"]?["readyAtMs"])
        XCTAssertEqual(byPath["incoming/newer.dat"]?["size"], .int(-1))
        XCTAssertEqual(byPath["incoming/newer.dat"]?["mtimeMs"], .int(-5))
        XCTAssertEqual(byPath[#"quote"and\backslash.txt"#]?["clock"], .string(#"run"1:7"#))
        XCTAssertNotNil(byPath["tab\tnew\nline\u{01}.txt"])
        XCTAssertNotNil(byPath["Ünïcödé/ファイル.txt"])
        XCTAssertNil(byPath["Ünïcödé/ファイル.txt"]?["pathBase64"])
        let invalid = try XCTUnwrap(byPath["bad\u{FFFD}\u{FFFD}\".bin"])
        XCTAssertEqual(invalid["pathBase64"], .string(RelativePath(bytes: [0x62, 0x61, 0x64, 0x80, 0xE2, 0x82, 0x22, 0x2E, 0x62, 0x69, 0x6E]).base64))
    }

    func testFieldsLeaveTheOtherMembersOut() throws {
        let files = mixedTracker()
        let full = try fastPathBytes(files, FileQuery()).bytes
        guard case .array(let fullObjects) = try JSONParser.parse(full) else { return XCTFail("not an array") }
        let choices: [[String]] = [["path", "size"], ["size"], ["clock", "state"], ["reason"], ["readyAtMs", "expiresAtMs"],
                                   FileFields.names.map(\.name)]
        for names in choices {
            var fields: FileFields = []
            for name in names { fields.insert(try XCTUnwrap(FileFields.named(name))) }
            let partial = try fastPathBytes(files, FileQuery(), fields: fields).bytes
            guard case .array(let objects) = try JSONParser.parse(partial) else { return XCTFail("not an array") }
            XCTAssertEqual(objects.count, fullObjects.count)
            for (object, fullObject) in zip(objects, fullObjects) {
                guard case .object(let members) = fullObject else { return XCTFail("not an object") }
                var kept: [(String, JSONValue)] = []
                for (name, value) in members {
                    let field = name == "pathBase64" ? "path" : name
                    if names.contains(field) { kept.append((name, value)) }
                }
                XCTAssertEqual(object, .object(JSONObject(kept)), "fields \(names)")
            }
        }
        XCTAssertNil(FileFields.named("name"))
        XCTAssertNil(FileFields.named("pathBase64"))
    }

    func testFollowsTheQueryLikeList() throws {
        let files = mixedTracker()
        let before = try files.list(FileQuery()).clock
        clock.advance(by: 10)
        files.observe(RelativePath("incoming/new.dat"), facts: facts(size: 1, mtime: start + 700))
        files.remove(RelativePath("top.txt"))
        files.observe(RelativePath("videos/late.mp4"), facts: facts(size: 3, mtime: start + 700))
        let queries = [
            FileQuery(), FileQuery(offset: 3, limit: 4), FileQuery(offset: 100), FileQuery(state: .ready),
            FileQuery(state: .pending, limit: 2), FileQuery(glob: try GlobPattern("*.mp4")),
            FileQuery(glob: try GlobPattern("videos/**"), offset: 1), FileQuery(since: before),
            FileQuery(state: .ready, since: before), FileQuery(glob: try GlobPattern("*.dat"), since: before),
            FileQuery(since: "another-run:1"),
        ]
        for query in queries {
            let page = try files.list(query)
            let fast = try fastPathBytes(files, query)
            XCTAssertEqual(try decodedFiles(fast.bytes), page.files, "\(query)")
            XCTAssertEqual(fast.summary, FileListSummary(total: page.total, clock: page.clock, removed: page.removed, fresh: page.fresh), "\(query)")
        }
        XCTAssertThrowsError(try files.forEachFile(FileQuery(offset: -1)) { _ in XCTFail("visited") })
        XCTAssertThrowsError(try files.forEachFile(FileQuery(since: "no clock")) { _ in XCTFail("visited") })
    }

    func testDurationTextDependsOnWholeSecondsFromTenSeconds() {
        // The reason cache keys durations of 10 s and more by whole seconds.
        var generator = SystemRandomNumberGenerator()
        var samples: [Int64] = [0, 1, 999, 9_999, 10_000, 10_999, 59_999, 60_000, 65_999, 599_999, 3_599_999, 3_600_000,
                                35_999_999, 86_399_999, 86_400_000, 863_999_999, 864_000_000]
        for _ in 0..<20_000 { samples.append(Int64.random(in: 0...2_000_000_000, using: &generator)) }
        for ms in samples {
            XCTAssertEqual(DurationText.format(ms), DurationText.format(FileObjectWriter.durationKey(ms)), "\(ms) ms")
        }
    }
}
