import MenudLoop

/// Hands work from other threads to one object on the loop thread: the work is a closure that
/// receives the object there, so it captures only what may cross threads.
final class LoopInbox<Target: AnyObject>: Sendable {
    struct Work: Sendable {
        let apply: @Sendable (Target) -> Void
    }

    private let inbox: AsyncInbox<Work>

    init(loop: EventLoop, target: Target) throws(LoopError) {
        inbox = try AsyncInbox<Work>(loop: loop) { [unowned target] batch in
            for work in batch { work.apply(target) }
        }
    }

    /// Queues `apply` for the loop thread. False when the loop is closing (the work is dropped).
    @discardableResult
    func post(_ apply: @escaping @Sendable (Target) -> Void) -> Bool {
        inbox.post(Work(apply: apply))
    }
}
