import Foundation
import MenudCore
import MenudLoop
import MenudPluginAPI
@testable import MenudRuntime
import MenudJSON
import MenudProtocol

/// The menu service with its plugin host and routes on an embedded server; actions are recorded
/// instead of run. A real loop carries the plugin host's off-loop answers (tests turn it).
final class MenuHarness {
    let server: ServerHarness
    let loop: EventLoop
    let tracker: ReadinessTracker
    let host: PluginHost
    let menus: MenuService
    let actions = RecordingActions()

    /// `modules`: the plugins that came from module files (on probation in the plugin host).
    init(plugins: [any MenudPlugin], modules: [String] = [], _ change: (inout MenudConfig) -> Void = { _ in }) throws {
        server = try ServerHarness(change)
        loop = try EventLoop()
        let settings = server.settings
        tracker = ReadinessTracker(settings: settings.readiness, clock: server.scheduler.clock, instanceId: "test")
        var scan = PluginModuleScan()
        for name in modules { scan.origins[name] = "/plugins/\(name).so" }
        let configuration = DaemonConfiguration(settings: settings, plugins: PluginSet(entries: plugins.map { .init(name: $0.name, plugin: $0) }),
                                                modules: scan)
        host = PluginHost(configuration: configuration, log: server.log, loop: loop, scheduler: server.scheduler)
        try host.start()
        menus = try MenuService(configuration: configuration, log: server.log, clock: server.scheduler.clock, scheduler: server.scheduler,
                                files: tracker, openRoot: { .failure(.gone) }, host: host, actions: actions, server: server.server)
        server.server.addListener(menus)
        server.server.addListener(host)
        let paths = RequestPaths(rootBytes: settings.rootBytes, rootSpellings: settings.rootSpellings, files: tracker)
        MenuRoutes(menus: menus, files: tracker, paths: paths).register(on: server.server.router)
    }

    /// Frees the loop's handles (call once, at the end of a test).
    func close() {
        host.shutdown(graceMs: 0) {}
        _ = loop.closeEverything()
    }

    /// Tracks `name` as a ready file (old enough to have settled).
    @discardableResult
    func track(_ name: String, inode: UInt64 = 1, mtimeMs: Int64 = 0) -> RelativePath {
        let path = RelativePath(name)
        _ = tracker.observe(path, facts: FileFacts(size: 10, mtimeMs: mtimeMs, inode: inode, ctimeMs: mtimeMs), initial: true)
        return path
    }

    /// Sends one request and returns the messages it caused at once.
    func call(_ client: EmbeddedConnection, _ id: Int, _ method: String, _ params: String) -> [JSONValue] {
        client.feed(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n")
        return client.takeSent()
    }

    /// Turns the loop until `client` was sent something (giving up after a generous while).
    func waitForReply(_ client: EmbeddedConnection) -> [JSONValue] {
        var sent: [JSONValue] = []
        for _ in 0..<10_000 where sent.isEmpty {
            loop.runOnce()
            sent = client.takeSent()
            if sent.isEmpty { usleep(1000) }
        }
        return sent
    }
}

/// Takes dismissed actions instead of running them, keeping their responders.
final class RecordingActions: ActionQueue {
    struct Queued {
        let menu: MenuID
        let itemId: String
        let resolved: ResolvedItem
        let input: String?
        let responder: Responder
    }
    private(set) var queued: [Queued] = []

    func enqueue(menu: MenuID, itemId: String, resolved: ResolvedItem, input: String?, context: RequestContext) throws -> HandlerResult {
        queued.append(Queued(menu: menu, itemId: itemId, resolved: resolved, input: input, responder: context.deferAnswer()))
        return .deferred
    }
}

/// Items at once, on the loop: "Open" (key o), "Rename" (asks for input), a submenu "More" with "Deep".
struct ImmediatePlugin: MenudPlugin {
    let name = "quick"
    let version = "1"
    func items(for target: MenuTarget) async throws -> [MenuItem] { try immediateItems(for: target) ?? [] }
    func immediateItems(for target: MenuTarget) throws -> [MenuItem]? {
        [
            .action("Open", id: "open", key: "o") { _ in ActionOutcome(message: "opened") },
            .action("Rename", id: "rename", input: InputPrompt("New name")) { _ in ActionOutcome() },
            .submenu("More", children: [.action("Deep", id: "deep") { _ in ActionOutcome() }]),
        ]
    }
}

/// Asked off the loop; answers after `delayMs` (cancellation ends the wait).
struct AsyncPlugin: MenudPlugin {
    let name: String
    let delayMs: UInt64
    let version = "1"
    func items(for target: MenuTarget) async throws -> [MenuItem] {
        if delayMs > 0 { try await Task.sleep(nanoseconds: delayMs * 1_000_000) }
        return [.action("Later", id: "later") { _ in ActionOutcome() }]
    }
}
