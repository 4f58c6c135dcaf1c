"""The framebuffer, the maps and the keys of a private Xvfb, for the peer and picker benches.

Each measurement gets a private Xvfb (through the UI suite's harness)
whose screen is also a file (`-fbdir`): Xvfb draws into that file, mapped
here with mmap, so reading a window's pixels costs the server nothing,
unlike a GetImage or xwd. Maps are seen through SubstructureNotify on
the root window (python3-xlib), and keys go in through XTest on that
connection.

    screen = Screen("1280x800x24")
    watch = screen.watch()                      # before the program starts
    ... start the program ...
    win, seen = watch.wait_map(proc, deadline)  # its first top-level window
    pixels = screen.grab(win)                   # its rows, as bytes objects
    screen.stop()

Python 3.11 and python3-xlib. The Xvfb is the harness's, stopped by its
process id when the measurement ends, fails or is interrupted.
"""

import mmap
import os
import shutil
import struct
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "UI"))
import harness  # noqa: E402  (Xvfb, process groups stopped on exit)
from scenarios import cpu_ns  # noqa: E402,F401  (schedstat of every thread; the benches take it from here)

from Xlib import X, XK, display, error  # noqa: E402
from Xlib.ext import xtest  # noqa: E402

# Smaller than this (in pixels) is not a program's window: Qt and GTK map
# no helper windows, but a 1x1 one would make every later figure wrong.
MIN_WINDOW_AREA = 1000


def status_kib(pid, field):
    """A memory line of /proc/PID/status (VmRSS, VmHWM), KiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"process {pid} has no {field}")


class Window:
    """A mapped top-level window: its id and where it is on the screen."""

    def __init__(self, wid, x, y, width, height):
        self.id, self.x, self.y, self.width, self.height = wid, x, y, width, height

    def __repr__(self):
        return f"window 0x{self.id:x} {self.width}x{self.height}+{self.x}+{self.y}"


class Screen:
    """A private Xvfb with its framebuffer mapped into this process."""

    def __init__(self, size="1280x800x24"):
        self.dir = tempfile.mkdtemp(prefix="drawer-bench-fb-")
        try:
            # -br: a black root, so a window that has drawn nothing yet is
            # still one colour wherever it lies.
            self.server = harness.XServer(size, extra=("-fbdir", self.dir, "-br"))
        except BaseException:
            shutil.rmtree(self.dir, ignore_errors=True)
            raise
        self.display = self.server.display
        self.pid = self.server.proc.pid
        self._file = open(os.path.join(self.dir, "Xvfb_screen0"), "rb")
        self.fb = mmap.mmap(self._file.fileno(), 0, prot=mmap.PROT_READ)
        # The XWD header (big-endian): header size, then the fields used here.
        h = struct.unpack(">25I", self.fb[:100])
        header_size, self.width, self.height, bpp, self.stride, ncolors = h[0], h[4], h[5], h[11], h[12], h[19]
        if bpp != 32:
            raise RuntimeError(f"Xvfb framebuffer of {bpp} bits per pixel; the bench reads 32")
        self.offset = header_size + 12 * ncolors

    def env(self, **extra):
        return self.server.env(**extra)

    def watch(self):
        """A connection that sees every window mapped from now on."""
        return Watch(self)

    def grab(self, win):
        """The window's rows (clipped to the screen), raw 32-bit pixels."""
        x0, x1 = max(0, win.x), min(self.width, win.x + win.width)
        y0, y1 = max(0, win.y), min(self.height, win.y + win.height)
        fb, stride, base = self.fb, self.stride, self.offset + 4 * x0
        n = 4 * (x1 - x0)
        return [fb[base + y * stride:base + y * stride + n] for y in range(y0, y1)]

    def stop(self):
        try:
            self.fb.close()
            self._file.close()
        finally:
            self.server.stop()
            shutil.rmtree(self.dir, ignore_errors=True)


def one_colour(rows, every=4):
    """Whether every `every`-th row is a single RGB colour throughout (the
    pad byte is left out: drawing may set it where a fill did not)."""
    if not rows or not rows[0]:
        return True
    first = rows[0][:4]
    for row in rows[::every]:
        for channel in range(3):
            plane = row[channel::4]
            if plane.count(first[channel]) != len(plane):
                return False
    return True


def _first_difference(a, b):
    """The first index at which two equal-length byte strings differ."""
    lo, hi = 0, len(a)  # a[:lo] == b[:lo]; they differ somewhere before hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def change_box(before, after):
    """(x0, y0, x1, y1) in pixels of what differs between two grabs of one
    window, or None when nothing does."""
    if len(before) != len(after) or (before and len(before[0]) != len(after[0])):
        return (0, 0, max(map(len, after or [b""])) // 4, len(after))  # the window changed size
    rows = [y for y, (a, b) in enumerate(zip(before, after)) if a != b]
    if not rows:
        return None
    left = right = None
    for y in rows:
        a, b = before[y], after[y]
        first = _first_difference(a, b)
        last = len(a) - 1 - _first_difference(a[::-1], b[::-1])
        left = first if left is None else min(left, first)
        right = last if right is None else max(right, last)
    return (left // 4, rows[0], right // 4 + 1, rows[-1] + 1)


class Watch:
    """An X connection of the bench's own: maps on the root, XTest keys,
    the keyboard focus."""

    def __init__(self, screen):
        self.screen = screen
        self.dpy = display.Display(screen.display)
        self.root = self.dpy.screen().root
        self.root.change_attributes(event_mask=X.SubstructureNotifyMask)
        self.dpy.sync()
        self.maps = []  # (time, window id)
        self.moved = set()  # windows configured since their place was last asked

    def pump(self):
        """Takes in the events already sent; returns whether one came."""
        came = False
        while self.dpy.pending_events():
            ev = self.dpy.next_event()
            came = True
            if ev.type == X.MapNotify:
                self.maps.append((time.monotonic(), ev.window.id))
            elif ev.type == X.ConfigureNotify:
                self.moved.add(ev.window.id)
        return came

    def geometry(self, wid):
        """The window's place on the root, or None once it is gone."""
        try:
            w = self.dpy.create_resource_object("window", wid)
            g = w.get_geometry()
            at = w.translate_coords(self.root, 0, 0)
        except (error.BadWindow, error.BadDrawable):
            return None
        # translate_coords(root, 0, 0) gives the root's origin in the window.
        return Window(wid, -at.x, -at.y, g.width, g.height)

    def wait_map(self, proc, deadline):
        """The first window of at least MIN_WINDOW_AREA mapped on the root,
        and when it was seen; fails when the program exits or the deadline
        passes first."""
        seen = 0
        while True:
            self.pump()
            for at, wid in self.maps[seen:]:
                self.moved.discard(wid)  # its place is asked now
                win = self.geometry(wid)
                if win and win.width * win.height >= MIN_WINDOW_AREA:
                    return win, at
            seen = len(self.maps)
            if proc.poll() is not None:
                raise RuntimeError(f"{proc.args[0]} exited {proc.returncode} before it mapped a window")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{proc.args[0]} mapped no window in time")
            time.sleep(0.0005)  # polling the connection, bounded by the deadline

    def refresh(self, win):
        """The window's current place (a picker may move itself after the
        map); asked of the server only after a ConfigureNotify, so that
        polling adds no round trips to the server the program draws on."""
        self.pump()
        if win.id not in self.moved:
            return win
        self.moved.discard(win.id)
        return self.geometry(win.id) or win

    def can_type(self, win):
        """Whether a key sent now reaches the window's program: the focus is
        in it, or a keyboard grab is already held (dmenu, rofi)."""
        focus = self.dpy.get_input_focus().focus
        fid = getattr(focus, "id", focus)
        if fid == win.id:
            return True
        if isinstance(fid, int) and fid > 1:
            try:
                tree = self.dpy.create_resource_object("window", fid).query_tree()
                if tree.parent and tree.parent.id == win.id:
                    return True
            except (error.BadWindow, error.BadDrawable):
                pass
        status = self.root.grab_keyboard(False, X.GrabModeAsync, X.GrabModeAsync, X.CurrentTime)
        if status == X.GrabSuccess:
            self.dpy.ungrab_keyboard(X.CurrentTime)
            self.dpy.sync()
            return False
        return status == X.AlreadyGrabbed

    def key(self, name):
        """Presses and releases one key (a keysym name) through XTest; the
        time just before the request leaves."""
        code = self.dpy.keysym_to_keycode(XK.string_to_keysym(name))
        if not code:
            raise RuntimeError(f"no keycode for {name}")
        xtest.fake_input(self.dpy, X.KeyPress, code)
        xtest.fake_input(self.dpy, X.KeyRelease, code)
        at = time.monotonic()
        self.dpy.flush()
        return at

    def close(self):
        try:
            self.dpy.close()
        except Exception:  # the server may already be gone; nothing to keep
            pass
