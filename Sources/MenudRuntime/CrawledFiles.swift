import MenudCore
import MenudProtocol

/// The files of one crawled directory: their paths back to back in one buffer and their facts
/// in another, so a directory of a thousand files is three allocations, not a thousand. The
/// loop frees what the crawler's threads allocate, and glibc frees a block from another
/// thread's heap under that heap's lock: at a million files, a path array a file cost the loop
/// more than looking the files up. A file's `RelativePath` is made when it is read.
struct CrawledFiles: RandomAccessCollection, Sendable {
    private var pathBytes: [UInt8] = []
    /// Where each path ends in `pathBytes`.
    private var ends: [UInt32] = []
    private var facts: [FileFacts] = []
    /// The first file of the buffers this one holds (a piece of a directory starts later).
    private var offset = 0
    private(set) var count = 0

    init() {}

    init(_ files: [CrawledDirectory.File]) {
        for file in files { append(path: file.path.bytes[...], facts: file.facts) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> CrawledDirectory.File {
        precondition(position >= 0 && position < count, "file \(position) of \(count)")
        let at = offset + position
        let start = at == 0 ? 0 : Int(ends[at - 1])
        return CrawledDirectory.File(path: RelativePath(bytes: Array(pathBytes[start..<Int(ends[at])])), facts: facts[at])
    }

    /// Adds the file `name` in `directory`.
    mutating func append(directory: RelativePath, name: [UInt8], facts fileFacts: FileFacts) {
        precondition(offset == 0 && count == ends.count, "files are added to a whole listing, not a piece")
        if !directory.isRoot {
            pathBytes.append(contentsOf: directory.bytes)
            pathBytes.append(RelativePath.separator)
        }
        pathBytes.append(contentsOf: name)
        ends.append(UInt32(pathBytes.count))
        facts.append(fileFacts)
        count += 1
    }

    private mutating func append(path: ArraySlice<UInt8>, facts fileFacts: FileFacts) {
        pathBytes.append(contentsOf: path)
        ends.append(UInt32(pathBytes.count))
        facts.append(fileFacts)
        count += 1
    }

    /// Files `range` of these, as a listing of their own (numbered from 0), sharing the buffers.
    func piece(_ range: Range<Int>) -> CrawledFiles {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "files \(range) of \(count)")
        var piece = self
        piece.offset = offset + range.lowerBound
        piece.count = range.count
        return piece
    }
}
