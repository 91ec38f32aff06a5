/// The state a row's badge shows: the file states of the protocol.
///
/// Default colors: `ready` `#2B7847` (the protocol's example, the seed's green), `pending`
/// `#8C2424` (the seed's red), `expired` `#9A6700` (amber; the protocol names no color for it).
/// Marks, drawn white on the badge color in a 3-cell block: `✓` ready, `●` pending, `✕` expired;
/// each is one cell wide (East Asian Neutral or Ambiguous).
public enum BadgeKind: String, Sendable, CaseIterable {
    case ready
    case pending
    case expired

    public var defaultColor: RGBColor {
        switch self {
        case .ready: RGBColor(red: 0x2B, green: 0x78, blue: 0x47)
        case .pending: RGBColor(red: 0x8C, green: 0x24, blue: 0x24)
        case .expired: RGBColor(red: 0x9A, green: 0x67, blue: 0x00)
        }
    }

    public var mark: Character {
        switch self {
        case .ready: "✓"
        case .pending: "●"
        case .expired: "✕"
        }
    }
}
