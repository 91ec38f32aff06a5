import Synchronization

/// The one answer to a page asked of the loop, handed to whoever waits for it exactly once,
/// whichever comes first: the loop's answer or the task's cancellation (which may even come
/// before the wait begins).
final class PageReply: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<TrackedPage, any Error>)
        /// Answered before anyone waited.
        case early(Result<TrackedPage, any Error>)
        case done
    }

    private let state = Mutex(State.idle)

    /// Starts waiting with `continuation`; false when the answer was already there (the
    /// continuation is then resumed with it).
    func wait(_ continuation: CheckedContinuation<TrackedPage, any Error>) -> Bool {
        let early: Result<TrackedPage, any Error>? = state.withLock { state in
            if case .early(let result) = state {
                state = .done
                return result
            }
            state = .waiting(continuation)
            return nil
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Delivers `result` unless an answer was delivered already.
    func resume(_ result: Result<TrackedPage, any Error>) {
        let waiting: CheckedContinuation<TrackedPage, any Error>? = state.withLock { state in
            switch state {
            case .idle:
                state = .early(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .early, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
