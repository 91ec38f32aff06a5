import Foundation

/// What `menuctl plugin install` checks before it copies a module: a regular file that is an
/// ELF shared object exporting this plugin API's entry point. Nothing of it is run here; the
/// daemon judges ownership, versions and the toolchain when it loads it.
enum PluginModuleCheck {
    static let entryPoint = "menud_plugin_v1"

    static func verify(_ file: String) throws(MenuctlError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
            throw .failure("\(file) is not a file; give the module swift build made, such as .build/release/libNAME.so")
        }
        guard file.hasSuffix(".so") else { throw .failure("\(file) does not end in .so; the daemon loads only *.so files") }
        guard let data = FileManager.default.contents(atPath: file) else { throw .failure("cannot read \(file)") }
        guard data.starts(with: [0x7F, 0x45, 0x4C, 0x46]) else { throw .failure("\(file) is not a shared library (no ELF header)") }
        guard data.range(of: Data(entryPoint.utf8) + [0]) != nil else {
            throw .failure("\(file) has no entry point \(entryPoint): add `@_cdecl(\"\(entryPoint)\") public func menudPlugin() { PluginModule(YourPlugin.factory).export() }` (docs/plugins.md)")
        }
    }
}
