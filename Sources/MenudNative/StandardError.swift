import Glibc

/// Writes to file descriptor 2 for the few messages printed before the logger exists.
public enum StandardError {
    /// Writes `text` whole (retrying short writes and `EINTR`); a failure is ignored, as there is
    /// nowhere left to report it.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(2, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
