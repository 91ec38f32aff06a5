import Foundation
import MenudProtocol

/// `menuctl web`: the web page's URL with the secret that opens it, from the daemon's
/// `daemon.status` (where the page is, which file holds the secret) and that file.
struct WebCommand {
    let options: WebOptions
    let console: Console
    let socketPath: String

    func run() throws(MenuctlError) -> Int32 {
        let connection = try DaemonConnection(socketPath: socketPath)
        let status = try StatusResult(reading: try connection.call(DaemonStatus.self, NoParams()))
        connection.close()
        guard let web = status.daemon.web, !web.tokenFile.isEmpty else {
            throw .failure("the daemon does not serve the web page; start it with --web 127.0.0.1:7780, or set web: { listen: \"127.0.0.1:7780\" } in its config and restart it")
        }
        let token: String
        do {
            token = try String(contentsOfFile: web.tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw .failure("cannot read the web token \(web.tokenFile) (\(error.localizedDescription)); it belongs to the user the daemon runs as")
        }
        guard !token.isEmpty, token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw .failure("the web token file \(web.tokenFile) does not hold a token; restart the daemon to make a new one")
        }
        let page = "\(web.url)?token=\(token)"
        console.out(page + "\n")
        if options.open { try open(page) }
        return MenuctlExitCode.success
    }

    /// Hands the URL to the desktop's browser.
    private func open(_ page: String) throws(MenuctlError) {
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        opener.arguments = ["xdg-open", page]
        do {
            try opener.run()
        } catch {
            throw .failure("cannot run xdg-open (\(error.localizedDescription)); open the URL above in a browser yourself")
        }
        opener.waitUntilExit()
        guard opener.terminationStatus == 0 else {
            throw .failure("xdg-open failed (exit \(opener.terminationStatus)); is xdg-utils installed and a desktop session running? Open the URL above in a browser yourself")
        }
    }
}
