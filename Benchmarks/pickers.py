"""drawer-x11 --pick beside dmenu and rofi -dmenu, at 10^3, 10^5 and 10^6 rows,
and drun beside rofi -show drun (drun.py).

Each picker runs with its defaults, its rows from a pipe (`cat FILE |`,
FILE being `seq N`).

One launch: a private 1280x800 Xvfb whose framebuffer the bench reads
(xscreen.py), the pointer parked in the bottom-right corner, then:

  * first paint: fork to the first read of the picker's window (the first
    one mapped) whose pixels are not all one colour;
  * the window is left until its pixels have kept still for LOADED_STILL s
    (every row read: the row counts stop changing);
  * once a key would reach it (the focus is in its window, or it holds a
    keyboard grab), the query, the longest run of 9s that is a row (999,
    99999, 999999), goes in one key at a time through XTest; a key's repaint is the time from just before
    the key is sent to the first read of the window that differs from
    the one before it, leaving out a caret's blink (a change at most 4 px
    wide and 48 px tall); the next key goes once the window has kept
    still for KEY_STILL s;
  * peak RSS: VmHWM just before Return;
  * session CPU: the picker's user + system time from wait4 after Return,
    every thread, from its start;
  * the picker must print the row equal to the query.

A round runs every size, and within it each picker, in an order that
turns by one each round. Ratios are drawer-x11's figure over the peer's
from the same round.
"""

import os
import select
import statistics
import subprocess
import tempfile
import time

import drun
import xscreen
from figures import Figure, at_most, below
from scenarios import harness

SCREEN = "1280x800x24"
SIZES = (1000, 100000, 1000000)
BIG = SIZES[-1]
START_TIMEOUT = 30.0
LOADED_STILL = 1.0
LOAD_TIMEOUT = 60.0
INPUT_TIMEOUT = 5.0
KEY_STILL = 0.5
KEY_TIMEOUT = 30.0
EXIT_TIMEOUT = 10.0
CARET = (4, 48)  # the widest and tallest change that is a caret's blink, px

OURS = "drawer-x11"
# The build before (make bench's BEFORE), picked in the same rounds for the
# regression guard's picker rows (guard.take_pickers).
BEFORE = "before"
PEERS = {"dmenu": "dmenu", "rofi": "rofi -dmenu"}


def _size(n):
    return {1000: "10^3", 100000: "10^5", 1000000: "10^6"}.get(n, str(n))


def query(n):
    """The longest run of 9s that is one of the rows 1..n."""
    q = "9"
    while int(q + "9") <= n:
        q += "9"
    return q


def commands(binary, before=None):
    out = {OURS: [binary, "--pick"], "dmenu": ["dmenu"], "rofi": ["rofi", "-dmenu"]}
    if before:
        out[BEFORE] = [before, "--pick"]
    return out


class RowFiles:
    """`seq N` for each size, in a temporary directory, written once."""

    def __init__(self):
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-bench-pick-")
        self.paths = {}
        for n in SIZES:
            path = os.path.join(self.dir.name, f"seq-{n}")
            with open(path, "w") as f:
                f.write("".join(f"{i}\n" for i in range(1, n + 1)))
            self.paths[n] = path

    def close(self):
        self.dir.cleanup()


def _is_caret(box):
    return box is not None and box[2] - box[0] <= CARET[0] and box[3] - box[1] <= CARET[1]


class Launch:
    """One picker run on one X server, read through the framebuffer."""

    def __init__(self, screen, watch, proc, win):
        self.screen, self.watch, self.proc, self.win = screen, watch, proc, win
        self.pixels = screen.grab(win)

    def look(self):
        """Reads the window; returns (time of the read, whether it changed
        beyond a caret) and keeps the read as the latest."""
        pixels = self.screen.grab(self.win)
        at = time.monotonic()
        if pixels == self.pixels:
            return at, False
        box = xscreen.change_box(self.pixels, pixels)
        self.pixels = pixels
        return at, not _is_caret(box)

    def first_change(self, since, deadline):
        """The first read after `since` that changed beyond a caret."""
        while time.monotonic() < deadline:
            at, changed = self.look()
            if changed:
                return at
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.proc.args[0]} exited {self.proc.returncode} while the bench waited")
            time.sleep(0.0005)  # polling the framebuffer, bounded by the deadline
        raise RuntimeError(f"{self.proc.args[0]}: no repaint within {deadline - since:.0f} s")

    def still(self, span, deadline):
        """Waits until the window has not changed (beyond a caret) for `span` s."""
        changed = time.monotonic()
        while time.monotonic() < deadline:
            at, moved = self.look()
            if moved:
                changed = at
            elif at - changed >= span:
                return
            time.sleep(0.005)  # polling the framebuffer, bounded by the deadline
        raise RuntimeError(f"{self.proc.args[0]}: the window did not keep still for {span:g} s")


def _wait_first_paint(screen, watch, proc, deadline):
    win, _ = watch.wait_map(proc, deadline)
    while True:
        win = watch.refresh(win)
        if not xscreen.one_colour(screen.grab(win)):
            return win, time.monotonic()
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited {proc.returncode} before its first paint")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{proc.args[0]} drew nothing but one colour in {START_TIMEOUT:g} s")
        time.sleep(0.0005)  # polling the framebuffer, bounded by the deadline


def _wait_input(watch, win, proc):
    deadline = time.monotonic() + INPUT_TIMEOUT
    while not watch.can_type(win):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"{proc.args[0]} took neither the focus nor a keyboard grab")
        time.sleep(0.001)  # polling the focus, bounded by the deadline


def _finish(proc, timeout=EXIT_TIMEOUT):
    """The picker's output, exit status and resource usage once it exits
    (wait4, which the bench needs for its CPU time)."""
    out, deadline = b"", time.monotonic() + timeout
    fd = proc.stdout.fileno()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise RuntimeError(f"{proc.args[0]} still running {timeout:g} s after Return")
        if select.select([fd], [], [], left)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:
                break  # closed: the picker has exited or is exiting
            out += chunk
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            raise RuntimeError(f"{proc.args[0]} closed its output but did not exit")
        time.sleep(0.002)  # polling the exit, bounded by the deadline
    proc.returncode = os.waitstatus_to_exitcode(status)
    harness._live.pop(proc.pid, None)
    return out, proc.returncode, usage


def run_pick(name, argv, rows_path, n):
    """One pick: the picker's figures at `n` rows, as a dict."""
    screen = xscreen.Screen(SCREEN)
    watch = cat = proc = None
    home = tempfile.TemporaryDirectory(prefix="drawer-bench-home-")
    try:
        watch = screen.watch()
        screen.server.run("xdotool", "mousemove", str(screen.width - 1), str(screen.height - 1))
        os.makedirs(os.path.join(home.name, "run"), mode=0o700)
        os.makedirs(os.path.join(home.name, "config"))
        # No user configuration (rofi's, fontconfig's), a private runtime
        # directory (rofi's pid file): each picker as installed.
        env = screen.env(XDG_RUNTIME_DIR=os.path.join(home.name, "run"),
                         XDG_CONFIG_HOME=os.path.join(home.name, "config"))
        env.pop("WAYLAND_DISPLAY", None)
        cat = harness._spawn(["cat", rows_path], stdout=subprocess.PIPE)
        start = time.monotonic()
        proc = harness._spawn(argv, env=env, stdin=cat.stdout, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        cat.stdout.close()
        win, painted = _wait_first_paint(screen, watch, proc, start + START_TIMEOUT)
        launch = Launch(screen, watch, proc, win)
        launch.still(LOADED_STILL, time.monotonic() + LOAD_TIMEOUT)
        _wait_input(watch, win, proc)
        keys = []
        for digit in query(n):
            sent = watch.key(digit)
            keys.append((launch.first_change(sent, sent + KEY_TIMEOUT) - sent) * 1000)
            launch.still(KEY_STILL, time.monotonic() + KEY_TIMEOUT)
        hwm = xscreen.status_kib(proc.pid, "VmHWM")
        watch.key("Return")
        out, status, usage = _finish(proc)
        printed = out.decode(errors="replace").strip()
        if status != 0 or printed != query(n):
            raise RuntimeError(f"{name} at {n} rows printed {printed[:40]!r} with status {proc.returncode}, "
                               f"not {query(n)!r}")
        return {"first_paint_ms": (painted - start) * 1000, "keys_ms": keys, "slowest_key_ms": max(keys),
                "hwm_kib": hwm, "cpu_ms": (usage.ru_utime + usage.ru_stime) * 1000}
    finally:
        tear_down((proc, cat), watch, screen, home)


def tear_down(procs, watch, screen, home):
    """Stops a launch's processes (closing their output), its watch, its
    X server and its private home, whatever of them was made."""
    for p in procs:
        if p is not None:
            if p.stdout:
                p.stdout.close()
            harness._stop(p)
    if watch is not None:
        watch.close()
    screen.stop()
    home.cleanup()


class PickerBench:
    """The three pickers, and the build before when given, at every size, a
    round at a time; `rounds` holds each round's records by (picker, size)."""

    def __init__(self, binary, before=None):
        self.commands = commands(os.path.abspath(binary), before and os.path.abspath(before))
        for name, argv in self.commands.items():
            if name not in (OURS, BEFORE) and not any(os.access(os.path.join(d, argv[0]), os.X_OK)
                                        for d in os.environ.get("PATH", "").split(os.pathsep)):
                raise RuntimeError(f"{argv[0]} is not installed (make deps-bench)")
        self.files = RowFiles()
        self.rounds = []
        # drun beside rofi -show drun (drun.py): its failure ends that part
        # alone, kept in `errors` for the bench's report.
        self.errors = []
        self.drun = None
        try:
            self.drun = drun.DrunBench(binary)
        except (OSError, RuntimeError) as e:
            self.errors.append(f"drun bench: {e}")

    def warm_up(self):
        """One pick of each picker at the smallest size, and a drun launch
        of each launcher, left out."""
        for name, argv in self.commands.items():
            run_pick(name, argv, self.files.paths[SIZES[0]], SIZES[0])
        self._drun_step(lambda: self.drun.warm_up())

    def round(self):
        names = list(self.commands)
        turn = len(self.rounds) % len(names)
        records = {}
        for n in SIZES:
            for name in names[turn:] + names[:turn]:
                records[(name, n)] = run_pick(name, self.commands[name], self.files.paths[n], n)
        self.rounds.append(records)
        self._drun_step(lambda: self.drun.round())

    def _drun_step(self, step):
        if self.drun is None:
            return
        try:
            step()
        except (OSError, ValueError, KeyError, RuntimeError, subprocess.SubprocessError) as e:
            self.errors.append(f"drun bench: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
            self.drun.close()
            self.drun = None

    def close(self):
        self.files.close()
        if self.drun is not None:
            self.drun.close()


# key, what, size, record -> value, unit, digits, whether drawer-x11 must be ahead of both
QUANTITIES = [
    (f"first_paint_{n}", f"first paint, {_size(n)} rows", n, lambda r: r["first_paint_ms"], "ms", 1, n != SIZES[0])
    for n in SIZES
] + [
    ("slowest_key", f"slowest key to repaint, {_size(BIG)} rows", BIG, lambda r: r["slowest_key_ms"], "ms", 1, True),
    ("peak_rss", f"peak RSS, {_size(BIG)} rows", BIG, lambda r: r["hwm_kib"] / 1024, "MiB", 1, True),
    ("session_cpu", f"picker CPU, whole session, {_size(BIG)} rows", BIG, lambda r: r["cpu_ms"], "ms", 0, True),
]

METHODS = {
    "first_paint": "fork to the first framebuffer read of its window not all one colour; rows from a pipe",
    "slowest_key": "the slowest key of the query, XTest key to the first read of the window that changed",
    "peak_rss": "VmHWM just before Return",
    "session_cpu": "wait4 user + system time: start, every row read, the query's keys, Return",
}


def figures(bench):
    """drawer-x11's own figure and its ratio to each peer, per quantity:
    ahead (a ratio under 1) is the target at 10^5 and 10^6 rows, and not
    behind dmenu's first paint at 10^3."""
    out = []
    for key, what, size, value, unit, digits, ahead in QUANTITIES:
        method = METHODS["first_paint" if key.startswith("first_paint") else key]
        own = Figure(f"picker.{key}", f"picker: {what}, drawer-x11", unit, method, digits=digits)
        for rnd in bench.rounds:
            own.add(value(rnd[(OURS, size)]))
        out.append(own)
        for peer, label in PEERS.items():
            theirs = statistics.median(value(r[(peer, size)]) for r in bench.rounds)
            target = below(1, "x") if ahead else at_most(1, "x") if peer == "dmenu" else None
            ratio = Figure(f"picker.{key}.vs.{peer}", f"picker: {what}, drawer-x11 / {label}", "x",
                           f"ratio within each round; {label}: median {theirs:,.{digits}f} {unit}",
                           digits=2, target=target)
            for rnd in bench.rounds:
                if value(rnd[(peer, size)]) > 0:
                    ratio.add(value(rnd[(OURS, size)]) / value(rnd[(peer, size)]))
            out.append(ratio)
    if bench.drun is not None and bench.drun.rounds:
        out += drun.figures(bench.drun)
    return out
