// swift-tools-version: 6.0
// A menud plugin module built apart from the daemon: `swift build -c release` makes
// .build/release/libHello.so, which `menuctl plugin install` copies to the plugin folder.
import PackageDescription

let package = Package(
    name: "Hello",
    products: [.library(name: "Hello", type: .dynamic, targets: ["Hello"])],
    dependencies: [.package(name: "menud", path: "../../..")],
    targets: [.target(name: "Hello", dependencies: [.product(name: "MenudPluginAPI", package: "menud")])]
)
