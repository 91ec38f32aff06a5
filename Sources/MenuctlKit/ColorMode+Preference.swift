extension ColorMode {
    /// The `--color` option.
    public enum Preference: String, Sendable, Equatable, CaseIterable {
        case never
        case always
        case auto

        /// Parses the argument of `--color`.
        public init(argument: String) throws(ColorModeError) {
            guard let preference = Preference(rawValue: argument) else {
                throw ColorModeError.unknownPreference(argument)
            }
            self = preference
        }
    }

    /// Chooses the color mode from the `--color` option, the environment and whether the output is
    /// a terminal:
    ///
    /// - `never` gives ``none``;
    /// - `always` gives ``trueColor`` when `COLORTERM` is `truecolor` or `24bit`, else ``ansi256``,
    ///   whatever `NO_COLOR`, `TERM` and the output say (an explicit option beats the environment);
    /// - `auto` gives ``none`` when the output is not a terminal (`isTerminal` false: a pipe or a
    ///   file gets plain text), when `NO_COLOR` is set to a non-empty value (no-color.org) or when
    ///   `TERM` is `dumb`; else ``trueColor`` when `COLORTERM` is `truecolor` or `24bit`; else
    ///   ``ansi256``.
    public static func detect(preference: Preference = .auto, environment: [String: String], isTerminal: Bool = true) -> ColorMode {
        let colorTerm = environment["COLORTERM"]?.lowercased()
        let depth: ColorMode = (colorTerm == "truecolor" || colorTerm == "24bit") ? .trueColor : .ansi256
        switch preference {
        case .never:
            return .none
        case .always:
            return depth
        case .auto:
            if !isTerminal { return .none }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
            if environment["TERM"] == "dumb" { return .none }
            return depth
        }
    }
}
