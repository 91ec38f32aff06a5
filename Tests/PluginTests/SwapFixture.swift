import Foundation
import Glibc
import FileActionsPlugin
import MenudPluginAPI
import XCTest

/// A watched root holding `sub/f.txt`, a folder outside it standing in for `/etc` (`hostname`,
/// and `dir/f.txt` named like the target), and a trash beside both; then one swap of the
/// target or its folder, made after the menu "showed" the file and before the action runs.
final class SwapFixture {
    /// What takes the place of `sub/f.txt` (or of `sub`).
    enum Swap: CaseIterable, CustomStringConvertible {
        case fileForLinkOutside, fileForFolder, fileForFIFO, folderForLinkOutside, anotherFileInTheName

        var description: String {
            switch self {
            case .fileForLinkOutside: "the file swapped for a link to a file outside the root"
            case .fileForFolder: "the file swapped for a folder"
            case .fileForFIFO: "the file swapped for a FIFO"
            case .folderForLinkOutside: "its folder swapped for a link to a folder outside the root"
            case .anotherFileInTheName: "another file moved into its name"
            }
        }

        /// Why an action must refuse, as `FileAccessFailure.reason` words it.
        var reason: String {
            switch self {
            case .fileForLinkOutside: "it is now a symbolic link, not the file the menu showed"
            case .fileForFolder: "it is now a folder, not the file the menu showed"
            case .fileForFIFO: "it is now a special file (a FIFO, socket or device), not the file the menu showed"
            case .folderForLinkOutside: "a symbolic link is on its way, and links are not followed"
            case .anotherFileInTheName: "another file has taken its name since the menu showed it"
            }
        }
    }

    let root: TemporaryDirectory
    let outside: TemporaryDirectory
    let trashHome: TemporaryDirectory
    private(set) var watchdog: FifoWatchdog?

    init() throws {
        root = try TemporaryDirectory()
        outside = try TemporaryDirectory()
        trashHome = try TemporaryDirectory()
        try root.write("sub/f.txt", "inside")
        try outside.write("hostname", "outside host")
        try outside.write("dir/f.txt", "outside file")
    }

    deinit {
        _ = watchdog?.finish()
        for directory in [root, outside, trashHome] { directory.remove() }
    }

    /// The target as the menu showed it (with its identity).
    func target() throws -> TargetFile { try root.file("sub/f.txt") }

    var trashDirectory: String { trashHome.path + "/Trash" }

    func plugin() -> FileActions { FileActions(trashDirectory: trashDirectory) }

    func context(_ file: TargetFile, input: String? = nil) -> ActionContext {
        ActionContext(files: [file], root: root.path, input: input, processes: FoundationProcessLauncher())
    }

    /// The context of a directory-wide action over a folder holding `files`.
    func directoryContext(_ files: [TargetFile]) -> ActionContext {
        ActionContext(files: [], directory: TargetDirectory(files: files), root: root.path, processes: FoundationProcessLauncher())
    }

    /// Makes `swap`. The original file is kept aside (not deleted), so a new file cannot get
    /// its inode number back.
    func make(_ swap: Swap) throws {
        let target = root.path + "/sub/f.txt"
        if swap == .folderForLinkOutside {
            try FileManager.default.moveItem(atPath: root.path + "/sub", toPath: root.path + "/sub.kept")
            try FileManager.default.createSymbolicLink(atPath: root.path + "/sub", withDestinationPath: outside.path + "/dir")
            return
        }
        try FileManager.default.moveItem(atPath: target, toPath: root.path + "/sub/f.txt.kept")
        switch swap {
        case .fileForLinkOutside:
            try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: outside.path + "/hostname")
        case .fileForFolder:
            try root.write("sub/f.txt/inner.txt", "in the folder")
        case .fileForFIFO:
            guard mkfifo(target, 0o600) == 0 else { throw ActionFailure("test setup: mkfifo failed") }
            watchdog = FifoWatchdog(target)
        case .anotherFileInTheName:
            try root.write("sub/f.txt", "another")
        case .folderForLinkOutside:
            break
        }
    }

    /// Whether something got stuck on the FIFO (and had to be freed).
    func somethingBlocked() -> Bool { watchdog?.finish() ?? false }
}

extension FileActions {
    /// Builds the items for `file` and returns the one with `id`.
    func item(_ id: String, for file: TargetFile, root: String) throws -> MenuItem {
        guard let items = try immediateItems(for: MenuTarget(kind: .file, files: [file], root: root)) else {
            throw ActionFailure("no immediate items")
        }
        return try items.item(id)
    }
}
