import MenudJSON

/// One constructor per error code in PROTOCOL.md. Functions that take a `message` use it as the
/// error's message as given (write a whole sentence that says what to do); functions that take an
/// identifier (a method, a path, a menu id...) write the sentence themselves and put the identifier
/// in `data` as well, so clients can read it without parsing prose.
extension RPCError {
    // MARK: JSON-RPC 2.0 standard codes

    /// -32700: the line is not valid JSON. `detail` says what is wrong and where.
    public static func parseError(_ detail: String) -> RPCError {
        RPCError(.parseError, message: "The message is not valid JSON: \(detail). Send one JSON-RPC request object (or a batch array) per line, UTF-8 encoded.")
    }

    /// -32700 from a parser error; `data.offset` is the byte offset of the problem within the line.
    public static func parseError(_ error: JSONParseError) -> RPCError {
        var result = parseError(error.message)
        result.data = ["offset": .int(Int64(error.offset))]
        return result
    }

    /// -32600: the message is JSON but not a valid request. `message` is used as given.
    public static func invalidRequest(_ message: String) -> RPCError {
        RPCError(.invalidRequest, message: message)
    }

    /// -32600 for a line longer than the frame limit; the daemon closes the connection after it.
    public static func frameTooLarge(limit: Int) -> RPCError {
        RPCError(.invalidRequest,
                 message: "The message is longer than the limit of \(limit) bytes per line, so the connection will be closed. Send smaller requests, or raise maxFrameBytes in the daemon's config.",
                 data: ["limit": .int(Int64(limit))])
    }

    /// -32601: no method of that name. `data.method` holds it.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(.methodNotFound,
                 message: "There is no method named \(quote(method)). Check the spelling against the method list in the protocol (daemon.status, files.list, files.get, menu.open, menu.select, menu.dismissed, menu.cancel, subscribe, unsubscribe).",
                 data: ["method": .string(method)])
    }

    /// -32602: a parameter is missing or wrong. `data.param` names it; `message` is used as given.
    public static func invalidParams(param: String, _ message: String) -> RPCError {
        RPCError(.invalidParams, message: message, data: ["param": .string(param)])
    }

    /// -32603: the daemon failed in a way the client cannot fix. `message` is used as given.
    public static func internalError(_ message: String) -> RPCError {
        RPCError(.internalError, message: message)
    }

    // MARK: menud codes

    /// -32010: `path` is not a tracked file. `data.path` holds it.
    public static func notFound(path: String) -> RPCError {
        RPCError(.notFound,
                 message: "\(quote(path)) is not a tracked file. Call files.list to see the files the daemon tracks; paths are relative to the watched root.",
                 data: ["path": .string(path)])
    }

    /// -32011: `path` escapes the watched root. `data.path` holds it.
    public static func outsideRoot(path: String) -> RPCError {
        RPCError(.outsideRoot,
                 message: "\(quote(path)) leads outside the watched root (through '..', an absolute path elsewhere, or a symlink). Use a path relative to the root that stays inside it.",
                 data: ["path": .string(path)])
    }

    /// -32020: no open menu with this id for this connection. `data.menu` holds it.
    public static func menuNotFound(_ menu: String) -> RPCError {
        RPCError(.menuNotFound,
                 message: "There is no open menu \(quote(menu)) on this connection: it was never opened here, or it was closed, cancelled or expired. Open a new menu with menu.open.",
                 data: ["menu": .string(menu)])
    }

    /// -32021: a step of the menu handshake out of order. `message` is used as given.
    public static func menuState(_ message: String) -> RPCError {
        RPCError(.menuState, message: message)
    }

    /// -32022: the item cannot be selected. `data.item` holds its id.
    public static func itemDisabled(_ item: String, isSubmenu: Bool = false) -> RPCError {
        let reason = isSubmenu
            ? "is a submenu and cannot be selected itself; select one of its children"
            : "is disabled and cannot be selected; choose an enabled item"
        return RPCError(.itemDisabled, message: "The item \(quote(item)) \(reason).", data: ["item": .string(item)])
    }

    /// -32023: the menu's target changed or vanished after it was opened. `data.menu` holds its id.
    public static func menuInvalidated(_ menu: String, reason: String? = nil) -> RPCError {
        var data: JSONObject = ["menu": .string(menu)]
        var message = "The menu \(quote(menu)) was closed because its target changed or vanished after it was opened"
        if let reason {
            message += " (\(reason))"
            data["reason"] = .string(reason)
        }
        message += ". Open a new menu to act on the current state."
        return RPCError(.menuInvalidated, message: message, data: .object(data))
    }

    /// -32030: the action ran and failed. `data` holds `message` and, for commands, `exitCode` and
    /// `stderr` (the tail of the command's standard error).
    public static func actionFailed(message: String, exitCode: Int32? = nil, stderrTail: String? = nil) -> RPCError {
        var data: JSONObject = ["message": .string(message)]
        let trimmed = message.hasSuffix(".") ? String(message.dropLast()) : message
        var text = "The action failed: \(trimmed)"
        if let exitCode {
            data["exitCode"] = .int(Int64(exitCode))
            text += " (exit code \(exitCode))"
        }
        if let stderrTail {
            data["stderr"] = .string(stderrTail)
        }
        text += stderrTail == nil
            ? ". Fix the cause and choose the action again."
            : ". See data.stderr for the end of the command's error output, fix the cause and choose the action again."
        return RPCError(.actionFailed, message: text, data: .object(data))
    }

    /// -32031: the action outran its time limit and was stopped. `data.action` names it.
    public static func actionTimedOut(_ action: String, limitMs: Int64? = nil) -> RPCError {
        var data: JSONObject = ["action": .string(action)]
        var message = "The action \(quote(action)) ran longer than its time limit"
        if let limitMs {
            data["limitMs"] = .int(limitMs)
            message += " of \(limitMs) ms"
        }
        message += " and was stopped. Try again, or raise the action's timeout in the daemon's config."
        return RPCError(.actionTimedOut, message: message, data: .object(data))
    }

    /// -32040: a limit was hit. `data.limit` names it; `message` is used as given.
    public static func busy(limit: String, _ message: String) -> RPCError {
        RPCError(.busy, message: message, data: ["limit": .string(limit)])
    }

    /// -32050: the peer may not use the daemon; the connection is closed after it. `message` is used
    /// as given.
    public static func permissionDenied(_ message: String) -> RPCError {
        RPCError(.permissionDenied, message: message)
    }

    /// -32050 for a peer whose uid is not allowed. `data.uid` holds it.
    public static func permissionDenied(uid: UInt32) -> RPCError {
        RPCError(.permissionDenied,
                 message: "User id \(uid) may not use this daemon. Connect as the user who runs it, or add \(uid) to allowUids in its config.",
                 data: ["uid": .int(Int64(uid))])
    }

    /// A string in double quotes with JSON escaping, cut at 80 characters, for messages.
    public static func quote(_ text: String) -> String {
        var writer = JSONWriter(reservingCapacity: text.utf8.count + 2)
        writer.writeString(text.count > 80 ? String(text.prefix(80)) + "…" : text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
