import MenuLayout

extension MenuRenderer {
    func topBorder(layout: MenuLayoutResult, title: String?) -> Line {
        let inner = layout.width - 2 * MenuMetrics.border
        let marker = layout.firstVisibleRow > 0 ? "▲─" : ""
        var segments: [AnsiSegment] = [AnsiSegment("┌", style: palette.border)]
        var used = 0
        // "─ " + title + " " + at least one "─" + marker
        let titleRoom = inner - 4 - DisplayWidth.width(of: marker)
        if let title, !title.isEmpty, titleRoom >= 1 {
            let shown = DisplayWidth.truncate(title, toCells: titleRoom)
            segments.append(AnsiSegment("─ ", style: palette.border))
            segments.append(AnsiSegment(shown, style: AnsiStyle(bold: true)))
            segments.append(AnsiSegment(" ", style: palette.border))
            used = 3 + DisplayWidth.width(of: shown)
        }
        let fill = inner - used - DisplayWidth.width(of: marker)
        segments.append(AnsiSegment(String(repeating: "─", count: max(fill, 0)) + marker + "┐", style: palette.border))
        return Line(segments: segments)
    }

    func bottomBorder(layout: MenuLayoutResult) -> Line {
        let inner = layout.width - 2 * MenuMetrics.border
        let marker = layout.visibleRows.upperBound < layout.rowCount ? "▼─" : ""
        let fill = inner - DisplayWidth.width(of: marker)
        return Line(segments: [AnsiSegment("└" + String(repeating: "─", count: max(fill, 0)) + marker + "┘", style: palette.border)])
    }

    func separatorLine(layout: MenuLayoutResult) -> Line {
        let inner = layout.width - 2 * MenuMetrics.border
        return Line(segments: [AnsiSegment("├" + String(repeating: "─", count: inner) + "┤", style: palette.border)])
    }

    func headerLine(_ row: LayoutRow, layout: MenuLayoutResult) -> Line {
        let content = AnsiSegment.fit(
            [AnsiSegment(row.title, style: AnsiStyle(bold: true, faint: true))],
            toCells: layout.contentWidth
        )
        return framed(content, base: .plain)
    }

    func itemLine(_ row: LayoutRow, layout: MenuLayoutResult, selected: Bool) -> Line {
        let columns = layout.columns
        let width = layout.contentWidth
        let colored = !row.disabled
        let base = AnsiStyle(faint: row.disabled, reverse: selected)

        var segments: [AnsiSegment] = []
        if columns.keyWidth > 0 {
            var keyStyle = base
            keyStyle.bold = true
            if row.destructive && colored { keyStyle.foreground = palette.destructive }
            let key = row.key.map { DisplayWidth.fit(String($0), toCells: columns.keyWidth) }
                ?? String(repeating: " ", count: columns.keyWidth)
            segments.append(AnsiSegment(key, style: keyStyle))
            segments.append(AnsiSegment(String(repeating: " ", count: MenuMetrics.keyGap), style: base))
        }
        if columns.badgeWidth > 0 {
            segments.append(badgeSegment(row.badge, width: columns.badgeWidth, base: base, colored: colored))
            segments.append(AnsiSegment(String(repeating: " ", count: MenuMetrics.badgeGap), style: base))
        }

        var trailing: [AnsiSegment] = []
        if let status = row.status, status.width > 0 {
            trailing.append(AnsiSegment(status.text, style: statusStyle(status, row: row, base: base)))
        }
        if columns.detailWidth > 0 {
            if !trailing.isEmpty { trailing.append(AnsiSegment(String(repeating: " ", count: MenuMetrics.columnGap), style: base)) }
            let text = DisplayWidth.fit(row.detail?.text ?? "", toCells: columns.detailWidth, alignment: .trailing)
            trailing.append(AnsiSegment(text, style: detailStyle(row.detail, row: row, base: base)))
        }
        if columns.submenuWidth > 0 {
            if !trailing.isEmpty { trailing.append(AnsiSegment(String(repeating: " ", count: MenuMetrics.submenuGap), style: base)) }
            trailing.append(AnsiSegment(row.hasSubmenu ? "›" : " ", style: base))
        }
        let trailingWidth = trailing.reduce(0) { $0 + $1.width }

        let leadingWidth = segments.reduce(0) { $0 + $1.width }
        let gap = trailingWidth > 0 ? MenuMetrics.titleGap : 0
        var titleStyle = base
        if row.destructive && colored { titleStyle.foreground = palette.destructive }

        guard leadingWidth + min(row.titleWidth, 1) + gap + trailingWidth <= width else {
            return framed(overflowContent(row, leading: segments, titleStyle: titleStyle, base: base, width: width), base: base)
        }
        let title = DisplayWidth.truncate(row.title, toCells: width - leadingWidth - gap - trailingWidth)
        segments.append(AnsiSegment(title, style: titleStyle))
        let spacer = width - leadingWidth - DisplayWidth.width(of: title) - trailingWidth
        segments.append(AnsiSegment(String(repeating: " ", count: spacer), style: base))
        segments.append(contentsOf: trailing)
        return framed(segments, base: base)
    }

    /// A row too wide for the box even with its title cut to `…`: single-cell gaps, no column
    /// alignment, the detail and then the status cut at the right; a submenu mark stays last.
    private func overflowContent(_ row: LayoutRow, leading: [AnsiSegment], titleStyle: AnsiStyle, base: AnsiStyle, width: Int) -> [AnsiSegment] {
        var body = leading
        if row.titleWidth > 0 { body.append(AnsiSegment(String(DisplayWidth.ellipsis), style: titleStyle)) }
        if let status = row.status, status.width > 0 {
            body.append(AnsiSegment(" ", style: base))
            body.append(AnsiSegment(status.text, style: statusStyle(status, row: row, base: base)))
        }
        if let detail = row.detail, detail.width > 0 {
            body.append(AnsiSegment(" ", style: base))
            body.append(AnsiSegment(detail.text, style: detailStyle(detail, row: row, base: base)))
        }
        let tail = row.hasSubmenu ? [AnsiSegment(" ›", style: base)] : []
        let tailWidth = tail.reduce(0) { $0 + $1.width }
        guard width > tailWidth else { return AnsiSegment.fit(body, toCells: width, paddingStyle: base) }
        return AnsiSegment.fit(body, toCells: width - tailWidth, paddingStyle: base) + tail
    }

    /// The status in its color (none when the row is disabled).
    private func statusStyle(_ status: ColoredText, row: LayoutRow, base: AnsiStyle) -> AnsiStyle {
        var style = base
        if !row.disabled { style.foreground = status.color }
        return style
    }

    /// The detail in its color; faint when it has none, colors are off, or the row is disabled.
    private func detailStyle(_ detail: ColoredText?, row: LayoutRow, base: AnsiStyle) -> AnsiStyle {
        var style = base
        if !row.disabled, colorMode != .none, let color = detail?.color {
            style.foreground = color
        } else {
            style.faint = true
        }
        return style
    }

    /// The badge block: the mark centered in `width` cells on the badge color.
    private func badgeSegment(_ badge: RowBadge?, width: Int, base: AnsiStyle, colored: Bool) -> AnsiSegment {
        guard let badge else { return AnsiSegment(String(repeating: " ", count: width), style: base) }
        let left = (width - 1) / 2
        let text = String(repeating: " ", count: left) + String(badge.kind.mark) + String(repeating: " ", count: width - 1 - left)
        guard colored, colorMode != .none else { return AnsiSegment(text, style: base) }
        return AnsiSegment(text, style: AnsiStyle(foreground: palette.badgeMark, background: badge.color, bold: true))
    }

    /// `content` (exactly the content width) between padding and border columns.
    private func framed(_ content: [AnsiSegment], base: AnsiStyle) -> Line {
        let padding = String(repeating: " ", count: MenuMetrics.padding)
        var segments = [AnsiSegment("│", style: palette.border), AnsiSegment(padding, style: base)]
        segments.append(contentsOf: content)
        segments.append(AnsiSegment(padding, style: base))
        segments.append(AnsiSegment("│", style: palette.border))
        return Line(segments: segments)
    }
}
