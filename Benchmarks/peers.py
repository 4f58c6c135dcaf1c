"""drawer-x11 beside its desktop peers, through the shared peer bench
(PEER_BENCH: its run-all and x11-peer-bench, run as tools, never copied).

drawer-x11 joins a copy of the bench's apps.json (in a temporary
directory, pointing at the binary by its absolute path). Each round calls
run-all for one interleaved round of every app, so the peers' rounds fall
between this benchmark's own rounds; a warm-up round comes first and is
left out. Ratios are taken within a round (drawer-x11's figure over the
peer's from the same round) and summarised like every other figure.
"""

import json
import os
import signal
import subprocess
import time

from figures import Figure, at_most

OURS = "drawer-x11"
# Peer name in apps.json -> how the table names it.
PEERS = {"qml-drawer": "Qt Quick Drawer", "adw-flap": "libadwaita Flap", "xlogo-baseline": "xlogo floor"}
# Generous bound on one app's run in x11-peer-bench (about 13 s each here).
SECONDS_PER_APP = 120
# How long run-all and x11-peer-bench get to stop their programs after SIGINT.
STOP_GRACE = 15


def entry(binary):
    """drawer-x11's line in the apps copy: the peers' 800x600 window and
    420 px drawer, dragged by its grabber from y=198 to y=560."""
    return {"name": OURS, "window_name": "^drawer-x11$",
            "command": [os.path.abspath(binary), "--geometry", "800x600", "--partial-height", "420"],
            "drag_from": "400,198", "drag_to": "400,560"}


# ------------------------------------------------------------ processes

def _stat(pid):
    """(parent pid, start time in ticks) of `pid`, or None once it is gone
    (a zombie counts as gone: it has run its course)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    if fields[0] in ("Z", "X"):
        return None
    return int(fields[1]), int(fields[19])


def _tree(root):
    """`root` and every live descendant, as {pid: (parent, start time)}: a
    pid is only signalled later if it still names the same process."""
    parents = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            st = _stat(int(name))
            if st:
                parents.setdefault(st[0], []).append(int(name))
    found, todo = {}, [root]
    while todo:
        pid = todo.pop()
        st = _stat(pid)
        if st and pid not in found:
            found[pid] = st
            todo += parents.get(pid, [])
    return found


def _signal(pid, sig, started=None):
    """Sends `sig` to `pid` if it still runs (and started at `started`)."""
    st = _stat(pid)
    if st and (started is None or st[1] == started):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


def _stop(proc):
    """Stops run-all and everything under it. run-all is frozen first so it
    starts nothing new; each x11-peer-bench under it gets SIGINT, which
    it unwinds from by stopping its app and its Xvfb (in sessions of their
    own) and removing its temporary files; then run-all is killed, and
    whatever of the tree seen at the start still runs STOP_GRACE later
    gets SIGKILL."""
    tree = _tree(proc.pid)
    _signal(proc.pid, signal.SIGSTOP)
    runners = [pid for pid, (parent, _) in tree.items() if parent == proc.pid]
    for pid in runners:
        _signal(pid, signal.SIGINT, tree[pid][1])
    deadline = time.monotonic() + STOP_GRACE
    while any(_stat(pid) for pid in runners) and time.monotonic() < deadline:
        time.sleep(0.05)  # polling their exit, bounded by the deadline
    _signal(proc.pid, signal.SIGKILL)
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        pass
    for pid, (_, started) in tree.items():
        _signal(pid, signal.SIGKILL, started)


# ------------------------------------------------------------ the bench

class PeerBench:
    """One tag's worth of run-all calls; `rounds` holds, per measured
    round, each app's x11-peer-bench record by name."""

    def __init__(self, root, binary, tmpdir):
        self.root = os.path.abspath(root)
        with open(os.path.join(self.root, "apps.json")) as f:
            apps = [a for a in json.load(f) if a.get("name") != OURS]
        missing = [name for name in PEERS if name not in {a.get("name") for a in apps}]
        if missing:
            raise RuntimeError(f"{self.root}/apps.json lacks {', '.join(missing)}")
        apps.append(entry(binary))
        self.apps_path = os.path.join(tmpdir, "apps.json")
        with open(self.apps_path, "w") as f:
            json.dump(apps, f, indent=1)
        self.count = len(apps)
        self.tag = f"drawer-x11-bench-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
        self.raw = os.path.join(self.root, "results", f"raw-{self.tag}.jsonl")
        self.summary = os.path.join(self.root, "results", f"summary-{self.tag}.md")
        self.rounds = []

    def _lines(self):
        try:
            with open(self.raw) as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def _run_all(self, runs, warmup):
        """One run-all call; returns the records it added."""
        before = len(self._lines())
        argv = [os.path.join(self.root, "run-all"), "--apps", self.apps_path, "--runs", str(runs),
                "--warmup", str(warmup), "--tag", self.tag]
        proc = subprocess.Popen(argv, cwd=self.root, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            _, err = proc.communicate(timeout=SECONDS_PER_APP * self.count * (runs + warmup) + 30)
        except BaseException:
            _stop(proc)
            raise
        if proc.returncode != 0:
            raise RuntimeError(f"run-all exited {proc.returncode}: {err.strip().splitlines()[-1:]}")
        return self._lines()[before:]

    def warm_up(self):
        """One round that the figures leave out (page and font caches)."""
        self._run_all(0, 1)

    def round(self):
        """One measured round of every app; a failed app run is an error."""
        records = self._run_all(1, 0)
        failed = [f"{r.get('name')}: {r['error']}" for r in records if "error" in r]
        if failed:
            raise RuntimeError("x11-peer-bench failed for " + "; ".join(failed))
        self.rounds.append({r["name"]: r for r in records})


# ------------------------------------------------------------ figures

def _drag_cpu(r):
    """CPU of the app and of Xvfb from the press to 1.5 s after the release."""
    return r["drag_cpu_ms"] + r["drag_xvfb_cpu_ms"]


# key, what, record -> value, unit in the table, digits, direction
QUANTITIES = [
    ("first_paint", "first paint", lambda r: r["startup_paint_ms"], "ms", 1, "lower"),
    ("rss", "RSS after start", lambda r: r["rss_kb"] / 1024, "MiB", 1, "lower"),
    ("drag_cpu", "drag CPU, app + Xvfb", _drag_cpu, "ms", 0, "lower"),
    ("drag_frames", "frames during the drag", lambda r: r["drag_frames"], "frames", 0, "higher"),
]

METHODS = {
    "first_paint": "x11-peer-bench startup_paint_ms: launch to the first frame whose window pixels are not all "
                   "one colour (Xvfb -fbdir, polled every ms)",
    "rss": "x11-peer-bench rss_kb: VmRSS once the screen has been still for 300 ms after a 1 s settle",
    "drag_cpu": "x11-peer-bench drag_cpu_ms + drag_xvfb_cpu_ms (10 ms ticks): press, 120 motions over 2 s, "
                "release, 1.5 s",
    "drag_frames": "x11-peer-bench drag_frames: DAMAGE bursts on the root from press to release",
}

# (quantity, peer) -> the target on drawer-x11's ratio to that peer.
RATIO_TARGETS = {("first_paint", "qml-drawer"): at_most(0.15, "x"),
                 ("drag_cpu", "qml-drawer"): at_most(0.3, "x"),
                 ("drag_cpu", "xlogo-baseline"): at_most(4, "x")}
ABSOLUTE_TARGETS = {"rss": at_most(16, " MiB")}


def _median_text(values, unit, digits):
    values = sorted(values)
    if not values:
        return "none"
    mid = len(values) // 2
    m = values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2
    return f"{m:,.{digits}f} {unit}"


def figures(bench):
    """drawer-x11's own figure and its ratio to each peer, per quantity,
    from the rounds in which both ran."""
    out = []
    for key, what, value, unit, digits, better in QUANTITIES:
        own = Figure(f"peers.{key}", f"peer harness: {what}, drawer-x11", unit, METHODS[key], better=better,
                     digits=digits, target=ABSOLUTE_TARGETS.get(key))
        for rnd in bench.rounds:
            if OURS in rnd:
                own.add(value(rnd[OURS]))
        out.append(own)
        for peer, label in PEERS.items():
            theirs = [value(r[peer]) for r in bench.rounds if peer in r]
            ratio = Figure(f"peers.{key}.vs.{peer}", f"peer harness: {what}, drawer-x11 / {label}", "x",
                           f"ratio within each round; {label}: {_median_text(theirs, unit, digits)}",
                           better=better, digits=2, target=RATIO_TARGETS.get((key, peer)))
            for rnd in bench.rounds:
                if OURS in rnd and peer in rnd and value(rnd[peer]):
                    ratio.add(value(rnd[OURS]) / value(rnd[peer]))
            if not ratio.samples and theirs:
                ratio.absent = f"none: {label} drew {_median_text(theirs, unit, digits)}"
            out.append(ratio)
    return out
