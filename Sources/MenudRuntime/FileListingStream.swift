import MenudCore
import MenudJSON
import MenudProtocol

/// A `files.list` result written in pieces from a ``ListingCursor``: each piece visits at most
/// ``filesPerPiece`` files, and the answer is the one the listing gave at its `clock`, however
/// the files change between pieces (the cursor keeps the versions it still has to reach). The
/// bytes are those of the listing written whole: the same writer calls, cut in pieces.
final class FileListingStream: ReplyStream {
    /// A few milliseconds of writing File objects with every field (about 230 bytes each).
    static let filesPerPiece = 1024

    private let files: any TrackedFiles
    private var cursor: ListingCursor?
    private var fileWriter: FileObjectWriter
    private var writer: JSONWriter

    /// Opens the listing now; a bad query throws here, before anything is written.
    init(files: any TrackedFiles, query: FileQuery, fields: FileFields) throws(ReadinessQueryError) {
        self.files = files
        let cursor = try files.openListing(query)
        self.cursor = cursor
        fileWriter = FileObjectWriter(settings: cursor.settings, instanceId: files.instanceId, fields: fields)
        // Small to begin with: most answers are a page or a few changes. A piece of a large
        // listing grows the buffer (by doubling) once; later pieces reuse it.
        writer = JSONWriter(reservingCapacity: 4096)
        writer.beginObject()
        writer.key(ascii: "files")
        writer.beginArray()
    }

    func nextPiece(into bytes: inout [UInt8]) -> Bool {
        guard var open = cursor else { return true }
        files.next(&open, maxFiles: FileListingStream.filesPerPiece) { file in fileWriter.write(file, to: &writer) }
        cursor = open
        if let summary = open.summary {
            cursor = nil
            Self.writeEnd(summary, to: &writer)
        }
        // Copied out, the writer's buffer kept for the next piece (taking it would make the
        // writer allocate another one of the same size for every piece).
        bytes.append(contentsOf: writer.bytes)
        writer.bytes.removeAll(keepingCapacity: true)
        return cursor == nil
    }

    func cancel() {
        if let cursor { files.close(cursor) }
        cursor = nil
    }

    /// What follows the files: `total`, `clock`, and `removed` and `fresh` when they apply.
    static func writeEnd(_ summary: FileListSummary, to writer: inout JSONWriter) {
        writer.endArray()
        writer.key(ascii: "total"); writer.writeInt(Int64(summary.total))
        writer.stringMember(ascii: "clock", summary.clock)
        if let removed = summary.removed {
            writer.key(ascii: "removed")
            writer.beginArray()
            for path in removed { writer.writeString(path.displayString) }
            writer.endArray()
        }
        if summary.fresh {
            writer.key(ascii: "fresh"); writer.writeBool(true)
        }
        writer.endObject()
    }
}
