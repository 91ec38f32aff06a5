/// A method name of up to 16 bytes held as two integers (first byte lowest) and its length, so
/// that the plain-request decoder recognizes the daemon's methods from the bytes it packs while it
/// scans the name, without comparing them again. The bytes of a plain string are never 0, so two
/// names are equal when their integers and lengths are.
struct PackedMethodName: Sendable {
    static let longest = 16

    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0

    /// Adds the next byte of a name; past ``longest`` bytes only the count grows.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        let shift = UInt64(truncatingIfNeeded: count & 7) &* 8
        if count < 8 {
            low |= UInt64(byte) &<< shift
        } else if count < Self.longest {
            high |= UInt64(byte) &<< shift
        }
        count &+= 1
    }

    init() {}

    /// Adds the next `count` bytes of a name at once, held in `word` first byte lowest and
    /// nothing above them; the name so far must be 0, 8 or more bytes long (read a word at a time).
    @inline(__always)
    mutating func append(word: UInt64, count added: Int) {
        if count == 0 {
            low = word
        } else if count == 8 {
            high = word
        }
        count &+= added
    }

    init(_ name: String) {
        for byte in name.utf8 { append(byte) }
    }

    /// The string of the protocol method these bytes spell, or nil. (The constants are the
    /// names packed; `RPCDecoderPlainRequestTests` checks each method is found.)
    func knownName() -> String? {
        switch (low, high, count) {
        case (0x73_2E_6E_6F_6D_65_61_64, 0x73_75_74_61_74, 13): DaemonStatus.name  // "daemon.status"
        case (0x65_67_2E_73_65_6C_69_66, 0x74, 9): FilesGet.name  // "files.get"
        case (0x69_6C_2E_73_65_6C_69_66, 0x74_73, 10): FilesList.name  // "files.list"
        case (0x65_70_6F_2E_75_6E_65_6D, 0x6E, 9): MenuOpen.name  // "menu.open"
        case (0x6E_61_63_2E_75_6E_65_6D, 0x6C_65_63, 11): MenuCancel.name  // "menu.cancel"
        case (0x6C_65_73_2E_75_6E_65_6D, 0x74_63_65, 11): MenuSelect.name  // "menu.select"
        case (0x73_69_64_2E_75_6E_65_6D, 0x64_65_73_73_69_6D, 14): MenuDismissed.name  // "menu.dismissed"
        case (0x62_69_72_63_73_62_75_73, 0x65, 9): Subscribe.name  // "subscribe"
        case (0x72_63_73_62_75_73_6E_75, 0x65_62_69, 11): Unsubscribe.name  // "unsubscribe"
        default: nil
        }
    }
}
