/// A point in a daemon instance's history of changes, written `"<instanceId>:<counter>"`.
///
/// The counter goes up by one for every change (a new file, a modification, a state
/// transition, a removal). Clients treat the text as opaque and hand it back as `since`.
public struct ChangeClock: Hashable, Sendable, CustomStringConvertible {
    public let instanceId: String
    public let counter: UInt64

    public init(instanceId: String, counter: UInt64) {
        self.instanceId = instanceId
        self.counter = counter
    }

    /// Reads `"<instanceId>:<counter>"`; the instance id is everything before the last `:`.
    public init(parsing text: String) throws(ChangeClockError) {
        guard let colon = text.lastIndex(of: ":") else {
            throw ChangeClockError(text: text, problem: "has no \":\"")
        }
        let instance = String(text[..<colon])
        let digits = text[text.index(after: colon)...]
        if instance.isEmpty {
            throw ChangeClockError(text: text, problem: "has no instance before the \":\"")
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let counter = UInt64(digits) else {
            throw ChangeClockError(text: text, problem: "does not end with a change counter")
        }
        self.init(instanceId: instance, counter: counter)
    }

    public var description: String { "\(instanceId):\(counter)" }
}
