import MenudCore

/// Hears what happens to clients, for state kept per connection elsewhere (menus, builds).
protocol ConnectionListener: AnyObject {
    /// The client can send nothing more: whatever it still had to do (dismiss a menu) never comes.
    /// Called again each time an answer reaches such a client.
    func connectionInputEnded(_ connection: ConnectionID)
    /// The client is gone.
    func connectionClosed(_ connection: ConnectionID)
}
