import MenudCore
import XCTest
import MenudProtocol

/// The check made when an action is about to start, over a file system held in a dictionary.
final class TargetCheckTests: XCTestCase {
    /// Paths (as exact bytes) and what is at each; anything else is missing. `links` are folders
    /// replaced by symbolic links: every path below one answers `linkOnTheWay`.
    struct FakeFileSystem: TargetFileSystem {
        var entries: [RelativePath: PathLookup] = [:]
        var links: [RelativePath] = []

        func lookUp(_ path: RelativePath) -> PathLookup {
            if links.contains(where: { path.isInside($0) }) { return .linkOnTheWay }
            return entries[path] ?? .missing
        }

        mutating func put(_ path: RelativePath, _ kind: PathEntryKind = .file, node: UInt64, facts: FileFacts) {
            entries[path] = .found(PathEntry(kind: kind, node: FileNodeID(device: 1, inode: node), facts: facts))
        }
    }

    let facts = FileFacts(size: 10, mtimeMs: 1_000, inode: 7, ctimeMs: 1_000)
    let path = RelativePath("sub/f.txt")

    private func shown(_ path: RelativePath, node: UInt64? = 7, state: FileState = .ready) -> ShownFile {
        ShownFile(path: path, node: node.map { FileNodeID(device: 1, inode: $0) }, state: state)
    }

    private func tracked(_ path: RelativePath, state: FileState = .ready) -> TrackedFile {
        TrackedFile(path: path, facts: facts, state: state)
    }

    private func change(_ result: Result<CheckedFile, TargetChange>) -> TargetChangeKind? {
        if case .failure(let change) = result { return change.kind }
        return nil
    }

    func testTheSameFileUnderItsNamePassesWithItsStateNow() throws {
        var disk = FakeFileSystem()
        disk.put(path, node: 7, facts: facts)
        let result = TargetCheck.check(shown(path), tracked: tracked(path, state: .expired), in: disk)
        let checked = try result.get()
        XCTAssertEqual(checked.path, path)
        XCTAssertEqual(checked.node, FileNodeID(device: 1, inode: 7))
        XCTAssertEqual(checked.state, .expired, "the state now, not the one shown")
        XCTAssertEqual(checked.size, 10)
    }

    func testAnotherInodeOrDeviceIsReplaced() {
        var disk = FakeFileSystem()
        disk.put(path, node: 8, facts: facts)
        XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: tracked(path), in: disk)), .replaced)
        disk.entries[path] = .found(PathEntry(kind: .file, node: FileNodeID(device: 2, inode: 7), facts: facts))
        XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: tracked(path), in: disk)), .replaced)
        // A file never confirmed when the menu opened is never acted on.
        disk.put(path, node: 7, facts: facts)
        XCTAssertEqual(change(TargetCheck.check(shown(path, node: nil), tracked: tracked(path), in: disk)), .replaced)
    }

    func testANewFileUnderTheOldInodeNumberIsReplaced() {
        var disk = FakeFileSystem()
        let born = ShownFile(path: path, node: FileNodeID(device: 1, inode: 7), state: .ready, birthNs: 100)
        disk.entries[path] = .found(PathEntry(kind: .file, node: FileNodeID(device: 1, inode: 7), facts: facts, birthNs: 200))
        XCTAssertEqual(change(TargetCheck.check(born, tracked: tracked(path), in: disk)), .replaced)
        disk.entries[path] = .found(PathEntry(kind: .file, node: FileNodeID(device: 1, inode: 7), facts: facts, birthNs: 100))
        XCTAssertNil(change(TargetCheck.check(born, tracked: tracked(path), in: disk)))
        // Where the file system records no birth time, device and inode decide alone.
        disk.entries[path] = .found(PathEntry(kind: .file, node: FileNodeID(device: 1, inode: 7), facts: facts))
        XCTAssertNil(change(TargetCheck.check(born, tracked: tracked(path), in: disk)))
    }

    func testAFolderOnTheWaySwappedForALinkIsReplaced() {
        var disk = FakeFileSystem()
        disk.put(path, node: 7, facts: facts)
        disk.links = [RelativePath("sub")]
        let result = TargetCheck.check(shown(path), tracked: tracked(path), in: disk)
        XCTAssertEqual(change(result), .replaced)
        guard case .failure(let failure) = result else { return XCTFail("passed") }
        XCTAssertTrue(failure.sentence.hasPrefix("sub/f.txt "), failure.sentence)
        XCTAssertTrue(failure.sentence.contains("symbolic link"), failure.sentence)
    }

    func testAFolderALinkOrAFIFOUnderTheNameIsAnotherType() {
        for kind in [PathEntryKind.directory, .symlink, .other] {
            var disk = FakeFileSystem()
            disk.put(path, kind, node: 7, facts: facts)
            XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: tracked(path), in: disk)), .type, "\(kind)")
        }
    }

    func testAVanishedNameIsRemoved() {
        var disk = FakeFileSystem()
        XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: tracked(path), in: disk)), .removed)
        disk.entries[path] = .notADirectory
        XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: tracked(path), in: disk)), .removed)
        // On disk but no longer tracked (the tracker removed it): removed as well.
        disk.put(path, node: 7, facts: facts)
        XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: nil, in: disk)), .removed)
        disk.entries[path] = .failed("permission denied")
        XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: tracked(path), in: disk)), .unreachable)
    }

    func testNoDescriptorFreeIsUnreachableForNowNotAChange() throws {
        var disk = FakeFileSystem()
        disk.entries[path] = .outOfDescriptors
        let result = TargetCheck.check(shown(path), tracked: tracked(path), in: disk)
        XCTAssertEqual(change(result), .unreachable)
        guard case .failure(let failure) = result else { return XCTFail("passed") }
        XCTAssertTrue(failure.sentence.contains("no file descriptor free"), failure.sentence)
        XCTAssertTrue(failure.sentence.contains("try again"), failure.sentence)
        XCTAssertFalse(failure.sentence.contains("replaced"), failure.sentence)
        // A moment later the same look-up finds the file: it passes.
        disk.put(path, node: 7, facts: facts)
        XCTAssertNil(change(TargetCheck.check(shown(path), tracked: tracked(path), in: disk)))
    }

    func testBytesNotTextDecideWhichFileIsMeant() throws {
        // "bad\xff.txt" and its twin "bad\u{FFFD}.txt" look the same as text.
        let bad = RelativePath(bytes: Array("bad".utf8) + [0xFF] + Array(".txt".utf8))
        let twin = RelativePath("bad\u{FFFD}.txt")
        XCTAssertEqual(bad.displayString, twin.displayString)
        var disk = FakeFileSystem()
        disk.put(twin, node: 9, facts: facts)
        XCTAssertEqual(change(TargetCheck.check(shown(bad), tracked: tracked(bad), in: disk)), .removed,
                       "the twin's presence says nothing about the bad name")
        disk.put(bad, node: 7, facts: facts)
        XCTAssertEqual(try TargetCheck.check(shown(bad), tracked: tracked(bad), in: disk).get().path.bytes, bad.bytes)
    }

    func testFactsTheTrackerHasNotSeenMeanPending() throws {
        var disk = FakeFileSystem()
        let rewritten = FileFacts(size: 11, mtimeMs: 2_000, inode: 7, ctimeMs: 2_000)
        disk.put(path, node: 7, facts: rewritten)
        XCTAssertEqual(try TargetCheck.check(shown(path), tracked: tracked(path), in: disk).get().state, .pending)
        // A directory row does nothing for a pending file.
        XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: tracked(path), in: disk, requireComplete: true)), .state)
        disk.put(path, node: 7, facts: facts)
        XCTAssertEqual(change(TargetCheck.check(shown(path), tracked: tracked(path, state: .pending), in: disk, requireComplete: true)), .state)
        XCTAssertEqual(try TargetCheck.check(shown(path), tracked: tracked(path), in: disk, requireComplete: true).get().state, .ready)
    }

    func testCheckAllStopsAtTheFirstChangedFile() {
        let other = RelativePath("other.txt")
        var disk = FakeFileSystem()
        disk.put(path, node: 7, facts: facts)
        let result = TargetCheck.checkAll([shown(path), shown(other)], tracked: [tracked(path), tracked(other)], in: disk)
        guard case .failure(let failure) = result else { return XCTFail("passed although other.txt is gone") }
        XCTAssertEqual(failure.path, other)
        disk.put(other, node: 7, facts: facts)
        XCTAssertEqual(try TargetCheck.checkAll([shown(path), shown(other)], tracked: [tracked(path), tracked(other)], in: disk).get().count, 2)
    }

    func testDirectoryActionsGetTheFilesAsTheyAreWhenTheyStart() throws {
        let kept = RelativePath("a.txt")
        let rewritten = RelativePath("b.txt")
        let gone = RelativePath("c.txt")
        let folder = RelativePath("d.txt")
        var disk = FakeFileSystem()
        disk.put(kept, node: 1, facts: facts)
        disk.put(rewritten, node: 2, facts: FileFacts(size: 99, mtimeMs: 5_000, inode: 2, ctimeMs: 5_000))
        disk.put(folder, .directory, node: 4, facts: facts)
        let files = try TargetCheck.currentFiles(
            [tracked(kept, state: .expired), tracked(rewritten, state: .expired), tracked(gone, state: .expired), tracked(folder, state: .expired)],
            in: disk)
        XCTAssertEqual(files.map(\.path), [kept, rewritten])
        XCTAssertEqual(files.map(\.state), [.expired, .pending], "a file written since the tracker looked is pending")
        XCTAssertEqual(files.map(\.node.inode), [1, 2])

        // A name looked up without a descriptor free is not passed over as if it were gone.
        disk.entries[gone] = .outOfDescriptors
        XCTAssertThrowsError(try TargetCheck.currentFiles([tracked(kept), tracked(gone)], in: disk)) { error in
            XCTAssertEqual((error as? TargetChange)?.kind, .unreachable)
            XCTAssertEqual((error as? TargetChange)?.path, gone)
        }
    }

    func testTheWatchedFolderMustBeTheOneTheMenuWasOpenedIn() {
        let root = FileNodeID(device: 1, inode: 2)
        XCTAssertNil(TargetCheck.checkRoot(shown: root, now: root))
        let other = TargetCheck.checkRoot(shown: root, now: FileNodeID(device: 1, inode: 3))
        XCTAssertEqual(other?.kind, .replaced)
        XCTAssertEqual(other?.path, .root)
        XCTAssertEqual(other?.sentence, "the watched folder is another folder than the one the menu showed (its path was given to another folder)")
        XCTAssertEqual(TargetCheck.checkRoot(shown: root, now: FileNodeID(device: 9, inode: 2))?.kind, .replaced)
        let gone = TargetCheck.checkRoot(shown: root, now: nil)
        XCTAssertEqual(gone?.kind, .unreachable)
        XCTAssertEqual(gone?.path, .root)
        XCTAssertEqual(TargetCheck.checkRoot(shown: nil, now: root)?.kind, .unreachable, "a menu that never saw its folder acts on none")
    }

    func testTheWireErrorNamesTheFileAndTheChange() {
        let bad = RelativePath(bytes: [0x62, 0xFF])
        let error = RPCError.targetChanged(TargetChange(path: bad, kind: .replaced, detail: "was replaced by another file"),
                                           menu: "m-1", action: "Move to Trash")
        XCTAssertEqual(error.code, -32023)
        XCTAssertEqual(error.data?["change"]?.stringValue, "replaced")
        XCTAssertEqual(error.data?["path"]?.stringValue, bad.displayString)
        XCTAssertEqual(error.data?["pathBase64"]?.stringValue, bad.base64)
        XCTAssertEqual(error.data?["menu"]?.stringValue, "m-1")
        XCTAssertTrue(error.message.contains("did not run"), error.message)
        let plain = RPCError.targetChanged(TargetChange(path: RelativePath("a.txt"), kind: .removed, detail: "no longer exists"),
                                           menu: "m-1", action: "Duplicate")
        XCTAssertNil(plain.data?["pathBase64"])
    }
}
