/// The fields of a ``MenuItem``, shared by its copies until one of them changes.
///
/// `@unchecked Sendable`: a box is changed only through a ``MenuItem`` that holds the one
/// reference to it, and every field is `Sendable`.
final class MenuItemStorage: @unchecked Sendable {
    var id: String
    var title: String
    var badge: Badge?
    var status: StyledText?
    var detail: StyledText?
    var subtitle: String?
    var icon: String?
    var key: Character?
    var isDestructive: Bool
    var isDisabled: Bool
    var input: InputPrompt?
    var children: [MenuItem]
    var isInline: Bool
    var action: MenuItem.Action?
    var timeLimitMs: Int64?
    var actionSignature: String?

    init(id: String, title: String, badge: Badge?, status: StyledText?, detail: StyledText?, subtitle: String?,
         icon: String?, key: Character?, isDestructive: Bool, isDisabled: Bool, input: InputPrompt?, children: [MenuItem],
         isInline: Bool, action: MenuItem.Action?, timeLimitMs: Int64?, actionSignature: String?) {
        self.id = id
        self.title = title
        self.badge = badge
        self.status = status
        self.detail = detail
        self.subtitle = subtitle
        self.icon = icon
        self.key = key
        self.isDestructive = isDestructive
        self.isDisabled = isDisabled
        self.input = input
        self.children = children
        self.isInline = isInline
        self.action = action
        self.timeLimitMs = timeLimitMs
        self.actionSignature = actionSignature
    }

    func copy() -> MenuItemStorage {
        MenuItemStorage(id: id, title: title, badge: badge, status: status, detail: detail, subtitle: subtitle, icon: icon,
                        key: key, isDestructive: isDestructive, isDisabled: isDisabled, input: input, children: children,
                        isInline: isInline, action: action, timeLimitMs: timeLimitMs, actionSignature: actionSignature)
    }
}
