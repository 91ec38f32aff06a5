/// A min-heap of deadlines: push in O(log n), look at the earliest in O(1), pop it in O(log n).
///
/// Entries are never removed from the middle. A caller whose deadline moved pushes the new one
/// and recognises the old entry as stale when it comes out (lazy invalidation, e.g. by a
/// generation number in the payload); `retainAll(where:)` drops stale entries in O(n) when too
/// many pile up. Entries with equal deadlines come out in the order they went in. A queue that
/// empties gives its memory back (a crawl of a million new files queues a million deadlines
/// that all pass a few seconds later).
public struct DeadlineQueue<Payload: Sendable>: Sendable {
    public struct Entry: Sendable {
        public let deadlineMs: Int64
        public let payload: Payload
        let sequence: UInt64

        func precedes(_ other: Entry) -> Bool {
            deadlineMs != other.deadlineMs ? deadlineMs < other.deadlineMs : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    public init() {}

    public var count: Int { heap.count }
    public var isEmpty: Bool { heap.isEmpty }

    /// The entry with the earliest deadline.
    public var first: Entry? { heap.first }

    public mutating func push(deadlineMs: Int64, payload: Payload) {
        heap.append(Entry(deadlineMs: deadlineMs, payload: payload, sequence: nextSequence))
        nextSequence &+= 1
        siftUp(heap.count - 1)
    }

    /// Removes and returns the entry with the earliest deadline.
    @discardableResult
    public mutating func popFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else {
            shrinkIfSparse()
            return last
        }
        let first = heap[0]
        heap[0] = last
        siftDown(0)
        shrinkIfSparse()
        return first
    }

    /// Removes and returns the earliest entry if its deadline is at or before `nowMs`.
    public mutating func popDue(atMs nowMs: Int64) -> Entry? {
        guard let first = heap.first, first.deadlineMs <= nowMs else { return nil }
        return popFirst()
    }

    /// Keeps only the entries for which `isKept` is true, in O(n).
    public mutating func retainAll(where isKept: (Entry) -> Bool) {
        heap.removeAll { !isKept($0) }
        shrinkIfSparse()
        guard heap.count > 1 else { return }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) {
            siftDown(index)
        }
    }

    public mutating func removeAll() {
        heap.removeAll()
    }

    /// Halves the storage once three quarters of it are unused (amortised O(1) a pop).
    private mutating func shrinkIfSparse() {
        guard heap.capacity > 4096, heap.count < heap.capacity / 4 else { return }
        var smaller: [Entry] = []
        smaller.reserveCapacity(heap.count * 2)
        smaller.append(contentsOf: heap)
        heap = smaller
    }

    /// Bytes held, unused capacity included.
    var allocatedBytes: Int { heap.capacity * MemoryLayout<Entry>.stride }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let entry = heap[parent]
        let count = heap.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count && heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(entry) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = entry
    }
}
