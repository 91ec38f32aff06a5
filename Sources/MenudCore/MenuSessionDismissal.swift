/// What `menu.dismissed` leads to.
public enum MenuSessionDismissal: Hashable, Sendable {
    /// Nothing was selected: answer `{ran: false}`.
    case nothingSelected
    /// Run the selected item's action now, exactly once, with the input the client sent (only
    /// passed on for items that asked for input).
    case run(item: String, input: String?)
}
