import Foundation
import MenudNative
import MenudPluginAPI

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
        path = base + "/menud-plugin-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `relative` (making parent directories) and returns the absolute path.
    @discardableResult
    func write(_ relative: String, _ contents: String = "") throws -> String {
        try write(relative, Data(contents.utf8))
    }

    @discardableResult
    func write(_ relative: String, _ contents: Data) throws -> String {
        let absolute = path + "/" + relative
        let parent = (absolute as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: absolute, contents: contents) else {
            throw ActionFailure("test setup: cannot create \(absolute)")
        }
        return absolute
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relative)
    }

    func contents(of relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : path + "/" + relative).sorted()
    }

    /// A `TargetFile` for the file at `relative`, with its real size and identity (device and
    /// inode), as the runtime hands it to an action.
    func file(_ relative: String, state: FileState = .ready) throws -> TargetFile {
        try file(bytes: Array(relative.utf8), state: state)
    }

    /// The same for a path given as bytes (a name need not be valid UTF-8): `path` and
    /// `absolutePath` show the decoded text, `pathBytes` the exact name.
    func file(bytes relative: [UInt8], state: FileState = .ready) throws -> TargetFile {
        let status = try FileStatus.lstat(Array(path.utf8) + [0x2F] + relative).get()
        let shown = String(decoding: relative, as: UTF8.self)
        return TargetFile(
            path: shown, pathBytes: relative, absolutePath: path + "/" + shown, state: state, size: status.size,
            mtimeMs: status.mtimeMs, identity: FileIdentity(device: status.device, inode: status.inode))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
