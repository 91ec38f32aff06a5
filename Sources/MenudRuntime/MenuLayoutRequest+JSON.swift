import MenuLayout
import MenudCore
import MenudJSON
import MenudProtocol

extension MenuLayoutRequest {
    /// Reads `menu.open`'s `layout` parameter:
    /// `{viewport: {cols, rows}, source: {col, row, width, height}, width: {auto: {min}} | {fixed: n}, maxWidth?}`.
    /// Cells are counted from 0 at the top-left corner.
    init(json: JSONObject) throws(RPCError) {
        try json.rejectUnknownKeys(allowed: ["viewport", "source", "width", "maxWidth"], within: "layout")
        guard let viewport = json["viewport"]?.objectValue else {
            throw .invalidParams(param: "layout.viewport", "layout.viewport is required: {cols, rows} of the screen in cells")
        }
        guard let source = json["source"]?.objectValue else {
            throw .invalidParams(param: "layout.source", "layout.source is required: {col, row, width, height} of what was pressed")
        }
        func number(_ object: JSONObject, _ key: String, _ parent: String, min: Int64) throws(RPCError) -> Int {
            guard let value = try object.optionalInt(key, min: min, max: 100_000, within: parent) else {
                throw .invalidParams(param: "\(parent).\(key)", "\(parent).\(key) is required (a whole number)")
            }
            return Int(value)
        }
        let size = CellSize(cols: try number(viewport, "cols", "layout.viewport", min: 1),
                            rows: try number(viewport, "rows", "layout.viewport", min: 1))
        let rect = CellRect(col: try number(source, "col", "layout.source", min: 0),
                            row: try number(source, "row", "layout.source", min: 0),
                            width: Int(try source.optionalInt("width", min: 0, max: 100_000, within: "layout.source") ?? 0),
                            height: Int(try source.optionalInt("height", min: 0, max: 100_000, within: "layout.source") ?? 1))
        var mode = MenuWidthMode.auto(min: MenuMetrics.defaultAutoMinWidth)
        if let width = json["width"] {
            guard let object = width.objectValue, object.count == 1 else {
                throw .invalidParams(param: "layout.width", "layout.width is {\"auto\": {\"min\": n}} or {\"fixed\": n}")
            }
            if let fixed = object["fixed"] {
                guard let cells = fixed.intValue, cells >= 1, cells <= 100_000 else {
                    throw .invalidParams(param: "layout.width.fixed", "layout.width.fixed must be a whole number of cells, 1 or more")
                }
                mode = .fixed(Int(cells))
            } else if let auto = object["auto"] {
                guard let options = auto.objectValue else {
                    throw .invalidParams(param: "layout.width.auto", "layout.width.auto is an object: {\"min\": n}")
                }
                let min = try options.optionalInt("min", min: 1, max: 100_000, within: "layout.width.auto")
                mode = .auto(min: Int(min ?? Int64(MenuMetrics.defaultAutoMinWidth)))
            } else {
                throw .invalidParams(param: "layout.width", "layout.width is {\"auto\": {\"min\": n}} or {\"fixed\": n}")
            }
        }
        let maxWidth = try json.optionalInt("maxWidth", min: 1, max: 100_000, within: "layout")
        self.init(viewport: size, source: rect, width: mode, maxWidth: Int(maxWidth ?? Int64(MenuMetrics.defaultMaxWidth)))
        do {
            _ = try MenuLayoutCalculator.layout(rows: [], for: self)
        } catch {
            throw .invalidParams(param: error.param, error.message)
        }
    }
}
