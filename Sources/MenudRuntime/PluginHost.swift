import MenudCore
import MenudLoop
import MenudNative
import MenudPluginAPI

/// Collects the items of the enabled plugins for a menu's target, with the build deadline
/// (`menuBuildTimeout`) in this one place. A plugin that can answer at once does so on the loop
/// (`immediateItems`); one that takes too long for that is demoted and asked off the loop from
/// then on, with the plugins that must be asked there anyway, together in one task that posts
/// one message back when all have answered. Items that break the rules leave their plugin out.
/// A plugin loaded from a module file is not trusted on the loop at first: its `immediateItems`
/// is asked off the loop, timed, until it has answered quickly a few times (promotion).
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
    /// Plugins from module files not yet trusted on the loop -> their quick answers off it so far.
    private(set) var probation: [String: Int] = [:]
    private var promoted: Set<String> = []
    /// Per plugin and reason, when its "left out of this menu" warning was last logged: a
    /// plugin that fails every menu costs one line a minute, not one per menu.
    private var leftOutLog: [String: RefusalLogLimiter] = [:]
    private let clock: any Clock
    /// How many quick answers off the loop promote a module to the loop.
    static let quickAnswersToPromote = 3
    /// What counts as quick: well inside one turn of the loop (tests that must not depend on
    /// timing raise it).
    var quickAnswerMs: Int64 = 2

    init(configuration: DaemonConfiguration, log: Logger, loop: EventLoop, scheduler: any LoopScheduler, clock: any Clock = SystemClock()) {
        self.clock = clock
        plugins = configuration.plugins
        buildTimeoutMs = configuration.settings.menuBuildTimeoutMs
        self.log = log
        self.loop = loop
        self.scheduler = scheduler
        putOnProbation(configuration.modules)
    }

    /// Modules new to this host start on probation; the promoted stay promoted (the code of a
    /// module cannot change while it is loaded).
    private func putOnProbation(_ modules: PluginModuleScan) {
        let names = Set(modules.origins.keys)
        probation = probation.filter { names.contains($0.key) }
        for name in names where probation[name] == nil && !promoted.contains(name) { probation[name] = 0 }
    }

    func start() throws {
        inbox = try LoopInbox(loop: loop, target: self)
    }

    func reload(_ configuration: DaemonConfiguration) {
        plugins = configuration.plugins
        buildTimeoutMs = configuration.settings.menuBuildTimeoutMs
        putOnProbation(configuration.modules)
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
        var slow: [SlowAsk] = []
        for (index, (entry, target)) in asked.enumerated() {
            guard !slowImmediatePlugins.contains(entry.name), probation[entry.name] == nil else {
                slow.append(SlowAsk(name: entry.name, plugin: entry.plugin, target: target, probe: probation[entry.name] != nil))
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
            case .success(.some(let items)): accept(.success(items), from: index, for: build)
            case .success(.none): slow.append(SlowAsk(name: entry.name, plugin: entry.plugin, target: target, probe: false))
            case .failure(let error): accept(.failure(error), from: index, for: build)
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

    /// A plugin asked off the loop; `probe`: time its `immediateItems` there first (probation).
    private struct SlowAsk: Sendable {
        let name: String
        let plugin: any MenudPlugin
        let target: MenuTarget
        let probe: Bool
    }

    private func askOffTheLoop(_ slow: [SlowAsk], for build: PluginBuild, inbox: LoopInbox<PluginHost>) {
        let results = build.slowResults
        let buildId = build.id
        let log = self.log
        ConcurrencyRuntime.start()
        build.task = Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for ask in slow {
                    group.addTask {
                        let name = ask.name
                        let result: Result<[MenuItem], any Error>
                        do {
                            if ask.probe, let items = try PluginHost.timedImmediateItems(ask, inbox: inbox) {
                                result = .success(items)
                            } else {
                                result = .success(try await ask.plugin.items(for: ask.target))
                            }
                        } catch { result = .failure(error) }
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

    /// `immediateItems` off the loop, its time posted to the loop for the plugin's probation.
    private static func timedImmediateItems(_ ask: SlowAsk, inbox: LoopInbox<PluginHost>) throws -> [MenuItem]? {
        let started = MonotonicTime.nowMs()
        let items = try ask.plugin.immediateItems(for: ask.target)
        let elapsed = MonotonicTime.nowMs() - started
        if items != nil { inbox.post { host in host.probed(ask.name, elapsedMs: elapsed) } }
        return items
    }

    /// One answer of a plugin on probation: quick ones count towards its promotion, a slow one
    /// starts the count again.
    private func probed(_ name: String, elapsedMs: Int64) {
        guard let count = probation[name] else { return }
        guard elapsedMs <= quickAnswerMs else {
            probation[name] = 0
            return
        }
        if count + 1 < Self.quickAnswersToPromote {
            probation[name] = count + 1
            return
        }
        probation[name] = nil
        promoted.insert(name)
        log.info("plugin \(name) answered immediateItems quickly \(Self.quickAnswersToPromote) times off the event loop; it is asked on the loop from now on")
    }

    private func slowPathAnswered(_ buildId: Int) {
        guard let build = builds[buildId] else { return }
        acceptSlowResults(of: build)
        finish(build)
    }

    private func deadlinePassed(_ build: PluginBuild) {
        acceptSlowResults(of: build)
        guard builds[build.id] != nil else { return }
        for name in build.waitingNames.sorted() {
            warnLeftOut(name, reason: "slow", "plugin \(name) took longer than menuBuildTimeout (\(DurationText.format(buildTimeoutMs))) to build its items; it is left out of this menu")
        }
        finish(build)
    }

    /// What the plugins asked off the loop have answered so far.
    private func acceptSlowResults(of build: PluginBuild) {
        for answer in build.slowResults.take() {
            guard let index = build.waitingIndex(of: answer.plugin) else { continue }
            accept(answer.result, from: index, for: build)
        }
    }

    /// The answer of `build.asked[index]`.
    private func accept(_ result: Result<[MenuItem], any Error>, from index: Int, for build: PluginBuild) {
        guard builds[build.id] === build, build.isWaiting(for: index) else { return }
        let plugin = build.asked[index]
        var valid: [MenuItem]?
        switch result {
        case .success(let items):
            let problems = MenuItem.problems(in: items)
            if problems.isEmpty {
                valid = items
            } else {
                warnLeftOut(plugin, reason: "invalid", "plugin \(plugin) built invalid items (\(problems.joined(separator: "; "))); it is left out of this menu")
            }
        case .failure(let error):
            warnLeftOut(plugin, reason: "failed", "plugin \(plugin) failed to build its items: \(error); it is left out of this menu")
        }
        build.answered(index, items: valid)
        if build.isComplete { finish(build) }
    }

    /// Logs `message` unless this plugin was left out for this reason less than a minute ago.
    private func warnLeftOut(_ plugin: String, reason: String, _ message: String) {
        let key = plugin + "\u{0}" + reason
        var limiter = leftOutLog[key] ?? RefusalLogLimiter(clock: clock)
        if let skipped = limiter.note() {
            log.warning(message + (skipped > 0 ? " (and \(skipped) more menus in the last minute, not logged)" : ""))
        }
        leftOutLog[key] = limiter
    }

    private func finish(_ build: PluginBuild) {
        guard builds.removeValue(forKey: build.id) != nil else { return }
        build.stop()
        build.completion(build.orderedResults)
    }
}
