import MenudJSON

extension MenuItemObject {
    /// Reads an Item object; a missing or mistyped member throws a -32602 that names it.
    public init(from object: JSONObject) throws(RPCError) {
        id = try object.requiredString("id")
        title = try object.requiredString("title")
        badge = try object["badge"]?.objectValue.map { (badge) throws(RPCError) in try MenuItemBadge(from: badge) }
        status = try object["status"]?.objectValue.map { (status) throws(RPCError) in try MenuColoredText(from: status, within: "status") }
        detail = try object["detail"]?.objectValue.map { (detail) throws(RPCError) in try MenuColoredText(from: detail, within: "detail") }
        subtitle = try object.optionalString("subtitle")
        icon = try object.optionalString("icon")
        key = try object.optionalString("key")
        destructive = try object.optionalBool("destructive") ?? false
        disabled = try object.optionalBool("disabled") ?? false
        input = try object["input"]?.objectValue.map { (input) throws(RPCError) in try MenuItemInput(from: input) }
        var children: [MenuItemObject] = []
        for child in object["children"]?.arrayValue ?? [] {
            guard let child = child.objectValue else {
                throw .invalidParams(param: "children", "every entry of children must be an Item object")
            }
            children.append(try MenuItemObject(from: child))
        }
        self.children = children
        inline = try object.optionalBool("inline") ?? false
        accessibilityLabel = try object.optionalString("accessibilityLabel") ?? title
        plugin = try object.optionalString("plugin")
    }
}
