/// A method name of up to 16 bytes held as two integers (first byte lowest) and its length, so
/// that the plain-request decoder can recognize the daemon's methods from the bytes it reads into
/// integers while it scans the name, without comparing them again. The bytes of a plain string
/// are never 0, so two names are equal when their integers and lengths are.
struct PackedMethodName: Sendable {
    static let longest = 16

    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0

    /// Adds the next byte of a name; past ``longest`` bytes only the count grows.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count < 8 {
            low |= UInt64(byte) << (8 * UInt64(count))
        } else if count < Self.longest {
            high |= UInt64(byte) << (8 * UInt64(count - 8))
        }
        count += 1
    }

    init() {}

    init(_ name: String) {
        for byte in name.utf8 { append(byte) }
    }

    /// The method names of the protocol, packed, with the string each one gives.
    static let known: [(packed: PackedMethodName, name: String)] = RPCDecoder.methodNames.map { (PackedMethodName($0), $0) }

    /// The string of a known method these bytes spell, or nil.
    func knownName() -> String? {
        guard count <= Self.longest else { return nil }
        for entry in Self.known where entry.packed.low == low && entry.packed.high == high && entry.packed.count == count {
            return entry.name
        }
        return nil
    }
}
