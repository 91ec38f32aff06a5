import MenudJSON

/// What `menu.open` opens a menu for: exactly one of these members of `target`.
public enum MenuOpenTarget: Sendable, Equatable {
    /// `{"path": p}` or `{"pathBase64": b}`: one file.
    case path(PathParameter)
    /// `{"paths": [p, ...]}`: a selection (duplicates are the caller's to drop).
    case paths([PathParameter])
    /// `{"row": n}`: the file shown in row `n` of the listing.
    case row(Int64)
    /// `{"background": true}`: the folder itself.
    case background

    private static let oneOf = "target takes exactly one of path, pathBase64, paths, row, background"

    public init(from target: JSONObject) throws(RPCError) {
        if target.count != 1 { throw .invalidParams(param: "target", Self.oneOf) }
        if target["path"] != nil || target["pathBase64"] != nil {
            self = .path(try PathParameter(from: target, key: "path"))
        } else if let list = target["paths"] {
            guard let elements = list.arrayValue, !elements.isEmpty else {
                throw .invalidParams(param: "target.paths", "paths must be a non-empty list of paths")
            }
            var paths: [PathParameter] = []
            paths.reserveCapacity(elements.count)
            for element in elements {
                guard let text = element.stringValue else {
                    throw .invalidParams(param: "target.paths", "every entry of paths must be a string")
                }
                paths.append(try PathParameter(raw: Array(text.utf8), param: "target.paths"))
            }
            self = .paths(paths)
        } else if let row = target["row"] {
            guard let index = row.intValue, index >= 0 else {
                throw .invalidParams(param: "target.row", "row must be a whole number, 0 or more")
            }
            self = .row(index)
        } else if let background = target["background"] {
            guard background.boolValue == true else {
                throw .invalidParams(param: "target.background", "background must be true")
            }
            self = .background
        } else {
            throw .invalidParams(param: "target", Self.oneOf)
        }
    }

    public var json: JSONObject {
        var object = JSONObject()
        switch self {
        case .path(let path): path.write(into: &object, key: "path")
        case .paths(let paths): object["paths"] = .array(paths.map { .string($0.display) })
        case .row(let row): object["row"] = .int(row)
        case .background: object["background"] = .bool(true)
        }
        return object
    }
}
