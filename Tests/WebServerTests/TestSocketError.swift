/// A test client could not connect or talk.
struct TestSocketError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
