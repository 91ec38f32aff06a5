/// One member of a `JSONObject` as it is stored: a struct rather than a tuple, so that copying
/// and destroying members uses specialized code instead of generic tuple witnesses.
struct JSONObjectMember: Sendable {
    var key: String
    var value: JSONValue
}
