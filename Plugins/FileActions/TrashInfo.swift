import MenudNative

/// The `.trashinfo` file written next to each trashed file.
enum TrashInfo {
    /// Bytes that stay as they are in `Path=`; everything else is percent-encoded (RFC 2396
    /// unreserved characters plus `/`, as the specification asks).
    private static let unescaped: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()/".utf8))

    /// `path` with every other byte of its UTF-8 form written as `%XX`.
    static func percentEncode(_ path: String) -> String {
        percentEncode(Array(path.utf8))
    }

    /// `path`'s bytes, every byte outside the unreserved set written as `%XX` (a name that is
    /// not valid UTF-8 keeps its exact bytes, as the specification wants).
    static func percentEncode(_ path: [UInt8]) -> String {
        var result = ""
        for byte in path {
            if unescaped.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// `YYYY-MM-DDThh:mm:ss` in local time.
    static func deletionDate(_ time: CalendarTime) -> String {
        time.localTimestamp
    }

    /// The file's content: the `[Trash Info]` group with `Path=` and `DeletionDate=`.
    static func contents(path: String, deletedAt time: CalendarTime) -> String {
        contents(path: Array(path.utf8), deletedAt: time)
    }

    /// The same for a path given as bytes.
    static func contents(path: [UInt8], deletedAt time: CalendarTime) -> String {
        "[Trash Info]\nPath=\(percentEncode(path))\nDeletionDate=\(deletionDate(time))\n"
    }
}
