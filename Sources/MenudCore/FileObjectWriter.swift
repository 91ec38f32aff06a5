import MenudJSON
import MenudProtocol
import MenudText

/// The one writer of the protocol's File object (`files.list`, `files.get`, `files.changed`):
/// straight from the tracker's `FileView`s, without building a `FileSnapshot` (the hot path of
/// `files.list`), and only the members in `fields`. A client reads the object back as a
/// `FileSnapshot`.
///
/// The texts many files share are encoded once per writer: the clock's instance prefix, the
/// partial-download and expiry reasons, and the last duration reasons. Make one writer per
/// answer (it holds the tracker's settings and instance id of that moment).
public struct FileObjectWriter {
    public let fields: FileFields
    /// `"<instanceId>:`, escaped.
    private let clockPrefix: [UInt8]
    /// `"partial-download name (<suffix>)"` per suffix, quoted and escaped; made when first
    /// needed, since a writer is made for every `files.get`.
    private lazy var partialReasons: [[UInt8]] = partialSuffixes.indices.map { [partialSuffixes] in
        FileObjectWriter.quoted(FileReason.partialDownloadName(suffixIndex: $0).text(partialSuffixes: partialSuffixes))
    }
    private let partialSuffixes: [String]
    /// `"ready for more than <expireAfter>"` for the configured expiry, quoted.
    private var readyLongerReason: (ms: Int64, text: [UInt8])?
    /// The last `"changed … ago"` and `"unchanged for …"` texts, quoted, by duration key.
    private var changedReason: (key: Int64, text: [UInt8])?
    private var unchangedReason: (key: Int64, text: [UInt8])?

    /// A writer for views of a listing (or a tracker) whose settings were `settings`.
    public init(settings: ReadinessSettingsEpoch, instanceId: String, fields: FileFields = .all) {
        self.fields = fields
        var quoted = FileObjectWriter.quoted(instanceId + ":")
        quoted.removeLast()
        clockPrefix = quoted
        partialSuffixes = settings.partialSuffixes
    }

    /// A writer for views of files all reckoned with `settings`.
    public init(settings: ReadinessSettings, instanceId: String, fields: FileFields = .all) {
        self.init(settings: ReadinessSettingsEpoch(settings), instanceId: instanceId, fields: fields)
    }

    /// Writes `file` as the next value of `writer` (an element of the `files` array).
    public mutating func write(_ file: FileView, to writer: inout JSONWriter) {
        // The texts of this file first; then every member in one pass into the writer's buffer.
        var path = file.pathBytes
        var pathBase64: [UInt8] = []
        var pathIsPlain = true
        if fields.contains(.path) {
            pathIsPlain = FileObjectWriter.isPlain(path)
            if !pathIsPlain {
                let isUTF8 = FileObjectWriter.escapePath(&path)
                if !isUTF8 { pathBase64 = FileObjectWriter.quoted(RelativePath(bytes: file.pathBytes).base64) }
            }
        }
        let sizeText = fields.contains(.sizeText) ? FileSizeText.format(file.size) : ""
        let reason = fields.contains(.reason) ? reasonText(file.reason) : []
        let capacity = FileObjectWriter.fixedCapacity + path.count + pathBase64.count + sizeText.utf8.count
            + reason.count + clockPrefix.count
        let fields = self.fields
        let clockPrefix = self.clockPrefix
        writer.beginObject()
        // `beginObject` and `endObject` keep the writer's comma state right around the members.
        writer.bytes.append(addingCapacity: capacity) { out in
            var first = true
            if fields.contains(.path) {
                FileObjectWriter.member(FileObjectWriter.key_path, &first, &out)
                if pathIsPlain { out.append(UInt8(ascii: "\"")) }
                FileObjectWriter.put(path, &out)
                if pathIsPlain { out.append(UInt8(ascii: "\"")) }
                if !pathBase64.isEmpty {
                    FileObjectWriter.member(FileObjectWriter.key_pathBase64, &first, &out)
                    FileObjectWriter.put(pathBase64, &out)
                }
            }
            if fields.contains(.size) {
                FileObjectWriter.member(FileObjectWriter.key_size, &first, &out)
                FileObjectWriter.putDecimal(file.size, &out)
            }
            if fields.contains(.sizeText) {
                // Size texts are digits, `,`, `.`, `-`, a space and a unit: nothing to escape.
                FileObjectWriter.member(FileObjectWriter.key_sizeText, &first, &out)
                out.append(UInt8(ascii: "\""))
                for byte in sizeText.utf8 { out.append(byte) }
                out.append(UInt8(ascii: "\""))
            }
            if fields.contains(.state) {
                FileObjectWriter.member(FileObjectWriter.key_state, &first, &out)
                FileObjectWriter.put(FileObjectWriter.stateTexts[FileObjectWriter.stateIndex(file.state)], &out)
            }
            if fields.contains(.mtimeMs) {
                FileObjectWriter.member(FileObjectWriter.key_mtimeMs, &first, &out)
                FileObjectWriter.putDecimal(file.mtimeMs, &out)
            }
            if fields.contains(.readyAtMs), let readyAtMs = file.readyAtMs {
                FileObjectWriter.member(FileObjectWriter.key_readyAtMs, &first, &out)
                FileObjectWriter.putDecimal(readyAtMs, &out)
            }
            if fields.contains(.expiresAtMs), let expiresAtMs = file.expiresAtMs {
                FileObjectWriter.member(FileObjectWriter.key_expiresAtMs, &first, &out)
                FileObjectWriter.putDecimal(expiresAtMs, &out)
            }
            if fields.contains(.reason) {
                FileObjectWriter.member(FileObjectWriter.key_reason, &first, &out)
                FileObjectWriter.put(reason, &out)
            }
            if fields.contains(.clock) {
                FileObjectWriter.member(FileObjectWriter.key_clock, &first, &out)
                FileObjectWriter.put(clockPrefix, &out)
                FileObjectWriter.putDecimal(file.changeCounter, &out)
                out.append(UInt8(ascii: "\""))
            }
        }
        writer.endObject()
    }

    /// The quoted reason text. Texts shared by many files come from the caches: a duration of
    /// 10 s or more is written in whole seconds or coarser units (`DurationText.format`), so its
    /// text depends on the whole seconds only.
    private mutating func reasonText(_ reason: FileReason) -> [UInt8] {
        switch reason {
        case .partialDownloadName(let index):
            return partialReasons[index]
        case .readyLonger(let ms):
            if let cached = readyLongerReason, cached.ms == ms { return cached.text }
            let text = FileObjectWriter.quoted(reason.text(partialSuffixes: partialSuffixes))
            readyLongerReason = (ms, text)
            return text
        case .changed(let ms):
            let key = FileObjectWriter.durationKey(ms)
            if let cached = changedReason, cached.key == key { return cached.text }
            let text = FileObjectWriter.quoted(reason.text(partialSuffixes: partialSuffixes))
            changedReason = (key, text)
            return text
        case .unchanged(let ms):
            let key = FileObjectWriter.durationKey(ms)
            if let cached = unchangedReason, cached.key == key { return cached.text }
            let text = FileObjectWriter.quoted(reason.text(partialSuffixes: partialSuffixes))
            unchangedReason = (key, text)
            return text
        }
    }

    /// Durations with the same key have the same `DurationText.format` text.
    static func durationKey(_ ms: Int64) -> Int64 {
        ms >= 10_000 ? ms / 1000 * 1000 : ms
    }

    // MARK: - Bytes

    /// Room for every member name, the separators and five 20-digit numbers with their sign.
    private static let fixedCapacity = 128 + 5 * 21

    @inline(__always)
    private static func member(_ key: [UInt8], _ first: inout Bool, _ out: inout OutputSpan<UInt8>) {
        if first { first = false } else { out.append(UInt8(ascii: ",")) }
        put(key, &out)
    }

    @inline(__always)
    private static func put(_ source: [UInt8], _ out: inout OutputSpan<UInt8>) {
        let span = source.span
        for index in span.indices { out.append(span[index]) }
    }

    private static func putDecimal(_ number: Int64, _ out: inout OutputSpan<UInt8>) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        putDecimal(number.magnitude, &out)
    }

    private static func putDecimal(_ number: UInt64, _ out: inout OutputSpan<UInt8>) {
        // The digits from the last, on the stack.
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var magnitude = number
        var first = 20
        repeat {
            let quotient = magnitude / 10
            first -= 1
            digits[first] = UInt8(truncatingIfNeeded: magnitude &- quotient &* 10) &+ 0x30
            magnitude = quotient
        } while magnitude != 0
        while first < 20 {
            out.append(digits[first])
            first += 1
        }
    }

    /// True when `path` is ASCII with nothing to escape: written as it is between quotes.
    static func isPlain(_ path: [UInt8]) -> Bool {
        for byte in path where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x80 {
            return false
        }
        return true
    }

    /// Replaces `path` by its JSON string, quoted and escaped as `JSONWriter` escapes, with each
    /// invalid UTF-8 sequence replaced by U+FFFD as `RelativePath.displayString` does. Returns
    /// false when the bytes were not valid UTF-8 (so `pathBase64` must follow).
    static func escapePath(_ path: inout [UInt8]) -> Bool {
        let isUTF8 = path.allSatisfy { $0 < 0x80 } || String(validating: path, as: UTF8.self) != nil
        let text = isUTF8 ? path : Array(String(decoding: path, as: UTF8.self).utf8)
        path = []
        appendQuoted(text, to: &path)
        return isUTF8
    }

    /// `text` as a JSON string, quoted and escaped.
    static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendQuoted(Array(text.utf8), to: &bytes)
        return bytes
    }

    /// Appends valid UTF-8 as a JSON string, quoted and escaped the way `JSONWriter` escapes.
    static func appendQuoted(_ text: [UInt8], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        JSONWriter.appendEscaped(text, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    private static func stateIndex(_ state: FileState) -> Int {
        switch state {
        case .pending: 0
        case .ready: 1
        case .expired: 2
        }
    }

    private static let stateTexts: [[UInt8]] = [FileState.pending, .ready, .expired].map { quoted($0.rawValue) }

    // Member names, encoded once (without the comma that separates members).
    static let key_clock: [UInt8] = Array(#""clock":"#.utf8)
    static let key_expiresAtMs: [UInt8] = Array(#""expiresAtMs":"#.utf8)
    static let key_mtimeMs: [UInt8] = Array(#""mtimeMs":"#.utf8)
    static let key_path: [UInt8] = Array(#""path":"#.utf8)
    static let key_pathBase64: [UInt8] = Array(#""pathBase64":"#.utf8)
    static let key_readyAtMs: [UInt8] = Array(#""readyAtMs":"#.utf8)
    static let key_reason: [UInt8] = Array(#""reason":"#.utf8)
    static let key_size: [UInt8] = Array(#""size":"#.utf8)
    static let key_sizeText: [UInt8] = Array(#""sizeText":"#.utf8)
    static let key_state: [UInt8] = Array(#""state":"#.utf8)
}
