import MenudJSON

/// `menu.open`'s params. `layout` stays a JSON object: the daemon reads it as a layout request
/// (its errors name `layout`) before any plugin runs.
public struct MenuOpenParams: RPCParams, Equatable {
    public var target: MenuOpenTarget
    public var layout: JSONObject?

    public init(target: MenuOpenTarget, layout: JSONObject? = nil) {
        self.target = target
        self.layout = layout
    }

    public init(from params: JSONObject) throws(RPCError) {
        try params.rejectUnknownKeys(allowed: Self.keys)
        guard let target = params["target"]?.objectValue else {
            throw .invalidParams(param: "target", "target is required: {\"path\": p}, {\"paths\": [p, ...]}, {\"row\": n} or {\"background\": true}")
        }
        // Unlike the other optional members, an explicit `"layout": null` is refused: it always was.
        let layout = params["layout"]
        if let layout, layout.objectValue == nil {
            throw .invalidParams(param: "layout", "layout must be an object: {viewport: {cols, rows}, source: {col, row, width, height}, width: {auto: {min}} | {fixed: n}}")
        }
        self.layout = layout?.objectValue
        self.target = try MenuOpenTarget(from: target)
    }

    public var json: JSONObject {
        var object: JSONObject = ["target": .object(target.json)]
        if let layout { object["layout"] = .object(layout) }
        return object
    }

    /// The params it takes, built once: an array literal here was built for every request.
    private static let keys = ["target", "layout"]
}
