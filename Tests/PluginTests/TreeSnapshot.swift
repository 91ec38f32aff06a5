import Foundation
import MenudNative

/// What a folder holds, recursively, seen without following any link or opening any FIFO:
/// each entry's path (exact bytes) with its kind, and a regular file's content. Two snapshots
/// taken around an action say whether it changed anything there.
struct TreeSnapshot: Equatable, CustomStringConvertible {
    let entries: [[UInt8]: String]

    init(_ path: String) throws {
        var found: [[UInt8]: String] = [:]
        if case .success(let top) = DirectoryDescriptor.open(path: Array(path.utf8)) {
            try Self.walk(top, prefix: [], into: &found)
        }
        entries = found
    }

    private static func walk(_ folder: DirectoryDescriptor, prefix: [UInt8], into found: inout [[UInt8]: String]) throws {
        for entry in try folder.entries().get() {
            let relative = prefix.isEmpty ? entry.name : prefix + [0x2F] + entry.name
            let status = try folder.status(ofEntry: entry.name).get()
            switch status.kind {
            case .directory:
                found[relative] = "folder"
                try walk(try folder.openDirectory(beneath: entry.name).get(), prefix: relative, into: &found)
            case .file:
                let bytes = try folder.openFile(beneath: entry.name).get().read(upTo: 1 << 16).get()
                found[relative] = "file: " + String(decoding: bytes, as: UTF8.self)
            case .symlink: found[relative] = "link"
            case .other: found[relative] = "special"
            }
        }
    }

    /// The names, decoded, in order (for messages and simple checks).
    var names: [String] { entries.keys.map { String(decoding: $0, as: UTF8.self) }.sorted() }

    var description: String {
        entries.map { "\(String(decoding: $0.key, as: UTF8.self)) \($0.key): \($0.value)" }.sorted().joined(separator: "\n")
    }
}
