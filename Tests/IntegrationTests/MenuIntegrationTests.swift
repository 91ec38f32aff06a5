import Foundation
import XCTest

/// Menus and the dismissal handshake over a real socket.
final class MenuIntegrationTests: XCTestCase {
    /// Every item of a menu, depth first.
    func flatten(_ items: [[String: Any]]) -> [[String: Any]] {
        items.flatMap { [$0] + flatten($0["children"] as? [[String: Any]] ?? []) }
    }

    func item(_ menu: [String: Any], titled title: String) throws -> [String: Any] {
        try XCTUnwrap(flatten(menu["items"] as? [[String: Any]] ?? []).first { $0["title"] as? String == title },
                      "no item \(title) in \(menu)")
    }

    func open(_ rpc: RPCClient, _ target: [String: Any], layout: [String: Any]? = nil) throws -> [String: Any] {
        var params: [String: Any] = ["target": target]
        if let layout { params["layout"] = layout }
        return try XCTUnwrap(try rpc.call("menu.open", params)["menu"] as? [String: Any])
    }

    /// menu.open, menu.select, menu.dismissed: the whole handshake.
    func pick(_ rpc: RPCClient, _ target: [String: Any], _ title: String, input: String? = nil) throws -> [String: Any] {
        let menu = try open(rpc, target)
        let chosen = try item(menu, titled: title)
        let menuId = try XCTUnwrap(menu["id"] as? String)
        XCTAssertEqual(try rpc.call("menu.select", ["menu": menuId, "item": chosen["id"] as Any])["dismiss"] as? Bool, true)
        var params: [String: Any] = ["menu": menuId]
        if let input { params["input"] = input }
        return try rpc.call("menu.dismissed", params, timeoutMs: 30_000)
    }

    func testFileMenuHasTheSeedRowsAndActionsRunOnlyAfterDismissal() throws {
        let daemon = try DaemonProcess()
        try daemon.write("video.mp4", String(repeating: "v", count: 2_400_000))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: daemon.path("video.mp4").path)
        try daemon.start()
        let rpc = try daemon.client()
        let menu = try open(rpc, ["path": "video.mp4"],
                            layout: ["viewport": ["cols": 80, "rows": 24], "source": ["col": 30, "row": 3, "width": 10, "height": 1], "width": ["auto": ["min": 24]]])
        XCTAssertEqual(menu["title"] as? String, "video.mp4")
        XCTAssertTrue((menu["id"] as? String ?? "").hasPrefix("m-"))
        let items = flatten(menu["items"] as? [[String: Any]] ?? [])
        XCTAssertTrue(items.allSatisfy { $0["id"] is String && $0["title"] is String && $0["accessibilityLabel"] is String })
        XCTAssertEqual(Set(items.compactMap { $0["id"] as? String }).count, items.count, "ids are unique")
        let keys = items.compactMap { $0["key"] as? String }
        XCTAssertEqual(Set(keys).count, keys.count, "shortcut keys are unique")
        let trash = try item(menu, titled: "Move to Trash")
        XCTAssertEqual(trash["destructive"] as? Bool, true)
        XCTAssertEqual(try item(menu, titled: "Rename…")["input"] as? [String: String], ["prompt": "New name", "default": "video.mp4"])
        XCTAssertEqual(try item(menu, titled: "Inspect")["plugin"] as? String, "files")

        // Selecting runs nothing: Duplicate leaves no copy until the dismissal.
        let duplicate = try item(menu, titled: "Duplicate")
        let menuId = try XCTUnwrap(menu["id"] as? String)
        XCTAssertEqual(try rpc.call("menu.select", ["menu": menuId, "item": duplicate["id"] as Any])["dismiss"] as? Bool, true)
        usleep(300_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.path("video copy.mp4").path), "nothing runs before menu.dismissed")
        let done = try rpc.call("menu.dismissed", ["menu": menuId])
        XCTAssertEqual(done["ran"] as? Bool, true)
        XCTAssertEqual(done["item"] as? String, duplicate["id"] as? String)
        XCTAssertTrue(FileManager.default.fileExists(atPath: daemon.path("video copy.mp4").path))
        // At most once.
        XCTAssertThrowsError(try rpc.call("menu.dismissed", ["menu": menuId])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32020)
        }
        XCTAssertThrowsError(try rpc.call("menu.select", ["menu": menuId, "item": duplicate["id"] as Any]))
    }

    func testLayoutIsComputedByTheDaemon() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.start()
        let rpc = try daemon.client()
        let below = try rpc.call("menu.open", ["target": ["path": "a.txt"],
                                               "layout": ["viewport": ["cols": 80, "rows": 24], "source": ["col": 40, "row": 2, "width": 1, "height": 1]]])
        let layout = try XCTUnwrap(below["layout"] as? [String: Any])
        XCTAssertEqual(layout["placement"] as? String, "below")
        XCTAssertEqual(layout["row"] as? Int, 3)
        let width = try XCTUnwrap(layout["width"] as? Int)
        XCTAssertGreaterThanOrEqual(width, 24)
        XCTAssertEqual(layout["col"] as? Int, 40 - width / 2, "centered on the source")
        let above = try rpc.call("menu.open", ["target": ["path": "a.txt"],
                                               "layout": ["viewport": ["cols": 80, "rows": 24], "source": ["col": 78, "row": 22, "width": 1, "height": 1], "width": ["fixed": 30]]])
        let flipped = try XCTUnwrap(above["layout"] as? [String: Any])
        XCTAssertEqual(flipped["placement"] as? String, "above")
        XCTAssertEqual(flipped["width"] as? Int, 30)
        XCTAssertEqual(flipped["col"] as? Int, 80 - 2 - 30, "clamped 2 cells from the right edge")
        XCTAssertThrowsError(try rpc.call("menu.open", ["target": ["path": "a.txt"], "layout": ["viewport": ["cols": 80], "source": ["col": 1, "row": 1]]])) { error in
            let failure = error as? RPCClient.Failure
            XCTAssertEqual(failure?.code, -32602)
            XCTAssertEqual((failure?.data as? [String: Any])?["param"] as? String, "layout.viewport.rows")
        }
    }

    func testDirectoryMenuListsEveryFileWithBadgeStatusAndSize() throws {
        let daemon = try DaemonProcess()
        try daemon.write("done.bin", String(repeating: "x", count: 1500))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: daemon.path("done.bin").path)
        try daemon.start(settle: "30s")
        let rpc = try daemon.client()
        try daemon.write("growing.bin", "x")
        try eventually("growing.bin tracked") { (try? rpc.file("growing.bin")) != nil }
        let menu = try open(rpc, ["background": true])
        let rows = flatten(menu["items"] as? [[String: Any]] ?? []).filter { $0["badge"] != nil }
        XCTAssertEqual(rows.count, 2)
        let done = try XCTUnwrap(rows.first { $0["title"] as? String == "done.bin" })
        XCTAssertEqual(done["badge"] as? [String: String], ["kind": "ready", "color": "#2B7847"])
        XCTAssertEqual(done["status"] as? [String: String], ["text": "Ready", "color": "#2B7847"])
        XCTAssertEqual(done["detail"] as? [String: String], ["text": "2 KB", "color": "#878A94"])
        XCTAssertEqual(done["accessibilityLabel"] as? String, "done.bin, Ready, 2 KB")
        XCTAssertNil(done["disabled"])
        let growing = try XCTUnwrap(rows.first { $0["title"] as? String == "growing.bin" })
        XCTAssertEqual(growing["badge"] as? [String: String], ["kind": "pending", "color": "#8C2424"])
        XCTAssertEqual((growing["status"] as? [String: String])?["text"], "Pending")
        XCTAssertEqual(growing["disabled"] as? Bool, true, "rows of pending files are disabled")
        // Picking the ready row runs the default action (Inspect) on that file.
        let menuId = try XCTUnwrap(menu["id"] as? String)
        XCTAssertThrowsError(try rpc.call("menu.select", ["menu": menuId, "item": growing["id"] as Any])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32022)
        }
        _ = try rpc.call("menu.select", ["menu": menuId, "item": done["id"] as Any])
        let outcome = try rpc.call("menu.dismissed", ["menu": menuId])
        XCTAssertEqual(outcome["ran"] as? Bool, true)
        XCTAssertTrue(((outcome["outcome"] as? [String: Any])?["output"] as? String ?? "").contains("done.bin"), "\(outcome)")
    }

    func testRowTargetsAndSelections() throws {
        let daemon = try DaemonProcess()
        for name in ["a.txt", "b.txt"] { try daemon.writeReady(name, name) }
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertEqual(try open(rpc, ["row": 1])["title"] as? String, "b.txt", "row n is the n-th file of files.list")
        XCTAssertTrue(try rpc.call("menu.open", ["target": ["row": 2]])["menu"] is NSNull, "no menu past the last row")
        let selection = try open(rpc, ["paths": ["a.txt", "b.txt"]])
        let titles = flatten(selection["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        XCTAssertTrue(titles.contains("Move 2 Files to Trash"), "\(titles)")
        XCTAssertFalse(titles.contains("Rename…"), "rename takes one file")
        XCTAssertThrowsError(try rpc.call("menu.open", ["target": ["path": "nope.txt"]])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32010)
        }
        XCTAssertThrowsError(try rpc.call("menu.open", ["target": ["path": "../x"]])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32011)
        }
        XCTAssertThrowsError(try rpc.call("menu.open", ["target": [:]])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32602)
        }
    }

    func testHandshakeRulesAcrossConnectionsCancelAndDisconnect() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        let marker = daemon.home.appendingPathComponent("ran.log").path
        try daemon.start(config: """
            { commands: [{ title: "Mark", argv: ["sh", "-c", "echo \\"$1\\" >> \(marker)", "sh", "{name}"] }] }
            """)
        let alice = try daemon.client()
        let bob = try daemon.client()
        let menu = try open(alice, ["path": "a.txt"])
        let menuId = try XCTUnwrap(menu["id"] as? String)
        let mark = try item(menu, titled: "Mark")
        // A menu belongs to its connection.
        XCTAssertThrowsError(try bob.call("menu.select", ["menu": menuId, "item": mark["id"] as Any])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32020)
        }
        // Dismissed without a selection: nothing runs.
        XCTAssertEqual(try alice.call("menu.dismissed", ["menu": menuId])["ran"] as? Bool, false)
        // Cancel: nothing runs, later steps fail.
        let second = try open(alice, ["path": "a.txt"])
        let secondId = try XCTUnwrap(second["id"] as? String)
        _ = try alice.call("menu.select", ["menu": secondId, "item": try item(second, titled: "Mark")["id"] as Any])
        XCTAssertThrowsError(try alice.call("menu.select", ["menu": secondId, "item": try item(second, titled: "Mark")["id"] as Any])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32021, "a second select is out of order")
        }
        XCTAssertEqual(try alice.call("menu.cancel", ["menu": secondId])["closed"] as? Bool, true)
        XCTAssertThrowsError(try alice.call("menu.dismissed", ["menu": secondId]))
        // Disconnect after select: the action never runs.
        let third = try open(bob, ["path": "a.txt"])
        _ = try bob.call("menu.select", ["menu": third["id"] as Any, "item": try item(third, titled: "Mark")["id"] as Any])
        bob.socket.close()
        usleep(500_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "no unacknowledged action ran")
        // The real thing runs exactly once.
        let ran = try pick(alice, ["path": "a.txt"], "Mark")
        XCTAssertEqual(ran["ran"] as? Bool, true)
        XCTAssertEqual(try String(contentsOfFile: marker, encoding: .utf8), "a.txt\n")
    }

    func testInvalidationWhenTheTargetVanishesOrChangesState() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "a")
        try daemon.writeReady("b.txt", "b")
        try daemon.start(settle: "300ms")
        let rpc = try daemon.client()
        let menu = try open(rpc, ["path": "a.txt"])
        let menuId = try XCTUnwrap(menu["id"] as? String)
        _ = try rpc.call("menu.select", ["menu": menuId, "item": try item(menu, titled: "Inspect")["id"] as Any])
        try FileManager.default.removeItem(at: daemon.path("a.txt"))
        let note = try rpc.notification("menu.invalidated")
        XCTAssertEqual(note["menu"] as? String, menuId)
        XCTAssertTrue((note["reason"] as? String ?? "").contains("a.txt"))
        XCTAssertThrowsError(try rpc.call("menu.dismissed", ["menu": menuId])) { error in
            XCTAssertEqual((error as? RPCClient.Failure)?.code, -32023)
        }
        // A state change invalidates too (ready -> pending on a write).
        let other = try open(rpc, ["path": "b.txt"])
        try daemon.write("b.txt", "bb")
        let changed = try rpc.notification("menu.invalidated")
        XCTAssertEqual(changed["menu"] as? String, other["id"] as? String)
    }
}
