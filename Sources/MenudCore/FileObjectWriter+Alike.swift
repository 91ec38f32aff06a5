extension FileObjectWriter {
    /// Whether a writer writes `a` and `b` as the same bytes: every member is equal, and the
    /// reasons read the same (a duration of 10 s or more by its whole seconds, as
    /// ``durationKey(_:)`` keys its texts). Lets a caller keep a file's encoded object while
    /// the file does not change.
    public static func writesAlike(_ a: FileView, _ b: FileView) -> Bool {
        a.size == b.size && a.state == b.state && a.mtimeMs == b.mtimeMs && a.readyAtMs == b.readyAtMs
            && a.expiresAtMs == b.expiresAtMs && a.changeCounter == b.changeCounter
            && Self.textKey(a.reason) == Self.textKey(b.reason) && a.pathBytes == b.pathBytes
    }

    /// Reasons with the same key have the same text.
    private static func textKey(_ reason: FileReason) -> FileReason {
        switch reason {
        case .partialDownloadName, .readyLonger: reason
        case .changed(let ms): .changed(agoMs: durationKey(ms))
        case .unchanged(let ms): .unchanged(forMs: durationKey(ms))
        }
    }
}
