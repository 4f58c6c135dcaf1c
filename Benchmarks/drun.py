"""drawer-x11's drun mode beside `rofi -show drun`, with icons.

The fixture is a private XDG data directory made once per bench: DRUN_APPS
desktop entries (names from a word list, one in five with keywords), each
with an icon of its own in a private `hicolor` theme, four in five PNG
(48x48, through Python's zlib) and one in five SVG. XDG_DATA_DIRS names an
empty directory, so neither launcher sees the machine's own applications,
and XDG_CACHE_HOME and XDG_CONFIG_HOME are fresh for each launch: no
history and no user configuration.

One launch, on a private 1280x800 Xvfb read through its framebuffer
(xscreen.py), the pointer parked in the bottom-right corner:

  * first paint: fork to the first read of the launcher's window whose
    pixels are not all one colour;
  * the window is left until it has kept still for STILL s (the icons
    decoded and drawn);
  * the first key: once a key would reach the window, FIRST_KEY goes in
    through XTest; the time from just before the key to the first read of
    the window that changed beyond a caret's blink;
  * then Escape, and the launcher must exit without launching anything.

A round runs both launchers, in an order that turns each round. Ratios are
drawer-x11's figure over rofi's from the same round. The target, from
issue 36: icons must not make the first paint slower than rofi's.
"""

import os
import struct
import subprocess
import tempfile
import time
import zlib

import pickers
import xscreen
from figures import Figure, at_most
from scenarios import harness

DRUN_APPS = 200
ICON_SIZE = 48
STILL = 1.0
FIRST_KEY = "t"
EXIT_TIMEOUT = 10.0
WORDS = ("Amber Basalt Cedar Delta Ember Fjord Garnet Harbor Indigo Juniper Kestrel Lumen Maple Nimbus Onyx "
         "Pebble Quartz Raven Sierra Tundra Umber Violet Willow Xenon Yarrow Zephyr").split()
KINDS = ("Editor", "Terminal", "Viewer", "Player", "Browser", "Monitor", "Notes", "Mail")

OURS = "drawer-x11"
PEER = "rofi"


def _png(path, rgb):
    """A ICON_SIZE-square opaque PNG of one colour with a lighter square in
    the middle, written with zlib."""
    n = ICON_SIZE
    light = tuple(min(255, c + 90) for c in rgb)
    rows = b""
    for y in range(n):
        row = bytearray([0])
        for x in range(n):
            row += bytes(light if n // 4 <= x < 3 * n // 4 and n // 4 <= y < 3 * n // 4 else rgb)
        rows += bytes(row)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", n, n, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def _svg(path, rgb):
    colour = "#%02x%02x%02x" % rgb
    with open(path, "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">'
                f'<rect x="4" y="4" width="40" height="40" rx="9" fill="{colour}"/>'
                '<circle cx="24" cy="24" r="9" fill="#ffffff"/></svg>')


class Fixture:
    """The private data directory: applications and a hicolor theme."""

    def __init__(self, count=DRUN_APPS):
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-bench-drun-")
        root = self.dir.name
        self.data = os.path.join(root, "data")
        self.empty = os.path.join(root, "empty")
        apps = os.path.join(self.data, "applications")
        theme = os.path.join(self.data, "icons", "hicolor")
        png_dir = os.path.join(theme, f"{ICON_SIZE}x{ICON_SIZE}", "apps")
        svg_dir = os.path.join(theme, "scalable", "apps")
        for d in (apps, png_dir, svg_dir, self.empty):
            os.makedirs(d)
        # rofi reads its icons through gdk-pixbuf, which tells a file's type
        # by shared-mime-info's database in $XDG_DATA_DIRS: without it rofi
        # draws no icon at all, and the bench would time it without any.
        if os.path.isdir("/usr/share/mime"):
            os.symlink("/usr/share/mime", os.path.join(self.empty, "mime"))
        with open(os.path.join(theme, "index.theme"), "w") as f:
            f.write("[Icon Theme]\nName=Hicolor\nComment=Fallback icon theme\nDirectories="
                    f"{ICON_SIZE}x{ICON_SIZE}/apps,scalable/apps\n\n"
                    f"[{ICON_SIZE}x{ICON_SIZE}/apps]\nSize={ICON_SIZE}\nContext=Applications\nType=Threshold\n\n"
                    "[scalable/apps]\nSize=48\nMinSize=8\nMaxSize=512\nContext=Applications\nType=Scalable\n")
        for i in range(count):
            name = f"{WORDS[i % len(WORDS)]} {KINDS[(i // len(WORDS)) % len(KINDS)]} {i // (len(WORDS) * len(KINDS)) + 1}"
            icon = f"bench-app-{i:03d}"
            rgb = ((i * 53) % 200 + 30, (i * 97) % 200 + 30, (i * 31) % 200 + 30)
            if i % 5 == 4:
                _svg(os.path.join(svg_dir, icon + ".svg"), rgb)
            else:
                _png(os.path.join(png_dir, icon + ".png"), rgb)
            keywords = f"Keywords={WORDS[(i + 7) % len(WORDS)].lower()};tool;\n" if i % 5 == 0 else ""
            with open(os.path.join(apps, f"bench-app-{i:03d}.desktop"), "w") as f:
                f.write(f"[Desktop Entry]\nType=Application\nName={name}\nExec=true %U\nIcon={icon}\n{keywords}")

    def close(self):
        self.dir.cleanup()


def commands(binary):
    return {OURS: [binary, "rofi", "-show", "drun", "-show-icons"], PEER: ["rofi", "-show", "drun", "-show-icons"]}


def run_drun(name, argv, fixture):
    """One launch of `argv` over the fixture: its figures as a dict."""
    screen = xscreen.Screen(pickers.SCREEN)
    watch = proc = None
    home = tempfile.TemporaryDirectory(prefix="drawer-bench-home-")
    try:
        watch = screen.watch()
        screen.server.run("xdotool", "mousemove", str(screen.width - 1), str(screen.height - 1))
        for sub in ("run", "config", "cache"):
            os.makedirs(os.path.join(home.name, sub), mode=0o700)
        env = screen.env(XDG_RUNTIME_DIR=os.path.join(home.name, "run"),
                         XDG_CONFIG_HOME=os.path.join(home.name, "config"),
                         XDG_CACHE_HOME=os.path.join(home.name, "cache"),
                         XDG_DATA_HOME=fixture.data, XDG_DATA_DIRS=fixture.empty)
        env.pop("WAYLAND_DISPLAY", None)
        env.pop("XDG_CURRENT_DESKTOP", None)
        start = time.monotonic()
        proc = harness._spawn(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
        win, painted = pickers._wait_first_paint(screen, watch, proc, start + pickers.START_TIMEOUT)
        launch = pickers.Launch(screen, watch, proc, win)
        launch.still(STILL, time.monotonic() + pickers.LOAD_TIMEOUT)
        pickers._wait_input(watch, win, proc)
        sent = watch.key(FIRST_KEY)
        first_key = (launch.first_change(sent, sent + pickers.KEY_TIMEOUT) - sent) * 1000
        launch.still(pickers.KEY_STILL, time.monotonic() + pickers.KEY_TIMEOUT)
        watch.key("Escape")
        out, _, _ = pickers._finish(proc, EXIT_TIMEOUT)
        if out.strip():
            raise RuntimeError(f"{name}: Escape printed {out[:40]!r}")
        return {"first_paint_ms": (painted - start) * 1000, "first_key_ms": first_key}
    finally:
        pickers.tear_down((proc,), watch, screen, home)


class DrunBench:
    """Both launchers over one fixture, a round at a time."""

    def __init__(self, binary):
        if not any(os.access(os.path.join(d, "rofi"), os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep)):
            raise RuntimeError("rofi is not installed (make deps-bench)")
        self.commands = commands(os.path.abspath(binary))
        self.fixture = Fixture()
        self.rounds = []

    def warm_up(self):
        """One launch of each, left out (the page cache holds the fixture)."""
        for name, argv in self.commands.items():
            run_drun(name, argv, self.fixture)

    def round(self):
        names = list(self.commands)
        turn = len(self.rounds) % len(names)
        self.rounds.append({name: run_drun(name, self.commands[name], self.fixture)
                            for name in names[turn:] + names[:turn]})

    def close(self):
        self.fixture.close()


QUANTITIES = [
    ("first_paint", "first paint", "first_paint_ms",
     "fork to the first framebuffer read of its window not all one colour", at_most(1, "x")),
    ("first_key", f"the first key ({FIRST_KEY!r}) to repaint", "first_key_ms",
     "XTest key to the first read of the window that changed, once the icons are drawn", None),
]


def figures(bench):
    """drawer-x11's figure and its ratio to rofi's, per quantity."""
    out = []
    for key, what, field, method, target in QUANTITIES:
        own = Figure(f"drun.{key}", f"drun, {DRUN_APPS} entries with icons: {what}, drawer-x11", "ms", method,
                     digits=1)
        ratio = Figure(f"drun.{key}.vs.rofi", f"drun, {DRUN_APPS} entries with icons: {what}, "
                       "drawer-x11 / rofi -show drun", "x", "ratio within each round", digits=2, target=target)
        for rnd in bench.rounds:
            own.add(rnd[OURS][field])
            ratio.add(rnd[OURS][field] / rnd[PEER][field])
        out += [own, ratio]
    return out
