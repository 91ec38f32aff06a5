/// A result too large to build in one go (`files.list` of a big tree), written out a piece at a
/// time as the client takes it (see ``RPCServer`` streaming). The pieces, joined, are one JSON
/// value: the `result` of the response.
protocol ReplyStream: AnyObject {
    /// Appends the next piece of the result to `bytes`, bounded in size and time, and returns
    /// true once the result is complete (nothing is called after that).
    func nextPiece(into bytes: inout [UInt8]) -> Bool
    /// The answer will not be finished (its client left): what it holds is given back.
    func cancel()
}
