/// An array in chunks of 8,192 elements, for the tracker's per-file arrays.
///
/// A Swift array that grows by appending doubles its capacity, so up to half of it is unused
/// (24 bytes a file for a 48-byte record), and every doubling copies everything. Here the
/// slack is at most one chunk and growing copies nothing. Indexing costs one more load.
struct ChunkedArray<Element> {
    private static var shift: Int { 13 }
    private static var chunkSize: Int { 1 << shift }
    private static var mask: Int { chunkSize - 1 }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    subscript(index: Int) -> Element {
        get { chunks[index >> ChunkedArray.shift][index & ChunkedArray.mask] }
        set { chunks[index >> ChunkedArray.shift][index & ChunkedArray.mask] = newValue }
    }

    mutating func append(_ element: Element) {
        if count & ChunkedArray.mask == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(ChunkedArray.chunkSize)
            chunks.append(chunk)
        }
        chunks[count >> ChunkedArray.shift].append(element)
        count += 1
    }

    /// Bytes held, unused capacity included.
    var allocatedBytes: Int {
        chunks.reduce(chunks.capacity * MemoryLayout<[Element]>.stride) { $0 + $1.capacity * MemoryLayout<Element>.stride }
    }
}
