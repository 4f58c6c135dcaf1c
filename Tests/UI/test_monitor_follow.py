"""--desktop on a 2560x1024 Xvfb cut in two by `xrandr --setmonitor` (A on
the left, B on the right): --monitor focus and pointer are asked again at
every show, and a shown window follows its monitor by name when the
layout changes (`xrandr` sends only a ConfigureNotify on the root), or
slides out when that monitor is gone."""

import os
import shlex
import sys
import tempfile

from harness import ControlFifo, UITest, XServer
from window_manager import wait_until
from test_desktop import geometry

CLIENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "embed_client.py")
A = (0, 0, 1280, 1024)
B = (1280, 0, 1280, 1024)


class TestMonitorFollow(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer("2560x1024x24")

    def setUp(self):
        # Monitors live in the server, which keeps them between tests.
        # Xvfb's xrandr replaces no monitor of the same name: deleted first.
        for name, (x, y, w, h) in (("A", A), ("B", B)):
            self.server.run("xrandr", "--delmonitor", name, check=False)
            self.server.run("xrandr", "--setmonitor", name, f"{w}/338x{h}/270+{x}+{y}", "screen" if name == "A" else "none")
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-monitors-")
        self.addCleanup(self.dir.cleanup)

    def drop_down(self, rule):
        """A kept drop-down, hidden, on --monitor `rule`; returns (app, control)."""
        control = ControlFifo(self)
        log = os.path.join(self.dir.name, "client.log")
        command = " ".join(shlex.quote(a) for a in [sys.executable, CLIENT]) + f" %w {shlex.quote(log)} 0"
        app = self.launch("--desktop", "--embed", command, "--keep", "--initial", "dismissed", "--monitor", rule,
                          *control.flags())
        return app, control

    def place(self, app):
        return geometry(self.server, app.window)[:4]

    def show(self, app, control, monitor):
        """toggle from hidden: the window maps on `monitor`."""
        control.send("toggle")
        wait_until(lambda: geometry(self.server, app.window)[5] == "IsViewable", "shown")
        self.assertEqual(self.place(app), monitor)

    def hide(self, app, control):
        control.send("toggle")
        wait_until(lambda: geometry(self.server, app.window)[5] == "IsUnMapped", "hidden")

    def test_focus_and_pointer_are_asked_again_at_every_show(self):
        # A window on B takes the focus (the harness's windows take it).
        other = self.launch("-g", "300x200+1500+100")
        app, control = self.drop_down("focus")
        self.show(app, control, B)
        self.hide(app, control)
        self.server.run("xdotool", "windowfocus", "--sync", str(app.window), check=False)
        other.stop()
        left = self.launch("-g", "300x200+100+100")
        self.show(app, control, A)
        self.hide(app, control)
        left.stop()
        pointer, pcontrol = self.drop_down("pointer")
        self.server.xdotool("mousemove", 2000, 500)
        self.show(pointer, pcontrol, B)
        self.hide(pointer, pcontrol)
        self.server.xdotool("mousemove", 200, 500)
        self.show(pointer, pcontrol, A)

    def test_a_shown_window_follows_its_monitor_and_leaves_when_it_is_gone(self):
        app, control = self.drop_down("pointer")
        self.server.xdotool("mousemove", 2000, 500)
        self.show(app, control, B)
        # B grows to the left while shown (taken away and set again in one
        # run, as the server replaces no monitor): the window follows it.
        self.server.run("xrandr", "--delmonitor", "B", "--setmonitor", "B", "1600/423x1024/270+960+0", "none")
        wait_until(lambda: self.place(app) == (960, 0, 1600, 1024), "followed B", timeout=2)
        # B is deleted while shown: the panel slides out.
        self.server.run("xrandr", "--delmonitor", "B")
        wait_until(lambda: geometry(self.server, app.window)[5] == "IsUnMapped", "slid out", timeout=2)
        # Set again while hidden: the next show chooses by the rule.
        self.server.run("xrandr", "--setmonitor", "B", "1280/338x1024/270+1280+0", "none")
        self.show(app, control, B)
