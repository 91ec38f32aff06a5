import MenuLayout
import MenudCore
import MenudJSON

extension MenuLayoutResult {
    /// Writes the protocol's `layout` result.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "col"); writer.writeInt(Int64(col))
        writer.key(ascii: "row"); writer.writeInt(Int64(row))
        writer.key(ascii: "width"); writer.writeInt(Int64(width))
        writer.key(ascii: "height"); writer.writeInt(Int64(height))
        writer.key(ascii: "detailWidth"); writer.writeInt(Int64(detailWidth))
        writer.stringMember(ascii: "placement", placement.rawValue)
        writer.key(ascii: "scrolls"); writer.write(.bool(scrolls))
        writer.key(ascii: "firstVisibleRow"); writer.writeInt(Int64(firstVisibleRow))
        writer.key(ascii: "visibleRowCount"); writer.writeInt(Int64(visibleRowCount))
        writer.endObject()
    }
}
