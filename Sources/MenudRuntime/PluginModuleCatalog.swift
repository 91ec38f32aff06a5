import MenudNative
import MenudPluginAPI

/// The plugin modules this process has loaded, kept for its whole life: a module's code cannot
/// be unloaded safely, so a removed file only stops offering items and a replaced file is
/// reported as needing a restart. Each reload scans the folders again and loads new files only.
final class PluginModuleCatalog {
    private struct Seen {
        let identity: SharedModule.Identity
        /// nil when the module was refused after it was loaded (its tags); then `reason` says why.
        let module: PluginModule?
        let reason: String?
    }

    /// Module file -> what loading it gave, for files that were mapped into the process.
    private var seen: [String: Seen] = [:]
    private let log: Logger

    init(log: Logger) {
        self.log = log
    }

    /// Loads the new modules among `folders`' files; `taken` are the names already in use
    /// (built-in plugins). Logs every refusal and notice.
    func scan(_ folders: PluginFolders, taken: [String]) -> PluginModuleScan {
        var scan = PluginModuleScan()
        let (files, missing) = folders.candidates()
        scan.refused = missing
        var names: [String: String] = Dictionary(uniqueKeysWithValues: taken.map { ($0, "a built-in plugin") })
        for file in files {
            guard let module = module(at: file, scan: &scan) else { continue }
            let name = module.factory.name
            if let holder = names[name] {
                scan.refused.append(.init(file: file, reason: "\(file) is refused: its plugin name \"\(name)\" is taken by \(holder)"))
                continue
            }
            names[name] = file
            scan.factories.append(module.factory)
            scan.origins[name] = file
        }
        for refusal in scan.refused { log.warning("plugin module refused: \(refusal.reason)") }
        for (name, notice) in scan.notices.sorted(by: { $0.key < $1.key }) { log.warning("plugin \(name): \(notice)") }
        return scan
    }

    private func module(at file: String, scan: inout PluginModuleScan) -> PluginModule? {
        if let earlier = seen[file] {
            switch SharedModule.check(file) {
            case .success(let identity) where identity == earlier.identity:
                break
            case .success:
                if let module = earlier.module {
                    scan.notices[module.factory.name] = "\(file) was replaced; the daemon keeps running the module it loaded first, which cannot be unloaded: restart menud to load the new one"
                } else {
                    scan.refused.append(.init(file: file, reason: "\(file) was replaced after it was refused; restart menud to load the new one"))
                    return nil
                }
            case .failure(.unreadable):
                // Removed: it stops offering items (its code stays mapped until the daemon ends).
                return nil
            case .failure(let refusal):
                scan.refused.append(.init(file: file, reason: refusal.description))
                return nil
            }
            if let reason = earlier.reason { scan.refused.append(.init(file: file, reason: reason)) }
            return earlier.module
        }
        let others = (1...9).filter { $0 != PluginModule.apiVersion }.map { "menud_plugin_v\($0)" }
        switch SharedModule.load(file, entryPoint: PluginModule.entryPoint, otherEntryPoints: others) {
        case .failure(.otherEntryPoint(let name)):
            let version = name.dropFirst("menud_plugin_v".count)
            refuseMapped(file, "\(file) is built for plugin API version \(version), this daemon has version \(PluginModule.apiVersion); rebuild it against this menud", scan: &scan)
            return nil
        case .failure(.noEntryPoint(let text)):
            refuseMapped(file, text, scan: &scan)
            return nil
        case .failure(let refusal):
            scan.refused.append(.init(file: file, reason: refusal.description))
            return nil
        case .success(let identity):
            let (module, reason) = judge(PluginModule.takeExported(), file: file)
            seen[file] = Seen(identity: identity, module: module, reason: reason)
            if let reason { scan.refused.append(.init(file: file, reason: reason)) }
            return module
        }
    }

    /// A refusal of a file that was loaded (it stays mapped): remembered, so a reload does not
    /// load it again unless it changes.
    private func refuseMapped(_ file: String, _ reason: String, scan: inout PluginModuleScan) {
        if case .success(let identity) = SharedModule.check(file) { seen[file] = Seen(identity: identity, module: nil, reason: reason) }
        scan.refused.append(.init(file: file, reason: reason))
    }

    /// The module an entry point handed over, or why it is refused.
    private func judge(_ exported: PluginModule?, file: String) -> (PluginModule?, String?) {
        guard let exported else {
            return (nil, "\(file) ran its entry point \(PluginModule.entryPoint) but handed this daemon no module: the entry point must call PluginModule(factory).export(), and the daemon must share its plugin API (menud is linked with --export-dynamic)")
        }
        if exported.apiVersion != PluginModule.apiVersion {
            return (nil, "\(file) is built for plugin API version \(exported.apiVersion), this daemon has version \(PluginModule.apiVersion); rebuild it against this menud")
        }
        if exported.toolchain != PluginToolchain.daemon {
            return (nil, "\(file) is built with \(exported.toolchain), this daemon with \(PluginToolchain.daemon); Swift has no stable ABI on Linux: rebuild the plugin with the daemon's toolchain")
        }
        return (exported, nil)
    }
}
