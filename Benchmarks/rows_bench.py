#!/usr/bin/env python3
"""Rows figures for drawer-x11 (issue 14): a million rows loaded, ten million streamed.

Standalone, against a release build, under a private Xvfb:

    python3 Benchmarks/rows_bench.py --binary PATH [--json FILE] [--runs N]

or imported, as `make bench` does: `measure(binary, server)` runs every
figure on an already running harness.XServer and returns one dict per
figure: {name, value, unit, target, ok, method}.

Input is generated into a temporary directory, removed afterwards: lines
"row N some words" (1,000,000 lines: 22 MB; 10,000,000: 247 MB), read back
through `cat` for the pipe figures, so the producer is never the bound.

What "ready" means: from just before the program is executed to the
`rows` event whose `loading` is false and whose `total` is every row. The
program writes that event once the frame showing the count in the header
is on screen, and only after `ready` (the first frame), so it marks every
row loaded, counted and painted. Events are read on a thread of their own
that stamps each line as it arrives.

Missed frames while 10,000,000 rows stream in: the header is dragged up
and down by xdotool, one motion every 8 ms, and every frame drawn during
the drag reports `moved` (--report-moves). Two such frames further apart
than a frame interval plus a motion step mean a motion waited past its
60 Hz deadline. From inside, --frame-stats reports the event loop's longest
pass (its work between two looks at the input) and the passes longer than
a frame interval.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "UI"))
import harness  # noqa: E402  (the real-window test harness: Xvfb, process cleanup)

MILLION = 1_000_000
TEN_MILLION = 10_000_000
READY_TARGET_MS = 100
RSS_TARGET_MB = 40
FIRST_ROWS_TARGET_MS = 100
BYTES_PER_ROW_TARGET = 8  # a 4-byte offset, and room for a 4-byte match index
# The drag during the 10M load: one motion every DRAG_STEP_S, up and down
# DRAG_SPAN px, until the load ends (DRAG_SECONDS at most).
DRAG_STEP_S = 0.008
DRAG_SPAN = 160
DRAG_SECONDS = 20.0
FRAME_S = 1 / 60
# A frame lost, seen from outside: two frames in a row during the drag
# further apart than a frame interval plus one motion step (a motion was
# waiting and the 60 Hz deadline after it passed).
GAP_LIMIT_MS = (FRAME_S + DRAG_STEP_S) * 1000
LOAD_TIMEOUT_S = 120


def write_rows(path, count):
    """`count` lines "row N some words" at `path`; returns its size in bytes."""
    with open(path, "w") as f:
        block = 100_000
        for start in range(0, count, block):
            f.write("".join(f"row {n} some words\n" for n in range(start, min(count, start + block))))
    return os.path.getsize(path)


def proc_status(pid):
    """VmRSS and VmHWM of `pid`, in MiB."""
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(rest.split()[0]) / 1024
    return out


class Run:
    """One run of the program with its events on a pipe (stdout, or for a
    pick an inherited descriptor named as /dev/fd/N), read by a thread that
    stamps each event with time.monotonic()."""

    def __init__(self, server, binary, flags, stdin=subprocess.DEVNULL, pick=False):
        r, w = os.pipe()
        # pass_fds keeps the descriptor's number in the child.
        events = ["--events", f"/dev/fd/{w}"] if pick else ["--events"]
        argv = [binary, *flags, *events]
        self.events = []  # (seconds since exec, event)
        self.lock = threading.Condition()
        self.started = time.monotonic()
        try:
            if pick:
                # A pick's stdout carries the pick; the events go to `w`.
                self.proc = harness._spawn(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                           env=server.env(), pass_fds=(w,))
            else:
                self.proc = harness._spawn(argv, stdin=stdin, stdout=w, stderr=subprocess.PIPE, env=server.env())
        finally:
            os.close(w)
        self.fd = r
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        buf = b""
        while True:
            chunk = os.read(self.fd, 1 << 16)
            now = time.monotonic()
            if not chunk:
                break
            buf += chunk
            *lines, buf = buf.split(b"\n")
            with self.lock:
                for line in lines:
                    try:
                        self.events.append((now - self.started, json.loads(line)))
                    except ValueError:
                        pass
                self.lock.notify_all()
        with self.lock:
            self.events.append((time.monotonic() - self.started, {"event": "_eof"}))
            self.lock.notify_all()

    def wait(self, pred, timeout):
        """The first (t, event) for which pred(event) holds; fails after `timeout` s."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for t, ev in self.events:
                    if pred(ev):
                        return t, ev
                    if ev["event"] == "_eof":
                        raise RuntimeError(f"the program ended: {self.stderr_text()}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RuntimeError(f"no such event within {timeout} s; last: {self.events[-3:]}")
                self.lock.wait(left)

    def stderr_text(self):
        try:
            return self.proc.stderr.read(4000).decode(errors="replace") if self.proc.poll() is not None else ""
        except (OSError, ValueError):
            return ""

    def stop(self):
        harness._stop(self.proc)
        self.thread.join(5)
        os.close(self.fd)


def is_complete(total):
    return lambda e: e["event"] == "rows" and not e.get("loading") and e.get("total") == total


def load_once(server, binary, path, total, pipe):
    """One load of `path` (`total` rows): ms to complete, and RSS then."""
    if pipe:
        cat = harness._spawn(["cat", path], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
        try:
            run = Run(server, binary, ["--pick"], stdin=cat.stdout, pick=True)
        finally:
            cat.stdout.close()
    else:
        cat = None
        run = Run(server, binary, ["--items", path])
    try:
        t, _ = run.wait(is_complete(total), LOAD_TIMEOUT_S)
        mem = proc_status(run.proc.pid)
        return t * 1000, mem
    finally:
        run.stop()
        if cat:
            harness._stop(cat)


def load_figures(server, binary, path, size, rows, pipe, runs, empty_rss):
    label = "stdin pipe, --pick" if pipe else "--items FILE"
    samples = [load_once(server, binary, path, rows, pipe) for _ in range(runs)]
    ms = [s[0] for s in samples]
    rss = statistics.median(s[1]["VmRSS"] for s in samples)
    hwm = statistics.median(s[1]["VmHWM"] for s in samples)
    median = statistics.median(ms)
    out = [
        figure(f"{rows:,} rows via {label}: ready", round(median, 1), "ms", f"<= {READY_TARGET_MS} ms",
               median <= READY_TARGET_MS,
               f"exec to the rows event with loading false and every row; median of {runs}, "
               f"min {min(ms):.1f}, max {max(ms):.1f}"),
        figure(f"{rows:,} rows via {label}: RSS peak", round(hwm, 1), "MB", f"<= {RSS_TARGET_MB} MB",
               hwm <= RSS_TARGET_MB, f"VmHWM when loaded (VmRSS then {rss:.1f} MB); median of {runs}"),
    ]
    if not pipe:
        per_row = (rss - empty_rss) * 1024 * 1024 / rows - size / rows
        out.append(figure("state bytes per row beyond the text", round(per_row, 2), "bytes",
                          f"<= {BYTES_PER_ROW_TARGET}", per_row <= BYTES_PER_ROW_TARGET,
                          f"(VmRSS loaded - VmRSS with no rows ({empty_rss:.1f} MB) - file size) / rows"))
    return out


def empty_rss_mb(server, binary, path):
    run = Run(server, binary, ["--items", path])
    try:
        run.wait(is_complete(0), 20)
        return proc_status(run.proc.pid)["VmRSS"]
    finally:
        run.stop()


def window_origin(server, window):
    out = server.run("xwininfo", "-id", str(window)).decode()
    vals = dict(line.strip().split(":", 1) for line in out.splitlines() if ":" in line)
    return int(vals["Absolute upper-left X"]), int(vals["Absolute upper-left Y"])


def stream_once(server, binary, path, rows):
    """One load of `rows` rows through a pipe while the header is dragged
    up and down: what it measured, as a dict."""
    cat = harness._spawn(["cat", path], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        run = Run(server, binary, ["--items", "-", "--frame-stats", "--report-moves"], stdin=cat.stdout)
    finally:
        cat.stdout.close()
    try:
        first_t, _ = run.wait(lambda e: e["event"] == "rows" and e.get("total", 0) > 0, 30)
        _, ready = run.wait(lambda e: e["event"] == "ready", 1)
        ox, oy = window_origin(server, ready["window"])
        x = ox + ready["width"] // 2 + 120
        y0 = oy + int(ready["drawerTop"]) + 20
        steps = int(DRAG_SECONDS / DRAG_STEP_S)
        args = ["mousemove", x, y0, "mousedown", "1"]
        for i in range(1, steps + 1):
            # A triangle wave: up DRAG_SPAN px and back, 40 steps each way.
            phase = i % 80
            dy = phase if phase <= 40 else 80 - phase
            args += ["sleep", f"{DRAG_STEP_S:.3f}", "mousemove", x, y0 - dy * DRAG_SPAN // 40]
        args += ["mouseup", "1"]
        drag_start = time.monotonic() - run.started
        xdotool = harness._spawn(["xdotool", *map(str, args)], env=server.env(), stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            done_t, _ = run.wait(is_complete(rows), LOAD_TIMEOUT_S)
        finally:
            # The load is over: the drag's measure too. The button goes up
            # by hand, as the script stopped before its own mouseup.
            drag_end = time.monotonic() - run.started
            harness._stop(xdotool)
            server.xdotool("mouseup", "1")
        mem = proc_status(run.proc.pid)
        # No window manager: the window takes the keyboard to hear q.
        server.run("xdotool", "windowfocus", str(ready["window"]), check=False)
        server.xdotool("key", "q")
        _, stats = run.wait(lambda e: e["event"] == "frameStats", 20)
    finally:
        run.stop()
        harness._stop(cat)
    with run.lock:
        moves = [t for t, e in run.events if e["event"] == "moved" and drag_start <= t <= min(done_t, drag_end)]
    gaps = [(b - a) * 1000 for a, b in zip(moves, moves[1:])]
    return {"first_ms": first_t * 1000, "done_ms": done_t * 1000, "hwm": mem["VmHWM"], "moves": len(moves),
            "late": sum(1 for g in gaps if g > GAP_LIMIT_MS), "longest_gap": max(gaps, default=0.0),
            "overlap": max(0.0, min(done_t, drag_end) - drag_start), "stats": stats}


def stream_figures(server, binary, path, rows, runs):
    """`runs` loads of `rows` rows through a pipe, each dragged throughout."""
    samples = [stream_once(server, binary, path, rows) for _ in range(runs)]
    first = statistics.median(s["first_ms"] for s in samples)
    done = statistics.median(s["done_ms"] for s in samples)
    late = sum(s["late"] for s in samples)
    moves = sum(s["moves"] for s in samples)
    overlap = sum(s["overlap"] for s in samples)
    longest_gap = max(s["longest_gap"] for s in samples)
    out = [
        figure(f"{rows:,} rows via stdin pipe: first rows", round(first, 1), "ms",
               f"<= {FIRST_ROWS_TARGET_MS} ms", first <= FIRST_ROWS_TARGET_MS,
               f"exec to the first rows event with rows; median of {runs}"),
        figure(f"{rows:,} rows via stdin pipe: loaded", round(done), "ms", "(no target)", True,
               f"exec to the rows event with loading false; median of {runs}; "
               f"VmHWM {statistics.median(s['hwm'] for s in samples):.0f} MB"),
        figure("frames late while dragging during the load", late, "frames", "0", late == 0 and moves > runs,
               f"moved events {GAP_LIMIT_MS:.0f}+ ms apart among {moves} in {overlap:.2f} s of drag "
               f"(a motion every {DRAG_STEP_S * 1000:.0f} ms) before the loads ended, {runs} loads; longest gap "
               f"{longest_gap:.1f} ms"),
    ]
    stats = [s["stats"] for s in samples]
    if all("longestPassMs" in st for st in stats):
        longest = max(st["longestPassMs"] for st in stats)
        over = sum(st["passesOverFrame"] for st in stats)
        out.append(figure("longest loop pass during the load and drag", longest, "ms",
                          f"<= {FRAME_S * 1000:.1f} ms", longest <= FRAME_S * 1000 and over == 0,
                          f"--frame-stats: the longest the event loop went without looking at its input; "
                          f"{over} passes over a frame in {runs} loads"))
    out.append(figure("frame time during the load, max", max(st["maxMs"] for st in stats), "ms", "(see passes)",
                      True, f"--frame-stats over {sum(st['frames'] for st in stats)} frames, p99 up to "
                      f"{max(st['p99Ms'] for st in stats)} ms"))
    return out


def figure(name, value, unit, target, ok, method):
    return {"name": name, "value": value, "unit": unit, "target": target, "ok": bool(ok), "method": method}


def measure(binary, server, runs=5):
    """Every rows figure, measured with `binary` on `server` (harness.XServer)."""
    binary = os.path.abspath(binary)
    with tempfile.TemporaryDirectory(prefix="drawer-rows-bench-") as tmp:
        empty = os.path.join(tmp, "empty.txt")
        open(empty, "w").close()
        one = os.path.join(tmp, "rows-1m.txt")
        ten = os.path.join(tmp, "rows-10m.txt")
        one_size = write_rows(one, MILLION)
        empty_rss = empty_rss_mb(server, binary, empty)
        out = load_figures(server, binary, one, one_size, MILLION, False, runs, empty_rss)
        out += load_figures(server, binary, one, one_size, MILLION, True, runs, empty_rss)
        write_rows(ten, TEN_MILLION)
        out += stream_figures(server, binary, ten, TEN_MILLION, max(1, (runs + 1) // 2))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True, help="the drawer-x11 executable (a release build)")
    ap.add_argument("--runs", type=int, default=5, help="launches per load figure (default 5)")
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args()
    server = harness.XServer()
    try:
        figures = measure(args.binary, server, runs=args.runs)
    finally:
        server.stop()
    cols = [(f["name"], f"{f['value']} {f['unit']}", f["target"], "ok" if f["ok"] else "MISSED", f["method"])
            for f in figures]
    header = ("figure", "measured", "target", "", "method")
    widths = [max(len(str(r[i])) for r in cols + [header]) for i in range(5)]
    for r in [header] + cols:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=1)
    return 0 if all(f["ok"] for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
