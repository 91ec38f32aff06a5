/// Iterates a `JSONObject`'s members in order as `(key, value)` pairs.
public struct JSONObjectIterator: IteratorProtocol {
    private var base: IndexingIterator<[JSONObjectMember]>

    init(_ members: [JSONObjectMember]) {
        base = members.makeIterator()
    }

    public mutating func next() -> (key: String, value: JSONValue)? {
        guard let member = base.next() else { return nil }
        return (key: member.key, value: member.value)
    }
}
