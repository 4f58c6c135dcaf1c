"""--monitor on an Xvfb split into two monitors by `xrandr --setmonitor`
(RandR 1.5), and on one without RandR (Xinerama's heads): the window is
centred on the monitor of that number, the one under the pointer, or the
focused window's; a number past the last exits 64 with one line."""

import xclient
from harness import EVENT_TIMEOUT, UITest, XServer, run_program
from test_desktop import geometry

# Xvfb's one output, cut in two side by side: LEFT (number 0) and RIGHT (1).
SCREEN = (1280, 1024)
LEFT = (0, 0, 640, 1024)
RIGHT = (640, 0, 640, 1024)
SIZE = (400, 300)


def centred(monitor):
    x, y, w, h = monitor
    return x + (w - SIZE[0]) // 2, y + (h - SIZE[1]) // 2


class TestMonitors(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer(f"{SCREEN[0]}x{SCREEN[1]}x24")
        # Monitors live in the server, which -noreset keeps between clients.
        cls.server.run("xrandr", "--setmonitor", "LEFT", "640/169x1024/271+0+0", "screen")
        cls.server.run("xrandr", "--setmonitor", "RIGHT", "640/169x1024/271+640+0", "none")
        listed = cls.server.run("xrandr", "--listmonitors").decode()
        assert "Monitors: 2" in listed, listed

    def origin(self, *flags):
        app = self.launch("-g", f"{SIZE[0]}x{SIZE[1]}", *flags)
        return app.origin

    def test_a_number_picks_that_monitor(self):
        self.assertEqual(self.origin("--monitor", "1"), centred(RIGHT))
        self.assertEqual(self.origin("--monitor", "0"), centred(LEFT))

    def test_pointer_picks_the_monitor_under_the_pointer(self):
        self.server.xdotool("mousemove", 1000, 500)
        self.assertEqual(self.origin("--monitor", "pointer"), centred(RIGHT))
        self.server.xdotool("mousemove", 100, 900)
        self.assertEqual(self.origin("--monitor", "pointer"), centred(LEFT))

    def test_focus_picks_the_focused_windows_monitor_over_the_pointers(self):
        self.server.xdotool("mousemove", 100, 100)
        # A window mostly on RIGHT takes the focus (the harness focuses it).
        self.launch("-g", "300x200+600+50")
        self.assertEqual(self.origin("--monitor", "focus"), centred(RIGHT))

    def test_a_geometry_with_a_place_wins(self):
        self.assertEqual(self.origin("--monitor", "1", "-g", "+10+20"), (10, 20))

    def test_without_monitor_the_window_is_not_moved(self):
        self.server.xdotool("mousemove", 1000, 500)
        self.assertEqual(self.origin(), (0, 0))

    def test_a_number_past_the_last_monitor_exits_64_with_one_line(self):
        status, out, err, _ = run_program("--monitor", "2", "--events", env=self.server.env())
        self.assertEqual(status, 64, err)
        self.assertEqual(
            err.strip().splitlines(),
            ["drawer-x11: --monitor must be a monitor's number from 0 to 1 (this display has 2), pointer or focus "
             "(got 2)"])
        self.assertNotIn('"ready"', out)


class TestXineramaWithoutRandR(UITest):
    """Without RandR the monitors are Xinerama's heads: here Xvfb's two
    screens, which it lists both at +0+0 (the second 640x480)."""

    @classmethod
    def setUpClass(cls):
        cls.server = XServer("1280x1024x24", extra=("-screen", "1", "640x480x24", "+xinerama", "-extension", "RANDR"))

    def test_a_number_picks_a_xinerama_head(self):
        app = self.launch("-g", f"{SIZE[0]}x{SIZE[1]}", "--monitor", "1")
        self.assertEqual(app.origin, ((640 - SIZE[0]) // 2, (480 - SIZE[1]) // 2))
        status, _, err, _ = run_program("--monitor", "2", env=self.server.env())
        self.assertEqual(status, 64, err)
        self.assertIn("from 0 to 1 (this display has 2)", err)


def monitor_numbers(server):
    """Each monitor's number, by name, in the order RandR lists them."""
    listed = server.run("xrandr", "--listmonitors").decode().splitlines()[1:]
    # " 1: +*NAME GEOMETRY [OUTPUT]": the marks say primary and automatic.
    return {line.split()[1].lstrip("+*"): int(line.split(":")[0]) for line in listed}


class TestMonitorsOffAndBeyondTheScreen(UITest):
    """RandR lets a client declare any monitor (`xrandr --setmonitor NAME
    geometry none`): one larger than the screen, one beside it. A window
    covers at most the screen's part of a monitor, and one with no part
    on the screen is refused by number and passed over by a rule."""

    @classmethod
    def setUpClass(cls):
        cls.server = XServer(f"{SCREEN[0]}x{SCREEN[1]}x24")
        cls.server.run("xrandr", "--setmonitor", "LEFT", "640/169x1024/271+0+0", "screen")

    def add_monitor(self, name, geometry):
        self.server.run("xrandr", "--setmonitor", name, geometry, "none")
        self.addCleanup(self.server.run, "xrandr", "--delmonitor", name)
        return monitor_numbers(self.server)[name]

    def test_a_monitor_larger_than_the_screen_is_clipped_to_it(self):
        big = self.add_monitor("BIG", "8192/1000x8192/1000+0+0")
        app = self.launch("--desktop", "--monitor", str(big))
        self.assertEqual(geometry(self.server, app.window)[:4], (0, 0) + SCREEN)
        self.assertEqual((app.width, app.height), SCREEN)
        # A window centred on it is centred on the screen.
        app = self.launch("-g", f"{SIZE[0]}x{SIZE[1]}", "--monitor", str(big))
        self.assertEqual(app.origin, centred((0, 0) + SCREEN))

    def test_a_monitor_off_the_screen_named_by_number_exits_64_with_one_line(self):
        away = self.add_monitor("AWAY", "640/169x1024/271+1300+0")
        # A pick's standard output is its answer: no events there.
        for flags in (("--desktop", "--events"), ("-g", "400x300", "--events"), ("--bar", "top", "--pick")):
            status, out, err, _ = run_program(*flags, "--monitor", str(away), env=self.server.env(),
                                              timeout=EVENT_TIMEOUT)
            self.assertEqual(status, 64, (flags, err))
            self.assertEqual(
                err.strip().splitlines(),
                [f"drawer-x11: --monitor must be a monitor on the {SCREEN[0]}x{SCREEN[1]} screen, pointer or focus "
                 f"(got {away}, which is 640x1024+1300+0: no part of it is on the screen)"], flags)
            self.assertEqual(out.count('"ready"'), 0)
            with xclient.Client(self.server.display) as other:
                self.assertFalse(other.keyboard_grabbed_elsewhere())

    def test_a_rule_passes_over_a_monitor_off_the_screen(self):
        # The pointer at the screen's right edge is 21 px from AWAY and
        # 640 px from LEFT: nearest to the monitor no one can see.
        self.add_monitor("AWAY", "640/169x1024/271+1300+0")
        self.server.xdotool("mousemove", SCREEN[0] - 1, 10)
        app = self.launch("--desktop", "--monitor", "pointer")
        self.assertEqual(geometry(self.server, app.window)[:4], LEFT)
        app.key("Escape")
        self.assertEqual(app.wait_exit(), 0, app.describe())
