import Foundation
import MenudPluginAPI
import XCTest

@testable import FileActionsPlugin

/// Trash: the freedesktop layout, its info files, and choosing the trash on another file system.
extension FileActionsPluginTests {
    // MARK: - Trash

    func testTrashFollowsTheFreedesktopLayout() async throws {
        try directory.write("dir/report é 100%.txt", "r")
        let file = try directory.file("dir/report é 100%.txt")
        let before = Date()
        let outcome = try await runAction(try items(.file, [file]).item("trash"), context([file]))
        XCTAssertEqual(outcome.message, "Moved report é 100%.txt to the Trash")
        XCTAssertFalse(directory.exists("dir/report é 100%.txt"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/files"), ["report é 100%.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/info"), ["report é 100%.txt.trashinfo"])
        XCTAssertEqual(try String(contentsOfFile: trash + "/files/report é 100%.txt", encoding: .utf8), "r")

        let info = try String(contentsOfFile: trash + "/info/report é 100%.txt.trashinfo", encoding: .utf8)
        let lines = info.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 4, info)
        XCTAssertEqual(lines[0], "[Trash Info]")
        XCTAssertEqual(lines[1], "Path=" + directory.path.replacingOccurrences(of: " ", with: "%20") + "/dir/report%20%C3%A9%20100%25.txt")
        XCTAssertEqual(lines[3], "")
        let dateText = String(lines[2].dropFirst("DeletionDate=".count))
        XCTAssertTrue(lines[2].hasPrefix("DeletionDate="))
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = .current
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let date = try XCTUnwrap(parser.date(from: dateText), dateText)
        XCTAssertGreaterThanOrEqual(date.timeIntervalSince1970, before.timeIntervalSince1970.rounded(.down) - 1)
        for directory in [trash, trash + "/files", trash + "/info"] {
            let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? NSNumber
            XCTAssertEqual(mode?.intValue, 0o700, directory)
        }
    }

    func testTrashedNamesNeverCollide() async throws {
        try directory.write("one/a.txt", "1")
        try directory.write("two/a.txt", "2")
        try directory.write("three/a.txt", "3")
        // A leftover in files/ without its info file is left alone.
        try FileManager.default.createDirectory(atPath: trash + "/files", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: trash + "/files/a.2.txt", contents: Data("orphan".utf8)))
        let files = try ["one/a.txt", "two/a.txt", "three/a.txt"].map { try directory.file($0) }
        let outcome = try await runAction(try items(.selection, files).item("trash"), context(files))
        XCTAssertEqual(outcome.message, "Moved 3 files to the Trash")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/files").sorted(), ["a.2.txt", "a.3.txt", "a.4.txt", "a.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/info").sorted(),
                       ["a.3.txt.trashinfo", "a.4.txt.trashinfo", "a.txt.trashinfo"])
        XCTAssertEqual(try String(contentsOfFile: trash + "/files/a.2.txt", encoding: .utf8), "orphan")
        XCTAssertEqual(try String(contentsOfFile: trash + "/files/a.3.txt", encoding: .utf8), "2")
        let info = try String(contentsOfFile: trash + "/info/a.4.txt.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.contains("\nPath=" + directory.path + "/three/a.txt\n"), info)
    }

    func testTrashingAMissingFileFailsAndLeavesNoInfo() async throws {
        try directory.write("here.txt", "h")
        let files = [try directory.file("here.txt"), fakeFile("gone.txt", root: directory.path)]
        let error = await thrownError { try await runAction(try await self.items(.selection, files).item("trash"), self.context(files)) }
        XCTAssertEqual(
            (error as? ActionFailure)?.message,
            "Moved 1 of 2 files to the Trash. Cannot move \(directory.path)/gone.txt to the Trash: it no longer exists.")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash + "/info"), ["here.txt.trashinfo"])
    }

    func testTrashExpiredFilesFromTheDirectoryMenu() async throws {
        try directory.write("old.txt", "o")
        try directory.write("new.txt", "n")
        let files = [try directory.file("new.txt"), try directory.file("old.txt", state: .expired)]
        let outcome = try await runAction(try items(.directory, files).item("trash-expired"), directoryContext(files))
        XCTAssertEqual(outcome.message, "Moved old.txt to the Trash")
        XCTAssertTrue(directory.exists("new.txt"))
        XCTAssertFalse(directory.exists("old.txt"))
    }

    func testTrashInfoEncoding() {
        XCTAssertEqual(TrashInfo.percentEncode("/home/u/a b/ü?#%.txt"), "/home/u/a%20b/%C3%BC%3F%23%25.txt")
        XCTAssertEqual(TrashInfo.percentEncode("/x/(ok)_-.!~*'"), "/x/(ok)_-.!~*'")
        XCTAssertEqual(
            TrashInfo.contents(path: "/a b", deletedAt: .utc(epochSeconds: 1_764_500_000)),
            "[Trash Info]\nPath=/a%20b\nDeletionDate=2025-11-30T10:53:20\n")
    }

    // MARK: - Choosing the trash on another file system

    private func locator(devices: [String: UInt64], sticky: Set<String> = [], links: Set<String> = [], configured: Bool = false)
        -> TrashLocator
    {
        TrashLocator(homeTrash: "/home/u/.local/share/Trash", isConfigured: configured, uid: 1000) { path in
            guard let device = devices[path] else { return nil }
            return TrashLocator.Node(
                device: device, isDirectory: true, isSymbolicLink: links.contains(path), isSticky: sticky.contains(path))
        }
    }

    func testHomeTrashForFilesOnTheSameFileSystem() throws {
        // The home trash does not exist yet: its nearest existing ancestor decides the device.
        XCTAssertEqual(
            try locator(devices: devices).location(for: "/home/u/z.txt"),
            TrashLocation(directory: "/home/u/.local/share/Trash", topDirectory: nil))
    }

    func testTopDirectoryTrashForFilesOnAnotherFileSystem() throws {
        XCTAssertEqual(
            try locator(devices: devices).location(for: "/mnt/usb/x/y.txt"),
            TrashLocation(directory: "/mnt/usb/.Trash-1000", topDirectory: "/mnt/usb"))
        var withShared = devices
        withShared["/mnt/usb/.Trash"] = 2
        XCTAssertEqual(
            try locator(devices: withShared, sticky: ["/mnt/usb/.Trash"]).location(for: "/mnt/usb/x/y.txt"),
            TrashLocation(directory: "/mnt/usb/.Trash/1000", topDirectory: "/mnt/usb"))
        // Without the sticky bit, or as a symbolic link, the shared .Trash must not be used.
        XCTAssertEqual(
            try locator(devices: withShared).location(for: "/mnt/usb/x/y.txt").directory, "/mnt/usb/.Trash-1000")
        XCTAssertEqual(
            try locator(devices: withShared, sticky: ["/mnt/usb/.Trash"], links: ["/mnt/usb/.Trash"])
                .location(for: "/mnt/usb/x/y.txt").directory,
            "/mnt/usb/.Trash-1000")
    }

    func testConfiguredTrashOnAnotherFileSystemIsRefusedNotCopied() {
        XCTAssertThrowsError(try locator(devices: devices, configured: true).location(for: "/mnt/usb/x/y.txt")) { error in
            XCTAssertEqual(
                "\(error)",
                "Cannot move /mnt/usb/x/y.txt to the Trash at /home/u/.local/share/Trash: they are on different file systems, "
                    + "and a trashed file is never copied. Set trashDirectory to a folder on the same file system.")
        }
    }

    func testTopDirectoryTrashOnDisk() throws {
        // Pretend <tmp>/mnt is another file system: the trash goes to <tmp>/mnt/.Trash-<uid> and
        // Path= is relative to <tmp>/mnt.
        let mount = directory.path + "/mnt"
        let path = try directory.write("mnt/sub/f.txt", "f")
        let real = TrashLocator.lstatNode
        let locator = TrashLocator(homeTrash: directory.path + "/home/Trash", isConfigured: false, uid: 4242) { path in
            guard let node = real(path) else { return nil }
            let device: UInt64 = path == mount || path.hasPrefix(mount + "/") ? 2 : 1
            return TrashLocator.Node(
                device: device, isDirectory: node.isDirectory, isSymbolicLink: node.isSymbolicLink, isSticky: node.isSticky)
        }
        let can = TrashCan(locator: locator, now: { .utc(epochSeconds: 0) })
        let trashed = try can.moveToTrash(path)
        XCTAssertEqual(trashed.trashedPath, mount + "/.Trash-4242/files/f.txt")
        let info = try String(contentsOfFile: mount + "/.Trash-4242/info/f.txt.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.contains("\nPath=sub/f.txt\n"), info)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/home"))
    }

    func testSettings() throws {
        XCTAssertThrowsError(try FileActions(settings: PluginSettings(["trashDirectory": "relative/trash"]))) { error in
            XCTAssertEqual("\(error)", "trashDirectory: must be an absolute path, not \"relative/trash\"")
        }
        XCTAssertThrowsError(try FileActions.factory.make(PluginSettings(["trash": "/x"]))) { error in
            XCTAssertEqual("\(error)", "trash: is not a known setting (allowed: trashDirectory)")
        }
        let plugin = try FileActions(settings: PluginSettings(["trashDirectory": "/var/tmp/t/"]))
        XCTAssertEqual(plugin.trashCan.locator.homeTrash, "/var/tmp/t")
        XCTAssertEqual(plugin.name, "files")
    }
}
