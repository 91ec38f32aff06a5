import CLibUV

/// Base of every libuv handle wrapper.
///
/// The wrapper keeps itself alive through the handle's `data` (a retained reference) from the
/// moment the handle is initialized until libuv's close callback, where the reference is
/// released and the handle's memory freed. Nothing else frees handle memory.
public class LoopHandle {
    let handle: UnsafeMutablePointer<uv_handle_t>
    /// True once `close()` was called.
    public private(set) var isClosing = false

    /// `memory` is a zeroed, heap-allocated libuv handle of the subclass's kind.
    init(memory: UnsafeMutableRawPointer) {
        handle = memory.assumingMemoryBound(to: uv_handle_t.self)
    }

    /// Called by subclasses right after a successful `uv_*_init`: from now on the handle owns
    /// a strong reference to its wrapper until the close callback.
    final func retainThroughHandle() {
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    /// Heap-allocates a zeroed handle of type `T` and runs its `uv_*_init` on it. When the
    /// initialization fails libuv never saw the handle: its memory is freed and the error thrown.
    static func initializedMemory<T>(_ zero: T, operation: @autoclosure () -> String,
                                     _ initialize: (UnsafeMutablePointer<T>) -> Int32) throws(LoopError) -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocateZeroed(T.self, value: zero)
        let result = initialize(memory.assumingMemoryBound(to: T.self))
        if result < 0 {
            memory.deallocate()
            throw LoopError(code: result, operation: operation())
        }
        return memory
    }

    /// Starts closing the handle; callbacks stop now, memory is freed in the close callback.
    public final func close() {
        guard !isClosing else { return }
        isClosing = true
        willClose()
        uv_close(handle, loopHandleDidClose)
    }

    /// Subclasses drop their Swift callbacks here (breaking reference cycles).
    func willClose() {}

    /// Subclasses release resources that must outlive the handle (a file descriptor).
    func didClose() {}

}

/// The one close callback for every handle: releases the wrapper and frees the memory.
func loopHandleDidClose(_ handle: UnsafeMutablePointer<uv_handle_t>?) {
    guard let handle else { return }
    if let data = handle.pointee.data {
        handle.pointee.data = nil
        let owner = Unmanaged<LoopHandle>.fromOpaque(data).takeRetainedValue()
        owner.didClose()
    }
    UnsafeMutableRawPointer(handle).deallocate()
}

extension UnsafeMutableRawPointer {
    /// Allocates zeroed memory for one value of a libuv handle or request type.
    static func allocateZeroed<T>(_ type: T.Type, value: T) -> UnsafeMutableRawPointer {
        let typed = UnsafeMutablePointer<T>.allocate(capacity: 1)
        typed.initialize(to: value)
        return UnsafeMutableRawPointer(typed)
    }
}

/// Returns the wrapper stored in a handle's `data`, without touching its retain count.
@inline(__always)
func owner<T: LoopHandle>(_ handle: UnsafeMutableRawPointer?, as type: T.Type) -> T? {
    guard let handle else { return nil }
    let base = handle.assumingMemoryBound(to: uv_handle_t.self)
    guard let data = base.pointee.data else { return nil }
    return unsafeDowncast(Unmanaged<LoopHandle>.fromOpaque(data).takeUnretainedValue(), to: T.self)
}
