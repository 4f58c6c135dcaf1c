"""Scale on the real window: --scale N draws everything N times as large
in device px while the events stay in logical px; Xft.dpi on the root
window's RESOURCE_MANAGER (what xrdb sets) chooses the scale at start and
changes it while the program runs."""

import json
import os
import subprocess

from harness import EVENT_TIMEOUT, UITest, XServer, line

MAGENTA = "#ff00ff"


def handle_box(img, top, scale):
    """The bounding box (x0, y0, width, height) of the pixels where the
    magenta handle shows over the light sheet (from about a fifth of its
    coverage: green falls, red and blue stay; grey text has no such tint),
    within the 40 logical px under the
    sheet's top at `top` device px; None when none shows."""
    raw, w = img.rgb(), img.width
    xs, ys = [], []
    for y in range(max(0, top), min(img.height, top + int(40 * scale))):
        row = raw[3 * w * y:3 * w * (y + 1)]
        for x in range(w):
            r, g, b = row[3 * x], row[3 * x + 1], row[3 * x + 2]
            if r >= 200 and b >= 200 and r - g >= 40 and b - g >= 40:
                xs.append(x)
                ys.append(y)
    if not xs:
        return None
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


class TestScale(UITest):
    @classmethod
    def setUpClass(cls):
        # Room for a 1600x1200 window: xwd sees only what is on the screen.
        cls.server = XServer(screen="2048x1536x24")

    def setUp(self):
        # Every test starts without desktop resources, and leaves none.
        self.set_resources(None)
        self.addCleanup(self.set_resources, None)

    def set_resources(self, text):
        """Sets (or, with None, removes) RESOURCE_MANAGER on the root, as xrdb does."""
        if text is None:
            self.server.run("xprop", "-root", "-remove", "RESOURCE_MANAGER", check=False)
        else:
            self.server.run("xprop", "-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", text)

    def handle_at_rest(self, *flags, scale=None):
        """Launches with a magenta handle that never fades; the app and the
        handle's box once the presentation settled. `scale` is what the
        window should come out at (the screenshot's width tells otherwise)."""
        app = self.launch("--handle-color", MAGENTA, "--no-handle-dimming", "--theme", "light", *flags)
        app.settle(since=0)
        scale = scale or app.screenshot().width / app.width
        return app, self.handle_of(app, scale)

    def handle_of(self, app, scale, top=None):
        """The handle's box once it stays put; the sheet's top from the last
        event with a drawerTop unless given, in device px."""
        if top is None:
            top = int(next(e["drawerTop"] for e in reversed(app.events) if "drawerTop" in e) * scale)
        return app.poll_stable(lambda img: handle_box(img, top, scale), what="the handle's box")

    def test_twice_the_scale_draws_the_handle_twice_as_large_each_way(self):
        boxes = {}
        for scale in ("1", "2", "1.5"):
            app, boxes[scale] = self.handle_at_rest("--scale", scale)
            # The events speak logical px whatever the scale.
            ready = app.events[0]
            self.assertEqual((ready["width"], ready["height"], ready["extent"]), (800, 600, 300), ready)
            self.assertEqual(app.last.width, int(800 * float(scale)))
            app.stop()
        self.assertEqual(boxes["1"][2:], (40, 6), boxes)
        self.assertEqual(boxes["2"][2:], (80, 12), boxes)
        self.assertEqual(boxes["1.5"][2:], (60, 9), boxes)
        # The handle's top: 8 px under the sheet's top at 300, in device px.
        self.assertEqual(boxes["1"][1], 308)
        self.assertEqual(boxes["2"][1], 616)

    def test_clicks_at_2x_land_where_the_pixels_are_and_report_logical_px(self):
        app, box = self.handle_at_rest("--scale", "2")
        app.mark()
        # The header in device px: 30 logical px under the sheet's top.
        app.click(2 * 500, 2 * (300 + 30))
        ev = app.settle()
        self.assertEqual((ev["to"], ev["drawerTop"], ev["extent"]), ("fullyExpanded", 0, 600), ev)
        # A still release 290 logical px (580 device px) down from full's
        # header: at extent 310, inside the 40 px band around partial.
        app.mark()
        app.drag(line(2 * 500, 2 * 30, 2 * 500, 2 * 320, 10), 0.03, hold=0.15)
        ended = app.wait_for("dragEnded")
        self.assertEqual(ended["velocity"], 0.0, ended)
        self.assertEqual(ended["target"], "partiallyExpanded", ended)
        self.assertEqual(app.settle()["extent"], 300)

    def test_xft_dpi_192_at_start_is_2x(self):
        self.set_resources("Xcursor.size: 24\nXft.dpi: 192\n")
        app, box = self.handle_at_rest()
        self.assertEqual(box[2:], (80, 12))
        self.assertEqual(app.last.width, 1600)
        self.assertEqual(app.events[0]["width"], 800)
        app.stop()
        # --scale N is the user's word over the desktop's.
        app, box = self.handle_at_rest("--scale", "1")
        self.assertEqual(box[2:], (40, 6))

    def test_a_change_of_xft_dpi_while_running_grows_the_handle(self):
        app, box = self.handle_at_rest()
        self.assertEqual(box[2:], (40, 6))
        app.mark()
        self.set_resources("Xft.dpi: 192\n")
        ev = app.wait_for("scaleChanged")
        # The window keeps its 800x600 device px: 400x300 logical now, the
        # panel still at its detent (300 logical px, all of the height).
        self.assertEqual((ev["scale"], ev["width"], ev["height"]), (2, 400, 300), ev)
        self.assertEqual(ev["drawerTop"], 0)
        self.assertEqual(self.handle_of(app, 2, top=0)[2:], (80, 12))
        # Back to 96 dpi: back to 1x.
        app.mark()
        self.set_resources("Xft.dpi: 96\n")
        ev = app.wait_for("scaleChanged")
        self.assertEqual((ev["scale"], ev["width"], ev["drawerTop"]), (1, 800, 300), ev)
        self.assertEqual(self.handle_of(app, 1, top=300)[2:], (40, 6))
        # Another resource changing leaves the scale alone.
        app.mark()
        self.set_resources("Xft.dpi: 96\nXcursor.size: 48\n")
        self.assertEqual(app.quiet({"scaleChanged"}, 0.5), [])

    def test_a_fixed_scale_ignores_changes_of_xft_dpi(self):
        app, box = self.handle_at_rest("--scale", "1")
        app.mark()
        self.set_resources("Xft.dpi: 192\n")
        self.assertEqual(app.quiet({"scaleChanged"}, 0.5), [])
        self.assertEqual(handle_box(app.screenshot(), 300, 1)[2:], (40, 6))

    def test_a_session_whose_scale_changed_replays_to_the_same_events(self):
        self.set_resources("Xft.dpi: 144\n")
        app = self.launch("--record", "trace.jsonl", "--report-moves")
        app.settle(since=0)
        app.mark()
        # At 1.5x: from partial's header (300 logical px) up past the mark.
        app.drag(line(600, 1.5 * 330, 600, 1.5 * 200, 10), 0.03, hold=0.15)
        app.settle()
        app.mark()
        self.set_resources("Xft.dpi: 192\n")
        app.wait_for("scaleChanged")
        app.key("Escape")
        app.settle()
        app.key("q")
        app.wait_exit()
        window_events = {"ready", "resized", "exit", "scaleChanged", "rows"}
        shown = [{k: v for k, v in e.items() if k != "_t"} for e in app.events if e["event"] not in window_events]
        replay = os.path.join(os.path.dirname(app.proc.args[0]), "drawer-replay")
        done = subprocess.run([replay, os.path.join(app.cwd.name, "trace.jsonl")], capture_output=True,
                              timeout=EVENT_TIMEOUT * 4)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        replayed = [json.loads(l) for l in done.stdout.decode().splitlines()]
        self.assertGreater(len(shown), 5)
        self.assertEqual(replayed, shown)
        with open(os.path.join(app.cwd.name, "trace.jsonl")) as f:
            self.assertIn('"scale":1.5', f.readline())


class TestDefaultWindowFits(UITest):
    """A default window on a small screen at a large scale."""

    @classmethod
    def setUpClass(cls):
        cls.server = XServer(screen="1280x800x24")

    def tearDown(self):
        self.server.run("xprop", "-root", "-remove", "RESOURCE_MANAGER", check=False)

    def test_the_default_window_fits_the_screen_at_any_scale(self):
        self.server.run("xprop", "-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER",
                        "Xft.dpi: 192\n")
        for flags in ((), ("--scale", "3")):
            with self.subTest(flags=flags):
                app = self.launch(*flags)
                app.settle(since=0)
                img = app.screenshot()
                # 800x600 at 2x (or 3x) would be 1600x1200: at most 90 % of each side.
                self.assertLessEqual(img.width, 1152, (img.width, img.height))
                self.assertLessEqual(img.height, 720, (img.width, img.height))
                self.assertGreaterEqual(img.width, 1000, "it still fills most of the screen")
                scale = 3 if flags else 2
                self.assertEqual((app.width, app.height), (img.width // scale, img.height // scale),
                                 "ready reports the window drawn, in logical px")
                app.stop()
        # A size given is kept.
        app = self.launch("-g", "700x500")
        self.assertEqual((app.width, app.height), (700, 500))
