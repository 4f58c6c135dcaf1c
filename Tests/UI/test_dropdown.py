"""--desktop --embed under openbox, beside two plain xterms: a drop-down
that grabs nothing. The window manager's hotkey (Super+grave, writing
`toggle` to the control FIFO) shows and hides it, a plain `xterm -into %w`
takes typed keys with the X input focus, Alt+Tab and clicks reach the
other windows while it shows, --hide-on-blur slides it out, the focus goes
back after a hide, and nothing outside the panel is covered or dimmed."""

import os
import tempfile

from harness import Image, UITest, XServer, is_white
from window_manager import WindowManager, XTerm, active_window, input_focus, wait_until
from test_desktop import geometry

DROP_DOWN = ["--desktop", "--edge", "top", "--embed", "xterm -into %w -e sh"]


class TestDropDown(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer("1280x800x24")
        cls.dir = tempfile.TemporaryDirectory(prefix="drawer-dropdown-")
        # openbox's hotkey writes here; each test's drop-down reads it.
        cls.fifo = os.path.join(cls.dir.name, "control")
        os.mkfifo(cls.fifo)
        cls.wm = WindowManager(cls.server, cls.fifo)
        # Whatever reaches xterm one is written to its file.
        cls.one_typed = os.path.join(cls.dir.name, "one.txt")
        cls.one = XTerm(cls.server, "one", "60x10+20+450", f"exec cat > {cls.one_typed}")
        cls.two = XTerm(cls.server, "two", "60x10+660+450", "exec cat > /dev/null")

    @classmethod
    def tearDownClass(cls):
        for part in ("two", "one", "wm"):
            if hasattr(cls, part):
                getattr(cls, part).stop()
        cls.dir.cleanup()
        super().tearDownClass()

    def setUp(self):
        self.focus_xterm(self.one)

    def focus_xterm(self, xterm):
        g = geometry(self.server, xterm.window)
        self.server.xdotool("mousemove", g[0] + 40, g[1] + 40, "click", 1)
        wait_until(lambda: input_focus(self.server) == xterm.window, "the xterm has the focus")

    def drop_down(self, *flags):
        """A shown drop-down whose xterm has the X input focus; returns
        (app, the xterm's window)."""
        app = self.launch(*DROP_DOWN, "--control", self.fifo, *flags)
        app.settle(since=0)
        client = wait_until(lambda: self.client(app), "the xterm came into the panel")
        wait_until(lambda: input_focus(self.server) == client, "the embedded xterm has the input focus")
        return app, client

    def client(self, app):
        """The embedded xterm's window (the socket's child), or None."""
        out = self.server.run("xwininfo", "-tree", "-id", str(app.window)).decode()
        ids = [l.split()[0] for l in out.splitlines() if l.strip().startswith("0x")]
        return int(ids[1], 16) if len(ids) > 1 else None

    def mapped(self, app):
        return geometry(self.server, app.window)[5] == "IsViewable"

    def hotkey(self, app, shown):
        self.server.xdotool("key", "super+grave")
        wait_until(lambda: self.mapped(app) == shown, "shown" if shown else "hidden")

    def test_the_hotkey_shows_and_hides_it_typing_reaches_the_xterm_and_the_focus_comes_back(self):
        app, client = self.drop_down("--keep")
        typed = os.path.join(self.dir.name, "typed")
        self.server.run("xdotool", "type", "--delay", "15", f"echo typed > {typed}")
        self.server.xdotool("key", "Return")
        wait_until(lambda: os.path.exists(typed) and open(typed).read() == "typed\n", "the typed command ran")
        for _ in range(2):
            self.hotkey(app, shown=False)
            wait_until(lambda: input_focus(self.server) == self.one.window, "xterm one has the focus again")
            self.hotkey(app, shown=True)
            wait_until(lambda: input_focus(self.server) == client, "the embedded xterm has the focus again")
        self.assertEqual(open(self.one_typed).read(), "", "xterm one never got a key")
        with open(self.fifo, "w") as f:
            f.write("quit\n")
        self.assertEqual(app.wait_exit(), 0)

    def test_alt_tab_and_a_click_reach_other_windows_and_the_panel_stays(self):
        app, client = self.drop_down("--keep")
        before = active_window(self.server)
        self.server.xdotool("key", "alt+Tab")
        wait_until(lambda: active_window(self.server) not in (0, before), "Alt+Tab changed _NET_ACTIVE_WINDOW")
        self.focus_xterm(self.two)
        self.assertTrue(self.mapped(app), "the panel stays shown")
        # A click on the panel gives the embedded xterm the focus back.
        self.server.xdotool("mousemove", 640, 100, "click", 1)
        wait_until(lambda: input_focus(self.server) == client, "a click on the panel focused the xterm")
        # Nothing of the window covers, or dims, the desktop beside the panel.
        img = Image(self.server.run("xwd", "-root", "-silent"))
        g = geometry(self.server, self.two.window)
        self.assertTrue(is_white(img.pixel(g[0] + 200, g[1] + 100)), "xterm two shows undimmed")
        # Hidden, the focus goes back to the window the click took it from.
        self.hotkey(app, shown=False)
        wait_until(lambda: input_focus(self.server) == self.two.window, "xterm two has the focus again")

    def test_hide_on_blur_slides_it_out_and_toggle_brings_it_back(self):
        app, client = self.drop_down("--keep", "--hide-on-blur")
        self.focus_xterm(self.two)
        wait_until(lambda: not self.mapped(app), "slid out on the blur")
        self.assertEqual(input_focus(self.server), self.two.window, "the focus stays where the click put it")
        self.hotkey(app, shown=True)
        wait_until(lambda: input_focus(self.server) == client, "the embedded xterm has the focus again")
