import MenuLayout
import MenudCore
import MenudJSON

/// One item of a menu as the daemon sent it (the protocol's Item).
public struct DaemonMenuItem: Sendable, Equatable {
    /// An item's `input`: it needs one line of text, asked after the menu is gone.
    public struct Input: Sendable, Equatable {
        public let prompt: String
        public let defaultValue: String?

        public init(prompt: String, defaultValue: String? = nil) {
            self.prompt = prompt
            self.defaultValue = defaultValue
        }
    }

    public let id: String
    public let title: String
    public let badge: RowBadge?
    public let status: ColoredText?
    public let detail: ColoredText?
    public let subtitle: String?
    public let icon: String?
    public let key: Character?
    public let destructive: Bool
    public let disabled: Bool
    public let input: Input?
    public let children: [DaemonMenuItem]
    public let inline: Bool
    public let accessibilityLabel: String?
    public let plugin: String?

    public init(
        id: String, title: String, badge: RowBadge? = nil, status: ColoredText? = nil, detail: ColoredText? = nil,
        subtitle: String? = nil, icon: String? = nil, key: Character? = nil, destructive: Bool = false,
        disabled: Bool = false, input: Input? = nil, children: [DaemonMenuItem] = [], inline: Bool = false,
        accessibilityLabel: String? = nil, plugin: String? = nil
    ) {
        self.id = id
        self.title = title
        self.badge = badge
        self.status = status
        self.detail = detail
        self.subtitle = subtitle
        self.icon = icon
        self.key = key
        self.destructive = destructive
        self.disabled = disabled
        self.input = input
        self.children = children
        self.inline = inline
        self.accessibilityLabel = accessibilityLabel
        self.plugin = plugin
    }

    /// Reads an Item object. `id` and `title` are required (`title` may be empty for an inline
    /// group); a badge of an unknown kind, a color that is not `#RRGGBB` or a `key` longer than one
    /// character is left out rather than refusing the menu.
    public init(json: JSONValue) throws(MenuctlError) {
        guard let id = json["id"]?.stringValue ?? json["id"]?.intValue.map({ String($0) }) else {
            throw .failure("the daemon sent a menu item without an id: \(json.jsonText)")
        }
        let title = json["title"]?.stringValue ?? ""
        var badge: RowBadge?
        if let kind = json["badge"]?["kind"]?.stringValue.flatMap(BadgeKind.init(rawValue:)) {
            badge = RowBadge(kind: kind, color: json["badge"]?["color"]?.stringValue.flatMap(RGBColor.init(hex:)))
        }
        var key: Character?
        if let text = json["key"]?.stringValue, text.count == 1 { key = text.first }
        var input: Input?
        if let object = json["input"], object.objectValue != nil {
            input = Input(prompt: object["prompt"]?.stringValue ?? "Text", defaultValue: object["default"]?.stringValue)
        }
        var children: [DaemonMenuItem] = []
        for child in json["children"]?.arrayValue ?? [] {
            children.append(try DaemonMenuItem(json: child))
        }
        self.init(
            id: id, title: title, badge: badge,
            status: Self.coloredText(json["status"]), detail: Self.coloredText(json["detail"]),
            subtitle: json["subtitle"]?.stringValue, icon: json["icon"]?.stringValue, key: key,
            destructive: json["destructive"]?.boolValue ?? false, disabled: json["disabled"]?.boolValue ?? false,
            input: input, children: children, inline: json["inline"]?.boolValue ?? false,
            accessibilityLabel: json["accessibilityLabel"]?.stringValue, plugin: json["plugin"]?.stringValue
        )
    }

    private static func coloredText(_ value: JSONValue?) -> ColoredText? {
        guard let value, let text = value["text"]?.stringValue else { return nil }
        return ColoredText(text, color: value["color"]?.stringValue.flatMap(RGBColor.init(hex:)))
    }

    /// Whether this item opens a submenu (children shown as their own menu).
    public var isSubmenu: Bool { !inline && !children.isEmpty }

    /// Whether choosing this item runs an action: no children and not an inline group.
    public var isAction: Bool { !inline && children.isEmpty }

    /// The item as the layout code sees it.
    public var layoutItem: LayoutItem {
        LayoutItem(
            id: id, title: title, badge: badge, status: status, detail: detail, key: key,
            disabled: disabled, destructive: destructive, children: children.map(\.layoutItem), inline: inline
        )
    }
}
