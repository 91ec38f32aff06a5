import MenudCore
import MenudNative
import MenudJSON
import MenudProtocol

/// Resolves a path parameter and checks that it stays inside the root: `..` that climbs out, an
/// absolute path elsewhere (both ``PathParameter``'s rules), or a symlink leading out are refused
/// with OutsideRoot.
struct RequestPaths {
    let rootBytes: [UInt8]
    /// The root's absolute spellings clients may use (see ``DaemonSettings/rootSpellings``).
    let rootSpellings: [[UInt8]]
    let files: any TrackedFiles

    /// The path `parameter` names, by the protocol's rules (``PathParameter``), after checking
    /// that an untracked one is not a symlink that leads out of the root.
    func resolve(_ parameter: PathParameter) throws(RPCError) -> RelativePath {
        let path = try parameter.relative(rootSpellings: rootSpellings)
        if !path.bytes.isEmpty, !files.contains(path) {
            // Not tracked: tell a symlink that leads out apart from a plain miss.
            if case .success(let resolved) = NativePath.resolve(absolutePath(path)) {
                let root = rootBytes
                if !(resolved.starts(with: root) && (resolved.count == root.count || resolved[root.count] == 0x2F)) {
                    throw .outsideRoot(path: parameter.display)
                }
            }
        }
        return path
    }

    /// The path `parameter` names by the protocol's rules alone, before ``resolve(_:)``'s look
    /// at the disk: for a caller that looks the path up in the tracker first (a tracked path
    /// needs no such look) and resolves only a miss.
    func lexical(_ parameter: PathParameter) throws(RPCError) -> RelativePath {
        try parameter.relative(rootSpellings: rootSpellings)
    }

    private func absolutePath(_ path: RelativePath) -> [UInt8] {
        path.bytes.isEmpty ? rootBytes : rootBytes + [0x2F] + path.bytes
    }
}
