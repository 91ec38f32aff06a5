import Testing
@testable import MenudJSON

@Suite struct JSONValueTests {
    @Test func accessorsReturnTheirKindOnly() {
        let value: JSONValue = ["s": "text", "i": 3, "d": 2.5, "b": true, "a": [1], "o": ["k": 1], "n": nil]
        #expect(value["s"]?.stringValue == "text")
        #expect(value["i"]?.intValue == 3)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["i"]?.doubleValue == 3.0)
        #expect(value["b"]?.boolValue == true)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["o"]?.objectValue == ["k": 1])
        #expect(value["n"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value["s"]?.intValue == nil)
        #expect(value["i"]?.stringValue == nil)
        #expect(value["b"]?.intValue == nil)
        #expect(JSONValue.string("x")["k"] == nil)
        #expect(value["a"]?[0] == 1)
        #expect(value["a"]?[1] == nil)
        #expect(value["a"]?[-1] == nil)
    }

    @Test func intValueAcceptsIntegralDoublesInRange() {
        #expect(JSONValue.double(3.0).intValue == 3)
        #expect(JSONValue.double(-0.0).intValue == 0)
        #expect(JSONValue.double(1e18).intValue == 1_000_000_000_000_000_000)
        #expect(JSONValue.double(-9_223_372_036_854_775_808.0).intValue == .min)
        #expect(JSONValue.double(9_223_372_036_854_775_808.0).intValue == nil)
        #expect(JSONValue.double(1e300).intValue == nil)
        #expect(JSONValue.double(2.5).intValue == nil)
        #expect(JSONValue.double(.nan).intValue == nil)
        #expect(JSONValue.double(.infinity).intValue == nil)
    }

    @Test func literalsBuildTheExpectedCases() {
        let value: JSONValue = [nil, true, 1, 1.5, "s", [2], ["k": "v"]]
        #expect(value == .array([.null, .bool(true), .int(1), .double(1.5), .string("s"), .array([.int(2)]), .object(JSONObject([("k", .string("v"))]))]))
    }

    @Test func intAndDoubleAreDifferentValues() {
        #expect(JSONValue.int(1) != JSONValue.double(1.0))
    }

    @Test func kindDescriptionsReadAsEnglish() {
        #expect(JSONValue.null.kindDescription == "null")
        #expect(JSONValue.array([]).kindDescription == "an array")
        #expect(JSONValue.int(1).kindDescription == "an integer")
    }
}

@Suite struct JSONObjectTests {
    @Test func keepsInsertionOrderAndReplacesInPlace() {
        var object = JSONObject()
        object["z"] = 1
        object["a"] = 2
        object["m"] = 3
        object["a"] = 20
        #expect(object.keys == ["z", "a", "m"])
        #expect(object.values == [1, 20, 3])
        #expect(object.count == 3)
        #expect(!object.isEmpty)
        #expect(Array(object.map(\.key)) == ["z", "a", "m"])
    }

    @Test func assigningNilRemoves() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        object["missing"] = nil
        #expect(object.count == 2)
        let removed = object.removeValue(forKey: "a")
        let removedAgain = object.removeValue(forKey: "a")
        #expect(removed == 1)
        #expect(removedAgain == nil)
        #expect(object.keys == ["c"])
        // An explicit JSON null is a value, not a removal.
        object["n"] = .null
        #expect(object["n"] == .null)
        #expect(object.contains(key: "n"))
    }

    @Test func insertIfAbsentKeepsTheFirstValue() {
        var object = JSONObject()
        let first = object.insertIfAbsent("k", 1)
        let second = object.insertIfAbsent("k", 2)
        #expect(first)
        #expect(!second)
        #expect(object["k"] == 1)
    }

    @Test func repeatedKeysInInitializersKeepFirstPositionAndLastValue() {
        let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
    }

    @Test func equalityAndHashIgnoreOrder() {
        let one: JSONObject = ["a": 1, "b": [2]]
        let two: JSONObject = ["b": [2], "a": 1]
        #expect(one == two)
        #expect(one.hashValue == two.hashValue)
        #expect(Set([JSONValue.object(one), .object(two)]).count == 1)
        #expect(one != ["a": 1])
        #expect(one != ["a": 1, "b": [3]])
        #expect(one != ["a": 1, "c": [2]])
    }

    @Test func largeObjectsStayConsistentThroughEdits() {
        var object = JSONObject()
        for index in 0..<100 { object["k\(index)"] = .int(Int64(index)) }
        #expect(object["k57"] == 57)
        for index in stride(from: 0, to: 100, by: 2) { object["k\(index)"] = nil }
        #expect(object.count == 50)
        #expect(object["k57"] == 57)
        #expect(object["k56"] == nil)
        #expect(object.keys.first == "k1")
        // Shrinking below the index threshold and growing again.
        for index in stride(from: 1, to: 95, by: 2) { object["k\(index)"] = nil }
        #expect(object.keys == ["k95", "k97", "k99"])
        object["new"] = true
        #expect(object["k97"] == 97)
        #expect(object["new"] == true)
        for index in 0..<20 { object["again\(index)"] = .int(Int64(index)) }
        #expect(object["again19"] == 19)
        #expect(object.keys.last == "again19")
        let copy = object
        object["k95"] = "changed"
        #expect(copy["k95"] == 95)
    }

    @Test func descriptionIsCompactJSON() {
        let object: JSONObject = ["a": [1, 2], "b": "c"]
        #expect(object.description == #"{"a":[1,2],"b":"c"}"#)
    }
}
