// The daemon with extra plugins for the integration tests: "faulty" throws while building its
// items, "sluggish" takes 2 s to build them (past any sensible menuBuildTimeout), and "hello"
// is the example of docs/plugins.md. With MENUD_FIXTURE_PROBE=1 in its environment it also has
// "probe" (ProbePlugin.swift), for the tests of what actions are given and of stuck actions; with
// MENUD_FIXTURE_SHOWCASE=1, "showcase" (ShowcasePlugin.swift): submenus and a titled group for
// the web page's browser tests; with MENUD_FIXTURE_STREAMING=1, "streaming"
// (StreamingPlugin.swift), for the process runner that hands over output as it comes.
// It is also the example of a host program that compiles its plugins in (MenudHost).
import Foundation
import MenudHost

struct FaultyPlugin: MenudPlugin {
    let name = "faulty"
    let version = "1.0"
    struct Broken: Error, CustomStringConvertible { var description: String { "the faulty plugin always fails" } }
    func items(for target: MenuTarget) async throws -> [MenuItem] { throw Broken() }
}

struct SluggishPlugin: MenudPlugin {
    let name = "sluggish"
    let version = "1.0"
    func items(for target: MenuTarget) async throws -> [MenuItem] {
        try? await Task.sleep(nanoseconds: 2_000_000_000)
        return [.action("Too late", id: "late") { _ in ActionOutcome(message: "should never be offered") }]
    }
}

var fixturePlugins = [
    PluginFactory(name: "faulty") { _ in FaultyPlugin() },
    PluginFactory(name: "sluggish") { _ in SluggishPlugin() },
    HelloPlugin.factory,
]
if ProcessInfo.processInfo.environment["MENUD_FIXTURE_PROBE"] == "1" {
    fixturePlugins.append(PluginFactory(name: "probe") { _ in ProbePlugin() })
}
if ProcessInfo.processInfo.environment["MENUD_FIXTURE_SHOWCASE"] == "1" {
    fixturePlugins.append(PluginFactory(name: "showcase") { _ in ShowcasePlugin() })
}
if ProcessInfo.processInfo.environment["MENUD_FIXTURE_STREAMING"] == "1" {
    fixturePlugins.append(PluginFactory(name: "streaming") { _ in StreamingPlugin() })
}
exit(MenudHost.run(plugins: fixturePlugins))
