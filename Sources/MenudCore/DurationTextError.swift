/// A duration string that cannot be read, with what was wrong and how to write it instead.
public struct DurationTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// What is wrong, continuing a sentence that starts with the quoted text.
    public let problem: String

    public init(text: String, problem: String) {
        self.text = text
        self.problem = problem
    }

    /// A full sentence, e.g. `the duration "5x" has the unknown unit "x"; allowed units: ms, s, m (or min), h, d`.
    public var description: String {
        "the duration \"\(text)\" \(problem)"
    }
}
