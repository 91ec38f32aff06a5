import MenuLayout
import MenudCore
@testable import MenuctlKit
import MenudJSON
import MenudProtocol
import MenudText

/// Daemon answers used by the menuctl tests, written as the daemon writes them.
enum MenuctlFixtures {
    static func json(_ text: String) -> JSONValue {
        try! JSONParser.parse(text)
    }

    static func object(_ text: String) -> JSONObject {
        json(text).objectValue!
    }

    /// A file's menu: one plugin group with a nested trash group, a submenu, and a second plugin.
    static let fileMenuJSON = """
        {"id":"m-1","title":"a.txt","expiresAtMs":5,"items":[
          {"id":"i1","title":"","inline":true,"plugin":"files","accessibilityLabel":"","children":[
            {"id":"i2","title":"Inspect","key":"i","accessibilityLabel":"Inspect","plugin":"files"},
            {"id":"i3","title":"Duplicate","key":"d","disabled":true,"status":{"text":"not while pending","color":"#8C2424"},"accessibilityLabel":"Duplicate"},
            {"id":"i4","title":"Rename…","key":"r","input":{"prompt":"New name","default":"a.txt"},"accessibilityLabel":"Rename…"},
            {"id":"i5","title":"Open With","accessibilityLabel":"Open With","children":[
              {"id":"i6","title":"Editor","key":"e","accessibilityLabel":"Editor"},
              {"id":"i7","title":"Viewer","accessibilityLabel":"Viewer"}]},
            {"id":"i8","title":"","inline":true,"accessibilityLabel":"","children":[
              {"id":"i9","title":"Move to Trash","key":"t","destructive":true,"accessibilityLabel":"Move to Trash"}]}]},
          {"id":"i10","title":"","inline":true,"accessibilityLabel":"","children":[
            {"id":"i11","title":"SHA-256","key":"h","badge":{"kind":"ready","color":"#2B7847"},
             "detail":{"text":"2.4 MB","color":"#878A94"},"accessibilityLabel":"SHA-256"},
            {"id":"i12","title":"inspect","accessibilityLabel":"inspect"}]}]}
        """

    static var fileMenu: MenuObject { try! MenuObject(reading: json(fileMenuJSON)) }

    static func file(_ path: String, _ state: FileState, size: Int64 = 1, sizeText: String? = nil) -> FileSnapshot {
        file(RelativePath(path), state, size: size, sizeText: sizeText)
    }

    static func file(_ path: RelativePath, _ state: FileState, size: Int64 = 1, sizeText: String? = nil) -> FileSnapshot {
        FileSnapshot(path: path, size: size, sizeText: sizeText ?? FileSizeText.format(size), state: state, mtimeMs: 0,
                     readyAtMs: nil, expiresAtMs: nil, reason: "", clock: "")
    }
}
