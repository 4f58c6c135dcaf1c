"""Real-window test harness for drawer-x11.

Starts its own Xvfb, launches the program with `--events`, reads the JSON
event lines it prints, sends real X input through XTest (xdotool) and reads
the window's pixels (xwd). Everything it starts is stopped again by process
id: at the end of a test, of a test class, at interpreter exit, on SIGTERM,
and (through PR_SET_PDEATHSIG) even when the test process is killed.

Python 3.11 standard library only. The tools it runs: Xvfb, xdotool, xwd,
xwininfo, xprop.

    server = XServer()                       # one per test class
    app = App(server, "--debug").wait_ready()
    mark = app.mark()
    app.click(app.width // 2 + 100, app.drawer_top + 30)
    app.wait_for("didTransition", to="fullyExpanded")
    img = app.screenshot(); img.pixel(10, 10)
"""

import atexit
import ctypes
import json
import os
import select
import signal
import struct
import subprocess
import tempfile
import time
import unittest
import zlib

# The program under test; run.py sets it from --binary.
BINARY = os.environ.get("DRAWER_X11_BINARY", "")
# Where the Examples/ programs are (`make examples`); run.py sets it from --examples.
EXAMPLES = os.environ.get("DRAWER_X11_EXAMPLES", "")

EVENT_TIMEOUT = 5.0  # generous: a loaded 2-core machine
DRAWER_BG = (250, 250, 252)  # DrawerConfiguration.backgroundColor (0.98, 0.98, 0.99)

# ---------------------------------------------------------------- processes

_live = {}  # pid -> Popen: everything started and not yet reaped


def _die_with_parent():
    # Runs in the child between fork and exec: SIGTERM when we die.
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:
        pass


def _spawn(argv, **kw):
    p = subprocess.Popen(argv, start_new_session=True, preexec_fn=_die_with_parent, **kw)
    _live[p.pid] = p
    return p


def _stop(p, grace=2.0):
    """Stops one process we started (and its process group) by its id."""
    if p.poll() is None:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                pass
            try:
                p.wait(grace)
                break
            except subprocess.TimeoutExpired:
                continue
    _live.pop(p.pid, None)


def stop_everything():
    for p in list(_live.values()):
        _stop(p, grace=1.0)


atexit.register(stop_everything)


def _on_sigterm(signum, frame):
    raise KeyboardInterrupt  # unwinds through finally blocks, then atexit


if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
    signal.signal(signal.SIGTERM, _on_sigterm)

# ------------------------------------------------------------------- server


class XServer:
    """A private Xvfb; `-displayfd` lets it pick a free display number."""

    def __init__(self, screen="1280x1024x24", extra=()):
        """`extra`: more of Xvfb's arguments (screens, extensions)."""
        r, w = os.pipe()
        self.log = tempfile.TemporaryFile()
        try:
            self.proc = _spawn(
                ["Xvfb", "-displayfd", str(w), "-screen", "0", screen, "-nolisten", "tcp", "-noreset", *extra],
                pass_fds=(w,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.log)
        finally:
            os.close(w)
        try:
            number = b""
            deadline = time.monotonic() + 15
            while not number.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([r], [], [], left)[0]:
                    raise RuntimeError("Xvfb did not start: " + self._log_text())
                chunk = os.read(r, 32)
                if not chunk:
                    raise RuntimeError("Xvfb exited: " + self._log_text())
                number += chunk
        except BaseException:
            self.stop()
            raise
        finally:
            os.close(r)
        self.display = ":" + number.decode().strip()

    def _log_text(self):
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-2000:]

    def env(self, **extra):
        env = dict(os.environ, DISPLAY=self.display)
        env.pop("XAUTHORITY", None)
        env.update(extra)
        return env

    def run(self, *argv, timeout=10, check=True):
        """Runs an X client tool against this server; returns its stdout."""
        r = subprocess.run(argv, env=self.env(), capture_output=True, timeout=timeout)
        if check and r.returncode != 0:
            raise RuntimeError(f"{' '.join(map(str, argv))}: status {r.returncode}: {r.stderr.decode(errors='replace')}")
        return r.stdout

    def xdotool(self, *args):
        # getmouselocation is a round trip: when xdotool returns, the server
        # has handled every fake event before it. (mousemove --sync would
        # hang when the pointer is already at the target.)
        try:
            return self.run("xdotool", *map(str, args), "getmouselocation")
        except RuntimeError as e:
            # The window under the pointer went away while getmouselocation
            # looked at it (a key that ends the program): the events were
            # sent, and the round trip alone is done again.
            if "BadWindow" not in str(e):
                raise
            return self.run("xdotool", "getmouselocation")

    def stop(self):
        _stop(self.proc)

    def kill(self):
        """Kills the server outright (SIGKILL, no goodbye to its clients) and
        removes the socket (and any lock file) it leaves behind."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(5)
        _live.pop(self.proc.pid, None)
        n = self.display[1:]
        try:
            with open(f"/tmp/.X{n}-lock") as f:
                ours = int(f.read().strip() or 0) == self.proc.pid
        except FileNotFoundError:
            ours = True  # -displayfd servers take no lock file
        except (OSError, ValueError):
            ours = False
        if ours:
            for path in (f"/tmp/.X{n}-lock", f"/tmp/.X11-unix/X{n}"):
                try:
                    os.unlink(path)
                except OSError:
                    pass


# -------------------------------------------------------------------- image


class Image:
    """A window's pixels from `xwd -silent -id WIN`, decoded on demand."""

    def __init__(self, xwd):
        h = struct.unpack(">25I", xwd[:100])
        header_size, depth, self.width, self.height = h[0], h[3], h[4], h[5]
        byte_order, bpp, self.bpl = h[7], h[11], h[12]
        masks, ncolors = h[14:17], h[19]
        if bpp != 32 or depth < 24:
            raise ValueError(f"unsupported xwd: depth {depth}, {bpp} bits per pixel")
        self._fmt = "<I" if byte_order == 0 else ">I"
        self._masks = [(m, (m & -m).bit_length() - 1) for m in masks]
        self.data = xwd[header_size + 12 * ncolors:]

    def pixel(self, x, y):
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"({x}, {y}) outside {self.width}x{self.height}")
        v = struct.unpack_from(self._fmt, self.data, y * self.bpl + 4 * x)[0]
        return tuple((v & m) >> s for m, s in self._masks)

    def row_bytes(self, y, x0=0, x1=None):
        """Raw bytes of one row between x0 and x1: for equality tests."""
        x1 = self.width if x1 is None else x1
        return self.data[y * self.bpl + 4 * x0:y * self.bpl + 4 * x1]

    def region(self, x0, y0, x1, y1):
        return b"".join(self.row_bytes(y, x0, x1) for y in range(y0, y1))

    def rgb(self):
        out = bytearray(3 * self.width * self.height)
        fast = self._fmt == "<I" and [m for m, _ in self._masks] == [0xFF0000, 0xFF00, 0xFF]
        for y in range(self.height):
            o = 3 * self.width * y
            if fast:
                row = self.row_bytes(y)
                out[o:o + 3 * self.width:3] = row[2::4]
                out[o + 1:o + 3 * self.width:3] = row[1::4]
                out[o + 2:o + 3 * self.width:3] = row[0::4]
            else:
                for x in range(self.width):
                    out[o + 3 * x:o + 3 * x + 3] = bytes(self.pixel(x, y))
        return bytes(out)

    def save_png(self, path):
        raw, stride = self.rgb(), 3 * self.width
        rows = b"".join(b"\0" + raw[y * stride:(y + 1) * stride] for y in range(self.height))

        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0))
               + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
        with open(path, "wb") as f:
            f.write(png)


def near(c, ref, tol=4):
    return all(abs(a - b) <= tol for a, b in zip(c, ref))


def is_drawer(c):
    return near(c, DRAWER_BG)


def is_black(c):
    return max(c) <= 40


def is_white(c):
    return min(c) >= 235


def is_red(c):
    return c[0] >= 200 and c[1] <= 60 and c[2] <= 60


def brightness(c):
    return sum(c)


def ink_bands(img, x0, x1, darkest=400):
    """(top, bottom) of each run of rows of `img` with ink darker than
    `darkest` (the sum of its channels) between columns x0 and x1."""
    bands, start = [], None
    for y in range(img.height):
        dark = any(brightness(img.pixel(x, y)) < darkest for x in range(x0, x1))
        if dark and start is None:
            start = y
        elif not dark and start is not None:
            bands.append((start, y))
            start = None
    return bands


def drawer_top(img, x, run=6):
    """The first y of column x from which `run` pixels are the drawer's
    near-white fill, or None when no drawer shows in that column."""
    streak = 0
    for y in range(img.height):
        streak = streak + 1 if is_drawer(img.pixel(x, y)) else 0
        if streak == run:
            return y - run + 1
    return None


# ---------------------------------------------------------------------- app


class App:
    """One run of the program under test, with `--events` added."""

    def __init__(self, server, *flags, env=None, events=True, stdin=subprocess.DEVNULL, nonblocking_stdout=False,
                 argv=None):
        """`nonblocking_stdout` sets O_NONBLOCK on the program's end of the
        stdout pipe, as some parents do; `argv` replaces the command (its
        flags still come from `flags`)."""
        if not BINARY or not os.access(BINARY, os.X_OK):
            raise RuntimeError(f"no executable program at {BINARY!r} (run.py --binary PATH)")
        self.server = server
        self.flags = list(flags)
        self.cwd = tempfile.TemporaryDirectory(prefix="drawer-ui-")
        self.stderr_file = tempfile.TemporaryFile()
        argv = argv or [BINARY, *self.flags] + (["--events"] if events else [])
        r, w = os.pipe()
        if nonblocking_stdout:
            os.set_blocking(w, False)
        try:
            self.proc = _spawn(argv, stdin=stdin, stdout=w, stderr=self.stderr_file,
                               env=env if env is not None else server.env(), cwd=self.cwd.name)
        except BaseException:
            os.close(r)
            raise
        finally:
            os.close(w)
        self.stdout_fd = r
        self.events, self.noise = [], []  # parsed JSON objects; stdout lines that are not
        self.cursor = 0
        self._buf = b""
        self._eof = False
        self.window = self.width = self.height = self.drawer_top = self.state = self.extent = None
        self.origin = (0, 0)
        self.last = None  # the latest screenshot

    # -- lifecycle

    def wait_ready(self, timeout=10):
        ev = self.wait_for("ready", timeout=timeout, since=0)
        self.window, self.width, self.height = ev["window"], ev["width"], ev["height"]
        self.state, self.drawer_top, self.extent = ev["state"], ev.get("drawerTop"), ev["extent"]
        self.origin = self.window_origin()
        # No window manager: give the window the keyboard focus ourselves.
        self.server.run("xdotool", "windowfocus", str(self.window), check=False)
        return self

    def window_origin(self):
        out = self.server.run("xwininfo", "-id", str(self.window)).decode()
        vals = dict(line.strip().split(":", 1) for line in out.splitlines() if ":" in line)
        return int(vals["Absolute upper-left X"]), int(vals["Absolute upper-left Y"])

    def wait_exit(self, timeout=5, read=True):
        """The exit status, reading stdout meanwhile (with `read` False, only
        once the program has gone); fails after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            if read:
                self._pump(min(0.05, max(0.0, deadline - time.monotonic())))
            elif self.proc.poll() is None:
                time.sleep(0.02)  # polling the exit without reading, bounded by the deadline
            if self.proc.poll() is not None and self._eof:
                break
            if self.proc.poll() is not None:
                self._pump(0.2)
                break
            if time.monotonic() >= deadline:
                raise AssertionError(f"still running {timeout} s later\n{self.describe()}")
        _live.pop(self.proc.pid, None)
        return self.proc.returncode

    def stderr(self):
        self.stderr_file.seek(0)
        return self.stderr_file.read().decode(errors="replace")

    def stop(self):
        _stop(self.proc)
        if self.stdout_fd is not None:
            os.close(self.stdout_fd)
            self.stdout_fd = None
        self.cwd.cleanup()

    def cpu_ticks(self):
        """utime + stime of the process, in clock ticks."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # fields 14 and 15 of stat(5)

    # -- events

    def _pump(self, timeout):
        """Reads what stdout has within `timeout` s; True if anything came."""
        if self._eof:
            return False
        fd = self.stdout_fd
        if not select.select([fd], [], [], max(0.0, timeout))[0]:
            return False
        chunk = os.read(fd, 65536)
        if not chunk:
            self._eof = True
            return False
        self._buf += chunk
        *lines, self._buf = self._buf.split(b"\n")
        for line in lines:
            try:
                ev = json.loads(line)
                if not isinstance(ev, dict) or "event" not in ev:
                    raise ValueError
                ev["_t"] = time.monotonic()
                self.events.append(ev)
            except ValueError:
                self.noise.append(line)
        return True

    def mark(self):
        """Takes in what arrived so far; later waits look only after it."""
        while self._pump(0):
            pass
        self.cursor = len(self.events)
        return self.cursor

    def _find(self, name, since, pred, fields):
        for ev in self.events[since:]:
            if (name is None or ev["event"] == name) and all(ev.get(k) == v for k, v in fields.items()) and (pred is None or pred(ev)):
                return ev
        return None

    def wait_for(self, name, pred=None, timeout=EVENT_TIMEOUT, since=None, **fields):
        """The first event `name` (any, when None) after the mark whose fields
        equal `fields` and that satisfies `pred`; fails after `timeout` seconds."""
        since = self.cursor if since is None else since
        deadline = time.monotonic() + timeout
        while True:
            ev = self._find(name, since, pred, fields)
            if ev is not None:
                return ev
            left = deadline - time.monotonic()
            if left <= 0 or self._eof:
                want = (name or "event") + (f" {fields}" if fields else "")
                raise AssertionError(f"no {want} within {timeout} s\n{self.describe(since)}")
            self._pump(left)

    def settle(self, timeout=EVENT_TIMEOUT, since=None):
        """The first didTransition after the mark that was not interrupted."""
        return self.wait_for("didTransition", pred=lambda e: not e.get("interrupted"), timeout=timeout, since=since)

    def since(self, mark=None):
        while self._pump(0):
            pass
        return self.events[self.cursor if mark is None else mark:]

    def quiet(self, names, duration, since=None):
        """Reads events for `duration` s; returns those after the mark whose
        name is in `names` (a deadline-bounded negative check)."""
        deadline = time.monotonic() + duration
        while time.monotonic() < deadline:
            self._pump(deadline - time.monotonic())
        return [e for e in self.events[self.cursor if since is None else since:] if e["event"] in names]

    def pause(self, seconds):
        """Input pacing only (keeps clicks apart), reading events meanwhile."""
        self.quiet((), seconds)

    def describe(self, since=0):
        evs = "\n".join("  " + json.dumps({k: v for k, v in e.items() if k != "_t"}) for e in self.events[since:])
        state = "running" if self.proc.poll() is None else f"exited {self.proc.returncode}"
        return (f"program {state}; flags {self.flags}\nevents since mark:\n{evs or '  (none)'}\n"
                f"stderr: {self.stderr()[-1500:]!r}" + (f"\nnon-JSON stdout: {self.noise[:5]!r}" if self.noise else ""))

    # -- input, in window coordinates

    def _root(self, x, y):
        return int(round(self.origin[0] + x)), int(round(self.origin[1] + y))

    def click(self, x, y, n=1, delay_ms=80):
        self.server.xdotool("mousemove", *self._root(x, y), "click", "--repeat", n, "--delay", delay_ms, 1)

    def press(self, x, y):
        self.server.xdotool("mousemove", *self._root(x, y), "mousedown", 1)

    def release(self, hold=0.0):
        """Button up; `hold` s of stillness first makes the release velocity 0."""
        self.server.xdotool(*(["sleep", hold] if hold else []), "mouseup", 1)

    def drag(self, points, step_delay, hold=0.0, release=True):
        """Press at points[0], move through the rest `step_delay` s apart (the
        pacing sets the velocity), stay still `hold` s, then release unless
        `release` is False (then call release() later)."""
        args = ["mousemove", *self._root(*points[0]), "mousedown", 1]
        for p in points[1:]:
            args += ["sleep", step_delay, "mousemove", *self._root(*p)]
        if hold:
            args += ["sleep", hold]
        if release:
            args += ["mouseup", 1]
        self.server.xdotool(*args)

    def key(self, name):
        self.server.xdotool("key", name)

    def wheel(self, notches, x=None, y=None):
        """Positive notches scroll down (button 5), negative up (button 4)."""
        where = ["mousemove", *self._root(x, y)] if x is not None else []
        self.server.xdotool(*where, "click", "--repeat", abs(notches), "--delay", 30, 5 if notches > 0 else 4)

    def hwheel(self, notches, x=None, y=None):
        """Positive notches scroll right (button 7), negative left (button 6)."""
        where = ["mousemove", *self._root(x, y)] if x is not None else []
        self.server.xdotool(*where, "click", "--repeat", abs(notches), "--delay", 30, 7 if notches > 0 else 6)

    def resize(self, w, h):
        self.server.run("xdotool", "windowsize", str(self.window), str(w), str(h))

    def close_via_wm_delete(self):
        send_wm_delete(self.server.display, self.window)

    # -- pixels

    def screenshot(self):
        self.last = Image(self.server.run("xwd", "-silent", "-id", str(self.window)))
        return self.last

    def poll(self, probe, timeout=EVENT_TIMEOUT, what="condition"):
        """Takes screenshots until probe(img) returns something truthy, and
        returns that; fails after `timeout` s with the last probe's value."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            try:
                last = probe(self.screenshot())
                if last:
                    return last
            except (RuntimeError, ValueError, IndexError) as e:  # window not there (yet)
                last = e
            if time.monotonic() >= deadline:
                raise AssertionError(f"{what}: not reached within {timeout} s (last: {last!r})\n{self.describe(self.cursor)}")

    def poll_stable(self, probe, timeout=EVENT_TIMEOUT, span=0.15, what="stable value"):
        """Screenshots until probe(img) gives one value for `span` s; returns it."""
        deadline = time.monotonic() + timeout
        value, since = object(), None
        while True:
            try:
                v = probe(self.screenshot())
            except (RuntimeError, ValueError, IndexError) as e:
                v = e
            now = time.monotonic()
            if v != value or isinstance(v, Exception):
                value, since = v, now
            elif now - since >= span:
                return value
            if now >= deadline:
                raise AssertionError(f"{what}: not stable within {timeout} s (last: {value!r})\n{self.describe(self.cursor)}")

    def drawer_top_at(self, x=None, timeout=EVENT_TIMEOUT):
        """The drawer's top edge in column x once it stops moving (None: no drawer)."""
        x = self.width // 2 + 100 if x is None else x
        return self.poll_stable(lambda img: drawer_top(img, x), timeout=timeout, what=f"drawer top in column {x}")

    def wait_drawer_at(self, y, x=None, timeout=EVENT_TIMEOUT):
        """Screenshots until the drawer's fill starts at y in column x; returns that image."""
        x = self.width // 2 + 100 if x is None else x
        seen = [None]

        def probe(img):
            seen[0] = drawer_top(img, x)
            return img if seen[0] == y else None

        try:
            return self.poll(probe, timeout=timeout, what=f"drawer top at y={y} in column {x}")
        except AssertionError as e:
            raise AssertionError(f"{e}\nlast drawer top seen in column {x}: {seen[0]}") from None

    def wait_still(self, timeout=EVENT_TIMEOUT):
        """Screenshots until the whole window stays the same for 0.3 s; returns it."""
        self.poll_stable(lambda img: hash(img.data), timeout=timeout, span=0.3, what="a still window")
        return self.last


def send_wm_delete(display, window):
    """Sends the ClientMessage a window manager sends for a close button."""
    x11 = ctypes.CDLL("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]

    class ClientMessage(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                    ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]

    class XEvent(ctypes.Union):
        _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]

    dpy = x11.XOpenDisplay(display.encode())
    if not dpy:
        raise RuntimeError(f"cannot open display {display}")
    try:
        ev = XEvent()
        ev.xclient.type = 33  # ClientMessage
        ev.xclient.window = window
        ev.xclient.message_type = x11.XInternAtom(dpy, b"WM_PROTOCOLS", 0)
        ev.xclient.format = 32
        ev.xclient.data[0] = x11.XInternAtom(dpy, b"WM_DELETE_WINDOW", 0)
        ev.xclient.data[1] = 0  # CurrentTime
        if not x11.XSendEvent(dpy, window, 0, 0, ctypes.byref(ev)):
            raise RuntimeError("XSendEvent failed")
        x11.XSync(dpy, 0)
    finally:
        x11.XCloseDisplay(dpy)


class ControlFifo:
    """A --control FIFO, and an --items file beside it when `rows` is given,
    in a folder that `test`'s cleanup removes."""

    def __init__(self, test, rows=None):
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-control-")
        test.addCleanup(self.dir.cleanup)
        self.path = os.path.join(self.dir.name, "control")
        os.mkfifo(self.path)
        self.items = None
        if rows is not None:
            self.items = os.path.join(self.dir.name, "rows.txt")
            with open(self.items, "w", encoding="utf-8") as f:
                f.write(rows)

    def flags(self):
        """--control PATH, and --items FILE when there are rows."""
        return ["--control", self.path] + (["--items", self.items] if self.items else [])

    def send(self, *lines):
        """Writes `lines`, opening and closing the FIFO as `echo cmd > fifo` does."""
        with open(self.path, "w") as f:
            f.write("".join(l + "\n" for l in lines))


def line(x0, y0, x1, y1, steps):
    """steps + 1 points from (x0, y0) to (x1, y1), evenly spaced."""
    return [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps) for i in range(steps + 1)]


def run_program(*flags, env, timeout=2.0, stdin=subprocess.DEVNULL):
    """Runs the program to completion without a window expected: returns
    (status, stdout, stderr, seconds). Fails if it runs past `timeout`."""
    status, out, err, secs, _ = run_program_usage(*flags, env=env, timeout=timeout, stdin=stdin)
    return status, out, err, secs


def run_program_usage(*flags, env, timeout=2.0, stdin=subprocess.DEVNULL):
    """run_program, plus the child's peak resident memory in KiB (wait4)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = _spawn([BINARY, *flags], stdin=stdin, stdout=out, stderr=err, env=env)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() >= deadline:
                _stop(p)
                raise AssertionError(f"{flags}: still running after {timeout} s")
            time.sleep(0.005)  # polling the child's exit, bounded by the deadline
        p.returncode = os.waitstatus_to_exitcode(status)
        _live.pop(p.pid, None)
        out.seek(0)
        err.seek(0)
        return (p.returncode, out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                time.monotonic() - start, usage.ru_maxrss)


# ---------------------------------------------------------------- test base


class UITest(unittest.TestCase):
    """One Xvfb per test class, one program per launch()."""

    server = None
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.server = XServer()

    @classmethod
    def tearDownClass(cls):
        if cls.server:
            cls.server.stop()

    def launch(self, *flags, ready=True):
        app = App(self.server, *flags)
        self.addCleanup(app.stop)
        if ready:
            app.wait_ready()
        return app

    def launch_at_rest(self, *flags):
        """Launches and waits until the drawer shows at the drawerTop of
        `ready` and a presentation move, if one was announced, has ended."""
        app = self.launch(*flags)
        if app.state != "dismissed":
            app.wait_drawer_at(app.drawer_top)
        app.mark()
        started = [e for e in app.events if e["event"] == "willTransition"]
        ended = [e for e in app.events if e["event"] == "didTransition" and not e.get("interrupted")]
        if len(started) > len(ended):
            app.settle(since=app.events.index(started[-1]))
            app.mark()
        return app

    def rest_image(self, *flags):
        """A screenshot of a run at rest after startup; the run is then stopped."""
        app = self.launch_at_rest(*flags)
        img = app.last
        app.stop()
        return img

    def expand(self, app):
        """Click on the header; waits for full expansion at rest."""
        app.mark()
        app.click(app.width // 2 + 100, app.drawer_top + 30)
        ev = app.settle()
        self.assertEqual(ev["to"], "fullyExpanded", app.describe(app.cursor))
        app.drawer_top = ev["drawerTop"]
        app.wait_drawer_at(ev["drawerTop"])
        app.mark()
        return ev
