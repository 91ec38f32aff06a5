/// Something on the loop whose libuv handles are not `LoopHandle`s: a C library that makes its
/// own handles on our loop (libwebsockets keeps its own pointers in their `data`). It registers
/// with `EventLoop.adopt` while it has handles open and leaves with `EventLoop.release` once
/// the last one's close callback ran; `closeEverything` asks it to close first and runs the loop
/// until it has left, because walking handles it does not own would misread their `data`.
protocol ForeignHandleOwner: AnyObject {
    /// Start closing every handle (the loop keeps running until the owner releases itself).
    func closeForLoopShutdown()
}
