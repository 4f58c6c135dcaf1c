"""--desktop shows the real desktop behind the panel, dimmed: a copy of it
taken before the window maps, or, under a compositing manager, the desktop
itself through an ARGB window whose pixels outside the panel are the dim's
translucent black."""

import subprocess
import time

import xclient
from harness import EVENT_TIMEOUT, ControlFifo, Image, UITest, XServer, _spawn, _stop, run_program
from test_desktop import geometry

# The dim at rest, 25 % black: an 8-bit alpha of 64.
DIM = ("--detents", "half=50%", "--backdrop", "half=0.25")
DIM_ALPHA = 64


def dimmed(rgb, alpha=DIM_ALPHA):
    """`rgb` under black of 8-bit `alpha` (RENDER's Over)."""
    return tuple(c * (255 - alpha) / 255 for c in rgb)


def root_shot(server):
    return Image(server.run("xwd", "-silent", "-root"))


def mismatches(img, top, expected=dimmed, step=37):
    """Where the screenshot above the panel's top `top` is not the
    wallpaper under `expected`, within ±1 per channel (at most 5 listed)."""
    wrong = []
    for y in range(0, top - 24, step):
        for x in range(0, img.width, step):
            want = expected(xclient.wallpaper_color(x, y))
            got = img.pixel(x, y)
            if any(abs(g - w) > 1 for g, w in zip(got, want)):
                wrong.append(((x, y), got, tuple(round(w) for w in want)))
    return wrong[:5]


class TestTheDesktopBehindThePanel(UITest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        xclient.set_wallpaper(cls.server.display)

    def test_outside_the_panel_the_desktop_shows_dimmed_and_it_slides_in_and_out(self):
        app = self.launch("--desktop", *DIM, "--report-moves")
        self.assertEqual(geometry(self.server, app.window), (0, 0, 1280, 1024, "yes", "IsViewable"))
        top = app.settle(since=0)["drawerTop"]
        self.assertGreaterEqual(len([e for e in app.since(0) if e["event"] == "moved"]), 5, "it slides in")
        self.assertEqual(mismatches(root_shot(self.server), top), [])
        app.mark()
        app.key("Escape")
        self.assertEqual(app.settle()["to"], "dismissed")
        self.assertGreaterEqual(len([e for e in app.since() if e["event"] == "moved"]), 5, "it slides out")
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))

    def test_a_click_on_the_dimmed_desktop_slides_it_out_and_exits_0(self):
        app = self.launch("--desktop", *DIM)
        top = app.settle(since=0)["drawerTop"]
        self.assertEqual(mismatches(root_shot(self.server), top), [])
        app.mark()
        app.click(640, 100)
        app.wait_for("exteriorTap")
        self.assertEqual(app.settle()["to"], "dismissed")
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))

    def test_a_kept_drawer_shown_again_shows_the_desktop_as_it_is_then(self):
        control = ControlFifo(self)
        app = self.launch("--desktop", *DIM, "--initial", "dismissed", "--keep", *control.flags())
        # A window opened on the desktop while the drawer is hidden.
        other = self.launch("-g", "400x300+100+100")
        shot = root_shot(self.server)
        inside = shot.pixel(300, 250)
        app.mark()
        control.send("toggle")
        top = app.settle()["drawerTop"]
        self.assertLess(250, top)
        shown = root_shot(self.server)
        for c, want in zip(shown.pixel(300, 250), dimmed(inside)):
            self.assertLessEqual(abs(c - want), 1, (shown.pixel(300, 250), inside))
        self.assertEqual(mismatches(shown, 90), [], "the desktop above the other window")
        other.stop()
        control.send("quit")
        self.assertEqual(app.wait_exit(), 0, app.describe())


def start_picom(server):
    """picom with its xrender backend (Xvfb has no GL), once it owns the
    compositing manager's selection."""
    picom = _spawn(["picom", "--backend", "xrender"], env=server.env(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + EVENT_TIMEOUT
    while not xclient.selection_owned(server.display, "_NET_WM_CM_S0"):
        if time.monotonic() > deadline or picom.poll() is not None:
            _stop(picom)
            raise RuntimeError("picom did not start")
        time.sleep(0.02)  # polling the selection, bounded by the deadline
    return picom


class TestTheDesktopUnderACompositor(UITest):
    """picom draws the desktop from _XROOTPMAP_ID and the window over it."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        xclient.set_wallpaper(cls.server.display)
        cls.picom = start_picom(cls.server)

    @classmethod
    def tearDownClass(cls):
        _stop(cls.picom)
        super().tearDownClass()

    def test_the_window_is_argb_and_the_desktop_shows_through_the_dim(self):
        app = self.launch("--desktop", *DIM)
        info = self.server.run("xwininfo", "-id", str(app.window)).decode()
        self.assertIn("Depth: 32", info)
        top = app.settle(since=0)["drawerTop"]

        # picom paints a little after the window maps and moves.
        deadline = time.monotonic() + EVENT_TIMEOUT
        while wrong := mismatches(shot := root_shot(self.server), top):
            self.assertLess(time.monotonic(), deadline, f"the desktop, dimmed, on the composited screen: {wrong}")
            time.sleep(0.02)  # polling the screen, bounded by the deadline
        # The panel is opaque, and its text is drawn on it.
        panel = [shot.pixel(x, top + 60) for x in range(0, 1280, 5)]
        surface = max(set(panel), key=panel.count)
        self.assertGreater(sum(surface), 3 * 230, surface)
        header = [shot.pixel(x, y) for y in range(top + 20, top + 50) for x in range(10, 200)]
        self.assertTrue(any(sum(p) < 3 * 90 for p in header), "the title's text is drawn")
        app.mark()
        app.key("Escape")
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))


    def test_a_drop_down_is_opaque_dims_nothing_and_covers_only_the_panel(self):
        # A default-visual client inside an ARGB window shows black; a
        # drop-down shows the live desktop beside it, never a copy or a dim.
        app = self.launch("--desktop", *DIM, "--embed", "stterm -w %w")
        self.assertIn("Depth: 24", self.server.run("xwininfo", "-id", str(app.window)).decode())
        top = app.settle(since=0)["drawerTop"]
        deadline = time.monotonic() + EVENT_TIMEOUT
        while wrong := mismatches(root_shot(self.server), top, expected=lambda c: c):
            self.assertLess(time.monotonic(), deadline, f"the desktop, undimmed, around the drop-down: {wrong}")
            time.sleep(0.02)  # polling the screen, bounded by the deadline


class TestACompositorGone(UITest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        xclient.set_wallpaper(cls.server.display)

    def test_a_kept_drawer_shown_after_its_compositor_ended_shows_a_copy_of_the_desktop(self):
        picom = start_picom(self.server)
        self.addCleanup(_stop, picom)
        control = ControlFifo(self)
        app = self.launch("--desktop", *DIM, "--initial", "dismissed", "--keep", *control.flags())
        self.assertIn("Depth: 32", self.server.run("xwininfo", "-id", str(app.window)).decode())
        _stop(picom)
        deadline = time.monotonic() + EVENT_TIMEOUT
        while xclient.selection_owned(self.server.display, "_NET_WM_CM_S0"):
            self.assertLess(time.monotonic(), deadline, "the selection outlived picom")
            time.sleep(0.01)  # polling the selection, bounded by the deadline
        app.mark()
        control.send("toggle")
        top = app.settle()["drawerTop"]
        self.assertEqual(mismatches(root_shot(self.server), top), [])
        control.send("quit")
        self.assertEqual(app.wait_exit(), 0, app.describe())


class TestACompositorWithoutAnArgbVisual(UITest):
    @classmethod
    def setUpClass(cls):
        # Without Composite, Xvfb offers no 32-bit visual.
        cls.server = XServer(extra=("-extension", "Composite"))

    def test_desktop_exits_69_with_one_line(self):
        owner = xclient.CompositorSelection(self.server.display)
        try:
            status, out, err, _ = run_program("--desktop", "--events", env=self.server.env(), timeout=5)
        finally:
            owner.close()
        self.assertEqual(status, 69, err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertIn("--desktop: a compositing manager runs, but display", err)
        self.assertIn("has no 32-bit ARGB visual", err)
        self.assertNotIn('"ready"', out)


class TestACompositorThatExitsWhileShown(UITest):
    """The root painted one flat colour with xsetroot (no _XROOTPMAP_ID,
    so picom draws its own backdrop there); picom ends while the panel
    shows."""

    ROOT = (0x40, 0x80, 0xC0)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server.run("xsetroot", "-solid", "#%02x%02x%02x" % cls.ROOT)

    def test_the_window_then_shows_the_desktop_copied_and_dimmed_not_black(self):
        picom = start_picom(self.server)
        self.addCleanup(_stop, picom)
        app = self.launch("--desktop", *DIM)
        self.assertIn("Depth: 32", self.server.run("xwininfo", "-id", str(app.window)).decode())
        top = app.settle(since=0)["drawerTop"]
        _stop(picom)
        want = dimmed(self.ROOT)
        # The screen above the panel, sampled, until it is the root dimmed.
        deadline = time.monotonic() + EVENT_TIMEOUT
        while wrong := mismatches(shot := root_shot(self.server), top, expected=lambda _: want):
            self.assertLess(time.monotonic(), deadline, f"the root, dimmed, once picom has gone: {wrong}")
            time.sleep(0.02)  # polling the screen, bounded by the deadline
        self.assertFalse(any(shot.pixel(x, 5) == (0, 0, 0) for x in range(0, 1280, 10)), "no black above the panel")
        # The panel is still there, and still takes keys.
        app.mark()
        app.key("Escape")
        self.assertEqual(app.settle()["to"], "dismissed")
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))
