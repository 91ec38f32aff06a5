import MenudCore

/// Where the menu service hands a dismissed menu's chosen item (the ``ActionRunner``).
protocol ActionQueue: AnyObject {
    /// Queues the action; it starts when no earlier action holds its files. Answers later
    /// (through a responder taken from `context`), or throws when it cannot be queued.
    func enqueue(menu: MenuID, itemId: String, resolved: ResolvedItem, input: String?, context: RequestContext) throws -> HandlerResult
}
