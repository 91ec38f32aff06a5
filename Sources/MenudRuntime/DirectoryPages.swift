import MenudLoop
import MenudPluginAPI

/// What other threads hold of the ``DirectoryPager``: asking it for a page hops to the loop
/// and back. Never called on the loop itself (it waits for the loop's answer).
struct DirectoryPages: Sendable {
    let inbox: LoopInbox<DirectoryPager>

    /// The page `query` asks for, read on the loop. Cancelling the task ends the wait at once
    /// with `CancellationError`; a loop that is closing answers with an ``ActionFailure``.
    func read(_ query: TargetFileQuery) async throws -> TrackedPage {
        try Task.checkCancellation()
        let reply = PageReply()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard reply.wait(continuation) else { return }
                let posted = inbox.post { pager in reply.resume(pager.read(query).mapError { $0 as any Error }) }
                if !posted {
                    reply.resume(.failure(ActionFailure("The daemon is stopping; the folder's files cannot be listed now.")))
                }
            }
        } onCancel: {
            reply.resume(.failure(CancellationError()))
        }
    }
}
