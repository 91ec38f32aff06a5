/// How `menuctl` colors its output.
///
/// - `trueColor`: 24-bit SGR colors (`38;2;r;g;b`), exactly the protocol's `#RRGGBB`;
/// - `ansi256`: the nearest color of the xterm 256-color cube or gray ramp (`38;5;n`);
/// - `none`: no colors at all. Attributes that carry meaning without color are kept: reverse video
///   for the selected row, faint for disabled rows and details, bold for headers and keys (the
///   `NO_COLOR` convention forbids color, not emphasis).
public enum ColorMode: String, Sendable, Equatable, CaseIterable {
    case trueColor
    case ansi256
    case none
}
