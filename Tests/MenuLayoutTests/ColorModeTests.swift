import Testing
import MenuLayout
import MenuctlKit

@Suite struct ColorModeTests {
    @Test func autoFollowsTheEnvironment() {
        #expect(ColorMode.detect(environment: [:]) == .ansi256)
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "yes"]) == .ansi256)
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        #expect(ColorMode.detect(environment: ["NO_COLOR": ""]) == .ansi256)  // empty means unset
        #expect(ColorMode.detect(environment: ["TERM": "dumb"]) == .none)
    }

    @Test func theOptionBeatsTheEnvironment() {
        #expect(ColorMode.detect(preference: .never, environment: ["COLORTERM": "truecolor"]) == .none)
        #expect(ColorMode.detect(preference: .always, environment: ["NO_COLOR": "1"]) == .ansi256)
        #expect(ColorMode.detect(preference: .always, environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .trueColor)
    }

    @Test func theOptionArgumentIsChecked() throws {
        #expect(try ColorMode.Preference(argument: "never") == .never)
        #expect(try ColorMode.Preference(argument: "auto") == .auto)
        #expect(throws: ColorModeError.unknownPreference("sometimes")) {
            try ColorMode.Preference(argument: "sometimes")
        }
        #expect(ColorModeError.unknownPreference("sometimes").description == "--color takes never, always or auto; got 'sometimes'.")
    }

    @Test func hexToSequencesInEachMode() {
        #expect(ColorMode.trueColor.foregroundSequence(hex: "#2B7847") == "\u{1B}[38;2;43;120;71m")
        #expect(ColorMode.trueColor.backgroundSequence(hex: "#2B7847") == "\u{1B}[48;2;43;120;71m")
        #expect(ColorMode.ansi256.foregroundSequence(hex: "#2B7847") == "\u{1B}[38;5;29m")
        #expect(ColorMode.ansi256.backgroundSequence(hex: "#8C2424") == "\u{1B}[48;5;88m")
        #expect(ColorMode.none.foregroundSequence(hex: "#2B7847") == nil)
        #expect(ColorMode.trueColor.foregroundSequence(hex: "green") == nil)
    }

    @Test func nearestXterm256Colors() {
        func nearest(_ hex: String) -> Int { ColorMode.nearestXterm256(RGBColor(hex: hex)!) }
        #expect(nearest("#000000") == 16)
        #expect(nearest("#FFFFFF") == 231)
        #expect(nearest("#FF0000") == 196)
        #expect(nearest("#00FF00") == 46)
        #expect(nearest("#0000FF") == 21)
        #expect(nearest("#5F87AF") == 67)  // exactly a cube color
        #expect(nearest("#808080") == 244)  // gray ramp: 128 -> level 128
        #expect(nearest("#878A94") == 245)  // the protocol's detail gray
        #expect(nearest("#2B7847") == 29)  // ready green: cube (0, 135, 95)
        #expect(nearest("#8C2424") == 88)  // pending red: cube (135, 0, 0)
        #expect(nearest("#E5484D") == 167)  // destructive red: cube (215, 95, 95)
        #expect(nearest("#080808") == 232)
        #expect(nearest("#EEEEEE") == 255)
    }
}
