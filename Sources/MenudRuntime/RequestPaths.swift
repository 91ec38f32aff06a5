import Foundation
import MenudCore
import MenudNative
import MenudJSON
import MenudProtocol

/// Reads a path parameter and checks that it stays inside the root: `..` that climbs out, an
/// absolute path elsewhere, or a symlink leading out are refused with OutsideRoot.
struct RequestPaths {
    let rootBytes: [UInt8]
    /// The root's absolute spellings clients may use (see ``DaemonSettings/rootSpellings``).
    let rootSpellings: [[UInt8]]
    let files: any TrackedFiles

    /// The path in `key`, or in `key` + "Base64".
    func resolve(_ params: JSONObject, key: String) throws(RPCError) -> RelativePath {
        let raw: [UInt8]
        if let text = try params.optionalString(key) {
            raw = Array(text.utf8)
        } else if let encoded = try params.optionalString(key + "Base64") {
            guard let data = Data(base64Encoded: encoded) else {
                throw .invalidParams(param: key + "Base64", "\(key)Base64 must be standard base64 of the path's bytes")
            }
            raw = Array(data)
        } else {
            throw .invalidParams(param: key, "\(key) is required: a path relative to the root (or \(key)Base64)")
        }
        return try resolve(bytes: raw, param: key)
    }

    func resolve(bytes raw: [UInt8], param: String) throws(RPCError) -> RelativePath {
        let display = String(decoding: raw, as: UTF8.self)
        if raw.contains(0) { throw .invalidParams(param: param, "\(param) must not contain a NUL byte") }
        if raw.count > 1, raw.last == 0x2F || raw.suffix(2).elementsEqual([0x2F, 0x2E]) || raw.suffix(3).elementsEqual([0x2F, 0x2E, 0x2E]) {
            // POSIX takes "a.txt/" to mean a folder; a file's path has no trailing slash.
            throw .invalidParams(param: param, "\(param) \"\(display)\" ends in \"/\", \"/.\" or \"/..\", which names a folder; give the file's path without it")
        }
        var bytes = raw
        if bytes.first == 0x2F {
            // The root as configured, or as spelled through a link to it (both name it).
            guard let root = rootSpellings.first(where: { bytes.starts(with: $0) && (bytes.count == $0.count || bytes[$0.count] == 0x2F) }) else {
                throw .outsideRoot(path: display)
            }
            bytes = Array(bytes.dropFirst(root.count))
        }
        var components: [[UInt8]] = []
        for component in bytes.split(separator: 0x2F, omittingEmptySubsequences: true) {
            if component.elementsEqual([0x2E]) { continue }
            if component.elementsEqual([0x2E, 0x2E]) {
                if components.isEmpty { throw .outsideRoot(path: display) }
                components.removeLast()
                continue
            }
            components.append(Array(component))
        }
        let joined = Array(components.joined(separator: [0x2F]))
        let path = RelativePath(bytes: joined)
        if files.snapshot(of: path) == nil, !joined.isEmpty {
            // Not tracked: tell a symlink that leads out apart from a plain miss.
            if case .success(let resolved) = NativePath.resolve(absolutePath(path)) {
                let root = rootBytes
                if !(resolved.starts(with: root) && (resolved.count == root.count || resolved[root.count] == 0x2F)) {
                    throw .outsideRoot(path: display)
                }
            }
        }
        return path
    }

    private func absolutePath(_ path: RelativePath) -> [UInt8] {
        path.bytes.isEmpty ? rootBytes : rootBytes + [0x2F] + path.bytes
    }
}
