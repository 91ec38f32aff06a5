/// A row's badge: its kind and the color of its cell block.
public struct RowBadge: Sendable, Equatable {
    public let kind: BadgeKind
    public let color: RGBColor

    /// `color` defaults to the kind's ``BadgeKind/defaultColor``.
    public init(kind: BadgeKind, color: RGBColor? = nil) {
        self.kind = kind
        self.color = color ?? kind.defaultColor
    }
}
