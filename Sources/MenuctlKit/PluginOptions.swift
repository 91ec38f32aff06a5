/// `menuctl plugin new NAME [DIR] [--menud DIR] | install FILE.so | list`.
public enum PluginOptions: Sendable, Equatable {
    /// A new plugin package named `name` in `directory` (default `./NAME`), depending on the
    /// menud source tree `menud` (default: the tree this menuctl was built in).
    case new(name: String, directory: String?, menud: String?)
    case install(file: String)
    case list

    static func parse(_ parsed: ParsedArguments) throws(MenuctlError) -> PluginOptions {
        let words = parsed.positionals
        switch words.first {
        case "new":
            guard words.count == 2 || words.count == 3 else {
                throw .usage("plugin new takes a name and, optionally, the folder to create (default ./NAME).", command: "plugin")
            }
            return .new(name: words[1], directory: words.count == 3 ? words[2] : nil, menud: parsed.value("menud"))
        case "install":
            guard words.count == 2 else { throw .usage("plugin install takes one module file, such as .build/release/libHello.so.", command: "plugin") }
            return .install(file: words[1])
        case "list":
            guard words.count == 1 else { throw .usage("plugin list takes no argument '\(words[1])'.", command: "plugin") }
            return .list
        default:
            throw .usage("plugin needs one of new, install, list.", command: "plugin")
        }
    }
}
