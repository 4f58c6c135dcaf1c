"""How the panel comes and goes in a real window: --initial dismissed opens
the window with the panel hidden, `toggle` shows and hides it, --keep keeps
the program running (idle) after a dismissal, and --slide-in slides the
panel in at start and out before the program ends."""

import os
import select
import time

from harness import EVENT_TIMEOUT, ControlFifo, UITest, is_drawer
from test_pick import Pick


def readline(proc, timeout=EVENT_TIMEOUT):
    """The next line `proc` writes on stdout, read byte by byte so that
    nothing after it is taken; fails after `timeout` s."""
    deadline = time.monotonic() + timeout
    out = b""
    fd = proc.stdout.fileno()
    while not out.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise AssertionError(f"no line on stdout within {timeout} s (so far {out!r})")
        chunk = os.read(fd, 1)
        if not chunk:
            raise AssertionError(f"stdout ended (so far {out!r})")
        out += chunk
    return out.decode()


class TestHiddenAndToggled(UITest):
    def launch_hidden(self, *flags):
        self.control = ControlFifo(self, "one\ntwo\nthree\n")
        return self.launch(*self.control.flags(), "--initial", "dismissed", *flags)

    def test_initial_dismissed_opens_the_window_with_the_panel_hidden(self):
        app = self.launch_hidden()
        self.assertEqual(app.state, "dismissed")
        self.assertEqual([e["event"] for e in app.since(0) if e["event"] == "willTransition"], [])
        self.assertEqual(self.panel_pixels(app), 0, "no panel shows")
        app.mark()
        self.control.send("present")
        ev = app.settle()
        self.assertEqual((ev["from"], ev["to"]), ("dismissed", "partiallyExpanded"), app.describe(app.cursor))
        app.wait_drawer_at(ev["drawerTop"])
        self.assertGreater(self.panel_pixels(app), 200)

    def panel_pixels(self, app):
        """How many of the bottom 250 px of one column are the panel's
        fill, once the window is drawn and still."""
        x = app.width // 2 + 100
        return app.poll_stable(
            lambda img: sum(is_drawer(img.pixel(x, y)) for y in range(app.height - 250, app.height)),
            what="the window drawn")

    def test_toggle_twice_with_keep_shows_and_hides_and_quit_exits_0(self):
        app = self.launch_hidden("--keep")
        app.mark()
        self.control.send("toggle")
        self.assertEqual(app.settle()["to"], "partiallyExpanded", app.describe(app.cursor))
        app.mark()
        self.control.send("toggle")
        self.assertEqual(app.settle()["to"], "dismissed", app.describe(app.cursor))
        app.wait_for("dismissed")
        self.assertEqual(app.wait_for("ack", command="toggle", since=0)["event"], "ack")
        # Hidden and kept: running, and asleep.
        self.assertEqual(self.panel_pixels(app), 0, "the panel is gone")
        before = app.cpu_ticks()
        app.quiet((), 1.5)  # the measuring window
        self.assertLessEqual(app.cpu_ticks() - before, 1, "CPU used while hidden")
        self.assertIsNone(app.proc.poll())
        self.control.send("quit")
        self.assertEqual(app.wait_exit(), 0, app.describe())


class TestSlideIn(UITest):
    def test_the_panel_slides_in_at_start_and_out_before_the_end(self):
        app = self.launch("--slide-in", "--report-moves", "--duration", "0.4", "--timing", "linear")
        self.assertEqual(app.state, "dismissed", "ready shows the panel still hidden")
        ev = app.wait_for("willTransition", since=0)
        self.assertEqual((ev["from"], ev["to"]), ("dismissed", "partiallyExpanded"))
        done = app.settle(since=0)
        moved = [e["extent"] for e in app.events[app.events.index(ev):app.events.index(done)] if e["event"] == "moved"]
        self.assertGreaterEqual(len(moved), 5, app.describe())
        self.assertEqual(moved, sorted(moved), "it slides one way")
        self.assertLess(moved[0], done["extent"] / 2)
        app.wait_drawer_at(done["drawerTop"])
        app.mark()
        app.key("Escape")
        out = app.settle()
        self.assertEqual(out["to"], "dismissed")
        leaving = [e["extent"] for e in app.since() if e["event"] == "moved"]
        self.assertGreaterEqual(len(leaving), 5, app.describe(app.cursor))
        self.assertEqual(leaving, sorted(leaving, reverse=True))
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))
        self.assertEqual(app.events[-1], {"event": "exit", "status": 0, "_t": app.events[-1]["_t"]})

    def test_without_slide_in_a_dismissed_window_stays(self):
        app = self.launch_at_rest()
        app.key("Escape")
        app.wait_for("dismissed")
        self.assertEqual(app.quiet({"exit"}, 0.5), [])
        self.assertIsNone(app.proc.poll())

    def test_escape_ends_a_slid_in_pick_at_once_and_exits_1(self):
        p = Pick(self, "printf 'a\\nb\\n'", "--slide-in", "--duration", "0.3")
        p.ready()
        p.wait_for("didTransition", lambda e: e["to"] == "fullyExpanded")
        p.keys("Escape")
        status, out, _ = p.finish()
        self.assertEqual((status, out), (1, ""))
        names = [e["event"] for e in p.events()]
        self.assertEqual(names[-1], "exit", names)
        self.assertNotIn("dismissed", names, "no slide-out before the end")


class TestKeptPick(UITest):
    def test_each_choice_is_printed_and_the_panel_hides(self):
        control = ControlFifo(self)
        p = Pick(self, "printf 'a\\nb\\nc\\n'", "--keep", "--control", control.path)
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 3 and not e["loading"])
        p.keys("Down", "Return")
        self.assertEqual(readline(p.proc), "b\n")
        p.wait_for("dismissed")
        self.assertIsNone(p.proc.poll(), "kept")
        control.send("toggle")
        p.wait_for("presented")
        p.server.run("xdotool", "windowfocus", str(p.window), check=False)
        p.keys("Return")
        self.assertEqual(readline(p.proc), "a\n", "shown again, the first row is selected")
        p.keys("Escape")  # hidden already: nothing to do
        control.send("quit")
        status, out, _ = p.finish()
        self.assertEqual((status, out), (1, ""))
