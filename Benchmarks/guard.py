"""The regression guard: this build's launch figures against the build before's.

The build before is make bench's BEFORE, built into .build-before/COMMIT;
both are measured in the same rounds, and the table reads "figure |
before (rev) | now | ratio now/before".

Each round measures both builds, in an order that turns each round:

  * time to ready: fork to the `ready` line (printed once the first frame
    is presented) for `--geometry 800x600`, LAUNCHES launches of each
    build, alternating, with LANG=C.UTF-8 and again with LANG and LC_*
    unset; the round's sample is the median of its launches;
  * frame p50 and p99: `--frame-stats` over the bench's 800x600 drag
    (scenarios.drag), when both builds have the flag.

First paint, time to map, RSS after start and the drag's CPU (the
program's and Xvfb's apart) come from the peer bench's runs of the two
builds in the same round (peers.py measures them alike for every app);
the picker's figures (first paint at each size, the slowest key, peak RSS
and the session's CPU) from the picker bench's runs of both builds'
`--pick` in the same rounds (pickers.py).

A ratio is now over before, taken within each round; the table gives the
median of each build's samples and of the ratios. A figure whose median
ratio is above LIMIT is a regression: window_bench.py then exits 1. A
figure the old build cannot give (a flag it lacks) is left out, with a
line saying why.
"""

import os
import statistics
import subprocess
import time

import pickers
from figures import render_table
from scenarios import DRAG_SECONDS, DRAG_STEPS, READY_TIMEOUT, drag, harness, quit_with_stats

LIMIT = 1.05
LAUNCHES = 3
LANG_SET = "C.UTF-8"


# The flags the guard and the peer bench give drawer-x11, with a value each takes.
FLAGS = {"--events": None, "--geometry": "800x600", "--frame-stats": None, "--rows": "200", "--partial-height": "420"}


def takes(binary, flag, value):
    """Whether `binary` accepts `flag`: `FLAG [VALUE] --version` exits 0
    once the line parses, and 64 (usage) for a flag it does not know; a
    hidden flag (--frame-stats) is not in --help, so --help cannot tell."""
    try:
        p = subprocess.run([binary, flag, *([value] if value else []), "--version"], capture_output=True,
                           timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return p.returncode == 0


def _env(server, lang):
    env = server.env()
    for k in list(env):
        if k == "LANG" or k.startswith("LC_") or k == "LANGUAGE":
            del env[k]
    if lang:
        env["LANG"] = lang
    return env


def ready_ms(server, binary, lang):
    """ms from fork to the `ready` line of one launch at 800x600."""
    start = time.monotonic()
    app = harness.App(server, env=_env(server, lang), argv=[binary, "--geometry", "800x600", "--events"])
    try:
        ev = app.wait_for("ready", timeout=READY_TIMEOUT, since=0)
        return (ev["_t"] - start) * 1000
    finally:
        app.stop()


def frame_stats(server, binary):
    """p50 and p99 of the frames of the bench's drag, ms (--frame-stats)."""
    app = harness.App(server, "--geometry", "800x600", "--rows", "200", "--frame-stats",
                      argv=[binary, "--geometry", "800x600", "--rows", "200", "--frame-stats", "--events"])
    try:
        app.wait_ready(timeout=READY_TIMEOUT)
        drag(server, app, DRAG_STEPS, DRAG_SECONDS)
        stats = quit_with_stats(app)
    finally:
        app.stop()
    return stats["p50Ms"], stats["p99Ms"]


class Row:
    """One figure of the guard table: each build's samples, and the ratios."""

    def __init__(self, key, name, unit, digits=1):
        self.key, self.name, self.unit, self.digits = key, name, unit, digits
        self.before, self.now, self.ratios = [], [], []
        self.skipped = None

    def add(self, before, now):
        self.before.append(before)
        self.now.append(now)
        if before > 0:
            self.ratios.append(now / before)

    @property
    def ratio(self):
        return statistics.median(self.ratios) if self.ratios else None

    @property
    def worse(self):
        return self.ratio is not None and self.ratio > LIMIT

    def cells(self):
        if self.skipped:
            return [self.name, "-", "-", f"skipped: {self.skipped}"]
        if not self.now:
            return [self.name, "-", "-", "not measured"]

        def med(xs):
            return f"{statistics.median(xs):,.{self.digits}f} {self.unit}"

        ratio = "-" if self.ratio is None else f"{self.ratio:.2f}x" + (
            f" ({min(self.ratios):.2f}-{max(self.ratios):.2f})" if len(self.ratios) > 1 else "")
        return [self.name, med(self.before), med(self.now), ratio + ("  WORSE" if self.worse else "")]

    def to_json(self):
        return {"name": self.name, "unit": self.unit, "before": self.before, "now": self.now, "ratios": self.ratios,
                "ratio": self.ratio, "worse": self.worse, "skipped": self.skipped}


class Guard:
    """This build against the build before, figure by figure."""

    def __init__(self, now, before, rev):
        self.now, self.before, self.rev = now, before, rev
        self.has = {flag: takes(before, flag, value) for flag, value in FLAGS.items()}
        self.rows = {r.key: r for r in [
            Row("ready_lang", f"time to ready, 800x600, LANG={LANG_SET}", "ms"),
            Row("ready_nolang", "time to ready, 800x600, LANG unset", "ms"),
            Row("first_paint", "first paint (peer bench)", "ms"),
            Row("map", "time to map (peer bench)", "ms"),
            Row("rss", "RSS after start (peer bench)", "MiB", 2),
            Row("drag_program", "drag CPU, program (peer bench)", "ms"),
            Row("drag_xvfb", "drag CPU, Xvfb (peer bench)", "ms"),
            Row("frame_p50", "frame time p50, 800x600 drag", "ms", 3),
            Row("frame_p99", "frame time p99, 800x600 drag", "ms", 3),
        ] + [Row(f"picker_{key}", f"picker: {what}", unit, digits)
             for key, what, _, _, unit, digits, _ in pickers.QUANTITIES]}
        if not (self.has["--events"] and self.has["--geometry"]):
            for key in ("ready_lang", "ready_nolang", "frame_p50", "frame_p99"):
                self.rows[key].skipped = "the build before lacks --events or --geometry"
        elif not (self.has["--frame-stats"] and self.has["--rows"]):
            for key in ("frame_p50", "frame_p99"):
                self.rows[key].skipped = "the build before lacks --frame-stats or --rows"
        if not self.peers_can_run():
            for key in ("first_paint", "map", "rss", "drag_program", "drag_xvfb"):
                self.rows[key].skipped = "the build before lacks --geometry or --partial-height"

    def peers_can_run(self):
        return self.has["--geometry"] and self.has["--partial-height"]

    def peer_drop(self):
        """The flags the peer bench gives drawer-x11 that the build before lacks."""
        return () if self.has["--rows"] else ("--rows",)

    def round(self, server, turn):
        """The launch figures of both builds, on `server` (1280x1024)."""
        pair = [("before", self.before), ("now", self.now)]
        if turn % 2:
            pair.reverse()
        for key, lang in (("ready_lang", LANG_SET), ("ready_nolang", None)):
            row = self.rows[key]
            if row.skipped:
                continue
            got = {"before": [], "now": []}
            for _ in range(LAUNCHES):
                for which, binary in pair:
                    got[which].append(ready_ms(server, binary, lang))
            row.add(statistics.median(got["before"]), statistics.median(got["now"]))
        if not self.rows["frame_p50"].skipped:
            got = {which: frame_stats(server, binary) for which, binary in pair}
            self.rows["frame_p50"].add(got["before"][0], got["now"][0])
            self.rows["frame_p99"].add(got["before"][1], got["now"][1])

    def take_peers(self, rounds):
        """The figures the peer bench measured of both builds, per round."""
        if self.rows["first_paint"].skipped:
            return
        for rnd in rounds:
            b, n = rnd.get("before"), rnd.get("drawer-x11")
            if not (b and n):
                continue
            self.rows["first_paint"].add(b["first_paint_ms"], n["first_paint_ms"])
            self.rows["map"].add(b["map_ms"], n["map_ms"])
            self.rows["rss"].add(b["rss_kib"] / 1024, n["rss_kib"] / 1024)
            self.rows["drag_program"].add(b["drag_program_ms"], n["drag_program_ms"])
            self.rows["drag_xvfb"].add(b["drag_xvfb_ms"], n["drag_xvfb_ms"])

    def take_pickers(self, rounds):
        """The picker bench's figures of both builds' `--pick`, per round."""
        for rnd in rounds:
            for key, _, size, value, _, _, _ in pickers.QUANTITIES:
                b, n = rnd.get((pickers.BEFORE, size)), rnd.get((pickers.OURS, size))
                if b and n:
                    self.rows[f"picker_{key}"].add(value(b), value(n))

    def worse(self):
        return [r.name for r in self.rows.values() if r.worse]

    def table(self):
        rows = [r.cells() for r in self.rows.values()]
        return render_table(["figure", f"before ({self.rev})", "now", "ratio now/before (min-max)"], rows)

    def report(self, runs):
        worse = self.worse()
        lines = [f"Regression guard: {os.path.basename(self.now)} now against the build of {self.rev}, medians of "
                 f"{runs} interleaved round{'s' if runs != 1 else ''}; a ratio above {LIMIT:.2f} is WORSE "
                 f"(status 1)", "", self.table(), ""]
        lines.append(f"guard: worse by more than {(LIMIT - 1) * 100:.0f} %: {'; '.join(worse)}" if worse
                     else f"guard: no figure worse by more than {(LIMIT - 1) * 100:.0f} %")
        return "\n".join(lines)

    def to_json(self):
        return {"before": self.rev, "limit": LIMIT, "figures": {k: r.to_json() for k, r in self.rows.items()}}
