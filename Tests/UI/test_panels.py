"""The panel model on the real window: top, left and right panels dragged
by the pointer, a three-detent bottom panel with FloatingPanel's projection
and rubber band, a non-modal panel whose map takes the pointer, a recorded
trace that replays to the same events, and flags that contradict."""

import json
import os
import subprocess
import tempfile

from harness import BINARY, ControlFifo, UITest, line, run_program

SLOW, FAST, HOLD = 0.02, 0.008, 0.2
# Lines that come from the window rather than the panel.
WINDOW_EVENTS = {"ready", "resized", "exit", "frameStats", "rows"}


class TestEdges(UITest):
    def launch_presented(self, *flags):
        app = self.launch(*flags)
        app.settle(since=0)
        app.mark()
        return app

    def drag_to(self, app, points, expected, hold=HOLD):
        app.mark()
        app.drag(points, SLOW, hold=hold)
        ended = app.wait_for("dragEnded")
        ev = app.settle()
        self.assertEqual((ended["target"], ev["to"]), (expected, expected), app.describe(app.cursor))
        return ev

    def test_a_left_panel_opens_and_closes_along_x(self):
        app = self.launch_presented("--edge", "left", "--detents", "rail=72,open=340", "--initial", "rail")
        self.assertEqual(app.extent, 72)
        # Grab the grip column at the moving edge and pull right, then still.
        ev = self.drag_to(app, line(60, 300, 320, 300, 13), "open")
        self.assertEqual(ev["extent"], 340)
        self.assertNotIn("drawerTop", ev, "drawerTop is a bottom panel's")
        # From the header strip, back left to extent 100: inside DrawerKit's
        # band around the rail (72 ± 40), so the rail.
        self.drag_to(app, line(300, 20, 60, 20, 12), "rail")

    def test_a_right_panel_grows_toward_the_left(self):
        app = self.launch_presented("--edge", "right", "--detents", "open=320,wide=70%", "--initial", "open")
        self.assertEqual(app.extent, 320)
        x = app.width - 320 + 10
        ev = self.drag_to(app, line(x, 300, x - 250, 300, 12), "wide")
        self.assertEqual(ev["extent"], 560)

    def test_a_top_panel_is_pulled_down(self):
        app = self.launch_presented("--edge", "top", "--detents", "peek=96,half=50%,full=-64", "--initial", "peek")
        self.assertEqual(app.extent, 96)
        # The header with the handle is at the bottom of the panel.
        # To 300, inside DrawerKit's band around half (the detent below the
        # most expanded carries the marks): half.
        self.drag_to(app, line(400, 80, 400, 284, 12), "half")
        # A click on the map outside a modal top panel dismisses it.
        app.mark()
        app.click(400, 560)
        app.wait_for("exteriorTap")
        self.assertEqual(app.settle()["to"], "dismissed")


class TestPartialRedraw(UITest):
    """A frame redraws only the band along the home edge that the panel
    touches; whatever the drags before, the window must end up exactly as a
    window that drew everything at once."""

    # No dim: a dim that changes with the position redraws the whole window
    # at each 8-bit step, which would hide a band drawn too short.
    LOOK = ("--shadow-opacity", "0.5", "--shadow-radius", "16", "--shadow-offset", "0,-4",
            "--border-thickness", "1", "--backdrop", "rail=0,open=0,wide=0")

    # The surface path: a card with two shadows, one spread, and a
    # translucent sheet whose shadows are cut out of it.
    SURFACES = (("--margins", "6", "--shadow", "#000,0.3,12,0,6", "--shadow", "#000,0.4,2,0,1,1"),
                ("--background-color", "#fafafcc0", "--shadow", "#000,0.4,10,0,-3,2"))

    def test_after_drags_every_edge_shows_what_a_fresh_window_shows(self):
        self.check_every_edge(self.LOOK)

    def test_after_drags_cards_and_translucent_sheets_show_what_a_fresh_window_shows(self):
        for extra in self.SURFACES:
            self.check_every_edge(("--backdrop", "rail=0,open=0,wide=0", "--border-thickness", "1") + extra,
                                  edges=("bottom", "left"))

    def check_every_edge(self, look, edges=("bottom", "top", "left", "right")):
        for edge, grab, pull in (
            ("bottom", (400, None), (0, -1)), ("top", (400, None), (0, 1)),
            ("left", (None, 300), (1, 0)), ("right", (None, 300), (-1, 0)),
        ):
            if edge not in edges:
                continue
            with self.subTest(edge=edge, look=look):
                flags = ("--edge", edge, "--detents", "rail=80,open=260,wide=420", "--initial", "open") + look
                fresh = self.launch(*flags)
                fresh.settle(since=0)
                want = fresh.wait_still()
                fresh.stop()

                app = self.launch(*flags)
                app.settle(since=0)
                w, h = app.width, app.height

                def at(extent):
                    # The point `extent` px from the home edge, in the grab row or column.
                    gx = grab[0] if grab[0] is not None else (extent if edge == "left" else w - extent)
                    gy = grab[1] if grab[1] is not None else (h - extent if edge == "bottom" else extent)
                    return gx, gy

                # Out to wide, down to rail, back to open: the panel shrinks
                # and grows, so stale pixels would be left on both sides.
                for start, end, target in ((260, 420, "wide"), (420, 80, "rail"), (80, 260, "open")):
                    (x0, y0), (x1, y1) = at(start - 12), at(end - 12)
                    app.mark()
                    app.drag(line(x0, y0, x1, y1, 14), SLOW, hold=HOLD)
                    self.assertEqual(app.settle()["to"], target, app.describe(app.cursor))
                got = app.wait_still()
                app.stop()
                self.assertEqual((got.width, got.height), (want.width, want.height))
                if got.data != want.data:
                    differing = [(x, y) for y in range(0, h, 2) for x in range(0, w, 2)
                                 if got.pixel(x, y) != want.pixel(x, y)]
                    self.fail(f"{edge}: {len(differing)} sampled pixels differ, first {differing[:5]}")


class TestProjectionAndRubberBand(UITest):
    def test_three_detents_one_flick_at_a_time_and_a_stretch_past_full(self):
        app = self.launch(
            "--detents", "tip=72,half=50%,full=-100", "--release", "projection", "--rubber-band", "fp",
            "--initial", "tip", "--report-moves")
        app.settle(since=0)
        x = 400
        extents = []
        for expected, extent in (("half", 300), ("full", 500)):
            app.mark()
            top = app.height - (extents[-1] if extents else 72)
            app.drag(line(x, top + 20, x, top - 100, 5), 0.01)
            ended = app.wait_for("dragEnded")
            ev = app.settle()
            # FloatingPanel: a flick reaches the adjacent detent only.
            self.assertEqual((ended["rule"], ev["to"], ev["extent"]), ("projected", expected, extent), app.describe(app.cursor))
            extents.append(ev["extent"])
        # 100 px past full on a 600 px window: (1 - 1/(0.55*100/600 + 1)) * 600 = 50.4 px shown.
        app.mark()
        top = app.height - 500
        app.drag(line(x, top + 20, x, top - 80, 10), SLOW, hold=0.3, release=False)
        moved = app.wait_for("moved", pred=lambda e: e["extent"] > 548)
        self.assertAlmostEqual(moved["extent"], 550.4, delta=1.0, msg=app.describe(app.cursor))
        self.assertEqual(app.quiet({"moved"}, 0.3, since=app.events.index(moved) + 1), [], "moved while held still")
        app.release()
        ev = app.settle()
        self.assertEqual((ev["to"], ev["extent"]), ("full", 500), app.describe(app.cursor))


class TestPassthrough(UITest):
    def test_the_map_takes_the_pointer_beside_a_non_modal_panel(self):
        app = self.launch(
            "--detents", "tip=96,half=45%,full=-40", "--backdrop", "tip=0,half=0,full=0.4", "--passthrough",
            "--initial", "half")
        app.settle(since=0)
        app.mark()
        before = app.wait_still()
        app.drag(line(150, 120, 270, 180, 12), SLOW)
        ev = app.wait_for("mapMoved")
        self.assertEqual((ev["x"], ev["y"]), (120, 60), app.describe(app.cursor))
        after = app.wait_still()
        self.assertNotEqual(before.row_bytes(100, 0, 400), after.row_bytes(100, 0, 400), "the map did not move")
        # A click on the map is the map's: no dismissal.
        app.mark()
        app.click(300, 100)
        clicked = app.wait_for("mapClicked")
        self.assertEqual((clicked["x"], clicked["y"]), (300 - 120, 100 - 60))
        self.assertEqual(app.quiet({"exteriorTap", "willTransition"}, 0.5, since=app.cursor), [])
        # The panel still drags: up from its header to full.
        app.mark()
        top = app.height - 270
        app.drag(line(400, top + 20, 400, 60, 14), SLOW, hold=HOLD)
        self.assertEqual(app.settle()["to"], "full", app.describe(app.cursor))


class TestPassthroughAtSomeDetents(UITest):
    def test_only_the_named_detents_let_the_map_take_the_pointer(self):
        control = ControlFifo(self)
        app = self.launch_at_rest(
            *control.flags(), "--detents", "tip=96,half=45%,full=-40", "--passthrough", "tip", "--initial", "tip")
        app.click(300, 100)
        self.assertEqual(app.wait_for("mapClicked")["x"], 300)
        self.assertEqual(app.quiet({"exteriorTap", "willTransition"}, 0.5, since=app.cursor), [])
        app.mark()
        control.send("move half")
        app.settle()
        app.mark()
        app.click(300, 100)
        app.wait_for("exteriorTap")
        self.assertEqual(app.settle()["to"], "dismissed", app.describe(app.cursor))
        self.assertEqual(app.quiet({"mapClicked"}, 0.2, since=app.cursor), [], "half is modal")


class TestRecordAndReplay(UITest):
    def test_a_recorded_session_replays_to_the_same_events(self):
        flags = ("--detents", "tip=72,half=50%,full=-24", "--release", "projection", "--rubber-band", "oc",
                 "--record", "trace.jsonl", "--report-moves")
        app = self.launch(*flags)
        app.settle(since=0)
        app.mark()
        app.drag(line(400, 320, 400, 120, 10), FAST)
        app.settle()
        app.mark()
        app.click(400, 300)  # a row
        app.wait_for("selected")
        app.key("Down")  # the list scrolls at full: the selection moves
        app.wait_for("selected", row=app.events[-1]["row"] + 1)
        app.key("Escape")
        app.settle()
        app.key("q")
        app.wait_exit()
        shown = [e for e in app.events if e["event"] not in WINDOW_EVENTS]
        shown = [{k: v for k, v in e.items() if k != "_t"} for e in shown]
        replay = os.path.join(os.path.dirname(app.proc.args[0]), "drawer-replay")
        done = subprocess.run([replay, os.path.join(app.cwd.name, "trace.jsonl")], capture_output=True, timeout=20)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        replayed = [json.loads(l) for l in done.stdout.decode().splitlines()]
        self.assertGreater(len(shown), 10)
        self.assertEqual(replayed, shown)

    def test_a_damaged_trace_is_refused_with_one_line(self):
        replay = os.path.join(os.path.dirname(BINARY), "drawer-replay")
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        path = os.path.join(folder.name, "bad-trace.jsonl")
        with open(path, "w") as f:
            f.write("not a trace\n")
        done = subprocess.run([replay, path], capture_output=True, timeout=10)
        self.assertEqual(done.returncode, 65)
        self.assertEqual(len(done.stderr.decode().strip().splitlines()), 1, done.stderr.decode())


class TestContradictions(UITest):
    def test_flags_that_contradict_exit_64_naming_both(self):
        env = self.server.env()
        for argv, both in (
            (("--detents", "a=100,b=300", "--partial-height", "200"), ("--detents", "--partial-height")),
            (("--initial", "full", "--initial-state", "full"), ("--initial", "--initial-state")),
            (("--scroll-in", "fullyExpanded", "--scroll-in-all-states"), ("--scroll-in", "--scroll-in-all-states")),
            (("--passthrough", "--taps-to-dismiss", "2"), ("--passthrough", "--taps-to-dismiss")),
        ):
            status, out, err, _ = run_program(*argv, env=env)
            self.assertEqual(status, 64, (argv, err))
            lines = err.strip().splitlines()
            self.assertEqual(len(lines), 1, err)
            for flag in both:
                self.assertIn(flag, lines[0])

    def test_bad_detents_name_the_flag(self):
        env = self.server.env()
        for argv, flag in (
            (("--edge", "diagonal"), "--edge"),
            (("--detents", "a=10,a=20"), "--detents"),
            (("--detents", "a=abc"), "--detents"),
            (("--detents", "a=100", "--initial", "b"), "--initial"),
            (("--backdrop", "nowhere=0.3"), "--backdrop"),
            (("--backdrop", "fullyExpanded=2"), "--backdrop"),
        ):
            status, out, err, _ = run_program(*argv, env=env)
            self.assertEqual(status, 64, (argv, err))
            self.assertEqual(len(err.strip().splitlines()), 1, err)
            self.assertIn(flag, err)
