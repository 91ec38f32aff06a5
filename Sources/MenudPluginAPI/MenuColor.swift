/// A color in the wire protocol's `#RRGGBB` form.
public struct MenuColor: Sendable, Hashable, CustomStringConvertible {
    /// The color as `#RRGGBB`, upper-case hex digits.
    public let hex: String

    /// A color from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        hex = "#" + [red, green, blue].map { component in
            let digits = String(component, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Parses `#RRGGBB` (either case); `nil` for anything else.
    public init?(hex text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 7, utf8[0] == UInt8(ascii: "#"),
            let value = UInt32(String(decoding: utf8[1...], as: UTF8.self), radix: 16)
        else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#2B7847`: ready files (the seed's green, 0.17/0.47/0.28).
    public static let ready = MenuColor(red: 0x2B, green: 0x78, blue: 0x47)
    /// `#8C2424`: pending files (the seed's red, 0.55/0.14/0.14).
    public static let pending = MenuColor(red: 0x8C, green: 0x24, blue: 0x24)
    /// `#9A6700`: expired files. An amber: still there and usable, but past its time; dark enough
    /// for white text on a badge and readable as text on light and dark backgrounds.
    public static let expired = MenuColor(red: 0x9A, green: 0x67, blue: 0x00)
    /// `#878A94`: the default color of an item's detail column (the seed's secondary gray).
    public static let detail = MenuColor(red: 0x87, green: 0x8A, blue: 0x94)

    /// Same as ``hex``.
    public var description: String { hex }
}
