import Foundation
import Testing
import MenuLayout
import MenuctlKit

/// Builds the text a golden test compares: the layout's numbers on one line, then the box drawn
/// with ``ColorMode/none`` (plain text), or, with `screen`, the whole viewport with the source
/// marked `#` and the box pasted where the layout puts it.
///
/// To review a changed rendering, run the tests with `GOLDEN_DUMP=1`: each golden's actual text is
/// printed between `@@<line>` and `@@end`.
enum Golden {
    static func render(
        _ rows: [LayoutRow],
        _ request: MenuLayoutRequest,
        selected: Int? = nil,
        title: String? = nil,
        screen: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let layout = try MenuLayoutCalculator.layout(rows: rows, for: request)
        let lines = MenuRenderer(colorMode: .none).lines(
            rows: rows, layout: layout, selected: selected ?? MenuCursor.firstSelectable(in: rows), title: title
        )
        #expect(lines.count == layout.height, sourceLocation: sourceLocation)
        for line in lines {
            #expect(line.width == layout.width, "line '\(line.plain)'", sourceLocation: sourceLocation)
        }
        let numbers = "col \(layout.col) row \(layout.row) width \(layout.width) height \(layout.height)"
            + " detailWidth \(layout.detailWidth) \(layout.placement.rawValue)"
            + (layout.scrolls ? " scrolls first \(layout.firstVisibleRow) visible \(layout.visibleRowCount)" : "")
        let result: String
        if screen {
            var canvas = ScreenCanvas(viewport: request.viewport)
            canvas.mark(request.source)
            canvas.paste(lines.map(\.plain), col: layout.col, row: layout.row)
            result = numbers + "\n" + canvas.text
        } else {
            result = ([numbers] + lines.map(\.plain)).joined(separator: "\n")
        }
        if ProcessInfo.processInfo.environment["GOLDEN_DUMP"] != nil { print("@@\(sourceLocation.line)\n\(result)\n@@end") }
        return result
    }
}
