import MenudCore
import MenudProtocol

/// Where the answer to one request goes: its connection, its id, and its batch slot if it came
/// in a batch. A request without an id (a notification) gets no answer.
struct ReplyTarget {
    let client: ClientConnection
    let id: RPCId?
    let batch: BatchReply?
    let slot: Int
}
