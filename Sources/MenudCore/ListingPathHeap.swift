/// Paths in a min-heap by bytewise order: the preserved versions an open listing merges in as
/// it reaches them.
struct ListingPathHeap {
    private(set) var paths: [[UInt8]] = []

    var first: [UInt8]? { paths.first }

    mutating func push(_ path: [UInt8]) {
        paths.append(path)
        var child = paths.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard paths[child].lexicographicallyPrecedes(paths[parent]) else { break }
            paths.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func popFirst() -> [UInt8]? {
        guard !paths.isEmpty else { return nil }
        paths.swapAt(0, paths.count - 1)
        let first = paths.removeLast()
        var parent = 0
        while true {
            var smallest = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < paths.count {
                if paths[child].lexicographicallyPrecedes(paths[smallest]) { smallest = child }
            }
            guard smallest != parent else { break }
            paths.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
