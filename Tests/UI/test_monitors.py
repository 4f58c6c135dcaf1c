"""--monitor on an Xvfb split into two monitors by `xrandr --setmonitor`
(RandR 1.5), and on one without RandR (Xinerama's heads): the window is
centred on the monitor of that number, the one under the pointer, or the
focused window's; a number past the last exits 64 with one line."""

from harness import UITest, XServer, run_program

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
