"""drawer-x11 beside its desktop peers, each run alike in windows of one geometry.

The peers: a Qt Quick Controls Drawer and a libadwaita Flap
(Benchmarks/peers/), with xlogo as the floor.

One run of one app: a private 1280x800 Xvfb whose framebuffer the bench
reads (xscreen.py), the pointer parked in the bottom-right corner, then:

  * time to map: fork to the MapNotify of its first top-level window;
  * first paint: fork to the first read of that window's pixels that are
    not all one colour (a background fill on map is one colour; every 4th
    row is looked at, about once a millisecond);
  * RSS after start: VmRSS once the window has kept the same pixels for
    SETTLE_STILL s, at least SETTLE_MIN s after the first paint (Qt and
    libadwaita slide their drawer in);
  * drag CPU: schedstat of every thread of the app, and of Xvfb, from just
    before one xdotool run (press at 400,198, 120 motions over 2 s to
    400,560, release) to DRAG_SETTLE s after it returns.

A round runs every app once, in an order that turns by one each round, so
no app always follows the same one; the build before, when the guard has
one, runs next to this build. Ratios are taken within a round.
drawer-x11 joins with `--geometry 800x600 --partial-height 420 --rows 200`:
its drawer's top at y=180, as both peers' open drawer.
"""

import os
import subprocess
import tempfile
import time

import xscreen
from figures import Figure, at_most
from scenarios import drag_script, harness

HERE = os.path.dirname(os.path.abspath(__file__))
SCREEN = "1280x800x24"
START_TIMEOUT = 30.0
SETTLE_MIN = 1.0
SETTLE_STILL = 0.3
SETTLE_MAX = 10.0
DRAG_FROM, DRAG_TO, DRAG_X = 198, 560, 400
DRAG_STEPS, DRAG_SECONDS, DRAG_SETTLE = 120, 2.0, 1.5
QML = "/usr/lib/qt6/bin/qml"
PYTHON = "/usr/bin/python3"  # Debian's, the one python3-gi is built for

OURS = "drawer-x11"
# Peer key -> how the table names it.
PEERS = {"qt-drawer": "Qt Quick Drawer", "adw-flap": "libadwaita Flap", "xlogo": "xlogo floor"}


class App:
    """One program the peer bench runs: its name, argv and extra environment."""

    def __init__(self, name, argv, env=None):
        self.name, self.argv, self.env = name, argv, env or {}


def drawer_x11(name, binary, drop=()):
    """drawer-x11 in the peers' geometry; `drop`: flags (with their values)
    an old build lacks."""
    flags = [("--geometry", "800x600"), ("--partial-height", "420"), ("--rows", "200")]
    return App(name, [binary] + [w for f in flags if f[0] not in drop for w in f])


def peer_apps():
    """The peers: Qt Quick and libadwaita in software rendering, and xlogo."""
    return [
        App("qt-drawer", [QML, os.path.join(HERE, "peers", "qt_drawer.qml")],
            {"QT_QPA_PLATFORM": "xcb", "QT_QUICK_BACKEND": "software"}),
        App("adw-flap", [PYTHON, os.path.join(HERE, "peers", "adw_flap.py")],
            {"GDK_BACKEND": "x11", "GSK_RENDERER": "cairo"}),
        App("xlogo", ["xlogo", "-geometry", "800x600+0+0"]),
    ]


def check_peers():
    """Raises RuntimeError naming what a peer needs and this machine lacks."""
    if not os.access(QML, os.X_OK):
        raise RuntimeError(f"{QML} is missing (qml-qt6; make deps-bench)")
    probe = subprocess.run([PYTHON, "-c", "import gi; gi.require_version('Adw', '1'); "
                            "gi.require_version('Gtk', '4.0'); from gi.repository import Adw"],
                           capture_output=True, text=True, timeout=30)
    if probe.returncode != 0:
        raise RuntimeError("libadwaita's Python binding does not load (gir1.2-adw-1; make deps-bench): "
                           + (probe.stderr.strip().splitlines() or ["?"])[-1])


def _wait_first_paint(screen, watch, win, proc, deadline):
    """The time of the first read in which the window is not one colour."""
    while True:
        if not xscreen.one_colour(screen.grab(win)):
            return time.monotonic()
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited {proc.returncode} before its first paint")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{proc.args[0]} drew nothing but one colour in {START_TIMEOUT:g} s")
        win = watch.refresh(win)
        time.sleep(0.001)  # polling the framebuffer, bounded by the deadline


def _wait_still(screen, win, since):
    """Waits until the window has kept its pixels for SETTLE_STILL s, at
    least SETTLE_MIN s after `since`, at most SETTLE_MAX s; whether it did."""
    last, changed = screen.grab(win), time.monotonic()
    end = since + SETTLE_MIN + SETTLE_MAX
    while time.monotonic() < end:
        time.sleep(0.02)  # the still window's pace; bounded by `end`
        now_pixels, now = screen.grab(win), time.monotonic()
        if now_pixels != last:
            last, changed = now_pixels, now
        elif now - changed >= SETTLE_STILL and now - since >= SETTLE_MIN:
            return True
    return False


def run_app(app, log_dir):
    """One run of one app on a fresh X server: a dict of its figures."""
    screen = xscreen.Screen(SCREEN)
    proc = watch = None
    log = open(os.path.join(log_dir, f"{app.name}.log"), "ab")
    runtime = tempfile.TemporaryDirectory(prefix="drawer-bench-run-")
    try:
        watch = screen.watch()
        w, h = screen.width, screen.height
        screen.server.run("xdotool", "mousemove", str(w - 1), str(h - 1))
        env = screen.env(XDG_RUNTIME_DIR=runtime.name, **app.env)
        env.pop("WAYLAND_DISPLAY", None)
        start = time.monotonic()
        proc = harness._spawn(app.argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=log)
        deadline = start + START_TIMEOUT
        win, mapped = watch.wait_map(proc, deadline)
        painted = _wait_first_paint(screen, watch, win, proc, deadline)
        win = watch.refresh(win)
        still = _wait_still(screen, win, painted)
        rss = xscreen.status_kib(proc.pid, "VmRSS")
        before_drag = screen.grab(win)
        x, y0, y1 = win.x + DRAG_X, win.y + DRAG_FROM, win.y + DRAG_TO
        screen.server.run("xdotool", "mousemove", str(x), str(y0))
        time.sleep(0.3)  # the pointer's arrival drawn and done with before the count
        program, server = xscreen.cpu_ns(proc.pid), xscreen.cpu_ns(screen.pid)
        words = drag_script(x, y0, y1, DRAG_STEPS, DRAG_SECONDS)[3:]  # the pointer is already there
        screen.server.run("xdotool", *map(str, words), timeout=DRAG_SECONDS + 20)
        time.sleep(DRAG_SETTLE)  # the snap after the release belongs to the drag's cost
        program, server = xscreen.cpu_ns(proc.pid) - program, xscreen.cpu_ns(screen.pid) - server
        if proc.poll() is not None:
            raise RuntimeError(f"{app.name} exited {proc.returncode} during the drag")
        box = xscreen.change_box(before_drag, screen.grab(win))
        moved = 0.0 if box is None else (box[2] - box[0]) * (box[3] - box[1]) / (win.width * win.height)
        return {"name": app.name, "map_ms": (mapped - start) * 1000, "first_paint_ms": (painted - start) * 1000,
                "rss_kib": rss, "drag_program_ms": program / 1e6, "drag_xvfb_ms": server / 1e6,
                "settled": still, "drag_changed": moved, "window": repr(win)}
    finally:
        if proc is not None:
            harness._stop(proc)
        if watch is not None:
            watch.close()
        screen.stop()
        log.close()
        runtime.cleanup()


class PeerBench:
    """drawer-x11 (this build, and the build before when given) and the
    peers, run in rounds; `rounds` holds each round's records by name."""

    def __init__(self, binary, log_dir, before=None, before_drop=()):
        check_peers()
        self.apps = [drawer_x11(OURS, binary)] + peer_apps()
        if before is not None:
            self.apps.append(drawer_x11("before", before, before_drop))
        self.log_dir = log_dir
        os.makedirs(log_dir, exist_ok=True)
        for app in self.apps:  # each bench's runs append to fresh logs
            with open(os.path.join(log_dir, f"{app.name}.log"), "wb"):
                pass
        self.rounds = []

    def _order(self, turn):
        """The apps in the order of round `turn`: the list turned by one a
        round, with the two builds of drawer-x11 kept side by side (their
        order swapped every other round), so the guard compares runs made
        moments apart."""
        units = [[a for a in self.apps if a.name in (OURS, "before")]]
        units += [[a] for a in self.apps if a.name not in (OURS, "before")]
        k = turn % len(units)
        order = []
        for unit in units[k:] + units[:k]:
            order += unit[::-1] if turn % 2 else unit
        return order

    def warm_up(self):
        """A run of each app that no figure uses (page and font caches)."""
        for app in self.apps:
            run_app(app, self.log_dir)

    def round(self):
        records = {}
        for app in self._order(len(self.rounds)):
            records[app.name] = run_app(app, self.log_dir)
        self.rounds.append(records)


# ------------------------------------------------------------ figures

def _drag_cpu(r):
    return r["drag_program_ms"] + r["drag_xvfb_ms"]


# key, what, record -> value, unit, digits
QUANTITIES = [
    ("first_paint", "first paint", lambda r: r["first_paint_ms"], "ms", 1),
    ("map", "time to map", lambda r: r["map_ms"], "ms", 1),
    ("rss", "RSS after start", lambda r: r["rss_kib"] / 1024, "MiB", 1),
    ("drag_cpu", "drag CPU, app + Xvfb", _drag_cpu, "ms", 0),
]

METHODS = {
    "first_paint": "fork to the first read of the window's framebuffer pixels that are not all one colour",
    "map": "fork to the MapNotify of its first top-level window",
    "rss": "VmRSS once the window kept its pixels 0.3 s, at least 1 s after its first paint",
    "drag_cpu": "schedstat of the app's threads and of Xvfb: 120 XTest motions over 2 s from 400,198 to "
                "400,560, and 1.5 s",
}

# (quantity, peer) -> the bound on drawer-x11's ratio to that peer.
RATIO_TARGETS = {("first_paint", "qt-drawer"): at_most(0.15, "x"),
                 ("drag_cpu", "qt-drawer"): at_most(0.3, "x"),
                 ("drag_cpu", "xlogo"): at_most(4, "x")}
ABSOLUTE_TARGETS = {"rss": at_most(16, " MiB")}


def _median(values):
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def figures(bench):
    """drawer-x11's own figure and its ratio to each peer, per quantity."""
    out = []
    for key, what, value, unit, digits in QUANTITIES:
        own = Figure(f"peers.{key}", f"peers: {what}, drawer-x11", unit, METHODS[key], digits=digits,
                     target=ABSOLUTE_TARGETS.get(key))
        for rnd in bench.rounds:
            own.add(value(rnd[OURS]))
        out.append(own)
        for peer, label in PEERS.items():
            theirs = [value(r[peer]) for r in bench.rounds]
            ratio = Figure(f"peers.{key}.vs.{peer}", f"peers: {what}, drawer-x11 / {label}", "x",
                           f"ratio within each round; {label}: median {_median(theirs):,.{digits}f} {unit}",
                           digits=2, target=RATIO_TARGETS.get((key, peer)))
            for rnd in bench.rounds:
                if value(rnd[peer]) > 0:
                    ratio.add(value(rnd[OURS]) / value(rnd[peer]))
            if not ratio.samples:
                ratio.absent = f"none: {label} measured 0 {unit}"
            out.append(ratio)
    return out


def notes(bench):
    """Lines for what a figure cannot show: a window that never kept still,
    or a drag that moved nothing."""
    out = []
    for i, rnd in enumerate(bench.rounds, 1):
        for name, r in rnd.items():
            if not r["settled"]:
                out.append(f"peers: round {i}: {name} never kept still for {SETTLE_STILL:g} s; its RSS was taken "
                           f"{SETTLE_MAX:g} s after the first paint")
            if name != "xlogo" and r["drag_changed"] == 0:
                out.append(f"peers: round {i}: {name}'s window looked the same after the drag as before it")
    return out
