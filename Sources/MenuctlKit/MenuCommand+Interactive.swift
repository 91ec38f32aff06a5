import Foundation
import Glibc
import MenuLayout
import MenudCore
import MenudClient
import MenudProtocol

extension MenuCommand {
    /// The menu on the terminal: drawn over the screen, driven by keys and clicks, closed by a
    /// choice, a cancel, `menu.invalidated`, a resize or a signal, and erased in every case.
    ///
    /// - `menu.invalidated`: erased, the reason printed, exit 1.
    /// - `SIGWINCH` (the seed's rotation rule: a stale menu is dismissed, not moved): erased,
    ///   cancelled, said so, exit 0 (nothing ran, as for Esc).
    /// - `SIGINT`, `SIGTERM`, `SIGHUP`: erased, cancelled, exit 128 + the signal.
    /// - the menu's `expiresAtMs` passing (the daemon would refuse the choice): erased, exit 1.
    func runInteractive(_ menu: MenuObject, request: MenuLayoutRequest) throws(MenuctlError) -> Int32 {
        guard MenuCursor.firstSelectable(in: menu.rows) != nil else {
            session.leave()
            cancel(menu)
            console.err("menuctl: the menu has nothing to choose.\n")
            return MenuctlExitCode.success
        }
        var navigator: MenuNavigator
        do {
            navigator = try MenuNavigator(menu: menu, request: request)
        } catch {
            session.leave()
            cancel(menu)
            throw .failure("cannot lay out the menu: \(error.message)")
        }
        var painter = MenuPainter(renderer: MenuRenderer(colorMode: console.colorMode))
        console.out(painter.redraw(navigator.levels, erased: [], from: 0))
        let pump = EventPump(keyboard: console.input, connection: connection, signals: signals)

        /// Takes the menu off the screen and gives the terminal back.
        func close() {
            console.out(painter.eraseAll())
            console.drainOutput()
            session.leave()
        }

        do throws(MenuctlError) {
            while true {
                let events = try pump.next(timeoutMs: Self.waitLimit(untilExpiry: menu.expiresAtMs))
                if events.isEmpty, Self.wallClockMs() >= menu.expiresAtMs {
                    close()
                    cancel(menu)
                    throw .failure("the menu expired (the daemon keeps an unanswered menu open for a limited time); open it again.")
                }
                for event in events {
                    switch event {
                    case .keys(let keys):
                        for key in keys {
                            switch navigator.handle(key) {
                            case .nothing:
                                continue
                            case .redraw(let erased, let first):
                                console.out(painter.redraw(navigator.levels, erased: erased, from: first))
                            case .choose(let item):
                                close()
                                return try runChosen(item, in: menu)
                            case .cancel:
                                close()
                                cancel(menu)
                                return MenuctlExitCode.success
                            }
                        }
                    case .notification(let notification):
                        if let reason = Self.invalidation(notification, of: menu) {
                            close()
                            throw .failure("the menu was closed: \(reason)")
                        }
                    case .signal(SIGWINCH):
                        close()
                        cancel(menu)
                        console.err("menuctl: the terminal was resized, so the menu was closed; open it again.\n")
                        return MenuctlExitCode.success
                    case .signal(let number):
                        close()
                        cancel(menu)
                        throw Self.interrupted(by: number, detail: "the menu was closed and nothing ran")
                    case .daemonClosed:
                        close()
                        throw DaemonConnection.noDaemon(socketPath: socketPath, reason: "the daemon closed the connection while the menu was open")
                    }
                }
            }
        } catch {
            // Whatever went wrong, the menu does not stay on the screen.
            close()
            throw error
        }
    }

    /// Milliseconds since 1970, the clock of the daemon's `expiresAtMs`.
    static func wallClockMs() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// How long to wait for input before looking at the menu's expiry again (`-1`: no expiry,
    /// ``MenuObject/neverExpires``).
    static func waitLimit(untilExpiry expiresAtMs: Int64) -> Int32 {
        guard expiresAtMs != MenuObject.neverExpires else { return -1 }
        return Int32(clamping: max(expiresAtMs - wallClockMs(), 0) + 1)
    }

    /// The reason of a `menu.invalidated` notification for `menu`, or `nil` when `notification` is
    /// something else.
    static func invalidation(_ notification: ServerNotification, of menu: MenuObject) -> String? {
        // Read tolerantly: a notification without its reason still closes the menu.
        guard notification.method == MenuInvalidatedNotification.method,
              let invalidation = try? MenuInvalidatedNotification(from: notification.params, mode: .tolerant),
              invalidation.menu == menu.id else { return nil }
        guard !invalidation.reason.isEmpty else { return "its file changed or went away." }
        return DisplayWidth.safe(invalidation.reason)
    }
}
