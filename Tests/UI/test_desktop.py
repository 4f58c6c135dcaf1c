"""--desktop: an override-redirect window covering one monitor, the keyboard
and the pointer grabbed before it maps, the panel sliding in and sliding
out before the program ends; hidden and kept, nothing mapped and nothing
grabbed; laid out again when RandR says the monitors changed."""

import time

import xclient
from harness import EVENT_TIMEOUT, ControlFifo, UITest, XServer, line, run_program
from test_pick import Pick


def geometry(server, window):
    """(x, y, width, height, override-redirect, map state) of `window`."""
    out = server.run("xwininfo", "-id", str(window)).decode()
    vals = {k.strip(): v.strip() for k, v in (l.split(":", 1) for l in out.splitlines() if ":" in l)}
    return (int(vals["Absolute upper-left X"]), int(vals["Absolute upper-left Y"]), int(vals["Width"]),
            int(vals["Height"]), vals["Override Redirect State"], vals["Map State"])


def wait_map_state(server, window, state, timeout=EVENT_TIMEOUT):
    """Polls `window`'s map state until it is `state`; fails after `timeout` s."""
    deadline = time.monotonic() + timeout
    while (last := geometry(server, window)[5]) != state:
        if time.monotonic() > deadline:
            raise AssertionError(f"map state {last}, not {state}, after {timeout} s")
        time.sleep(0.01)  # polling the server, bounded by the deadline


def grabbed(server):
    with xclient.Client(server.display) as c:
        return c.keyboard_grabbed_elsewhere()


class TestDesktop(UITest):
    def test_it_covers_the_screen_slides_in_and_slides_out_on_escape(self):
        app = self.launch("--desktop", "--report-moves")
        self.assertEqual(geometry(self.server, app.window), (0, 0, 1280, 1024, "yes", "IsViewable"))
        self.assertEqual((app.width, app.height, app.state), (1280, 1024, "dismissed"))
        self.assertTrue(grabbed(self.server), "another client's keyboard grab fails while it shows")
        ev = app.wait_for("willTransition", since=0)
        self.assertEqual(ev["from"], "dismissed")
        app.settle(since=0)
        self.assertGreaterEqual(len([e for e in app.since(0) if e["event"] == "moved"]), 5, "it slides in")
        app.mark()
        app.key("Escape")
        self.assertEqual(app.settle()["to"], "dismissed")
        self.assertGreaterEqual(len([e for e in app.since() if e["event"] == "moved"]), 5, "it slides out")
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))

    def test_a_click_on_the_dimmed_desktop_slides_it_out_and_exits_0(self):
        app = self.launch("--desktop")
        app.settle(since=0)
        app.mark()
        app.click(640, 100)
        app.wait_for("exteriorTap")
        self.assertEqual(app.settle()["to"], "dismissed")
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))

    def test_keys_typed_once_the_grab_is_taken_reach_a_pick_whatever_has_the_focus(self):
        # A window that takes the focus, and would report what is typed in it.
        other = self.launch("-g", "300x200+10+10", "--filter", "--items", ControlFifo(self, "x\n").items)
        p = Pick(self, "printf 'alpha\\nbeta\\ngamma\\n'", "--desktop")
        deadline = time.monotonic() + EVENT_TIMEOUT
        while not grabbed(self.server):
            self.assertLess(time.monotonic(), deadline, "no grab")
            time.sleep(0.005)  # polling the grab, bounded by the deadline
        # Typed at once, before the window is ready: the grab queues them.
        self.server.run("xdotool", "type", "--delay", "10", "gam")
        self.server.xdotool("key", "Return")
        status, out, _ = p.finish()
        self.assertEqual((status, out), (0, "gamma\n"))
        self.assertEqual(other.quiet({"filtered"}, 0.1, since=0), [], "the focused window got no key")

    def test_the_panel_drags_under_the_grab(self):
        app = self.launch("--desktop")
        top = app.settle(since=0)["drawerTop"]
        app.mark()
        app.drag(line(640, top + 20, 640, 60, 14), 0.02, hold=0.2)
        self.assertEqual(app.settle()["to"], "fullyExpanded", app.describe(app.cursor))
        self.assertIsNone(app.proc.poll())

    def test_a_grab_another_program_keeps_exits_75_with_one_line(self):
        with xclient.Client(self.server.display) as holder:
            self.assertFalse(holder.keyboard_grabbed_elsewhere())
            xclient._x11.XGrabKeyboard(holder.dpy, holder.root, 1, 1, 1, 0)
            xclient._x11.XSync(holder.dpy, 0)
            status, out, err, secs = run_program("--desktop", "--events", env=self.server.env(), timeout=5)
        self.assertEqual(status, 75, err)
        self.assertEqual(err.strip().splitlines(), ["drawer-x11: --desktop: cannot grab the keyboard: another program holds it"])
        self.assertGreaterEqual(secs, 0.5, "it retried")
        self.assertNotIn('"ready"', out)

    def test_hidden_and_kept_nothing_maps_nothing_is_grabbed_and_toggle_shows_it(self):
        control = ControlFifo(self)
        app = self.launch("--desktop", "--initial", "dismissed", "--keep", *control.flags())
        self.assertEqual(app.state, "dismissed")
        self.assertEqual(geometry(self.server, app.window)[5], "IsUnMapped")
        self.assertFalse(grabbed(self.server))
        for _ in range(2):
            app.mark()
            control.send("toggle")
            self.assertEqual(app.settle()["to"], "partiallyExpanded", app.describe(app.cursor))
            self.assertEqual(geometry(self.server, app.window)[5], "IsViewable")
            self.assertTrue(grabbed(self.server))
            app.mark()
            control.send("toggle")
            self.assertEqual(app.settle()["to"], "dismissed", app.describe(app.cursor))
            wait_map_state(self.server, app.window, "IsUnMapped")
            self.assertFalse(grabbed(self.server))
        before = app.cpu_ticks()
        app.quiet((), 1.0)  # the measuring window
        self.assertLessEqual(app.cpu_ticks() - before, 1, "CPU used while hidden")
        control.send("quit")
        self.assertEqual(app.wait_exit(), 0, app.describe())


class TestDesktopOnTwoMonitors(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer("1280x1024x24")
        cls.server.run("xrandr", "--setmonitor", "LEFT", "640/169x1024/271+0+0", "screen")
        cls.server.run("xrandr", "--setmonitor", "RIGHT", "640/169x1024/271+640+0", "none")

    def test_it_covers_the_chosen_monitor(self):
        app = self.launch("--desktop", "--monitor", "1")
        self.assertEqual(geometry(self.server, app.window)[:5], (640, 0, 640, 1024, "yes"))
        app.stop()
        self.server.xdotool("mousemove", 100, 500)
        app = self.launch("--desktop", "--monitor", "pointer")
        self.assertEqual(geometry(self.server, app.window)[:4], (0, 0, 640, 1024))
        app.stop()
        app = self.launch("--desktop", "--monitor", "0")
        self.assertEqual(geometry(self.server, app.window)[:4], (0, 0, 640, 1024))

    def test_a_click_on_another_monitor_dismisses(self):
        app = self.launch("--desktop", "--monitor", "1")
        app.settle(since=0)
        app.mark()
        self.server.xdotool("mousemove", 300, 300, "click", 1)
        app.wait_for("exteriorTap")
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))

    def test_a_change_of_monitors_lays_it_out_again(self):
        app = self.launch("--desktop", "--monitor", "1")
        app.settle(since=0)
        app.mark()
        try:
            # A monitor is replaced by deleting it first.
            self.server.run("xrandr", "--delmonitor", "RIGHT")
            self.server.run("xrandr", "--setmonitor", "RIGHT", "640/169x512/135+640+512", "none")
            # --setmonitor sends no event (Xvfb): a change of the primary output does.
            self.server.run("xrandr", "--output", "screen", "--primary")
            ev = app.wait_for("resized")
            self.assertEqual((ev["width"], ev["height"]), (640, 512))
            app.poll(lambda _: geometry(self.server, app.window)[:4] == (640, 512, 640, 512), what="the new place")
        finally:
            self.server.run("xrandr", "--delmonitor", "RIGHT", check=False)
            self.server.run("xrandr", "--setmonitor", "RIGHT", "640/169x1024/271+640+0", "none")
