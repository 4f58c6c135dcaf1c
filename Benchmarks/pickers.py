"""drawer-x11 --pick beside dmenu and rofi -dmenu, through the shared
picker bench (PICKER_BENCH: its `run`, run as a tool, never copied).

Each round calls `run` for one round of the three pickers at 10^3, 10^5
and 10^6 rows (its README describes every figure), with this build as
drawer-x11; a warm-up launch of each picker comes with the first round and
is left out. Ratios are taken within a round (drawer-x11's figure over the
peer's from the same round) and summarised like every other figure. The
raw lines stay under the results directory given (Benchmarks/results/).
"""

import json
import os
import subprocess
import time

from figures import Figure, at_most, below

OURS = "drawer-x11"
PEERS = {"dmenu": "dmenu 5.2", "rofi": "rofi 1.7.3 -dmenu"}
SIZES = (1000, 100000, 1000000)
BIG = SIZES[-1]
# Generous bound on one call of `run`: 18 launches, about a minute and a half here.
SECONDS_PER_ROUND = 600


def _size(n):
    return {1000: "10^3", 100000: "10^5", 1000000: "10^6"}.get(n, str(n))


# key, what, size, mode, record -> value, unit, digits, whether it must be ahead of both peers
QUANTITIES = [
    (f"first_paint_{n}", f"first paint, {_size(n)} rows", n, "load", lambda r: r["first_paint_ms"], "ms", 1,
     n != SIZES[0])
    for n in SIZES
] + [
    ("slowest_key", f"slowest key to repaint, {_size(BIG)} rows", BIG, "load",
     lambda r: max(k["first_ms"] for k in r["keys"]), "ms", 1, True),
    ("peak_rss", f"peak RSS, {_size(BIG)} rows", BIG, "load", lambda r: r["hwm_kb"] / 1024, "MiB", 1, True),
    ("session_cpu", f"picker CPU, whole pick session, {_size(BIG)} rows", BIG, "load", lambda r: r["cpu_ms"], "ms",
     0, True),
]

METHODS = {
    "first_paint": "launch to the first frame whose window is not all one colour",
    "slowest_key": "the slowest of the five keys of the query, XTest key to the first frame after it",
    "peak_rss": "VmHWM just before Return",
    "session_cpu": "wait4 user + system time: start, load, five keys, Return",
}


class PickerBench:
    """One `run` call a round; `rounds` holds, per measured round, each
    picker's record by (tool, size, mode)."""

    def __init__(self, root, binary, results):
        self.root = os.path.abspath(root)
        self.script = os.path.join(self.root, "run")
        if not os.access(self.script, os.X_OK):
            raise RuntimeError(f"{self.script} is not an executable")
        self.binary = os.path.abspath(binary)
        self.results = os.path.abspath(results)
        os.makedirs(self.results, exist_ok=True)
        self.tag = f"drawer-x11-bench-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
        self.rounds = []

    @property
    def raw_paths(self):
        return [os.path.join(self.results, f"{self.tag}-{i}", "raw.jsonl") for i in range(len(self.rounds))]

    def round(self):
        """One measured round of the three pickers at every size; a picker
        that fails or prints the wrong row is an error."""
        tag = f"{self.tag}-{len(self.rounds)}"
        argv = [self.script, "--rounds", "1", "--sizes", ",".join(map(str, SIZES)), "--bin", self.binary,
                "--warmup", "1" if not self.rounds else "0", "--tag", tag, "--results", self.results]
        proc = subprocess.Popen(argv, cwd=self.root, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            _, err = proc.communicate(timeout=SECONDS_PER_ROUND)
        except BaseException:
            proc.kill()
            proc.wait()
            raise
        if proc.returncode != 0:
            raise RuntimeError(f"picker bench exited {proc.returncode}: {err.strip().splitlines()[-1:]}")
        records = {}
        with open(os.path.join(self.results, tag, "raw.jsonl")) as f:
            for line in f:
                r = json.loads(line)
                if r.get("kind") == "meta" or r.get("warmup"):
                    continue
                if "error" in r:
                    raise RuntimeError(f"picker bench: {r.get('label')}: {r['error']}")
                records[(r["tool"], r["size"], r["mode"])] = r
        self.rounds.append(records)


def figures(bench):
    """drawer-x11's own figure and its ratio to each peer, per quantity,
    from the rounds in which both ran; ahead (a ratio under 1) is the
    target at 10^5 and 10^6 rows, and not behind dmenu's first paint at
    10^3."""
    out = []
    for key, what, size, mode, value, unit, digits, ahead in QUANTITIES:
        method = METHODS[key.rsplit("_", 1)[0] if key.startswith("first_paint") else key]
        own = Figure(f"picker.{key}", f"picker bench: {what}, drawer-x11", unit, f"../shared/bench/picker: {method}",
                     digits=digits)
        for rnd in bench.rounds:
            if (OURS, size, mode) in rnd:
                own.add(value(rnd[(OURS, size, mode)]))
        out.append(own)
        for peer, label in PEERS.items():
            theirs = [value(r[(peer, size, mode)]) for r in bench.rounds if (peer, size, mode) in r]
            target = below(1, "x") if ahead else at_most(1, "x") if peer == "dmenu" else None
            ratio = Figure(f"picker.{key}.vs.{peer}", f"picker bench: {what}, drawer-x11 / {label}", "x",
                           f"ratio within each round; {label}: median {_median(theirs):.{digits}f} {unit}",
                           digits=2, target=target)
            for rnd in bench.rounds:
                ours, their = rnd.get((OURS, size, mode)), rnd.get((peer, size, mode))
                if ours and their and value(their):
                    ratio.add(value(ours) / value(their))
            out.append(ratio)
    return out


def _median(values):
    s = sorted(values)
    if not s:
        return float("nan")
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
