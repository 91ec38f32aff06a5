import Foundation
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

    /// A `TargetFile` for the file at `relative`, with its real size.
    func file(_ relative: String, state: FileState = .ready) throws -> TargetFile {
        let absolute = path + "/" + relative
        let attributes = try FileManager.default.attributesOfItem(atPath: absolute)
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let mtime = (attributes[.modificationDate] as? Date) ?? Date()
        return TargetFile(
            path: relative, absolutePath: absolute, state: state, size: size,
            mtimeMs: Int64(mtime.timeIntervalSince1970 * 1000))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
