"""The wheel on the real window, through XTest's core buttons 4 to 7 (Xvfb's
devices have no scroll valuators, so XI 2.1 smooth scrolling is tested in
ScrollValuatorsTests): where the list does not scroll, a notch up expands
one detent and a notch down collapses one but never dismisses; where it
scrolls, the wheel scrolls it; buttons 6 and 7 move a left or right panel.
The program selects XI2 motion on its window, which must leave hover quiet
and drags working."""

import json
import os
import subprocess

from harness import UITest, line

QUIET = 0.8  # s of deadline-bounded negative checks
SLOW, HOLD = 0.02, 0.2
MOVES = ("willTransition", "didTransition", "dismissed", "dragBegan")
# Lines that come from the window rather than the panel.
WINDOW_EVENTS = {"ready", "resized", "exit", "frameStats", "rows"}


class TestWheel(UITest):
    def launch_presented(self, *flags):
        app = self.launch(*flags)
        app.settle(since=0)
        app.mark()
        return app

    def notch(self, app, wheel, notches, x, y, expect_to):
        """Sends `notches` with `wheel` at (x, y); expects one move, to
        `expect_to`, and nothing more."""
        app.mark()
        wheel(notches, x, y)
        ev = app.settle()
        self.assertEqual(ev["to"], expect_to, app.describe(app.cursor))
        started = [e for e in app.quiet(MOVES, QUIET) if e["event"] == "willTransition"]
        self.assertEqual(len(started), 1, f"one notch, one move\n{app.describe(app.cursor)}")
        return ev

    def test_wheel_up_expands_one_detent_at_a_time(self):
        app = self.launch_presented("--collapsed-height", "120", "--initial-state", "collapsed")
        self.assertEqual(app.wait_for("didTransition", since=0)["to"], "collapsed")
        ev = self.notch(app, app.wheel, -1, 400, 600 - 60, "partiallyExpanded")
        self.assertEqual((ev["from"], ev["drawerTop"]), ("collapsed", 300))
        ev = self.notch(app, app.wheel, -1, 400, 320, "fullyExpanded")
        self.assertEqual(ev["from"], "partiallyExpanded")

    def test_wheel_up_at_partial_expands_and_down_never_dismisses(self):
        app = self.launch_presented()
        # Three quick notches down on the header and the list at the least
        # expanded detent: nothing moves.
        app.wheel(3, 400, 320)
        app.wheel(3, 400, 450)
        self.assertEqual(app.quiet(MOVES, QUIET), [], app.describe(app.cursor))
        self.assertEqual(app.drawer_top_at(), 300)
        ev = self.notch(app, app.wheel, -1, 400, 450, "fullyExpanded")
        self.assertEqual(ev["from"], "partiallyExpanded")

    def test_wheel_scrolls_the_list_at_full(self):
        app = self.launch_presented()
        self.expand(app)
        before = app.poll_stable(lambda img: img.region(0, 100, app.width - 20, app.height), what="list at rest")
        app.wheel(3, 400, 300)
        app.poll(lambda img: img.region(0, 100, app.width - 20, app.height) != before, what="list scrolled")
        app.wheel(-3, 400, 300)
        app.poll(lambda img: img.region(0, 100, app.width - 20, app.height) == before, what="list back at its top")
        self.assertEqual(app.quiet(MOVES, QUIET), [], "the list scrolled, the panel stayed")

    def test_horizontal_buttons_move_a_left_panel(self):
        app = self.launch_presented("--edge", "left", "--detents", "rail=72,open=340", "--initial", "rail")
        self.assertEqual(app.extent, 72)
        ev = self.notch(app, app.hwheel, 1, 36, 300, "open")
        self.assertEqual((ev["from"], ev["extent"]), ("rail", 340))
        ev = self.notch(app, app.hwheel, -1, 200, 300, "rail")
        self.assertEqual(ev["extent"], 72)
        # Further left at the rail: it never dismisses.
        app.mark()
        app.hwheel(-3, 36, 300)
        self.assertEqual(app.quiet(MOVES, QUIET), [], app.describe(app.cursor))

    def test_horizontal_buttons_leave_a_bottom_panel_alone(self):
        app = self.launch_presented()
        app.hwheel(2, 400, 450)
        app.hwheel(-2, 400, 320)
        self.assertEqual(app.quiet(MOVES, QUIET), [], app.describe(app.cursor))

    def test_hover_is_quiet_and_drags_work_with_xi2_selected(self):
        app = self.launch_presented()
        # Hovering comes as XI2 motion now: no button, no input to the panel.
        app.server.xdotool("mousemove", *app._root(400, 450), "sleep", 0.05, "mousemove", *app._root(420, 200),
                           "sleep", 0.05, "mousemove", *app._root(400, 350))
        self.assertEqual(app.quiet(MOVES, QUIET), [], app.describe(app.cursor))
        # A slow drag of the header up to y=40, held still: full.
        app.mark()
        app.drag(line(400, 320, 400, 40, 14), SLOW, hold=HOLD)
        self.assertEqual(app.wait_for("dragEnded")["target"], "fullyExpanded", app.describe(app.cursor))
        self.assertEqual(app.settle()["to"], "fullyExpanded")

    def test_a_recorded_wheel_session_replays_to_the_same_events(self):
        app = self.launch_presented("--edge", "left", "--detents", "rail=72,half=50%,open=-40", "--initial", "rail",
                                    "--record", "trace.jsonl", "--report-moves")
        self.notch(app, app.hwheel, 1, 36, 300, "half")
        self.notch(app, app.hwheel, 1, 36, 300, "open")
        app.wheel(3, 300, 300)  # the list scrolls at open
        self.notch(app, app.hwheel, -1, 36, 300, "half")
        self.notch(app, app.hwheel, -1, 36, 300, "rail")
        app.hwheel(-1, 36, 300)
        app.key("q")
        app.wait_exit()
        shown = [{k: v for k, v in e.items() if k != "_t"} for e in app.events if e["event"] not in WINDOW_EVENTS]
        with open(os.path.join(app.cwd.name, "trace.jsonl")) as f:
            kinds = [json.loads(l).get("in") for l in f]
        self.assertEqual(kinds.count("hwheel"), 5)
        self.assertEqual(kinds.count("wheel"), 3)
        replay = os.path.join(os.path.dirname(app.proc.args[0]), "drawer-replay")
        done = subprocess.run([replay, os.path.join(app.cwd.name, "trace.jsonl")], capture_output=True, timeout=20)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        self.assertEqual([json.loads(l) for l in done.stdout.decode().splitlines()], shown)
