/// Which side of a fixed-width cell run text sits on; the other side is padded with spaces.
public enum TextAlignment: Sendable, Equatable {
    case leading
    case trailing
}
