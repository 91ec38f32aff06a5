"""The figures of `make bench`: each run's value for menud and for the reference measured in
the same run, the median and spread, the ratio, the target and whether it was met."""
import statistics

NOISE_LIMIT = 0.20


class Figures:
    """The figures and notes of one run, printed as they come."""

    def __init__(self):
        self.results = []
        self.notes = []

    def record(self, workload, metric, unit, values, reference=None, reference_name=None,
               target=None, better="lower", target_text=None, info=None):
        """Stores one figure: every run's value for menud and for the reference, the target
        (a bound on the ratio menud/reference, or on the value when there is no reference)."""
        entry = {"workload": workload, "metric": metric, "unit": unit, "values": values,
                 "median": statistics.median(values), "spread": spread(values)}
        if reference:
            entry.update(reference=reference_name, referenceValues=reference,
                         referenceMedian=statistics.median(reference), referenceSpread=spread(reference))
            entry["ratio"] = entry["median"] / entry["referenceMedian"] if entry["referenceMedian"] else None
        if target is not None:
            measured = entry.get("ratio", entry["median"]) if reference else entry["median"]
            entry["target"] = target
            entry["better"] = better
            entry["targetText"] = target_text
            entry["met"] = measured is not None and (measured <= target if better == "lower" else measured >= target)
        noisy = entry["spread"] > NOISE_LIMIT or (reference and entry["referenceSpread"] > NOISE_LIMIT)
        entry["noisy"] = bool(noisy)
        if info:
            entry["info"] = info
        self.results.append(entry)
        print("   ", format_row(entry), flush=True)
        return entry

    def skip(self, workload, why):
        self.results.append({"workload": workload, "skipped": why})
        print(f"    skipped: {why}", flush=True)


def spread(values):
    """The largest deviation of a run from the median, as a fraction of the median."""
    median = statistics.median(values)
    if median == 0:
        return 0.0 if all(v == 0 for v in values) else float("inf")
    return max(abs(v - median) for v in values) / abs(median)


def finite(value):
    """JSON has no infinity: a figure that never happened is written as null."""
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


def fmt(value, unit):
    if value is None:
        return "-"
    if value == float("inf"):
        return "never"
    if unit in ("req/s",):
        return f"{value / 1000:.1f}k"
    if unit in ("count", "files"):
        return f"{value:.0f}"
    if abs(value) >= 100:
        return f"{value:.0f}"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def format_row(entry):
    if "skipped" in entry:
        return f"{entry['workload']:<28} skipped: {entry['skipped']}"
    unit = entry["unit"]
    ref = fmt(entry.get("referenceMedian"), unit) + (f" {entry['reference']}" if "reference" in entry else "")
    ratio = f"{entry['ratio']:.2f}x" if entry.get("ratio") is not None else "-"
    target = entry.get("targetText") or "-"
    verdict = "" if "met" not in entry else ("met" if entry["met"] else "MISSED")
    noise = " (noisy)" if entry["noisy"] else ""
    return (f"{entry['workload']:<28} {entry['metric']:<34} {fmt(entry['median'], unit):>8} {unit:<5} "
            f"±{min(entry['spread'], 9.99) * 100:>3.0f}% {ref:<28} {ratio:>7}  {target:<22} {verdict}{noise}")


def table(results):
    header = (f"{'workload':<28} {'metric':<34} {'median':>8} {'unit':<5} {'spread':<5} "
              f"{'reference (median)':<28} {'ratio':>7}  {'target':<22} verdict")
    lines = [header, "-" * len(header)]
    lines += [format_row(entry) for entry in results]
    return "\n".join(lines)
