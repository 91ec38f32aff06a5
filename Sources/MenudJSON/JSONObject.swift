/// A JSON object: string keys, each at most once, in insertion order.
///
/// Order is kept for writing (members come out in the order they were added or parsed) but is not
/// part of equality: two objects are equal when they hold the same keys with equal values.
/// Small objects look keys up by a linear scan; past `indexThreshold` members a dictionary index
/// keeps lookups constant-time, so hostile inputs with thousands of keys stay linear to parse.
public struct JSONObject: Sendable {
    public typealias Element = (key: String, value: JSONValue)

    private var entries: [JSONObjectMember]
    private var index: [String: Int]?

    private static let indexThreshold = 12

    public init() {
        entries = []
        index = nil
    }

    /// Builds an object from pairs in order; a repeated key keeps its first position and its last
    /// value.
    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        entries.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            self[key] = value
        }
    }

    /// Adopts `entries` whose keys the caller has already checked to be distinct (the parser).
    init(distinctEntries: [JSONObjectMember]) {
        entries = distinctEntries
        index = nil
        if entries.count > Self.indexThreshold { rebuildIndex() }
    }

    /// Past this many members an object keeps a dictionary index of its keys.
    static var indexedCount: Int { indexThreshold }

    public init(minimumCapacity: Int) {
        self.init()
        entries.reserveCapacity(minimumCapacity)
    }

    /// The value stored under `key`; assigning nil removes the member, assigning a value to a new
    /// key appends it at the end.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return entries[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    remove(at: position)
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The first key (in order) that is not one of `allowed`, or nil; builds no array of keys.
    public func firstKey(notIn allowed: [String]) -> String? {
        for member in entries where !allowed.contains(member.key) { return member.key }
        return nil
    }

    /// The values in key order.
    public var values: [JSONValue] { entries.map(\.value) }

    public var count: Int { entries.count }

    public var isEmpty: Bool { entries.isEmpty }

    public func contains(key: String) -> Bool { position(of: key) != nil }

    /// Adds `value` under `key` unless the key is already present; returns false (and changes
    /// nothing) when it is.
    @discardableResult
    public mutating func insertIfAbsent(_ key: String, _ value: JSONValue) -> Bool {
        if position(of: key) != nil { return false }
        append(key, value)
        return true
    }

    /// Removes `key` and returns its value, or nil when it was absent.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        let value = entries[position].value
        remove(at: position)
        return value
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        var position = 0
        while position < entries.count {
            if entries[position].key == key { return position }
            position += 1
        }
        return nil
    }

    private mutating func append(_ key: String, _ value: JSONValue) {
        entries.append(JSONObjectMember(key: key, value: value))
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    private mutating func remove(at position: Int) {
        entries.remove(at: position)
        if index != nil {
            if entries.count > Self.indexThreshold {
                rebuildIndex()
            } else {
                index = nil
            }
        }
    }

    private mutating func rebuildIndex() {
        var built = [String: Int](minimumCapacity: entries.count * 2)
        for (position, entry) in entries.enumerated() {
            built[entry.key] = position
        }
        index = built
    }
}

extension JSONObject: Sequence {
    public func makeIterator() -> JSONObjectIterator { JSONObjectIterator(entries) }

    public var underestimatedCount: Int { entries.count }
}

extension JSONObject: Equatable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for entry in lhs.entries {
            guard let other = rhs[entry.key], other == entry.value else { return false }
        }
        return true
    }
}

extension JSONObject: Hashable {
    /// Order-independent, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for entry in entries {
            var memberHasher = Hasher()
            memberHasher.combine(entry.key)
            memberHasher.combine(entry.value)
            combined = combined &+ memberHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Keys keep the literal's order; a repeated key keeps its first position and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    public var description: String { JSONValue.object(self).jsonText }
}
