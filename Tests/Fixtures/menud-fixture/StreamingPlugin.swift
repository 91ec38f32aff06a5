import MenudPluginAPI
import Synchronization

/// "Count to three" runs a program that prints a percentage per line and reports each line as
/// progress while the program runs (the streaming process runner), then how many lines came.
struct StreamingPlugin: MenudPlugin {
    let name = "streaming"
    let version = "1.0"

    func items(for target: MenuTarget) async throws -> [MenuItem] {
        guard target.singleFile != nil else { return [] }
        return [
            .action("Count to three") { context in
                let seen = Mutex(0)
                let script = "for n in 25 50 75; do echo \"$n%\"; sleep 0.1; done; echo done >&2"
                let result = try await context.processes.run(["sh", "-c", script], workingDirectory: context.root, timeoutMs: 10_000,
                                                             outputLimitBytes: 8, onOutput: { line in
                    seen.withLock { $0 += 1 }
                    if !line.isError, let percent = Double(line.text.dropLast()) { context.progress.report(fraction: percent / 100, message: line.text) }
                })
                return ActionOutcome(message: "\(seen.withLock { $0 }) lines", output: result.stdoutTail)
            },
        ]
    }
}
