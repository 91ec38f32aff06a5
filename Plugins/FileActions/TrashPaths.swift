/// Absolute paths as bytes: the little arithmetic the trash needs.
enum TrashPaths {
    /// `/a/b` for `/a/b/c`; `/` for `/a`.
    static func parent(of path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: 0x2F), slash != 0 else { return [0x2F] }
        return Array(path[..<slash])
    }

    /// `directory/name`.
    static func join(_ directory: [UInt8], _ name: [UInt8]) -> [UInt8] {
        directory == [0x2F] ? [0x2F] + name : directory + [0x2F] + name
    }

    /// The part of `path` below `base` ("" for `base` itself), or `nil` when `path` is not
    /// at or under `base`.
    static func relative(_ path: [UInt8], to base: [UInt8]) -> [UInt8]? {
        if path == base { return [] }
        let prefix = base == [0x2F] ? base : base + [0x2F]
        guard path.count > prefix.count, path.starts(with: prefix) else { return nil }
        return Array(path[prefix.count...])
    }

    /// The last name of `path`.
    static func lastName(of path: [UInt8]) -> [UInt8] {
        path.lastIndex(of: 0x2F).map { Array(path[($0 + 1)...]) } ?? path
    }
}
