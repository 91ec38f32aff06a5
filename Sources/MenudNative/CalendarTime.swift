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
        "\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2))T\(Self.digits(hour, 2)):\(Self.digits(minute, 2)):\(Self.digits(second, 2))"
    }

    /// ISO 8601 with the zone: `2026-12-01T22:00:55Z`, `2026-12-01T23:00:55+01:00`.
    public var iso8601: String {
        if utcOffsetSeconds == 0 { return localTimestamp + "Z" }
        let magnitude = abs(utcOffsetSeconds)
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        return localTimestamp + sign + Self.digits(magnitude / 3600, 2) + ":" + Self.digits(magnitude / 60 % 60, 2)
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
