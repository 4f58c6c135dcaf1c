"""One run of each real-window measurement, on a private Xvfb through the
UI suite's harness (Tests/UI/harness.py): a launch, a still window, a drag.

Every wait has a deadline (the harness raises AssertionError past it), and
every program started here is stopped by its process id when the run ends,
fails or is interrupted. CPU time is read from /proc/PID/task/*/schedstat
(nanoseconds, all threads); memory from VmRSS in /proc/PID/status.
"""

import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "UI"))
import harness  # noqa: E402  (the real-window test harness: Xvfb, launch, events)
from damage import DamageMeter  # noqa: E402

# The look every run has: a shadow and a border, as a styled panel would.
LOOK = ["--shadow-opacity", "0.35", "--shadow-radius", "14", "--border-thickness", "1"]
GENERATED_ROWS = ["--rows", "200"]
# The drag: the header from the partial position most of the way up,
# 120 XTest motions over 2 s, released in motion.
DRAG_STEPS = 120
DRAG_SECONDS = 2.0
IDLE_SECONDS = 5.0
READY_TIMEOUT = 30.0
LOAD_TIMEOUT = 120.0
SETTLE_TIMEOUT = 10.0


def cpu_ns(pid):
    """On-CPU time of every live thread of `pid`, ns; 0 once it is gone."""
    total = 0
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended between the listing and the read
    return total


def rss_kib(pid):
    """VmRSS of `pid`, KiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def launch(server, flags, stdin=subprocess.DEVNULL):
    """Starts the program with `flags` and `--events`; returns the app, the
    monotonic time just before the fork, and the ms from then to its `ready`
    line (the program prints it once the first frame is presented)."""
    start = time.monotonic()
    app = harness.App(server, *flags, stdin=stdin)
    try:
        app.wait_ready(timeout=READY_TIMEOUT)
    except BaseException:
        app.stop()
        raise
    ready = next(e for e in app.events if e["event"] == "ready")
    return app, start, (ready["_t"] - start) * 1000


def drag_script(x, y0, y1, steps, seconds):
    """xdotool's words for press, `steps` motions `seconds` apart in all, release."""
    words = ["mousemove", x, y0, "mousedown", "1"]
    for i in range(1, steps + 1):
        y = round(y0 + (y1 - y0) * i / steps)
        words += ["sleep", f"{seconds / steps:.4f}", "mousemove", x, y]
    return words + ["mouseup", "1"]


def drag(server, app, steps=DRAG_STEPS, seconds=DRAG_SECONDS):
    """Drags the header from where it rests 80% of the way to the top in one
    xdotool run and waits until the panel settles; returns the detent it
    settled at."""
    ox, oy = app.origin
    top = app.drawer_top
    x = ox + app.width // 2 + 120
    app.mark()
    words = drag_script(x, oy + top + 20, oy + top + 20 - int(top * 0.8), steps, seconds)
    server.run("xdotool", *map(str, words), timeout=seconds + 20)
    return app.settle(timeout=SETTLE_TIMEOUT)["to"]


def quit_with_stats(app):
    """Quits with q; returns the frameStats line (--frame-stats), whose
    frames are those presented after the first one."""
    mark = app.mark()
    app.key("q")
    app.wait_exit(5)
    for ev in app.events[mark:]:
        if ev.get("event") == "frameStats":
            return ev
    raise RuntimeError("the program printed no frameStats line on quitting")


def first_frame(server):
    """ms from fork to `ready` for the 800x600 window with 200 rows."""
    app, _, ms = launch(server, LOOK + GENERATED_ROWS)
    app.stop()
    return ms


def still_and_drag(server):
    """The 800x600 window with 200 rows: RSS after `ready`; CPU over
    IDLE_SECONDS with no input; CPU of the program and of Xvfb from the
    press to the end of the settle; frames drawn for the same drag in a
    second window. The CPU is measured without --frame-stats, which waits
    for the server after every frame to time it."""
    app, _, _ = launch(server, LOOK + GENERATED_ROWS)
    try:
        pid = app.proc.pid
        rss = rss_kib(pid)
        before = cpu_ns(pid)
        app.quiet((), IDLE_SECONDS)  # the measurement itself: nothing happens
        idle = cpu_ns(pid) - before
        program, server_cpu = cpu_ns(pid), cpu_ns(server.proc.pid)
        drag(server, app)
        program, server_cpu = cpu_ns(pid) - program, cpu_ns(server.proc.pid) - server_cpu
    finally:
        app.stop()
    counted, _, _ = launch(server, LOOK + GENERATED_ROWS + ["--frame-stats"])
    try:
        drag(server, counted)
        stats = quit_with_stats(counted)
    finally:
        counted.stop()
    return {"rss_kib": rss, "idle_ms": idle / 1e6, "drag_program_ms": program / 1e6,
            "drag_xvfb_ms": server_cpu / 1e6, "drag_frames": stats["frames"]}


def frame_point(server, flags, steps=DRAG_STEPS, seconds=DRAG_SECONDS, streams=False):
    """One window of the cost-growth tables: ms to `ready`, ms until every
    row is read (`streams`: rows from --items), RSS then, and the drag's
    frame times and damaged pixels per frame."""
    app, start, ready_ms = launch(server, LOOK + flags + ["--frame-stats"])
    try:
        loaded_ms = ready_ms
        if streams:
            ev = app.wait_for("rows", pred=lambda e: not e.get("loading"), since=0, timeout=LOAD_TIMEOUT)
            loaded_ms = (ev["_t"] - start) * 1000
        rss = rss_kib(app.proc.pid)
        meter = DamageMeter(server.display, app.window)
        try:
            meter.reset()
            drag(server, app, steps, seconds)
            pixels = meter.total()
        finally:
            meter.close()
        stats = quit_with_stats(app)
    finally:
        app.stop()
    return {"ready_ms": ready_ms, "loaded_ms": loaded_ms, "rss_kib": rss, "frames": stats["frames"],
            "p50_ms": stats["p50Ms"], "p99_ms": stats["p99Ms"], "max_ms": stats["maxMs"],
            "damaged_mpx_per_frame": pixels / 1e6 / max(1, stats["frames"])}


def soak(server, seconds):
    """Drags again and again for `seconds`, sending the panel back to the
    partial position through --control after each drag that left it
    elsewhere; RSS before, at its highest, and after, KiB, and the number
    of drags."""
    app, _, _ = launch(server, LOOK + GENERATED_ROWS + ["--control", "-"], stdin=subprocess.PIPE)
    try:
        pid = app.proc.pid
        before = peak = rss_kib(pid)
        drags = 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if drag(server, app, steps=30, seconds=0.5) != "partiallyExpanded":
                app.mark()
                app.proc.stdin.write(b"move partiallyExpanded\n")
                app.proc.stdin.flush()
                app.wait_for("didTransition", to="partiallyExpanded", timeout=SETTLE_TIMEOUT)
            drags += 1
            peak = max(peak, rss_kib(pid))
        after = rss_kib(pid)
    finally:
        app.proc.stdin.close()
        app.stop()
    return {"before_kib": before, "peak_kib": peak, "after_kib": after, "drags": drags}
