/// The failures of an action over many files, as one message a person can read: the first few
/// sentences, then how many more there were. Each failure is logged in full as it happens, so
/// a sweep of thousands of files that all fail (their folder swapped for a link) answers with a
/// few lines, not with a sentence per file.
enum FailureList {
    static let shownCount = 5

    static func text(_ failures: [String]) -> String {
        guard failures.count > shownCount else { return failures.joined(separator: " ") }
        return failures.prefix(shownCount).joined(separator: " ")
            + " And \(failures.count - shownCount) more failed the same way or another; the daemon's log names each."
    }
}
