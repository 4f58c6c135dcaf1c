"""A pick's list is compact: rows of one line are at most 32 px at scale
1, so a 640x480 pick shows at least 12 of them; it has no handle, and a
drag on its header does not take it away."""

import time

import harness
from harness import EVENT_TIMEOUT, UITest, ink_bands
from test_pick import Pick


class CompactTest(UITest):
    def still_image(self, p):
        """The window once it has looked the same for 0.3 s."""
        deadline = time.monotonic() + EVENT_TIMEOUT
        value, since = None, time.monotonic()
        while True:
            img = harness.Image(self.server.run("xwd", "-silent", "-id", str(p.window)))
            v = img.rgb()
            if v != value:
                value, since = v, time.monotonic()
            elif time.monotonic() - since >= 0.3:
                return img
            if time.monotonic() > deadline:
                raise AssertionError("the window does not hold still")


class TestCompactPick(CompactTest):
    def test_a_640x480_pick_shows_at_least_12_rows_and_no_handle(self):
        p = Pick(self, "seq -f 'Hg row %02g' 1 40", "-g", "640x480")
        top = p.ready()["drawerTop"]
        p.wait_for("rows", lambda e: e["count"] == 40 and not e["loading"])
        img = self.still_image(p)
        self.assertEqual((img.width, img.height), (640, 480))
        # Text-dark ink: the accent's focus ring is lighter.
        bands = ink_bands(img, 20, 200, darkest=150)
        # The header's title first, then a band for each row's text.
        rows = bands[1:]
        self.assertGreaterEqual(len(rows), 12, bands)
        pitch = rows[1][0] - rows[0][0]
        self.assertLessEqual(pitch, 32, bands)
        self.assertTrue(all(b[0] - a[0] == pitch for a, b in zip(rows, rows[1:])), bands)
        # Nothing at the top's middle, where a handle would be.
        surface = img.pixel(img.width // 2, top + 2)
        handle = [(x, y) for y in range(top, top + 16) for x in range(img.width // 2 - 30, img.width // 2 + 30)
                  if not harness.near(img.pixel(x, y), surface)]
        self.assertEqual(handle, [])
        p.keys("Escape")
        self.assertEqual(p.finish()[:2], (1, ""))

    def test_a_drag_on_the_header_does_not_take_the_pick_away(self):
        p = Pick(self, "printf 'one\\ntwo\\nthree\\n'")
        ev = p.ready()
        top = ev["drawerTop"]
        p.wait_for("rows", lambda e: e["count"] == 3 and not e["loading"])
        # From the header to the bottom edge, slowly enough to be a drag.
        args = ["mousemove", 400, top + 15, "mousedown", 1]
        for i in range(1, 13):
            args += ["sleep", 0.02, "mousemove", 400, top + 15 + (ev["height"] - top - 10) * i // 12]
        args += ["mouseup", 1]
        self.server.xdotool(*args)
        # A key after the release: its event comes after whatever the drag did.
        p.keys("Down")
        p.wait_for("selected", lambda e: e["row"] == 1)
        names = [e["event"] for e in p.events()]
        self.assertNotIn("dragBegan", names)
        self.assertNotIn("dismissed", names)
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "two\n"))
