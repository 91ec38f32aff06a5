"""The scale benchmark's table: every figure of issue 16's table, menud and Watchman side by side
with the ratio, the target, and the other connection's worst wait during each step."""


def rows_spec(files, middle_dir):
    """(key, figure, unit, target): target ("ratio", x) bounds menud / Watchman, ("value", x) bounds
    menud's own figure, None is for information."""
    return [
        ("crawl", "crawl until every file is tracked", "ms", ("ratio", 0.5)),
        ("rss", "RSS after the crawl", "MB", ("ratio", 0.35)),
        ("bytes_per_file", "bytes per file beyond the idle daemon", "B", ("value", 80)),
        ("glob_dir", f'files.list {{glob: "{middle_dir}/*"}}', "ms", ("ratio", 1.0)),
        ("glob_recursive", 'files.list {glob: "**/f0001.dat"}', "ms", ("ratio", 1.0)),
        ("since_one", "files.list {since}, one file changed", "ms", ("ratio", 1.0)),
        ("pending_none", 'files.list {state: "pending"}, none pending', "ms", ("value", 2)),
        ("first_page", "first files.list {limit: 100} after the crawl", "ms", ("value", 5)),
        ("deep_page", f"files.list {{offset: {max(files - 200, 0):,}, limit: 100}}", "ms", ("value", 5)),
        ("menu_directory", "menu.open {background: true}", "ms", ("value", 20)),
        ("menu_selection", "menu.open {target: {paths: [100 files]}}", "ms", ("value", 20)),
        ("reload", "reload re-reckoning every file (a suffix every name ends with)", "ms", None),
        ("full_listing", "the full listing", "ms", ("ratio", 1.0)),
        ("other_worst", "other connection's worst wait, socket open to end of listing", "ms", ("value", 20)),
        ("churn_idle", "churn: RSS idle, before", "MB", None),
        ("churn_first", f"churn: RSS after {max(files // 10, 1):,} files passed through", "MB", None),
        ("churn_all", f"churn: RSS after {files:,} files passed through", "MB", ("growth", 2.0)),
        ("wl_crawl", "past the watch cap: crawl", "ms", None),
        ("wl_worst", "past the watch cap: other connection's worst wait", "ms", ("value", 20)),
        ("wl_seen", "past the watch cap: new files in polled directories seen", "ms", ("interval", 1000)),
        ("wl_stop", "past the watch cap: SIGTERM until exit", "ms", ("value", 5000)),
    ]


def fmt(value, unit):
    if value is None:
        return "-"
    if unit == "MB":
        return f"{value:.1f} MB"
    if unit == "B":
        return f"{value:.1f} B"
    if value >= 100:
        return f"{value:,.0f} ms"
    if value >= 10:
        return f"{value:.1f} ms"
    return f"{value:.2f} ms"


def cell(entry, unit):
    if entry is None:
        return None, "-"
    if not entry.get("ok", True) or entry.get("value") is None and entry.get("error"):
        after = entry.get("failedAfterMs")
        return None, "FAILED" + (f" after {after:,.0f} ms" if after is not None else "")
    text = fmt(entry.get("value"), unit)
    values = entry.get("values") or []
    if len(values) > 1:
        # The median, and the range of the repeats (the first one can cost more than the others).
        text += f" ({fmt(min(values), unit).split()[0]}-{fmt(max(values), unit).split()[0]})"
    return entry.get("value"), text


def build_rows(results, files, middle_dir):
    """Rows as dicts (figure, menud, watchman, ratio, target, met, waits), for the JSON and the table."""
    menud, watchman = results.get("menud", {}), results.get("watchman", {})
    rows = []
    for key, figure, unit, target in rows_spec(files, middle_dir):
        if key.startswith("wl_") and not any(k.startswith("wl_") for k in menud):
            if key == "wl_crawl":
                rows.append({"key": "wl", "figure": "past the watch cap", "unit": "", "menud": None,
                             "menudText": "skipped (see the note)", "watchman": None, "watchmanText": "",
                             "ratio": None, "target": "", "met": None, "menudWait": None, "watchmanWait": None})
            continue
        ours, ours_text = cell(menud.get(key), unit)
        theirs, theirs_text = cell(watchman.get(key), unit)
        row = {"key": key, "figure": figure, "unit": unit, "menud": ours, "menudText": ours_text,
               "watchman": theirs, "watchmanText": theirs_text}
        ratio = ours / theirs if ours is not None and theirs else None
        row["ratio"] = ratio
        met, text = None, ""
        if target:
            kind, bound = target
            if kind == "ratio":
                text = f"<= {bound}x Watchman"
                met = None if ratio is None else ratio <= bound
            elif kind == "value":
                text = f"<= {fmt(bound, unit)}"
                met = ours is not None and ours <= bound
            elif kind == "growth":
                first = menud.get("churn_first", {}).get("value")
                text = f"within {bound:.0f} MB of the line above"
                met = ours is not None and first is not None and ours - first <= bound
            elif kind == "interval":
                interval = (menud.get(key) or {}).get("intervalMs")
                if interval is not None:
                    text = f"<= rescan interval + {bound / 1000:.0f} s"
                    met = ours is not None and ours <= interval + bound
            if key not in menud:
                met = None
            elif menud[key].get("ok") is False:
                met = False
        row.update(target=text, met=met)
        for system, steps in (("menudWait", menud), ("watchmanWait", watchman)):
            wait = (steps.get(key) or {}).get("otherWorstWaitMs")
            row[system] = wait
        rows.append(row)
    return rows


def markdown(rows, notes=()):
    header = ["figure", "menud", "Watchman", "ratio", "target", "", "worst wait, menud", "worst wait, Watchman"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        verdict = "" if row["met"] is None else ("met" if row["met"] else "**missed**")
        lines.append("| " + " | ".join([
            row["figure"], row["menudText"], row["watchmanText"],
            f"{row['ratio']:.2f}x" if row["ratio"] is not None else "",
            row["target"], verdict,
            fmt(row["menudWait"], "ms") if row["menudWait"] is not None else "",
            fmt(row["watchmanWait"], "ms") if row["watchmanWait"] is not None else ""]) + " |")
    if notes:
        lines.append("")
    lines += [f"- {note}" for note in notes]
    return "\n".join(lines)
