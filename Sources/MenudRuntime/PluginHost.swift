import MenudCore
import MenudLoop
import MenudNative
import MenudPluginAPI

/// Collects the items of the enabled plugins for a menu's target, with the build deadline
/// (`menuBuildTimeout`) in this one place. A plugin that can answer at once does so on the loop
/// (`immediateItems`); one that takes too long for that is demoted and asked off the loop from
/// then on, with the plugins that must be asked there anyway, together in one task that posts
/// one message back when all have answered. Items that break the rules leave their plugin out.
final class PluginHost: DaemonService, ConnectionListener {
    typealias Collected = [(plugin: String, items: [MenuItem])]
    let name = "plugin host"
    private(set) var plugins: PluginSet
    private var buildTimeoutMs: Int64
    private let log: Logger
    private let loop: EventLoop
    private let scheduler: any LoopScheduler
    private var inbox: LoopInbox<PluginHost>?
    private var builds: [Int: PluginBuild] = [:]
    private var nextBuildId = 1
    /// Plugins whose `immediateItems` was too slow for the loop; asked on other threads.
    private(set) var slowImmediatePlugins: Set<String> = []

    init(configuration: DaemonConfiguration, log: Logger, loop: EventLoop, scheduler: any LoopScheduler) {
        plugins = configuration.plugins
        buildTimeoutMs = configuration.settings.menuBuildTimeoutMs
        self.log = log
        self.loop = loop
        self.scheduler = scheduler
    }

    func start() throws {
        inbox = try LoopInbox(loop: loop, target: self)
    }

    func reload(_ configuration: DaemonConfiguration) {
        plugins = configuration.plugins
        buildTimeoutMs = configuration.settings.menuBuildTimeoutMs
    }

    /// Builds under way are dropped: their menus are never answered.
    func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
        for build in builds.values { build.stop() }
        builds.removeAll()
        done()
    }

    func connectionInputEnded(_ connection: ConnectionID) {}

    func connectionClosed(_ connection: ConnectionID) {
        for build in builds.values where build.owner == connection {
            builds[build.id] = nil
            build.stop()
        }
    }

    /// Asks every plugin `request` is for; `completion` gets the valid items per plugin, in
    /// menu order, once all have answered or the deadline passed (at once when none is asked;
    /// never when `owner` goes away first).
    func collect(_ request: ItemsRequest, for owner: ConnectionID, completion: @escaping (Collected) -> Void) {
        let asked = plugins.entries.compactMap { entry in request.target(for: entry.plugin).map { (entry, $0) } }
        let build = PluginBuild(id: nextBuildId, owner: owner, asked: asked.map(\.0.name), completion: completion)
        nextBuildId += 1
        builds[build.id] = build
        guard !asked.isEmpty else {
            finish(build)
            return
        }
        var slow: [(name: String, plugin: any MenudPlugin, target: MenuTarget)] = []
        for (entry, target) in asked {
            guard !slowImmediatePlugins.contains(entry.name) else {
                slow.append((entry.name, entry.plugin, target))
                continue
            }
            let started = MonotonicTime.nowMs()
            let result: Result<[MenuItem]?, any Error>
            do { result = .success(try entry.plugin.immediateItems(for: target)) } catch { result = .failure(error) }
            let elapsed = MonotonicTime.nowMs() - started
            if elapsed > buildTimeoutMs {
                slowImmediatePlugins.insert(entry.name)
                log.warning("plugin \(entry.name) took \(elapsed) ms to build its items on the event loop; it is asked on another thread from now on")
            }
            switch result {
            case .success(.some(let items)): accept(.success(items), from: entry.name, for: build)
            case .success(.none): slow.append((entry.name, entry.plugin, target))
            case .failure(let error): accept(.failure(error), from: entry.name, for: build)
            }
        }
        guard !slow.isEmpty else { return }
        guard let inbox else {
            log.error("the plugin host was not started; \(slow.map(\.name).joined(separator: ", ")) left out of this menu")
            finish(build)
            return
        }
        askOffTheLoop(slow, for: build, inbox: inbox)
    }

    private func askOffTheLoop(_ slow: [(name: String, plugin: any MenudPlugin, target: MenuTarget)], for build: PluginBuild,
                               inbox: LoopInbox<PluginHost>) {
        let results = build.slowResults
        let buildId = build.id
        let log = self.log
        build.task = Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for (name, plugin, target) in slow {
                    group.addTask {
                        let result: Result<[MenuItem], any Error>
                        do { result = .success(try await plugin.items(for: target)) } catch { result = .failure(error) }
                        if !results.deposit((name, result)), case .failure(let error) = result {
                            log.debug("plugin \(name) failed after its menu was built: \(error)")
                        }
                    }
                }
            }
            inbox.post { host in host.slowPathAnswered(buildId) }
        }
        guard let timer = try? scheduler.makeTimer() else {
            log.error("no timer for the menu build's deadline; the menu is answered without the plugins asked off the loop")
            deadlinePassed(build)
            return
        }
        build.timer = timer
        timer.start(afterMs: UInt64(buildTimeoutMs)) { [unowned self, unowned build] in deadlinePassed(build) }
    }

    private func slowPathAnswered(_ buildId: Int) {
        guard let build = builds[buildId] else { return }
        for answer in build.slowResults.take() { accept(answer.result, from: answer.plugin, for: build) }
        finish(build)
    }

    private func deadlinePassed(_ build: PluginBuild) {
        for answer in build.slowResults.take() { accept(answer.result, from: answer.plugin, for: build) }
        guard builds[build.id] != nil else { return }
        for name in build.waiting.sorted() {
            log.warning("plugin \(name) took longer than menuBuildTimeout (\(DurationText.format(buildTimeoutMs))) to build its items; it is left out of this menu")
        }
        finish(build)
    }

    private func accept(_ result: Result<[MenuItem], any Error>, from plugin: String, for build: PluginBuild) {
        guard builds[build.id] === build, build.waiting.contains(plugin) else { return }
        build.waiting.remove(plugin)
        switch result {
        case .success(let items):
            let problems = MenuItem.problems(in: items)
            if problems.isEmpty {
                build.results[plugin] = items
            } else {
                log.warning("plugin \(plugin) built invalid items (\(problems.joined(separator: "; "))); it is left out of this menu")
            }
        case .failure(let error):
            log.warning("plugin \(plugin) failed to build its items: \(error); it is left out of this menu")
        }
        if build.waiting.isEmpty { finish(build) }
    }

    private func finish(_ build: PluginBuild) {
        guard builds.removeValue(forKey: build.id) != nil else { return }
        build.stop()
        build.completion(build.orderedResults)
    }
}
