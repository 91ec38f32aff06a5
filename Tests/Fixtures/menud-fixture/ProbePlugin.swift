import Foundation
import MenudPluginAPI

/// A plugin for the action tests: it reports exactly which files an action was given, waits,
/// or blocks its thread in a system call the way a stuck action does. Always asked off the loop
/// (no `immediateItems`), so its menus need Swift's thread pool.
///
/// Items for one file: "Report", "Report Ready" (disabled while the file is pending), "Wait"
/// (input: milliseconds, a cooperative sleep) and "Block" (input: seconds, `sleep(3)`, which
/// ignores cancellation). For a selection: "Report" and "Wait". For the directory: "Report Files",
/// which reads the folder's files page by page as it runs (`ActionContext.directory`), with
/// "Report Expired" for the expired ones, and the counts the menu opened with in its subtitle.
/// Wait and Block log "waiting ..." / "blocking ..." once they run: past the daemon's checks.
///
/// "Report" answers one line per file in `ActionContext.files`:
/// `<base64 of pathBytes> <state> <device>:<inode>`.
struct ProbePlugin: MenudPlugin {
    let name = "probe"
    let version = "1.0"
    /// It reaches nothing through `path`: it only reports the bytes it was given.
    let acceptsNamesThatAreNotUTF8 = true

    func items(for target: MenuTarget) async throws -> [MenuItem] {
        switch target.kind {
        case .file:
            guard let file = target.singleFile else { return [] }
            var ready = MenuItem.action("Report Ready", id: "report-ready") { context in Self.report(context) }
            if file.state == .pending { ready = ready.disabled(because: StyledText("not while pending", color: .pending)) }
            return [report, ready, wait, block]
        case .selection:
            return [report, wait]
        case .directory:
            let counts = target.directory?.counts ?? TargetFileCounts()
            let subtitle = "\(counts.total) files: \(counts.pending) pending, \(counts.ready) ready, \(counts.expired) expired"
            return [
                .action("Report Files", id: "report-files", subtitle: subtitle) { context in try await Self.reportFolder(context, state: nil) },
                .action("Report Expired", id: "report-expired") { context in try await Self.reportFolder(context, state: .expired) },
            ]
        }
    }

    private var report: MenuItem {
        .action("Report", id: "report") { context in Self.report(context) }
    }

    private var wait: MenuItem {
        .action("Wait", id: "wait", input: InputPrompt("Milliseconds", default: "1000")) { context in
            let milliseconds = UInt64(context.input ?? "") ?? 1000
            context.log.info("waiting \(milliseconds) ms")
            try await Task.sleep(nanoseconds: milliseconds * 1_000_000)
            return ActionOutcome(message: "waited \(milliseconds) ms")
        }
    }

    private var block: MenuItem {
        .action("Block", id: "block", input: InputPrompt("Seconds", default: "5")) { context in
            let seconds = UInt32(context.input ?? "") ?? 5
            context.log.info("blocking for \(seconds) s")
            // A blocking call that knows nothing of Swift's cancellation, like an open() of a FIFO.
            sleep(seconds)
            return ActionOutcome(message: "woke after \(seconds) s")
        }
    }

    private static func report(_ context: ActionContext) -> ActionOutcome {
        let lines = context.files.map(line)
        return ActionOutcome(message: "\(context.files.count) files", output: lines.joined(separator: "\n"))
    }

    /// Every file of the folder (in `state`, when given), read page by page (small pages, so
    /// that a test of a thousand files sees many), and how many pages it took.
    private static func reportFolder(_ context: ActionContext, state: FileState?) async throws -> ActionOutcome {
        guard let directory = context.directory else { throw ActionFailure("no folder in the context") }
        var lines: [String] = []
        var pages = 0
        try await directory.forEachPage(TargetFileQuery(state: state, limit: 100)) { files in
            pages += 1
            lines += files.map(line)
        }
        return ActionOutcome(message: "\(lines.count) files in \(pages) pages", output: lines.joined(separator: "\n"))
    }

    /// `<base64 of pathBytes> <state> <device>:<inode>`.
    private static func line(_ file: TargetFile) -> String {
        let identity = file.identity.map { "\($0.device):\($0.inode)" } ?? "-"
        return "\(Data(file.pathBytes).base64EncodedString()) \(file.state.rawValue) \(identity)"
    }
}
