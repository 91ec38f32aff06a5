import MenudCore
import MenudPluginAPI

/// What the runtime keeps about a menu between `menu.open` and its end.
final class OpenMenu {
    let id: MenuID
    let connection: ClientConnection
    let isDirectory: Bool
    /// The state of each target file when the menu opened, to tell a state change.
    let statesAtOpen: [RelativePath: MenudCore.FileState]
    let items: [String: ResolvedItem]

    init(id: MenuID, connection: ClientConnection, isDirectory: Bool,
         statesAtOpen: [RelativePath: MenudCore.FileState], items: [String: ResolvedItem]) {
        self.id = id
        self.connection = connection
        self.isDirectory = isDirectory
        self.statesAtOpen = statesAtOpen
        self.items = items
    }
}
