/// Why ``ActionScheduler`` refused a request.
public enum ActionSchedulerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Too many actions are already waiting; `limit` names the limit (`data.limit`). `-32040`.
    case busy(limit: String, value: Int)
    /// The job id is already running or waiting: a bug in the caller. `-32603`.
    case duplicateJob(String)
    /// The job id is not known (or, for `withdraw`, not waiting): a bug in the caller. `-32603`.
    case unknownJob(String)

    /// The JSON-RPC error code for this error.
    public var rpcCode: Int {
        switch self {
        case .busy: -32040
        case .duplicateJob, .unknownJob: -32603
        }
    }

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .busy(let limit, let value):
            "\(value) actions are already waiting to run (limit \(limit)); try again when some have finished."
        case .duplicateJob(let job):
            "Action \(job) was scheduled twice."
        case .unknownJob(let job):
            "Action \(job) is not scheduled."
        }
    }

    /// Same as ``message``.
    public var description: String { message }
}
