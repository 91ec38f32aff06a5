import MenuLayout
import MenudCore
import MenudJSON

extension MenuLayoutResult {
    /// Writes the protocol's `layout` result.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("col"); writer.writeInt(Int64(col))
        writer.key("row"); writer.writeInt(Int64(row))
        writer.key("width"); writer.writeInt(Int64(width))
        writer.key("height"); writer.writeInt(Int64(height))
        writer.key("detailWidth"); writer.writeInt(Int64(detailWidth))
        writer.key("placement"); writer.writeString(placement.rawValue)
        writer.key("scrolls"); writer.write(.bool(scrolls))
        writer.key("firstVisibleRow"); writer.writeInt(Int64(firstVisibleRow))
        writer.key("visibleRowCount"); writer.writeInt(Int64(visibleRowCount))
        writer.endObject()
    }
}
