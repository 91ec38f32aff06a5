import Foundation

/// A request id as the fuzz test sends it and reads it back (`null` for the daemon's own
/// error answers to lines it could not attribute).
enum FuzzID: Hashable, CustomStringConvertible {
    case int(Int64)
    case string(String)
    case null

    /// The id of a decoded answer object; nil when the member is missing or of another type.
    init?(answer: [String: Any]) {
        switch answer["id"] {
        case is NSNull: self = .null
        case let text as String: self = .string(text)
        case let number as NSNumber:
            self = .int(number.int64Value)
        default: return nil
        }
    }

    /// The id as JSON text.
    var json: String {
        switch self {
        case .int(let value): "\(value)"
        case .string(let text): "\"\(text)\""
        case .null: "null"
        }
    }

    var description: String { json }
}
