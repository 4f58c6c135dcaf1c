"""rofi's -show-icons: drun's rows show their entries' icons, found in a
private icon theme (a PNG and an SVG), at each row's leading edge, and the
first paint does not wait for an icon still being read."""

import os
import struct
import threading
import time
import zlib

import harness
from harness import EVENT_TIMEOUT, UITest, XServer
from test_rofi_modes import Modes

RED = (255, 0, 0)
BLUE = (0, 0, 255)
GREEN = (0, 255, 0)


def png(size, rgb):
    """A square opaque PNG of one colour."""
    rows = b"".join(b"\0" + bytes(rgb) * size for _ in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def places(img, colour):
    """The x positions of the pixels of `colour`, and their rows."""
    xs, ys = set(), set()
    for y in range(0, img.height, 2):
        for x in range(0, img.width // 2, 2):
            if harness.near(img.pixel(x, y), colour, tol=24):
                xs.add(x)
                ys.add(y)
    return xs, ys


class TestRofiIcons(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer("1280x800x24")

    def test_drun_shows_png_and_svg_icons_without_delaying_the_first_paint(self):
        m = Modes(self, "rofi -show drun -show-icons")
        m.write("sys/icons/hicolor/index.theme",
                "[Icon Theme]\nName=Hicolor\nComment=test\nDirectories=48x48/apps,scalable/apps\n\n"
                "[48x48/apps]\nSize=48\n\n[scalable/apps]\nSize=128\nType=Scalable\nMinSize=1\nMaxSize=256\n")
        path = os.path.join(m.dir.name, "sys/icons/hicolor/48x48/apps/red-icon.png")
        os.makedirs(os.path.dirname(path))
        with open(path, "wb") as f:
            f.write(png(48, RED))
        m.write("sys/icons/hicolor/scalable/apps/blue-icon.svg",
                "<svg xmlns='http://www.w3.org/2000/svg' width='48' height='48'>"
                "<rect width='48' height='48' fill='#0000ff'/></svg>")
        # An icon read through a pipe: it is decoded only once the test
        # writes it, so the rows show first or never.
        late = os.path.join(m.dir.name, "late.png")
        os.mkfifo(late)
        m.entry("sys", "late", f"Name=Aardvark Late\nExec=true\nIcon={late}\n")
        m.entry("sys", "red", "Name=Red Tool\nExec=true\nIcon=red-icon\n")
        m.entry("sys", "blue", "Name=Blue Tool\nExec=true\nIcon=blue-icon\n")
        m.start()
        try:
            first = m.rows_shown()
            self.assertFalse(places(first, GREEN)[0], "the piped icon cannot show before it is written")

            def feed():
                deadline = time.monotonic() + EVENT_TIMEOUT
                while time.monotonic() < deadline:
                    try:
                        fd = os.open(late, os.O_WRONLY | os.O_NONBLOCK)
                    except OSError:  # no reader yet: the decode has not reached it
                        time.sleep(0.02)
                        continue
                    os.set_blocking(fd, True)
                    os.write(fd, png(48, GREEN))
                    os.close(fd)
                    return
            writer = threading.Thread(target=feed, daemon=True)
            writer.start()
            img = m.shown(lambda i: all(places(i, c)[0] for c in (RED, BLUE, GREEN)))
            writer.join(EVENT_TIMEOUT)
            # Each icon is a square at its row's leading edge, in a row of its own.
            rows = []
            for colour in (GREEN, BLUE, RED):
                xs, ys = places(img, colour)
                self.assertLess(max(xs) - min(xs), 40, colour)
                self.assertLess(min(xs), 60, f"{colour} at the row's start")
                self.assertGreaterEqual(max(xs) - min(xs), 10, colour)
                rows.append(min(ys))
            self.assertEqual(rows, sorted(rows), "Aardvark, Blue, Red: each row's own icon")
        finally:
            m.keys("Escape")
            m.finish()
