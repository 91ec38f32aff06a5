import MenudCore
import MenudPluginAPI
import MenudJSON
import MenudProtocol

extension RunningAction {
    /// The answer for what the action's task reported.
    func outcome(_ result: Result<ActionOutcome, any Error>, daemonStopping: Bool, log: Logger) -> Result<HandlerResult, RPCError> {
        switch result {
        case .success(let outcome):
            let result = MenuDismissedResult.ran(item: itemId, outcome: MenuActionOutcome(message: outcome.message, output: outcome.output))
            if let message = outcome.message {
                log.log(.info, pieces: "action for menu ", menu.rawValue, " done: ", message)
            } else {
                log.log(.info, pieces: "action for menu ", menu.rawValue, " done")
            }
            return .success(.encoded(result.encoded))
        case .failure(let error):
            let rpcError: RPCError
            if let change = error as? TargetChange {
                rpcError = RPCError.targetChanged(change, menu: menu.rawValue, action: title)
                log.info("action for menu \(menu) did not run: \(change.sentence) (\(change.kind.rawValue))")
                return .failure(rpcError)
            } else if let failure = error as? ActionFailure {
                rpcError = failure.timedOut
                    ? RPCError.actionTimedOut(title, limitMs: nil)
                    : RPCError.actionFailed(message: failure.message, exitCode: failure.exitCode, stderrTail: failure.stderrTail)
            } else if error is CancellationError {
                rpcError = daemonStopping
                    ? RPCError.actionFailed(message: "the daemon stopped while the action ran")
                    : RPCError.actionTimedOut(title, limitMs: limitMs)
            } else {
                // Not an ActionFailure: a plugin's own error, whose description is rarely a
                // sentence (`Oops()`), so say whose action it was.
                let who = resolved.plugin.isEmpty ? "" : " of the plugin \(resolved.plugin)"
                rpcError = RPCError.actionFailed(message: "“\(title)”\(who) stopped with an error it did not explain: \(error)")
            }
            log.info("action for menu \(menu) failed: \(rpcError.message)")
            return .failure(rpcError)
        }
    }
}
