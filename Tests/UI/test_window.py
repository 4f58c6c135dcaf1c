"""The window's life: resize, quitting, idle CPU, losing the X server."""

import os

from harness import App, UITest, XServer


class TestWindow(UITest):
    def test_resize_keeps_state_and_relayouts(self):
        app = self.launch_at_rest()
        app.resize(700, 500)
        app.width, app.height = 700, 500
        img = app.wait_drawer_at(200)  # 500 - 300
        self.assertEqual((img.width, img.height), (700, 500))
        # The event carries the panel's new place; the state is unchanged
        # when no transition follows (below).
        e = app.wait_for("resized", width=700, height=500)
        self.assertEqual((e["drawerTop"], e["extent"]), (200, 300), e)
        self.assertEqual([e for e in app.since() if e["event"] in ("willTransition", "didTransition")], [],
                         "a resize changed the state")
        # The program knows the new height: dismissing goes to y = 500.
        app.key("Escape")
        ev = app.settle()
        self.assertEqual((ev["from"], ev["to"], ev["drawerTop"]), ("partiallyExpanded", "dismissed", 500))

    def test_q_quits(self):
        app = self.launch_at_rest()
        app.key("q")
        self.assertEqual(app.wait_exit(3), 0, app.describe())

    def test_wm_delete_window_quits(self):
        app = self.launch_at_rest()
        protocols = self.server.run("xprop", "-id", str(app.window), "WM_PROTOCOLS").decode()
        self.assertIn("WM_DELETE_WINDOW", protocols, "the window does not take part in WM_DELETE_WINDOW")
        app.close_via_wm_delete()
        self.assertEqual(app.wait_exit(3), 0, app.describe())

    def test_idle_cpu(self):
        app = self.launch_at_rest()
        self.expand(app)  # after an animation has run and ended
        app.drawer_top_at()
        before = app.cpu_ticks()
        app.quiet((), 3.0)  # the measuring window
        used = app.cpu_ticks() - before
        self.assertLessEqual(used, 1, f"{used} clock ticks of CPU in 3 s at rest")

    def test_x_server_death_exits_promptly(self):
        server = XServer()
        self.addCleanup(server.stop)
        app = App(server)
        self.addCleanup(app.stop)
        app.wait_ready()
        server.kill()
        status = app.wait_exit(2)
        self.assertGreaterEqual(status, 0, f"died of signal {-status}")
        self.assertNotEqual(status, 0)
        lines = app.stderr().strip().splitlines()
        self.assertEqual(len(lines), 1, f"stderr: {app.stderr()!r}")
        self.assertEqual([f for f in os.listdir(app.cwd.name) if f.startswith("core")], [])
