// swift-tools-version: 6.0
import PackageDescription

// Layers, each depending only on the ones above it:
//   C system libraries (CLibUV; CCrypto, CMagic, CLibWebSockets, CSystemd opened on first use)
//   MenudLoop (libuv handles) and MenudNative (other C libraries): the only unsafe code
//   MenudJSON (parser, writer, tree), then MenudProtocol (JSON-RPC messages, framing, paths):
//   pure logic, the wire
//   MenudCore, MenuLayout: pure logic, time injected
//   MenudPluginAPI: the surface plugin authors see
//   Plugins/*: the actions that ship
//   MenudRuntime, MenuctlKit, MenudClient: adapters, config, lifecycle, the clients
//   menud, menuctl: thin executables
// A plugin module links the dynamic MenudPluginAPI product and so needs libMenudPluginAPI.so; the
// daemon exports its symbols and carries that name (lld writes a soname into an executable;
// gold drops it), so the module's references bind to the
// daemon's one copy of the plugin API (no second copy of its types; docs/plugins.md). Only that
// product's symbols are exported (Sources/menud/PluginAPIExports.map).
let exportsPluginAPI: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "--export-dynamic", "-Xlinker", "-soname=libMenudPluginAPI.so",
                  "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/menud/PluginAPIExports.map"]),
]

// Release builds of menud lay out first, next to each other, the functions that run from start-up
// through the common requests (Sources/menud/hot-functions.order, written by
// bench/profile/order.py; the daemon's modules are compiled with a section per function so that
// the linker can), and gather the code the compiler gives no symbol, which no order can name
// (Sources/menud/unnamed-functions.ld). The kernel maps up to 64 KiB of the file around each page
// it faults in, so start-up code spread over the whole text kept nearly all of it resident (1.9 MB
// when idle; now 0.4). A name the code no longer has is skipped, and new functions come after the
// listed ones.
let laysOutHotFunctionsFirst: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/menud/hot-functions.order",
                  "-Xlinker", "--no-warn-symbol-ordering",
                  "-Xlinker", "\(Context.packageDirectory)/Sources/menud/unnamed-functions.ld"], .when(configuration: .release)),
]

// Release builds of menud write their 4,700 relative relocations (pointers the loader shifts by
// the address it loaded the binary at) packed, as glibc 2.36 reads them (DT_RELR): 1.5 KB
// instead of 113 KB that the loader reads once at start and then keeps resident.
let packsRelativeRelocations: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(configuration: .release)),
]

let package = Package(
    name: "menud",
    products: [
        .executable(name: "menud", targets: ["menud"]),
        .executable(name: "menuctl", targets: ["menuctl"]),
        .library(name: "MenudPluginAPI", type: .dynamic, targets: ["MenudPluginAPI"]),
        // For plugin authors' tests: an action probe, a fake process launcher, the daemon's item checks.
        .library(name: "MenudPluginTesting", targets: ["MenudPluginTesting"]),
        // The daemon as a library, for a program that compiles its own plugins in.
        .library(name: "MenudHost", targets: ["MenudHost"]),
        // A typed Swift client of the daemon's socket (docs/protocol.md shows it).
        .library(name: "MenudClient", targets: ["MenudClient"]),
    ],
    targets: [
        .systemLibrary(name: "CLibUV", path: "Sources/CLibUV", pkgConfig: "libuv", providers: [.apt(["libuv1-dev"])]),
        // libcrypto, libmagic, libwebsockets and libsystemd are opened at run time on first use,
        // not linked (Sources/CSharedLibrary says why); building needs their headers: libssl-dev,
        // libmagic-dev, libwebsockets-dev, libsystemd-dev. At run time lws also needs its libuv event library
        // (libwebsockets-evlib-uv), which it dlopens on our own libuv loop.
        .target(name: "CSharedLibrary"),
        .target(name: "CCrypto", dependencies: ["CSharedLibrary"]),
        .target(name: "CMagic", dependencies: ["CSharedLibrary"]),
        .target(name: "CLibWebSockets", dependencies: ["CSharedLibrary"]),
        .target(name: "CSystemd", dependencies: ["CSharedLibrary"]),
        // Linux calls glibc has no wrapper for (openat2, renameat2): header-only, nothing to link.
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),

        // MenudNative for the web page's files: opened beneath their folder with openat2.
        .target(name: "MenudLoop", dependencies: ["CLibUV", "CLibWebSockets", "MenudNative"]),
        .target(name: "MenudNative", dependencies: ["CCrypto", "CMagic", "CSystemd", "CLinux"]),

        // Text the daemon writes without Foundation: file sizes, base64, path text.
        .target(name: "MenudText"),
        .target(name: "MenudJSON"),
        .target(name: "MenudProtocol", dependencies: ["MenudJSON", "MenudText"]),
        .target(name: "MenudCore", dependencies: ["MenudJSON", "MenudProtocol", "MenudText"]),
        .target(name: "MenuLayout"),

        .target(name: "MenudPluginAPI", dependencies: ["MenudNative", "MenudText"]),

        .target(name: "MenudPluginTesting", dependencies: ["MenudPluginAPI", "MenudNative"]),

        .target(name: "FileActionsPlugin", dependencies: ["MenudPluginAPI", "MenudNative", "MenudText"], path: "Plugins/FileActions"),
        .target(name: "ChecksumPlugin", dependencies: ["MenudPluginAPI", "MenudNative", "MenudText"], path: "Plugins/Checksum"),
        .target(name: "CommandActionsPlugin", dependencies: ["MenudPluginAPI", "MenudNative", "MenudText"], path: "Plugins/CommandActions"),

        .target(name: "MenudRuntime", dependencies: [
            "MenudLoop", "MenudNative", "MenudText", "MenudJSON", "MenudProtocol", "MenudCore", "MenuLayout", "MenudPluginAPI",
            "FileActionsPlugin", "ChecksumPlugin", "CommandActionsPlugin",
        ]),
        .target(name: "MenudClient", dependencies: ["MenudNative", "MenudJSON", "MenudProtocol"]),
        .target(name: "MenuctlKit", dependencies: ["MenudNative", "MenudText", "MenudJSON", "MenudProtocol", "MenudClient", "MenudCore", "MenuLayout"]),

        .executableTarget(name: "menud", dependencies: ["MenudRuntime"], exclude: ["PluginAPIExports.map", "hot-functions.order", "unnamed-functions.ld"],
                         linkerSettings: exportsPluginAPI + laysOutHotFunctionsFirst + packsRelativeRelocations),
        .executableTarget(name: "menuctl", dependencies: ["MenuctlKit"]),
        // The daemon plus two misbehaving plugins, started by the integration tests.
        .target(name: "MenudHost", dependencies: ["MenudRuntime", "MenudPluginAPI"]),
        .executableTarget(name: "menud-fixture", dependencies: ["MenudHost"], path: "Tests/Fixtures/menud-fixture",
                         linkerSettings: exportsPluginAPI),

        // What several test targets share (the seeded random generator); no product ships it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "MenudTextTests", dependencies: ["MenudText"]),
        .testTarget(name: "MenudJSONTests", dependencies: ["MenudJSON", "TestSupport"]),
        .testTarget(name: "MenudProtocolTests", dependencies: ["MenudProtocol", "MenudJSON", "TestSupport"]),
        .testTarget(name: "MenudClientTests", dependencies: ["MenudClient", "MenudJSON", "MenudProtocol"]),
        .testTarget(name: "MenudCoreTests", dependencies: ["MenudCore", "MenudJSON", "MenudProtocol", "MenudText", "TestSupport"]),
        .testTarget(name: "MenuLayoutTests", dependencies: ["MenuLayout", "MenuctlKit", "MenudClient", "MenudText", "MenudJSON", "MenudProtocol"]),
        .testTarget(name: "MenudLoopTests", dependencies: ["MenudLoop", "MenudNative"]),
        .testTarget(name: "MenudNativeTests", dependencies: ["MenudNative", "CSharedLibrary"]),
        .testTarget(name: "WebServerTests", dependencies: ["MenudLoop", "MenudCore", "MenudJSON", "MenudProtocol"]),
        .testTarget(name: "PluginTests", dependencies: [
            "MenudPluginAPI", "MenudPluginTesting", "FileActionsPlugin", "ChecksumPlugin", "CommandActionsPlugin", "MenudRuntime", "MenudJSON", "MenudProtocol",
        ]),
        // The services of the runtime without a process: a manual clock and scheduler, an embedded transport.
        .testTarget(name: "RuntimeTests", dependencies: ["MenudRuntime", "MenudJSON", "MenudProtocol", "MenudCore", "MenudLoop", "MenudNative", "MenudPluginAPI"]),
        .testTarget(name: "IntegrationTests", dependencies: [
            "MenudNative", "MenudClient", "MenudJSON", "MenudProtocol", "menud", "menuctl", "menud-fixture", "TestSupport",
        ]),
        .testTarget(name: "ArchitectureTests"),
    ]
)

// The daemon's modules do not import the string-processing (Regex) module implicitly, so that
// its two libraries (about 0.8 MB resident) are not loaded: nothing in the daemon uses them.
let clientTargets: Set = ["MenudClient", "MenuctlKit", "menuctl"]
for target in package.targets where target.type == .regular || target.type == .executable {
    guard !clientTargets.contains(target.name) else { continue }
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import"])]
}

// Release builds of the daemon's modules check exclusive access at compile time only: the run-time
// check costs a call into the runtime on every access to a class's stored property that the
// compiler cannot prove safe, about 70 instructions each and a dozen per request on the busiest
// paths. Debug builds (the tests) keep the run-time check, so a violation still traps there.
// They also lower copies of enums and optionals to code for their type rather than to calls through
// its value-witness table (`-disable-type-layout`): copying a request's id or an optional reference
// that way looked up the metadata and called the generic witness, about 100 instructions a copy,
// 2-3 % of every request; the code is 0.6 % larger. Neither changes the ABI plugins are built to.
// Each function gets its own section, for the order menud is linked in (laysOutHotFunctionsFirst).
for target in package.targets where target.type == .regular || target.type == .executable {
    guard !clientTargets.contains(target.name) else { continue }
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enforce-exclusivity=unchecked", "-Xfrontend", "-disable-type-layout", "-Xfrontend", "-function-sections"],
                                                                                 .when(configuration: .release))]
}

// The session table is generic over what the daemon keeps with a menu, and the daemon's one use of
// it is in another module: compiled alone, its dictionary of payloads went through unspecialized
// code that looked up type metadata on every step (about 7,000 instructions per menu opened and
// cancelled). Cross-module optimization lets the runtime specialize it. Only for the daemon's own
// modules: those a plugin is built against (MenudPluginAPI and what it links) keep their bodies
// to themselves.
let crossModuleOptimized: Set = ["MenudCore", "MenudJSON", "MenudProtocol", "MenudLoop", "MenuLayout"]
for target in package.targets where crossModuleOptimized.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
}
