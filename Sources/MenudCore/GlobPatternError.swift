/// A glob that cannot be compiled, with what to change.
public struct GlobPatternError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// What is wrong, continuing a sentence that starts with the quoted pattern.
    public let problem: String

    public init(pattern: String, problem: String) {
        self.pattern = pattern
        self.problem = problem
    }

    /// A full sentence, e.g. `the glob "[a" has a "[" that is never closed; ...`.
    public var description: String {
        "the glob \"\(pattern)\" \(problem)"
    }
}
