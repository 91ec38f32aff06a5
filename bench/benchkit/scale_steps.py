"""The steps of one server's part of the scale benchmark: each timed, a failure (an error answer,
a wrong answer, a timeout) recorded with the time it took instead of stopping the run, and the
other connection's worst wait attributed to the step during which the question was sent."""
import statistics
import time


class StepFailed(Exception):
    """A step whose answer was wrong or that could not finish."""


class Steps:
    def __init__(self, system, reset=None):
        self.system = system
        self.marks = []     # (key, start): a step lasts until the next one starts
        self.results = {}   # key -> {"values", "value", "ok", ...}
        self.reset = reset  # called after a failure (a client in an unknown state is dropped)
        self.blocked = None  # why the remaining steps cannot run (the crawl never finished)

    def begin(self, key, at=None):
        self.marks.append((key, time.monotonic() if at is None else at))

    def run(self, key, attempt, unit="ms", repeat=1, at=None):
        """Runs `attempt` `repeat` times; it returns (value, info) or raises. The step's figure is
        the median of the values."""
        self.begin(key, at)
        if self.blocked:
            self.results[key] = {"ok": False, "unit": unit, "values": [], "error": f"not run: {self.blocked}"}
            print(f"    {self.system:<9} {key:<22} not run: {self.blocked}", flush=True)
            return self.results[key]
        values, info = [], {}
        started = time.monotonic()
        try:
            for _ in range(repeat):
                value, extra = attempt()
                values.append(value)
                info.update(extra or {})
            entry = {"ok": True, "unit": unit, "values": values, "value": statistics.median(values), **info}
        except Exception as error:  # noqa: BLE001 - every failure is reported as the step's result
            entry = {"ok": False, "unit": unit, "values": values,
                     "error": f"{type(error).__name__}: {error}"[:500],
                     "failedAfterMs": (time.monotonic() - started) * 1000, **info}
            if self.reset:
                self.reset()
            if isinstance(error, TimeoutError) or key == "crawl":
                # A server that let a step's answer wait past the timeout (or never finished its
                # crawl) would make every later step wait as long: the rest are not run.
                self.blocked = self.blocked or f"{key} failed ({type(error).__name__})"
        self.results[key] = entry
        shown = f"{entry['value']:.2f} {unit}" if entry["ok"] else f"FAILED after {entry['failedAfterMs']:.0f} ms: {entry['error']}"
        print(f"    {self.system:<9} {key:<22} {shown}", flush=True)
        return entry

    def end(self):
        self.begin("end")

    def attribute(self, probe):
        """Adds each step's worst wait of the other connection (ms) from the probe's record."""
        waits = probe.waits()
        spans = [(key, start, self.marks[i + 1][1] if i + 1 < len(self.marks) else float("inf"))
                 for i, (key, start) in enumerate(self.marks) if key != "end"]
        for key, start, stop in spans:
            inside = [(w, answered) for sent, w, answered in waits if start <= sent < stop]
            entry = self.results.setdefault(key, {"ok": True, "values": []})
            entry["otherWorstWaitMs"] = max((w for w, _ in inside), default=None)
            if entry["otherWorstWaitMs"] is not None:
                entry["otherWorstWaitMs"] *= 1000
            entry["otherQuestions"] = len(inside)
            if any(not answered for _, answered in inside):
                entry["otherUnanswered"] = True
        return max((w for _, w, _ in waits), default=None)
