/// What one fuzz connection sent and got back, counted so the totals can be checked exactly.
struct FuzzTally {
    var frames = 0
    var bytesSent = 0
    /// Frames by kind of expectation.
    var byCategory: [String: Int] = [:]
    /// Frames that carried an id the daemon must answer, and the answers that came with it.
    var framesNeedingAnswer = 0
    var answersWithTheirId = 0
    /// Error answers with id null (parse errors, invalid requests without a readable id).
    var nullErrors = 0
    /// Frames that must get nothing, and got nothing.
    var silentFrames = 0
    /// Batch answers and the answers inside them.
    var batchAnswers = 0
    var batchElements = 0
    /// Randomly damaged frames that were answered, and those that were not.
    var damagedAnswered = 0
    var damagedSilent = 0
    /// Notifications the daemon sent on its own.
    var serverNotifications = 0
    /// Error codes seen, over all answers.
    var codes: [Int: Int] = [:]
    var failures: [String] = []

    mutating func fail(_ message: String) {
        if failures.count < 25 { failures.append(message) }
    }

    mutating func merge(_ other: FuzzTally) {
        frames += other.frames
        bytesSent += other.bytesSent
        byCategory.merge(other.byCategory, uniquingKeysWith: +)
        framesNeedingAnswer += other.framesNeedingAnswer
        answersWithTheirId += other.answersWithTheirId
        nullErrors += other.nullErrors
        silentFrames += other.silentFrames
        batchAnswers += other.batchAnswers
        batchElements += other.batchElements
        damagedAnswered += other.damagedAnswered
        damagedSilent += other.damagedSilent
        serverNotifications += other.serverNotifications
        codes.merge(other.codes, uniquingKeysWith: +)
        for failure in other.failures { fail(failure) }
    }

    var summary: String {
        let categories = byCategory.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let codeList = codes.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
        return """
            \(frames) frames (\(bytesSent) bytes): \(categories)
            answered with their id: \(answersWithTheirId) of \(framesNeedingAnswer); null-id errors: \(nullErrors); \
            silent as required: \(silentFrames); batches answered: \(batchAnswers) (\(batchElements) answers inside); \
            damaged frames answered/silent: \(damagedAnswered)/\(damagedSilent); daemon notifications: \(serverNotifications)
            error codes: \(codeList)
            """
    }
}
