import Testing
@testable import MenudJSON
@testable import MenudProtocol

/// Runs `body` and returns the RPCError it throws (recording an issue when it does not throw).
private func paramError<T>(_ body: () throws(RPCError) -> T, sourceLocation: SourceLocation = #_sourceLocation) -> RPCError? {
    do {
        let value = try body()
        Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.code == -32602, sourceLocation: sourceLocation)
        return error
    }
}

@Suite struct JSONObjectRPCParamsTests {
    private let params: JSONObject = [
        "path": "a/b.txt", "limit": 10, "ratio": 0.5, "integral": 5.0, "flag": true, "paths": ["a", "b"],
        "target": ["row": 3, "path": 4], "none": nil, "list": [1, "x"], "state": "ready",
    ]

    @Test func readsPresentValues() throws {
        #expect(try params.requiredString("path") == "a/b.txt")
        #expect(try params.optionalString("path") == "a/b.txt")
        #expect(try params.requiredInt("limit") == 10)
        #expect(try params.optionalInt("limit", min: 1, max: 10) == 10)
        #expect(try params.requiredInt("integral") == 5)
        #expect(try params.optionalDouble("ratio", min: 0, max: 1) == 0.5)
        #expect(try params.optionalDouble("limit") == 10)
        #expect(try params.requiredBool("flag"))
        #expect(try params.optionalBool("flag") == true)
        #expect(try params.requiredStringArray("paths") == ["a", "b"])
        #expect(try params.optionalStringArray("paths") == ["a", "b"])
        #expect(try params.requiredObject("target") == ["row": 3, "path": 4])
        #expect(try params.optionalObject("target")?["row"] == 3)
        #expect(try params.optionalArray("list") == [1, "x"])
        #expect(try params.optionalString("state", oneOf: ["pending", "ready", "expired"]) == "ready")
    }

    @Test func absentAndNullOptionalsAreNil() throws {
        for key in ["missing", "none"] {
            #expect(try params.optionalString(key) == nil)
            #expect(try params.optionalInt(key) == nil)
            #expect(try params.optionalDouble(key) == nil)
            #expect(try params.optionalBool(key) == nil)
            #expect(try params.optionalStringArray(key) == nil)
            #expect(try params.optionalObject(key) == nil)
            #expect(try params.optionalArray(key) == nil)
            #expect(try params.optionalString(key, oneOf: ["a"]) == nil)
        }
    }

    @Test func missingRequiredParamsNameTheField() {
        let error = paramError { () throws(RPCError) in try params.requiredString("glob") }
        #expect(error?.data == ["param": "glob"])
        #expect(error?.message == "The parameter \"glob\" is required; add it to params.")
        #expect(paramError { () throws(RPCError) in try params.requiredString("none") }?.data == ["param": "none"])
        #expect(paramError { () throws(RPCError) in try params.requiredInt("x") }?.data == ["param": "x"])
        #expect(paramError { () throws(RPCError) in try params.requiredBool("x") }?.data == ["param": "x"])
        #expect(paramError { () throws(RPCError) in try params.requiredObject("x") }?.data == ["param": "x"])
        #expect(paramError { () throws(RPCError) in try params.requiredStringArray("x") }?.data == ["param": "x"])
    }

    @Test func wrongTypesSayWhatWasExpected() {
        #expect(paramError { () throws(RPCError) in try params.requiredString("limit") }?.message == "The parameter \"limit\" must be a string, not an integer.")
        #expect(paramError { () throws(RPCError) in try params.optionalString("flag") }?.message == "The parameter \"flag\" must be a string, not a boolean.")
        #expect(paramError { () throws(RPCError) in try params.requiredInt("path") }?.message == "The parameter \"path\" must be an integer, not a string.")
        #expect(paramError { () throws(RPCError) in try params.optionalInt("ratio") }?.message == "The parameter \"ratio\" must be a whole number; got 0.5.")
        #expect(paramError { () throws(RPCError) in try params.optionalBool("limit") }?.message == "The parameter \"limit\" must be true or false, not an integer.")
        #expect(paramError { () throws(RPCError) in try params.optionalObject("paths") }?.message == "The parameter \"paths\" must be an object, not an array.")
        #expect(paramError { () throws(RPCError) in try params.optionalArray("path") }?.message == "The parameter \"path\" must be an array, not a string.")
        #expect(paramError { () throws(RPCError) in try params.optionalDouble("path") }?.message == "The parameter \"path\" must be a number, not a string.")
        #expect(paramError { () throws(RPCError) in try params.optionalStringArray("path") }?.message == "The parameter \"path\" must be an array of strings, not a string.")
        #expect(paramError { () throws(RPCError) in try params.optionalStringArray("list") }?.message == "Element 0 of the parameter \"list\" must be a string, not an integer.")
    }

    @Test func rangesAreEnforced() {
        #expect(paramError { () throws(RPCError) in try params.optionalInt("limit", min: 11) }?.message == "The parameter \"limit\" must be at least 11; got 10.")
        #expect(paramError { () throws(RPCError) in try params.optionalInt("limit", max: 9) }?.message == "The parameter \"limit\" must be at most 9; got 10.")
        #expect(paramError { () throws(RPCError) in try params.requiredInt("limit", min: 0, max: 5) }?.message == "The parameter \"limit\" must be between 0 and 5; got 10.")
        #expect(paramError { () throws(RPCError) in try params.optionalDouble("ratio", min: 0.75, max: 1) }?.data == ["param": "ratio"])
        #expect(paramError { () throws(RPCError) in try params.optionalString("state", oneOf: ["pending"]) }?.message == "The parameter \"state\" must be one of \"pending\"; got \"ready\".")
    }

    @Test func nestedParamsAreNamedWithTheirParent() throws {
        let target = try params.requiredObject("target")
        #expect(try target.requiredInt("row", within: "target") == 3)
        let error = paramError { () throws(RPCError) in try target.requiredString("path", within: "target") }
        #expect(error?.data == ["param": "target.path"])
        #expect(error?.message == "The parameter \"target.path\" must be a string, not an integer.")
    }

    @Test func unknownKeysAreRejectedWhenAsked() throws {
        try params.rejectUnknownKeys(allowed: params.keys)
        let error = paramError { () throws(RPCError) in try params.rejectUnknownKeys(allowed: ["path"]) }
        #expect(error?.data == ["param": "limit"])
        #expect(error?.message == "Unknown parameter \"limit\"; this method takes only \"path\".")
        let none = paramError { () throws(RPCError) in try (["x": 1] as JSONObject).rejectUnknownKeys(allowed: []) }
        #expect(none?.message == "Unknown parameter \"x\"; this method takes no parameters.")
        let nested = paramError { () throws(RPCError) in try (["paht": "a"] as JSONObject).rejectUnknownKeys(allowed: ["path", "row"], within: "target") }
        #expect(nested?.message == "Unknown parameter \"target.paht\"; \"target\" takes only \"path\", \"row\".")
    }
}
