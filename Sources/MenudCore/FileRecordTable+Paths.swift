import MenudProtocol

/// Reading the stored paths back: whole, or compared in place without building them.
extension FileRecordTable {
    /// The path stored in `slot`, as a new `RelativePath`.
    func path(of slot: Int) -> RelativePath {
        var bytes: [UInt8] = []
        appendPath(of: slot, to: &bytes)
        return RelativePath(bytes: bytes)
    }

    /// Appends the bytes of the path stored in `slot` to `buffer`.
    func appendPath(of slot: Int, to buffer: inout [UInt8]) {
        let prefix = storage.prefix(storage.directory(slot))
        let name = storage.nameBytes(slot)
        buffer.reserveCapacity(buffer.count + prefix.count + name.count)
        buffer.append(contentsOf: prefix)
        buffer.append(contentsOf: name)
    }

    /// The last name of the path in `slot`.
    func name(of slot: Int) -> ArraySlice<UInt8> {
        storage.nameBytes(slot)
    }

    /// The length of the directory part of the path in `slot` (through its last `/`).
    func directoryLength(of slot: Int) -> Int {
        Int(storage.prefixLengths[storage.directory(slot)])
    }

    /// True when the path in `lhs` sorts before the one in `rhs` (bytewise).
    func pathPrecedes(_ lhs: Int, _ rhs: Int) -> Bool {
        let left = storage.directory(lhs)
        let right = storage.directory(rhs)
        if left == right {
            return FileRecordTable.compare(storage.nameBytes(lhs), [], storage.nameBytes(rhs), []) < 0
        }
        return FileRecordTable.compare(storage.prefix(left), storage.nameBytes(lhs), storage.prefix(right), storage.nameBytes(rhs)) < 0
    }

    /// True when the path in `slot` sorts before `bytes`.
    func pathPrecedes(_ slot: Int, _ bytes: [UInt8]) -> Bool {
        comparePath(slot, bytes) < 0
    }

    /// Compares the path in `slot` with `bytes`: negative, zero or positive.
    func comparePath(_ slot: Int, _ bytes: [UInt8]) -> Int {
        FileRecordTable.compare(storage.prefix(storage.directory(slot)), storage.nameBytes(slot), bytes[...], [])
    }

    /// True when the path in `slot` begins with `bytes`.
    func path(of slot: Int, startsWith bytes: [UInt8]) -> Bool {
        let prefix = storage.prefix(storage.directory(slot))
        let name = storage.nameBytes(slot)
        guard prefix.count + name.count >= bytes.count else { return false }
        if bytes.count <= prefix.count { return prefix.starts(with: bytes) }
        return bytes.starts(with: prefix) && name.starts(with: bytes[prefix.count...])
    }

    /// Compares `a1 + a2` with `b1 + b2` bytewise: negative, zero or positive.
    static func compare(_ a1: ArraySlice<UInt8>, _ a2: ArraySlice<UInt8>, _ b1: ArraySlice<UInt8>, _ b2: ArraySlice<UInt8>) -> Int {
        let common = min(a1.count, b1.count)
        var left = a1.startIndex
        var right = b1.startIndex
        for _ in 0..<common {
            let x = a1[left]
            let y = b1[right]
            if x != y { return x < y ? -1 : 1 }
            left += 1
            right += 1
        }
        if a1.count == b1.count { return compare(a2, b2[...], []) }
        if a1.count < b1.count { return compare(a2, b1[right...], b2) }
        return -compare(b2, a1[left...], a2)
    }

    /// Compares `x` with `y1 + y2` bytewise.
    private static func compare(_ x: ArraySlice<UInt8>, _ y1: ArraySlice<UInt8>, _ y2: ArraySlice<UInt8>) -> Int {
        var index = x.startIndex
        for byte in y1 {
            guard index < x.endIndex else { return -1 }
            let own = x[index]
            if own != byte { return own < byte ? -1 : 1 }
            index += 1
        }
        for byte in y2 {
            guard index < x.endIndex else { return -1 }
            let own = x[index]
            if own != byte { return own < byte ? -1 : 1 }
            index += 1
        }
        return index == x.endIndex ? 0 : 1
    }
}

/// Building paths a directory at a time, for scans that visit many files of each.
extension FileRecordTable {
    /// Replaces `buffer` with the bytes of directory prefix `directory`.
    func setPrefix(_ directory: Int, in buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: storage.prefix(directory))
    }

    /// Appends the name of `slot` to `buffer`.
    func appendName(of slot: Int, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: storage.nameBytes(slot))
    }

    /// The length of directory prefix `directory`.
    func prefixLength(_ directory: Int) -> Int {
        Int(storage.prefixLengths[directory])
    }

    /// True when directory prefix `directory` begins with `bytes`.
    func prefix(_ directory: Int, startsWith bytes: [UInt8]) -> Bool {
        storage.prefix(directory).starts(with: bytes)
    }
}
