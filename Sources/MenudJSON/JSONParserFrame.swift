/// One array or object that the iterative part of `JSONParserCursor` has opened and not yet
/// closed. Its elements (or members) so far sit in shared scratch stacks from `start` on; the
/// container is built in one allocation when it closes.
struct JSONParserFrame {
    var isObject: Bool
    /// Where this container's elements or members begin in the scratch stack.
    var start: Int
    /// The keys seen so far, kept once an object grows past a few members so that duplicate
    /// checks stay constant-time.
    var keySet: Set<String>? = nil

    init(isObject: Bool, start: Int) {
        self.isObject = isObject
        self.start = start
    }
}
