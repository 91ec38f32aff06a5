import MenudLoop
import MenudNative
import MenudText

extension DaemonSettings {
    /// The web server from `--web`/`--web-documents` and the config's `web` section, nil when
    /// neither turns it on. Throws when the address is not one it may listen on or no page
    /// folder can be found.
    static func resolveWeb(config: ConfigWeb?, options: CommandLineOptions, environment: [String: String]) throws -> WebSettings? {
        let listen: WebListenAddress
        if let text = options.web {
            do {
                listen = try WebListenAddress.parse(text)
            } catch {
                throw StartupError("--web \(text): \(error); write it like 127.0.0.1:7780 or [::1]:7780")
            }
            if let refusal = ConfigWeb.refusal(of: listen, allowNonLoopback: config?.allowNonLoopback ?? false) {
                throw StartupError("--web: \(refusal)")
            }
        } else if let configured = config?.listen {
            listen = configured
        } else {
            if options.webDocuments != nil {
                throw StartupError("--web-documents names the page's folder, but the web page is off; add --web 127.0.0.1:7780 (or web.listen in the config)")
            }
            return nil
        }
        let documents: String
        if let given = options.webDocuments.map({ absolutePath($0) }) ?? config?.documents {
            documents = given
        } else if let found = defaultWebDocuments() {
            documents = found
        } else {
            throw StartupError("no folder with the web page was found next to \(executableDirectory() ?? "menud") (PREFIX/share/menud/web as `make install` lays it out, or the source tree's clients/web); give one with --web-documents DIR or web.documents in the config")
        }
        guard FileContents.exists(documents + "/index.html"), !FileContents.isDirectory(documents + "/index.html") else {
            throw StartupError("the web page folder \(documents) has no index.html; point --web-documents (or web.documents) at the installed PREFIX/share/menud/web or the source tree's clients/web")
        }
        return WebSettings(listen: listen, documents: documents, tokenPath: WebSettings.defaultTokenPath(environment: environment))
    }

    /// The page next to the program: `PREFIX/share/menud/web` for `PREFIX/bin/menud` as
    /// installed, else `clients/web` of the source tree the program was built in (`swift build`
    /// puts it under `.build/<triple>/debug`, so the tree is a few folders up).
    static func defaultWebDocuments() -> String? {
        guard let directory = executableDirectory() else { return nil }
        let installed = PathText.appending(PathText.deletingLastComponent(directory), "share/menud/web")
        if FileContents.exists(installed + "/index.html") { return installed }
        var folder = directory
        for _ in 0..<6 {
            let candidate = PathText.appending(folder, "clients/web")
            if FileContents.exists(candidate + "/index.html") { return candidate }
            let parent = PathText.deletingLastComponent(folder)
            if parent == folder { break }
            folder = parent
        }
        return nil
    }

    /// The folder of the running program, links resolved.
    static func executableDirectory() -> String? {
        guard case .success(let resolved) = NativePath.resolve(Array("/proc/self/exe".utf8)),
              let program = String(validating: resolved, as: UTF8.self) else { return nil }
        return PathText.deletingLastComponent(program)
    }
}
