/// Turns the bytes a terminal in raw mode sends into ``KeyEvent``s. A value type holding the bytes
/// of an unfinished sequence between calls, so a sequence split across reads decodes the same as
/// one read whole.
///
/// Understood: printable ASCII and UTF-8 characters; CR and LF as Enter; Tab, Backspace (DEL or
/// BS), Ctrl-C, Ctrl-D; arrows, Home, End, Page Up/Down, Delete and Shift-Tab in their CSI forms
/// (`ESC [ A`, `ESC [ 1 ; 5 A` with modifiers ignored, `ESC [ 5 ~`, ...) and SS3 forms (`ESC O A`,
/// keypad Enter `ESC O M`); mouse reports in SGR form (`ESC [ < b ; x ; y M` or `m`) and in the
/// legacy X10 form (`ESC [ M b x y`).
///
/// **A lone ESC.** The Escape key sends the same byte that starts every sequence. When the bytes
/// end right after an ESC (or inside a sequence), the decoder cannot know yet which it is. With
/// `morePending: true` it keeps them and reports ``hasPendingBytes``; the caller waits a short
/// while (about 25 ms) for more input and then either feeds it or calls ``flush()``. With
/// `morePending: false` (the caller knows nothing more is coming) the tail is resolved at once.
/// Resolving: ESC alone is ``KeyEvent/escape``; an unfinished sequence is ``KeyEvent/unknown(_:)``.
/// ESC followed by a byte that starts no sequence (Alt+key) is ``KeyEvent/escape`` followed by
/// that key.
public struct KeyDecoder: Sendable {
    private var buffer: [UInt8] = []

    /// Sequences longer than this without a final byte are given up as ``KeyEvent/unknown(_:)``.
    public static let maximumSequenceLength = 64

    public init() {}

    /// Whether bytes of an unfinished sequence are waiting for more input (or ``flush()``).
    public var hasPendingBytes: Bool { !buffer.isEmpty }

    /// Decodes `bytes` after whatever was pending. See the type's documentation for `morePending`.
    public mutating func feed(_ bytes: some Sequence<UInt8>, morePending: Bool = true) -> [KeyEvent] {
        buffer.append(contentsOf: bytes)
        var events: [KeyEvent] = []
        var index = 0
        while index < buffer.count {
            switch decode(at: index) {
            case .event(let event, let length):
                events.append(event)
                index += length
            case .incomplete:
                if morePending {
                    buffer.removeFirst(index)
                    return events
                }
                events.append(resolveIncomplete(Array(buffer[index...])))
                index = buffer.count
            }
        }
        buffer.removeAll()
        return events
    }

    /// Resolves pending bytes now: the wait for the rest of a sequence is over.
    public mutating func flush() -> [KeyEvent] {
        feed([], morePending: false)
    }

    private enum Step {
        case event(KeyEvent, length: Int)
        case incomplete
    }

    private func resolveIncomplete(_ bytes: [UInt8]) -> KeyEvent {
        bytes == [0x1B] ? .escape : .unknown(bytes)
    }

    private func decode(at start: Int) -> Step {
        let byte = buffer[start]
        switch byte {
        case 0x1B: return decodeEscape(at: start)
        case 0x0D, 0x0A: return .event(.enter, length: 1)
        case 0x09: return .event(.tab, length: 1)
        case 0x7F, 0x08: return .event(.backspace, length: 1)
        case 0x03: return .event(.interrupt, length: 1)
        case 0x04: return .event(.endOfInput, length: 1)
        case 0x00...0x1F: return .event(.unknown([byte]), length: 1)
        case 0x20...0x7E: return .event(.character(Character(Unicode.Scalar(byte))), length: 1)
        default: return decodeUTF8(at: start)
        }
    }

    private func decodeUTF8(at start: Int) -> Step {
        let lead = buffer[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(.unknown([lead]), length: 1)
        }
        var end = start + 1
        while end < buffer.count, end < start + length, buffer[end] & 0xC0 == 0x80 { end += 1 }
        if end < start + length {
            // Ran out of bytes (wait) or hit a non-continuation byte (invalid).
            return end == buffer.count ? .incomplete : .event(.unknown(Array(buffer[start..<end])), length: end - start)
        }
        let bytes = Array(buffer[start..<end])
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else {
            return .event(.unknown(bytes), length: length)
        }
        return .event(.character(character), length: length)
    }

    private func decodeEscape(at start: Int) -> Step {
        guard start + 1 < buffer.count else { return .incomplete }
        switch buffer[start + 1] {
        case UInt8(ascii: "["): return decodeCSI(at: start)
        case UInt8(ascii: "O"): return decodeSS3(at: start)
        default: return .event(.escape, length: 1)
        }
    }

    private func decodeSS3(at start: Int) -> Step {
        guard start + 2 < buffer.count else { return .incomplete }
        let event: KeyEvent
        switch buffer[start + 2] {
        case UInt8(ascii: "A"): event = .up
        case UInt8(ascii: "B"): event = .down
        case UInt8(ascii: "C"): event = .right
        case UInt8(ascii: "D"): event = .left
        case UInt8(ascii: "H"): event = .home
        case UInt8(ascii: "F"): event = .end
        case UInt8(ascii: "M"): event = .enter
        default: event = .unknown(Array(buffer[start...start + 2]))
        }
        return .event(event, length: 3)
    }

    private func decodeCSI(at start: Int) -> Step {
        var index = start + 2
        // X10 mouse: ESC [ M followed by three raw bytes.
        if index < buffer.count, buffer[index] == UInt8(ascii: "M") {
            guard index + 3 < buffer.count else { return .incomplete }
            let code = Int(buffer[index + 1]) - 32
            let x = Int(buffer[index + 2]) - 32
            let y = Int(buffer[index + 3]) - 32
            let mouse = KeyEvent.Mouse(code: code, x: x, y: y, released: code & 0b11 == 3 && code & 64 == 0)
            return .event(.mouse(mouse), length: 6)
        }
        while index < buffer.count {
            let byte = buffer[index]
            if (0x40...0x7E).contains(byte) {
                let parameters = String(decoding: buffer[(start + 2)..<index], as: UTF8.self)
                let length = index - start + 1
                return .event(csiEvent(parameters: parameters, final: byte, bytes: Array(buffer[start...index])), length: length)
            }
            guard (0x20...0x3F).contains(byte) else {
                // Not a parameter, intermediate or final byte: the sequence is broken here.
                return .event(.unknown(Array(buffer[start..<index])), length: index - start)
            }
            if index - start + 1 >= Self.maximumSequenceLength {
                return .event(.unknown(Array(buffer[start...index])), length: index - start + 1)
            }
            index += 1
        }
        return .incomplete
    }

    private func csiEvent(parameters: String, final: UInt8, bytes: [UInt8]) -> KeyEvent {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            case "3": return .delete
            default: return .unknown(bytes)
            }
        case UInt8(ascii: "M"), UInt8(ascii: "m"):
            guard parameters.hasPrefix("<") else { return .unknown(bytes) }
            let fields = parameters.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            guard fields.count == 3, let code = fields[0], let x = fields[1], let y = fields[2], x >= 1, y >= 1 else {
                return .unknown(bytes)
            }
            return .mouse(KeyEvent.Mouse(code: code, x: x, y: y, released: final == UInt8(ascii: "m")))
        default:
            return .unknown(bytes)
        }
    }
}
