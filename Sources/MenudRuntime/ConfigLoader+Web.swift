import MenudLoop

extension ConfigLoader {
    /// `web: { listen, allowNonLoopback, documents }`; `null`, `{}` (the shipped config's) or an
    /// object without `listen` leaves the web server off.
    static func buildWeb(_ value: ConfigValue, file: String, baseDirectory: String, environment: ConfigEnvironment) throws(ConfigError) -> ConfigWeb? {
        if value == .null { return nil }
        let reader = try ConfigObjectReader(value, at: "web", file: file, allowedKeys: ConfigWeb.allowedKeys)
        if reader.fields.isEmpty { return nil }
        var web = ConfigWeb()
        web.allowNonLoopback = try reader.bool("allowNonLoopback") ?? false
        if let text = try reader.string("listen") {
            let address: WebListenAddress
            do {
                address = try WebListenAddress.parse(text)
            } catch {
                throw reader.fail("listen", "\(error); write it like \"127.0.0.1:7780\" or \"[::1]:7780\"")
            }
            if let refusal = ConfigWeb.refusal(of: address, allowNonLoopback: web.allowNonLoopback) {
                throw reader.fail("listen", refusal)
            }
            web.listen = address
        }
        if let folder = try reader.string("documents") {
            web.documents = environment.resolvePath(folder, relativeTo: baseDirectory)
        }
        return web
    }
}
