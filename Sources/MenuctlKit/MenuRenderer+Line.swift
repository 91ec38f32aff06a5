import MenuLayout

extension MenuRenderer {
    /// One line of a drawn menu: styled runs that together take exactly the box's width in cells.
    public struct Line: Sendable, Equatable {
        public let segments: [AnsiSegment]

        public init(segments: [AnsiSegment]) {
            self.segments = segments
        }

        /// The text without any escape sequence (what the golden tests compare).
        public var plain: String { segments.map(\.text).joined() }

        /// Display cells of the line.
        public var width: Int { segments.reduce(0) { $0 + $1.width } }

        /// The line for the terminal, with its SGR sequences in `mode`.
        public func styled(in mode: ColorMode) -> String {
            AnsiSegment.encode(segments, mode: mode)
        }
    }
}
