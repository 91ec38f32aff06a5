/// A `since` value that is not a clock this daemon could have handed out.
public struct ChangeClockError: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String
    public let problem: String

    public init(text: String, problem: String) {
        self.text = text
        self.problem = problem
    }

    public var description: String {
        "the clock \"\(text)\" \(problem); pass the \"clock\" string of an earlier files.list answer unchanged, or leave \"since\" out for the full list"
    }
}
