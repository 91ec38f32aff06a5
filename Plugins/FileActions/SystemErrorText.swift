import Foundation

/// Short system explanations for file errors ("No such file or directory"), for messages.
enum SystemErrorText {
    private static let prefix = "The operation could not be completed. "

    /// The system's text for `errno` value `code`.
    static func describe(errno code: Int32) -> String {
        let text = POSIXErrorCode(rawValue: code).map { POSIXError($0).localizedDescription } ?? "error \(code)"
        return strip(text)
    }

    /// The most specific text in `error`: its POSIX cause when Foundation wrapped one.
    static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError {
            return strip(posix.localizedDescription)
        }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return describe(errno: Int32(underlying.code))
        }
        return strip(nsError.localizedDescription)
    }

    private static func strip(_ text: String) -> String {
        var text = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
