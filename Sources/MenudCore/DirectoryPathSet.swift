import MenudProtocol

/// A set of directory paths that can hand out every member at or below a path in what that
/// subtree holds, not what the set holds: each path on the way to a member knows its children
/// on the way to members. A directory removed from a tree of 200,000 watched ones then costs
/// its own subtree, instead of a look at every watched directory.
public struct DirectoryPathSet: Sendable {
    private var members: Set<RelativePath> = []
    /// For each path with members at or below its children: those children.
    private var children: [RelativePath: Set<RelativePath>] = [:]

    public init() {}

    public var count: Int { members.count }

    /// Paths that list children (members' ancestors): what the set keeps beside its members.
    var pathsWithChildren: Int { children.count }

    public func contains(_ path: RelativePath) -> Bool { members.contains(path) }

    /// Adds `path`. O(depth).
    public mutating func insert(_ path: RelativePath) {
        guard members.insert(path).inserted else { return }
        var child = path
        while let parent = child.parent {
            guard children[parent, default: []].insert(child).inserted else { return }
            child = parent
        }
    }

    /// Removes `path` (its members below stay). O(depth).
    public mutating func remove(_ path: RelativePath) {
        guard members.remove(path) != nil else { return }
        prune(from: path)
    }

    /// Every member at or below `path`. O(k) for k paths on the way to them.
    public func members(atOrUnder path: RelativePath) -> [RelativePath] {
        var found: [RelativePath] = []
        var pending = [path]
        while let next = pending.popLast() {
            if members.contains(next) { found.append(next) }
            if let below = children[next] { pending.append(contentsOf: below) }
        }
        return found
    }

    /// Removes every member at or below `path` and returns them. O(k) as above, plus depth.
    public mutating func removeSubtree(_ path: RelativePath) -> [RelativePath] {
        let found = members(atOrUnder: path)
        for member in found { members.remove(member) }
        var pending = [path]
        while let next = pending.popLast() {
            if let below = children.removeValue(forKey: next) { pending.append(contentsOf: below) }
        }
        prune(from: path)
        return found
    }

    /// Unlinks `path` and then its ancestors from their parents while they lead to no member.
    private mutating func prune(from path: RelativePath) {
        var node = path
        while !members.contains(node), children[node]?.isEmpty ?? true, let parent = node.parent {
            children[node] = nil
            children[parent]?.remove(node)
            if children[parent]?.isEmpty == true { children[parent] = nil }
            node = parent
        }
    }
}
