#!/usr/bin/env python3
"""Every performance figure of drawer-x11, printed as one table, then how
the costs grow with rows and window area, then what moved since the
committed baseline.

Run by `make bench` against the release build:

    python3 Benchmarks/window_bench.py --binary PATH --engine-bench PATH [--runs 3] [--soak 30]
        [--before PATH --before-rev REV] [--json FILE] [--baseline FILE] [--update-baseline] [--swift SWIFT]

Method. The measurements are taken in --runs rounds; each round takes each
of them once, in the same order (launches, the still window and its drag,
the window sizes, the row counts, EngineBench, Benchmarks/rows_bench.py
when it exists, the peers (peers.py), the pickers (pickers.py) and, with
--before, the regression guard's launches of both builds (guard.py)), so
a slow drift of the machine touches every figure alike. A figure is the
median of its rounds, printed with the smallest and largest. A warm-up (a
launch on each X server, a run of each peer and each picker) comes first
and is not counted; the drag soak runs once, after the rounds. Everything
runs under private Xvfb servers with no window manager
(Tests/UI/harness.py, xscreen.py).

Exit status: 0 when every figure that has a target meets it and no figure
of the guard is worse than before by more than 5 %; 1 when a target is
missed (the table marks it MISSED) or a guard figure is worse (marked
WORSE); 2 on a harness error (a program that does not start, a wait past
its deadline, a peer or picker run that fails, the build before missing),
printed as one line starting `window_bench: error:`; 130 when interrupted.
Whatever it started is stopped in every case.
"""

import argparse
import datetime
import importlib
import json
import os
import re
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the work tree

import baseline  # noqa: E402
import growth  # noqa: E402
import guard  # noqa: E402
import machine  # noqa: E402
import peers  # noqa: E402
import pickers  # noqa: E402
import scenarios  # noqa: E402
from figures import Figure, Target, at_least, at_most, exactly, main_table, within  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FIRST_FRAME_LAUNCHES = 5
ENGINE_TIMEOUT = 600


class HarnessError(Exception):
    """The benchmark itself failed: no figure can be trusted."""


def progress(text):
    print(f"bench: {text}", file=sys.stderr, flush=True)


# ------------------------------------------------------------ figures

def main_figures(soak):
    """The main table's figures, in the order it prints them."""
    look = "800x600, shadow, 1 px border, 200 rows"
    drag = "120 XTest motions over 2 s (one xdotool run) from the partial position up, released in motion"
    figs = [
        Figure("first_frame_ms", "first frame on screen, 800x600", "ms",
               f"fork to the `ready` line (printed once the first frame is presented); {FIRST_FRAME_LAUNCHES} "
               f"launches a round; {look}", resolution=1.0),
        Figure("rss_mib", "RSS after start, 800x600", "MiB", "VmRSS of /proc/PID/status after `ready`",
               target=at_most(16, " MiB"), resolution=0.3),
        Figure("idle_cpu_ms", f"CPU while idle, {scenarios.IDLE_SECONDS:g} s", "ms",
               "schedstat of every thread over the idle window, no input", target=exactly(0, " ms"), digits=2,
               resolution=1.0),
        Figure("drag_cpu_ms", "drag CPU, program + Xvfb, 800x600", "ms",
               f"schedstat of both from the press to the settled transition, without --frame-stats; {drag}",
               digits=0, resolution=5.0),
        Figure("drag_frames", "frames for the 800x600 drag", "frames",
               "--frame-stats, the same drag in a second window: frames presented after the first, drag and settle",
               better="higher",
               target=at_least(120), digits=0),
        Figure("frame_p50_1280x800", "frame time at 1280x800, p50", "ms",
               "--frame-stats: advance + render + XSync round trip, every frame of the drag", digits=3),
        Figure("frame_p99_1280x800", "frame time at 1280x800, p99", "ms", "the same frames",
               target=at_most(2, " ms"), digits=3),
        Figure("frame_p50_3840x2160", "frame time at 3840x2160, p50", "ms",
               "the same drag in a 4K window on a 3840x2160 screen", digits=3),
        Figure("frame_p99_3840x2160", "frame time at 3840x2160, p99", "ms", "the same frames",
               target=at_most(4, " ms"), digits=3),
        Figure("rss_drift_mib", f"RSS drift over a {soak:g} s drag soak", "MiB",
               "VmRSS after minus before, 30-motion drags back to back (once, after the rounds)",
               target=within(1, " MiB"), digits=2, resolution=0.5,
               absent="skipped (SOAK=0)" if soak <= 0 else "not measured"),
        Figure("engine_events_per_s", "engine pointer events", "M/s",
               "EngineBench: 4 M drag moves, each handled and its events drained", better="higher",
               target=at_least(5, " M/s"), digits=2),
        Figure("engine_events_model_per_s", "engine pointer events with a render model each", "M/s",
               "EngineBench: the same moves, reading the render model after each (a frame per event)",
               better="higher", digits=2),
        Figure("engine_mallocs_per_event", "engine allocations per pointer event", "",
               "EngineBench: malloc-interposer count over the timed loop, after a warm-up", target=exactly(0),
               digits=3, resolution=0.001),
        Figure("engine_mallocs_per_frame", "engine allocations per animation frame", "", "the same, per frame",
               target=exactly(0), digits=3, resolution=0.001),
        Figure("engine_frame_ns", "engine animation frame", "ns",
               "EngineBench: 1 M spring frames, each with a render model read", digits=0),
        Figure("filter_ms", "filter 1,000,000 rows, slowest keystroke", "ms",
               "EngineBench: typing 99999 over seq 1000000, substring, best of 3 tries", target=at_most(16, " ms")),
        Figure("fuzzy_filter_ms", "fuzzy filter 1,000,000 rows, slowest keystroke", "ms",
               "the same with --match fuzzy: matched, and ranked for one slice (RowFilter.rankSliceSeconds), "
               "as the keystroke's first frame shows it", target=at_most(16, " ms")),
        Figure("fuzzy_ranked_ms", "fuzzy filter 1,000,000 rows, slowest keystroke ranked whole", "ms",
               "the same, until every match has its place (later frames refine the first)"),
        Figure("paths_fuzzy_ms", "fuzzy filter 1,000,000 paths, slowest keystroke", "ms",
               "EngineBench: typing docmain over a million seeded paths of about 40 bytes, first frame"),
        Figure("paths_ranked_ms", "fuzzy filter 1,000,000 paths, slowest keystroke ranked whole", "ms",
               "the same, until every match has its place"),
        Figure("paths_input_order_ms", "fuzzy filter 1,000,000 paths, slowest keystroke, --no-sort", "ms",
               "the same in input order: matching alone"),
    ]
    return {f.key: f for f in figs}


# ------------------------------------------------------------ one round

def own_round(small, figs):
    """Launches, then the still window and its drag, on the 1280x1024 screen."""
    for _ in range(FIRST_FRAME_LAUNCHES):
        figs["first_frame_ms"].add(scenarios.first_frame(small))
    r = scenarios.still_and_drag(small)
    figs["rss_mib"].add(r["rss_kib"] / 1024)
    figs["idle_cpu_ms"].add(r["idle_ms"])
    figs["drag_cpu_ms"].add(r["drag_program_ms"] + r["drag_xvfb_ms"])
    figs["drag_frames"].add(r["drag_frames"])
    return r


def area_round(big, areas, figs):
    """Each window size once, on the 3840x2160 screen."""
    for size in growth.AREAS:
        r = scenarios.frame_point(big, scenarios.GENERATED_ROWS + ["--geometry", size])
        f = areas[size]
        f["ready_ms"].add(r["ready_ms"])
        f["rss_mib"].add(r["rss_kib"] / 1024)
        f["p50_ms"].add(r["p50_ms"])
        f["p99_ms"].add(r["p99_ms"])
        f["damaged_mpx"].add(r["damaged_mpx_per_frame"])
        if f"frame_p50_{size}" in figs:
            figs[f"frame_p50_{size}"].add(r["p50_ms"])
            figs[f"frame_p99_{size}"].add(r["p99_ms"])


def rows_round(small, files, rows):
    """Each row count once, read with --items from its file."""
    steps, seconds = growth.ROWS_DRAG
    for n in growth.ROW_COUNTS:
        r = scenarios.frame_point(small, ["--items", files.paths[n]], steps, seconds, streams=True)
        f = rows[n]
        for k in ("ready_ms", "loaded_ms", "p50_ms", "p99_ms"):
            f[k].add(r[k])
        f["rss_mib"].add(r["rss_kib"] / 1024)


def engine_round(path, figs):
    """One EngineBench run: its JSON line into the engine figures."""
    try:
        p = subprocess.run([path], capture_output=True, text=True, timeout=ENGINE_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise HarnessError(f"EngineBench ran past {ENGINE_TIMEOUT} s") from None
    if p.returncode != 0:
        raise HarnessError(f"EngineBench exited {p.returncode}: {(p.stdout + p.stderr).strip()[-300:]}")
    e = json.loads(p.stdout)
    figs["engine_events_per_s"].add(e["eventsAlonePerSecond"] / 1e6)
    figs["engine_events_model_per_s"].add(e["pointerEventsPerSecond"] / 1e6)
    figs["engine_mallocs_per_event"].add(max(e["mallocsPerPointerEvent"], e["mallocsPerEventAlone"]))
    figs["engine_mallocs_per_frame"].add(e["mallocsPerFrame"])
    figs["engine_frame_ns"].add(e["nsPerFrame"])
    figs["filter_ms"].add(e["filterSlowestKeystrokeMs"])
    figs["fuzzy_filter_ms"].add(e["fuzzySlowestKeystrokeMs"])
    figs["fuzzy_ranked_ms"].add(e["fuzzySlowestRankedMs"])
    figs["paths_fuzzy_ms"].add(e["pathsFuzzySlowestMs"])
    figs["paths_ranked_ms"].add(e["pathsFuzzySlowestRankedMs"])
    figs["paths_input_order_ms"].add(e["pathsInputOrderSlowestMs"])


# ------------------------------------------------------------ rows_bench.py

TARGET_TEXT = re.compile(r"^\s*(<=|>=|<|>|==|=|≤|≥)\s*(-?[0-9][0-9,]*(?:\.[0-9]+)?)")


def parse_target(text):
    """A Target from text such as "<= 16 ms" or "≥ 5 M/s"; None if it is not one."""
    m = TARGET_TEXT.match(text or "")
    if not m:
        return None
    op = {"≤": "<=", "≥": ">=", "=": "=="}.get(m.group(1), m.group(1))
    return Target(text.strip(), op, float(m.group(2).replace(",", "")))


class ReportedFigure(Figure):
    """A figure measured by rows_bench.py: its own target text; met as
    parsed on the median when the text reads as a bound, else when every
    round's `ok` was true."""

    reported_ok: list

    @property
    def ok(self):
        parsed = parse_target(self.target.text) if self.target else None
        if parsed and self.samples:
            return parsed.met(self.median)
        return all(self.reported_ok) if self.reported_ok else None


def rows_bench_module():
    """Benchmarks/rows_bench.py imported, or None when the file is absent."""
    if not os.path.exists(os.path.join(HERE, "rows_bench.py")):
        return None
    return importlib.import_module("rows_bench")


def rows_bench_round(module, binary, server, figs):
    """One call of rows_bench.measure(binary, server); each result dict
    becomes (or adds a sample to) the figure `rows.NAME`."""
    for d in module.measure(binary, server):
        key = "rows." + re.sub(r"[^a-z0-9]+", "_", str(d["name"]).lower()).strip("_")
        if key not in figs:
            target_text = str(d.get("target") or "")
            parsed = parse_target(target_text)
            better = "higher" if parsed and parsed.op in (">=", ">") else "lower" if parsed else ""
            fig = ReportedFigure(key, str(d["name"]), str(d.get("unit") or ""), str(d.get("method") or ""),
                                 better=better, target=Target(target_text, "==", 0) if target_text else None,
                                 digits=2)
            fig.reported_ok = []
            figs[key] = fig
        fig = figs[key]
        if isinstance(d.get("value"), (int, float)):
            fig.add(d["value"])
        else:
            fig.absent = f"{d.get('value')} {fig.unit}".strip()
        if d.get("ok") is not None:
            fig.reported_ok.append(bool(d["ok"]))


# ------------------------------------------------------------ the run

def program_version(binary):
    try:
        return subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "unknown version"


def check_inputs(args):
    for what, path in (("--binary", args.binary), ("--engine-bench", args.engine_bench)):
        if not os.access(path, os.X_OK):
            raise HarnessError(f"{what} {path}: no executable there")
    if args.runs < 1:
        raise HarnessError("--runs must be at least 1")


class Run:
    """Everything one benchmark run measured, and what it could not."""

    def __init__(self, args):
        self.args = args
        self.binary = os.path.abspath(args.binary)
        self.figs = main_figures(args.soak)
        self.rows = growth.row_figures()
        self.areas = growth.area_figures()
        self.derived = []
        self.errors = []  # harness errors in the optional parts: the status becomes 2
        self.notes = []
        self.peer = None
        self.picker = None
        self.guard = None
        self.text_bytes = {}
        self.soak = None
        self.drag_split = {"program": [], "xvfb": []}  # ms a round, for the drag figure's note

    def measure(self):
        scenarios.harness.BINARY = self.binary
        try:
            rows_module = rows_bench_module()
        except Exception as e:  # their module: reported, the rest goes on
            self.errors.append(f"rows_bench.py does not import: {type(e).__name__}: {first_line(e)}")
            rows_module = None
        else:
            if rows_module is None:
                self.notes.append("rows figures: Benchmarks/rows_bench.py does not exist yet; left out")
        self.guard = self.regression_guard()
        self.peer = self.peer_bench()
        self.picker = self.picker_bench()
        try:
            self.measure_rounds(rows_module)
        finally:
            if self.picker:
                self.picker.close()  # its row files
        self.derived = growth.derived_figures(self.rows, self.areas, self.text_bytes)
        self.finish_notes()

    def measure_rounds(self, rows_module):
        """The rounds on two X servers, then the soak."""
        args = self.args
        progress("writing the row files (up to 10,000,000 lines)")
        with growth.RowFiles() as files:
            self.text_bytes = {n: files.text_bytes(n) for n in growth.ROW_COUNTS}
            small = scenarios.harness.XServer()
            try:
                big = scenarios.harness.XServer(growth.SCREEN)
                try:
                    self.rounds(small, big, files, rows_module)
                finally:
                    big.stop()
                if args.soak > 0:
                    progress(f"drag soak, {args.soak:g} s")
                    self.soak = s = scenarios.soak(small, args.soak)
                    fig = self.figs["rss_drift_mib"]
                    fig.add((s["after_kib"] - s["before_kib"]) / 1024)
                    fig.note = (f"({s['before_kib'] / 1024:.1f} -> {s['after_kib'] / 1024:.1f} MiB, peak "
                                f"{s['peak_kib'] / 1024:.1f}, {s['drags']} drags)")
            finally:
                small.stop()

    def regression_guard(self):
        """The guard when --before names the build before, else None (noted)."""
        before = self.args.before
        if not before:
            self.notes.append("regression guard: no build before given (--before); left out")
            return None
        if not os.access(before, os.X_OK):
            raise HarnessError(f"--before {before}: no executable there")
        g = guard.Guard(self.binary, os.path.abspath(before), self.args.before_rev or "before")
        self.notes += [f"guard: {r.name}: skipped, {r.skipped}" for r in g.rows.values() if r.skipped]
        return g

    def peer_bench(self):
        """drawer-x11 beside Qt Quick and libadwaita (and the build before)."""
        g = self.guard
        before = g.before if g and g.peers_can_run() else None
        try:
            return peers.PeerBench(self.binary, os.path.join(HERE, "results", "peers"), before,
                                   g.peer_drop() if g else ())
        except (OSError, ValueError, RuntimeError, subprocess.SubprocessError) as e:
            self.errors.append(f"peer bench: {first_line(e)}")
            return None

    def rounds(self, small, big, files, rows_module):
        runs = self.args.runs
        progress("warm-up: a launch on each X server, a run of each peer and each picker")
        scenarios.first_frame(small)
        scenarios.frame_point(big, scenarios.GENERATED_ROWS + ["--geometry", growth.AREAS[-1]])
        self.peer_step(lambda: self.peer.warm_up())
        self.picker_step(lambda: self.picker.warm_up())
        for r in range(1, runs + 1):
            progress(f"round {r}/{runs}: launches, still window and drag at 800x600")
            own = own_round(small, self.figs)
            self.drag_split["program"].append(own["drag_program_ms"])
            self.drag_split["xvfb"].append(own["drag_xvfb_ms"])
            progress(f"round {r}/{runs}: window sizes {', '.join(growth.AREAS)}")
            area_round(big, self.areas, self.figs)
            progress(f"round {r}/{runs}: 10^2 to 10^7 rows")
            rows_round(small, files, self.rows)
            progress(f"round {r}/{runs}: EngineBench")
            engine_round(self.args.engine_bench, self.figs)
            if rows_module is not None:
                progress(f"round {r}/{runs}: rows_bench.py")
                try:
                    rows_bench_round(rows_module, self.binary, small, self.figs)
                except Exception as e:  # their module: reported, the rest goes on
                    self.errors.append(f"rows_bench.measure: {type(e).__name__}: {first_line(e)}")
                    rows_module = None
            if self.peer:
                progress(f"round {r}/{runs}: peers ({len(self.peer.apps)} apps)")
                self.peer_step(lambda: self.peer.round())
            if self.picker:
                progress(f"round {r}/{runs}: pickers (--pick, dmenu, rofi -dmenu at 10^3 to 10^6 rows; drun)")
                self.picker_step(lambda: self.picker.round())
            if self.guard:
                progress(f"round {r}/{runs}: regression guard, launches of both builds")
                self.guard.round(small, r - 1)

    def picker_bench(self):
        """drawer-x11 --pick beside dmenu and rofi -dmenu."""
        try:
            return pickers.PickerBench(self.binary, self.args.before if self.guard else None)
        except (OSError, RuntimeError) as e:
            self.errors.append(f"picker bench: {first_line(e)}")
            return None

    def picker_step(self, step):
        """Runs one picker bench call; a failure ends the picker part, noted."""
        if self.picker is None:
            return
        try:
            step()
        except (OSError, ValueError, KeyError, RuntimeError, subprocess.SubprocessError) as e:
            self.errors.append(f"picker bench: {first_line(e)}")
            self.picker.close()
            self.picker = None

    def peer_step(self, step):
        """Runs one peer bench call; a failure ends the peer part, noted."""
        if self.peer is None:
            return
        try:
            step()
        except (OSError, ValueError, RuntimeError, subprocess.SubprocessError) as e:
            self.errors.append(f"peer bench: {first_line(e)}")
            self.peer = None

    def finish_notes(self):
        if self.drag_split["program"]:
            median = statistics.median
            self.figs["drag_cpu_ms"].note = (f"(program {median(self.drag_split['program']):.0f}, "
                                             f"Xvfb {median(self.drag_split['xvfb']):.0f})")
        if self.peer is not None and self.peer.rounds:
            for fig in peers.figures(self.peer):
                self.figs[fig.key] = fig
            self.notes += peers.notes(self.peer)
            if self.guard:
                self.guard.take_peers(self.peer.rounds)
        if self.picker is not None:
            for fig in pickers.figures(self.picker):
                self.figs[fig.key] = fig
            self.errors += self.picker.errors
            if self.guard:
                self.guard.take_pickers(self.picker.rounds)

    def all_figures(self):
        out = dict(self.figs)
        for group in list(self.rows.values()) + list(self.areas.values()):
            for fig in group.values():
                out[fig.key] = fig
        for fig in self.derived:
            out[fig.key] = fig
        return out

    def to_json(self, started, finished, machine_info, version):
        return {"program": version, "binary": self.binary, "started": started, "finished": finished,
                "machine": machine_info,
                "settings": {"runs": self.args.runs, "soak": self.args.soak,
                             "first_frame_launches": FIRST_FRAME_LAUNCHES, "before": self.args.before_rev},
                "figures": {k: f.to_json() for k, f in self.all_figures().items()},
                "soak": self.soak, "text_bytes": self.text_bytes,
                "peer_runs": self.peer.rounds if self.peer else None,
                "picker_runs": [{f"{k[0]} {k[1]}": v for k, v in rnd.items()} for rnd in self.picker.rounds]
                if self.picker else None,
                "guard": self.guard.to_json() if self.guard else None,
                "notes": self.notes, "errors": self.errors}


def first_line(e):
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def report(run, machine_info, version, seconds):
    """The printed result: header, the one table, growth, notes."""
    a = run.args
    load = machine_info["load"]
    lines = [f"drawer-x11 benchmark: {version} ({run.binary})",
             f"machine: {machine.one_line(machine_info)}; 1-minute load average {load['start']:.2f} at the start, "
             f"{load['end']:.2f} at the end (other work on the machine shows here)",
             f"method: each figure is the median of {a.runs} interleaved rounds (min-max in brackets) unless its "
             f"method says otherwise; private Xvfb, no window manager; took {seconds / 60:.1f} min", ""]
    lines += run.notes
    lines += ["", main_table(list(run.figs.values())), ""]
    lines += [growth.table(run.rows, run.areas, run.derived, run.text_bytes, a.runs), ""]
    if run.guard:
        lines += [run.guard.report(a.runs), ""]
    return "\n".join(lines)


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", required=True, help="the drawer-x11 release build")
    ap.add_argument("--engine-bench", required=True, help="the EngineBench executable")
    ap.add_argument("--runs", type=int, default=3, help="interleaved rounds (default 3)")
    ap.add_argument("--soak", type=float, default=30, help="drag soak length, s; 0 skips it (default 30)")
    ap.add_argument("--before", help="the build before (make bench's BEFORE), for the regression guard")
    ap.add_argument("--before-rev", help="what the table calls the build before (its revision)")
    ap.add_argument("--json", help="write every figure here")
    ap.add_argument("--baseline", help="compare with this earlier run's JSON")
    ap.add_argument("--update-baseline", action="store_true", help="then copy --json over --baseline")
    ap.add_argument("--swift", default="swift", help="the Swift driver whose version the header names")
    return ap.parse_args()


def run_bench(args):
    check_inputs(args)
    begin = time.monotonic()
    started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    machine_info = machine.describe(args.swift)
    load_start = os.getloadavg()[0]
    version = program_version(args.binary)
    run = Run(args)
    run.measure()
    machine_info["load"] = {"start": load_start, "end": os.getloadavg()[0]}
    finished = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    print(report(run, machine_info, version, time.monotonic() - begin))
    data = run.to_json(started, finished, machine_info, version)
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    if args.baseline:
        if os.path.exists(args.baseline):
            with open(args.baseline) as f:
                print("\n".join(baseline.compare(data, json.load(f))))
        else:
            print(f"Against the baseline: {args.baseline} does not exist yet (make bench-baseline writes it)")
    figures = run.all_figures().values()
    missed = [f.name for f in figures if f.ok is False]
    targets = [f for f in figures if f.ok is not None]
    print(f"\n{len(targets) - len(missed)} of {len(targets)} targets met" +
          (f"; MISSED: {'; '.join(missed)}" if missed else ""))
    worse = run.guard.worse() if run.guard else []
    if worse:
        print(f"guard: {len(worse)} figure(s) worse than {args.before_rev} by more than 5 %")
    if run.errors:
        for e in run.errors:
            print(f"window_bench: error: {e}", file=sys.stderr)
        return 2
    if args.update_baseline and args.json and args.baseline:
        with open(args.baseline, "w") as f:
            json.dump(baseline.portable(data), f, indent=1)
            f.write("\n")
        print(f"baseline: {args.baseline} rewritten from this run, its paths relative to the checkout")
    return 1 if missed or worse else 0


def main():
    args = parse_args()
    try:
        return run_bench(args)
    except KeyboardInterrupt:
        print("window_bench: interrupted; the programs it started are stopped", file=sys.stderr)
        return 130
    except (HarnessError, AssertionError, RuntimeError, OSError, ValueError, KeyError,
            subprocess.SubprocessError) as e:
        print(f"window_bench: error: {type(e).__name__}: {first_line(e)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
