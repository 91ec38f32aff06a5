/// A color option that cannot be understood.
public enum ColorModeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownPreference(String)

    public var description: String {
        switch self {
        case .unknownPreference(let argument):
            "--color takes never, always or auto; got '\(argument)'."
        }
    }
}
