/// What the daemon must send back for one fuzz frame (the lines that arrive between the
/// answers to the sentinels sent before and after it).
enum FuzzExpectation {
    /// Nothing: a valid notification, a blank line, a batch of notifications.
    case nothing
    /// Exactly one answer with this id, a result or an error; with `codes`, an error with one
    /// of them.
    case answer(FuzzID, codes: Set<Int>? = nil)
    /// Exactly one error answer with `id: null` and one of `codes`.
    case nullError(Set<Int>)
    /// Exactly one answer whose id is one of these (the request's, or null when the daemon
    /// could not read it), a result or an error.
    case oneOf(Set<FuzzID>)
    /// Exactly one array holding one answer per element that needs one, with these ids in
    /// this order (a batch with nothing to answer gets nothing: see `nothing`).
    case batch([FuzzID])
    /// Zero or one answer, any id: randomly damaged bytes.
    case atMostOne

    /// The bucket a frame is counted in, for the summary.
    var category: String {
        switch self {
        case .nothing: "nothing"
        case .answer(_, nil): "answer"
        case .answer: "error answer"
        case .nullError(let codes): codes.contains(-32700) ? "parse error" : "invalid, id null"
        case .oneOf: "answer or null error"
        case .batch: "batch"
        case .atMostOne: "damaged"
        }
    }
}
