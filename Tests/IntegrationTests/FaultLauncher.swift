import Foundation

/// Wrappers that start the real `menud` in a harsher world, for the fault tests: as another
/// user (so that `chmod 000` means something when the tests run as root), or in a user
/// namespace of its own with a tiny inotify watch limit (so that the limit is reached without
/// touching the machine's). Each wrapper `exec`s, so its pid is the daemon's.
enum FaultLauncher {
    /// Runs a command and says whether it exited 0.
    static func succeeds(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func which(_ name: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/sbin", "/sbin"] where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
            return directory + "/" + name
        }
        return nil
    }

    private static func writeScript(_ text: String, in directory: URL, name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o755)
        return url.path
    }

    /// A wrapper that runs menud in a new user namespace whose own inotify watch limit
    /// (`/proc/sys/user/max_inotify_watches`, counted per namespace since Linux 5.11) is
    /// `watches`; nil when user namespaces are not available here.
    static func limitedWatches(_ watches: Int, in directory: URL) throws -> String? {
        guard let unshare = which("unshare"),
              succeeds(unshare, ["-U", "-r", "sh", "-c", "echo 3 > /proc/sys/user/max_inotify_watches"]) else { return nil }
        let script = """
            #!/bin/sh
            exec \(unshare) -U -r sh -c 'echo \(watches) > /proc/sys/user/max_inotify_watches && exec "$0" "$@"' '\(DaemonProcess.menudPath)' "$@"
            """
        return try writeScript(script, in: directory, name: "menud-limited-watches")
    }

    /// A wrapper that runs menud as `uid` (no capabilities); nil without `setpriv`. The
    /// caller gives that uid the daemon's home.
    static func asUser(_ uid: UInt32, in directory: URL) throws -> String? {
        guard let setpriv = which("setpriv") else { return nil }
        let script = """
            #!/bin/sh
            exec \(setpriv) --reuid=\(uid) --regid=\(uid) --clear-groups '\(DaemonProcess.menudPath)' "$@"
            """
        return try writeScript(script, in: directory, name: "menud-as-\(uid)")
    }

    /// Gives `uid` everything under `url` (lchown, so links are not followed).
    static func chownTree(_ url: URL, to uid: UInt32) {
        lchown(url.path, uid, uid)
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return }
        for case let relative as String in walker { lchown(url.appendingPathComponent(relative).path, uid, uid) }
    }

    /// Pids of processes whose command line contains `marker`.
    static func processes(containing marker: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            // FileHandle, not FileManager.contents(atPath:): Foundation's whole-file read leaks its
            // buffer for /proc files (LeakSanitizer reports it under make test-asan).
            guard let pid = Int32(entry), pid != getpid(),
                  let handle = FileHandle(forReadingAtPath: "/proc/\(entry)/cmdline") else { return nil }
            defer { try? handle.close() }
            let data = handle.readDataToEndOfFile()
            return String(decoding: data, as: UTF8.self).contains(marker) ? pid : nil
        }
    }
}
