extension GlobPattern {
    /// Runs the tokens over `text`, tracking every text position the pattern so far can end at.
    /// Costs O(tokens x bytes) with no backtracking, whatever the stars.
    static func run(_ tokens: [Token], on text: ArraySlice<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        let base = text.startIndex
        let count = text.count
        var reach = [Bool](repeating: false, count: count + 1)
        var next = [Bool](repeating: false, count: count + 1)
        reach[0] = true
        for token in tokens {
            for position in 0...count { next[position] = false }
            var anyReached = false
            switch token {
            case .literal(let byte):
                for position in 0..<count where reach[position] && text[base + position] == byte {
                    next[position + 1] = true
                    anyReached = true
                }
            case .anyCharacter:
                for position in 0..<count where reach[position] && text[base + position] != slash {
                    let (_, length) = decodeCharacter(text, at: base + position)
                    next[position + length] = true
                    anyReached = true
                }
            case .characterClass(let characterClass):
                for position in 0..<count where reach[position] && text[base + position] != slash {
                    let (scalar, length) = decodeCharacter(text, at: base + position)
                    if characterClass.accepts(scalar) {
                        next[position + length] = true
                        anyReached = true
                    }
                }
            case .star, .globstar:
                let crossesSlash = token == .globstar
                var carry = false
                for position in 0...count {
                    if reach[position] { carry = true }
                    if carry {
                        next[position] = true
                        anyReached = true
                    }
                    if !crossesSlash && position < count && text[base + position] == slash { carry = false }
                }
            case .globstarSlash:
                var carry = false
                for position in 0...count {
                    if reach[position] {
                        next[position] = true
                        carry = true
                        anyReached = true
                    }
                    if carry && position < count && text[base + position] == slash {
                        next[position + 1] = true
                    }
                }
            }
            if !anyReached { return false }
            swap(&reach, &next)
        }
        return reach[count]
    }

    /// The character starting at `index`: its scalar value and byte length, or (nil, 1) for a byte
    /// that does not start a valid UTF-8 sequence.
    static func decodeCharacter(_ text: ArraySlice<UInt8>, at index: Int) -> (UInt32?, Int) {
        let lead = text[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int
        var scalar: UInt32
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
        case 0xE0: length = 3; scalar = 0; lowest = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
        case 0xED: length = 3; scalar = 0x0D; highest = 0x9F
        case 0xF0: length = 4; scalar = 0; lowest = 0x90
        case 0xF1...0xF3: length = 4; scalar = UInt32(lead & 0x07)
        case 0xF4: length = 4; scalar = 4; highest = 0x8F
        default: return (nil, 1)
        }
        guard index + length <= text.endIndex else { return (nil, 1) }
        for offset in 1..<length {
            let byte = text[index + offset]
            let low = offset == 1 ? lowest : 0x80
            let high = offset == 1 ? highest : 0xBF
            guard byte >= low && byte <= high else { return (nil, 1) }
            scalar = (scalar << 6) | UInt32(byte & 0x3F)
        }
        return (scalar, length)
    }
}
