/// The error codes of the menud protocol (PROTOCOL.md, "Errors"): the JSON-RPC 2.0 standard codes
/// and menud's own.
public enum RPCErrorCode: Int, Sendable, CaseIterable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case notFound = -32010
    case outsideRoot = -32011
    case menuNotFound = -32020
    case menuState = -32021
    case itemDisabled = -32022
    case menuInvalidated = -32023
    case actionFailed = -32030
    case actionTimedOut = -32031
    case busy = -32040
    case permissionDenied = -32050
}
