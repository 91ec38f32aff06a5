/// A unit of work produced off the loop whose effects must be applied on the loop thread.
/// The closure captures only Sendable values; the daemon it receives is loop-confined.
struct LoopCompletion: Sendable {
    let apply: @Sendable (Daemon) -> Void
}
