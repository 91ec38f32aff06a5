import Glibc

/// A moment broken down into the calendar of the local time zone (`localtime_r`) or of UTC
/// (`gmtime_r`), with the zone's offset: enough to write ISO 8601 and `.trashinfo` dates
/// without Foundation's formatters.
public struct CalendarTime: Sendable, Equatable {
    public let year: Int
    /// 1 to 12.
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// Seconds east of UTC (0 for UTC).
    public let utcOffsetSeconds: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, utcOffsetSeconds: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// `epochSeconds` in the local time zone (`TZ`, `/etc/localtime`).
    public static func local(epochSeconds: Int64) -> CalendarTime {
        var seconds = time_t(epochSeconds)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return CalendarTime(parts)
    }

    /// `epochSeconds` in UTC.
    public static func utc(epochSeconds: Int64) -> CalendarTime {
        var seconds = time_t(epochSeconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return CalendarTime(parts)
    }

    /// The wall clock now, in whole seconds since 1970.
    public static func nowEpochSeconds() -> Int64 {
        Int64(time(nil))
    }

    private init(_ parts: tm) {
        self.init(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec),
            utcOffsetSeconds: Int(parts.tm_gmtoff))
    }

    /// `YYYY-MM-DDThh:mm:ss`, no zone (the `.trashinfo` `DeletionDate`).
    public var localTimestamp: String {
        var text: [UInt8] = []
        text.reserveCapacity(25)
        appendLocalTimestamp(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// ISO 8601 with the zone: `2026-12-01T22:00:55Z`, `2026-12-01T23:00:55+01:00`.
    public var iso8601: String {
        var text: [UInt8] = []
        text.reserveCapacity(25)
        appendLocalTimestamp(to: &text)
        if utcOffsetSeconds == 0 {
            text.append(UInt8(ascii: "Z"))
        } else {
            let magnitude = abs(utcOffsetSeconds)
            text.append(utcOffsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            Self.appendDigits(magnitude / 3600, 2, to: &text)
            text.append(UInt8(ascii: ":"))
            Self.appendDigits(magnitude / 60 % 60, 2, to: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }

    private func appendLocalTimestamp(to text: inout [UInt8]) {
        appendTimestamp(separator: UInt8(ascii: "T"), to: &text)
    }

    /// `YYYY-MM-DD`, `separator`, `hh:mm:ss`, appended as bytes (the log writes a space where
    /// ISO 8601 has its `T`): formatting each field through a String of its own cost several
    /// times more.
    public func appendTimestamp(separator: UInt8, to text: inout [UInt8]) {
        Self.appendDigits(year, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.appendDigits(month, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        Self.appendDigits(day, 2, to: &text)
        text.append(separator)
        Self.appendDigits(hour, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.appendDigits(minute, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        Self.appendDigits(second, 2, to: &text)
    }

    /// `value` in decimal with zeros in front up to `width` characters.
    public static func appendDigits(_ value: Int, _ width: Int, to text: inout [UInt8]) {
        // Most fields of a date (a month, a day, an hour, a minute, a second): two digits
        // straight, without finding the divisor first.
        if width == 2, value >= 0, value < 100 {
            text.append(UInt8(ascii: "0") + UInt8(value / 10))
            text.append(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        guard value >= 0 else {
            let digits = Array(String(value).utf8)
            for _ in digits.count..<max(width, digits.count) { text.append(UInt8(ascii: "0")) }
            text.append(contentsOf: digits)
            return
        }
        var divisor = 1
        var count = 1
        while divisor <= value / 10 {
            divisor *= 10
            count += 1
        }
        for _ in count..<max(width, count) { text.append(UInt8(ascii: "0")) }
        var rest = value
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
