import MenudJSON

extension MenuItemObject {
    /// Reads an Item object; a missing or mistyped member throws a -32602 that names it.
    /// Tolerantly (``DecodingMode``) only a missing `id` throws: an integer id is read as its
    /// digits, a missing title is empty, and an odd optional member (a badge of an unknown kind, a
    /// `key` longer than one character, a status that is not an object) is left out. A child
    /// without an id throws in both modes.
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        id = try object.itemId(mode: mode)
        title = try mode.value(object.requiredString("title"), orElse: "")
        badge = try mode.value(object.optionalObject("badge").map { (badge) throws(RPCError) in try MenuItemBadge(from: badge, mode: mode) }, orElse: nil)
        status = try mode.value(object.optionalObject("status").map { (status) throws(RPCError) in
            try MenuColoredText(from: status, within: "status", mode: mode)
        }, orElse: nil)
        detail = try mode.value(object.optionalObject("detail").map { (detail) throws(RPCError) in
            try MenuColoredText(from: detail, within: "detail", mode: mode)
        }, orElse: nil)
        subtitle = try mode.value(object.optionalString("subtitle"), orElse: nil)
        icon = try mode.value(object.optionalString("icon"), orElse: nil)
        key = try mode.value(object.optionalCharacter("key"), orElse: nil)
        destructive = try mode.value(object.optionalBool("destructive") ?? false, orElse: false)
        disabled = try mode.value(object.optionalBool("disabled") ?? false, orElse: false)
        input = try mode.value(object.optionalObject("input").map { (input) throws(RPCError) in try MenuItemInput(from: input, mode: mode) }, orElse: nil)
        var children: [MenuItemObject] = []
        for child in try mode.value(object.optionalArray("children") ?? [], orElse: []) {
            guard let child = child.objectValue else {
                throw .invalidParams(param: "children", "every entry of children must be an Item object")
            }
            children.append(try MenuItemObject(from: child, mode: mode))
        }
        self.children = children
        inline = try mode.value(object.optionalBool("inline") ?? false, orElse: false)
        accessibilityLabel = try mode.value(object.optionalString("accessibilityLabel") ?? title, orElse: title)
        plugin = try mode.value(object.optionalString("plugin"), orElse: nil)
    }
}
