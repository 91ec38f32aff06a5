/// A `files.list` query the tracker cannot answer; `param` names the offending field.
public enum ReadinessQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidSince(ChangeClockError)
    case negativeOffset(Int)
    case negativeLimit(Int)

    /// The request field at fault (`data.param` of a -32602 error).
    public var param: String {
        switch self {
        case .invalidSince: "since"
        case .negativeOffset: "offset"
        case .negativeLimit: "limit"
        }
    }

    public var description: String {
        switch self {
        case .invalidSince(let error): error.description
        case .negativeOffset(let offset): "offset \(offset) is negative; use 0 or more"
        case .negativeLimit(let limit): "limit \(limit) is negative; use 0 or more, or leave it out for every row"
        }
    }
}
