import CLibUV
import Synchronization

/// Brings messages from any thread back to the loop thread (`uv_async_t`).
///
/// `post` may be called from any thread; libuv coalesces wake-ups, so the loop receives every
/// message posted since the last delivery in one batch, in posting order.
public final class AsyncInbox<Message: Sendable>: LoopHandle, @unchecked Sendable {
    // @unchecked: `queue` is guarded by its Mutex; `handler` is only touched on the loop thread;
    // `uv_async_send` is thread-safe and is only called while `queue` says the handle is open.
    private struct Queue: ~Copyable {
        var messages: [Message] = []
        var open = true
    }
    private let queue = Mutex(Queue())
    private var handler: (([Message]) -> Void)?

    public init(loop: EventLoop, _ handler: @escaping ([Message]) -> Void) throws(LoopError) {
        let memory = try LoopHandle.initializedMemory(uv_async_t(), operation: "create an async wake-up") { uv_async_init(loop.raw, $0, asyncInboxWoke) }
        self.handler = handler
        super.init(memory: memory)
        retainThroughHandle()
    }

    /// Queues a message for the loop thread. Returns false when the inbox is closed (the
    /// message is dropped).
    @discardableResult
    public func post(_ message: Message) -> Bool {
        queue.withLock { queue in
            guard queue.open else { return false }
            queue.messages.append(message)
            uv_async_send(UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_async_t.self))
            return true
        }
    }

    override func willClose() {
        queue.withLock { $0.open = false }
        handler = nil
    }

    fileprivate func deliver() {
        let batch = queue.withLock { queue -> [Message] in
            let batch = queue.messages
            queue.messages.removeAll(keepingCapacity: true)
            return batch
        }
        if !batch.isEmpty { handler?(batch) }
    }
}

private func asyncInboxWoke(_ handle: UnsafeMutablePointer<uv_async_t>?) {
    guard let handle, let data = handle.pointee.data else { return }
    // The generic wrapper cannot be named here; it conforms to the delivery protocol instead.
    (Unmanaged<LoopHandle>.fromOpaque(data).takeUnretainedValue() as? AsyncDelivering)?.deliverMessages()
}

/// Lets the non-generic C callback reach a generic inbox.
protocol AsyncDelivering: AnyObject {
    func deliverMessages()
}

extension AsyncInbox: AsyncDelivering {
    func deliverMessages() { deliver() }
}
