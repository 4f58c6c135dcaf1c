"""Dragging the drawer: the partial band, the upper mark, flicks, dismissal
in stages, and catching a moving drawer. Pointer pacing sets the velocity:
20 ms between steps is slow, 8 ms a flick; 150 ms still before a release
makes its velocity 0."""

from harness import UITest, drawer_top, line

SLOW, FLICK, HOLD = 0.02, 0.008, 0.15
DETENTS = {"fullyExpanded": 0, "partiallyExpanded": 300, "dismissed": 600}


class TestDrag(UITest):
    def released(self, app, target, rule=None, timeout=5):
        """The drag's outcome: the settling didTransition must go to `target`."""
        ev = app.settle(timeout=timeout)
        self.assertEqual((ev["to"], ev["drawerTop"]), (target, DETENTS[target]), app.describe(app.cursor))
        # Every release of a drag reports it before the move it starts.
        ended = [e for e in app.since() if e["event"] == "dragEnded"]
        self.assertEqual(len(ended), 1, "one dragEnded per release\n" + app.describe(app.cursor))
        self.assertEqual(ended[0]["target"], target, ended[0])
        if rule:
            self.assertEqual(ended[0]["rule"], rule, ended[0])
        if target == "dismissed":
            app.wait_for("dismissed")
        else:
            app.wait_drawer_at(DETENTS[target])
        return ev

    def test_slow_drag_in_partial_band_settles_partial(self):
        app = self.launch_at_rest()
        x = app.width // 2 + 100
        app.drag(line(x, 320, x, 345, 5), SLOW, hold=HOLD)
        self.released(app, "partiallyExpanded", "partialBand")

    def test_slow_drag_above_upper_mark_settles_full(self):
        app = self.launch_at_rest()
        x = app.width // 2 + 100
        app.drag(line(x, 320, x, 220, 10), SLOW, hold=HOLD)
        self.released(app, "fullyExpanded", "aboveUpperMark")

    def test_flick_down_from_full_dismisses(self):
        # 200 px in 40 ms: released above the upper mark, where a slow
        # downward release would stop at partial; only the flick dismisses.
        app = self.launch_at_rest()
        self.expand(app)
        x = app.width // 2 + 100
        app.drag(line(x, 30, x, 230, 5), FLICK)
        self.released(app, "dismissed", "flickDown")

    def test_slow_release_from_full_stops_at_partial(self):
        app = self.launch_at_rest()
        self.expand(app)
        x = app.width // 2 + 100
        app.drag(line(x, 30, x, 180, 15), SLOW)  # released while still moving down
        self.released(app, "partiallyExpanded", "aboveUpperMark")

    def test_slow_release_from_full_without_stages_dismisses(self):
        app = self.launch_at_rest("--no-dismiss-in-stages")
        self.expand(app)
        x = app.width // 2 + 100
        app.drag(line(x, 30, x, 180, 15), SLOW)
        self.released(app, "dismissed", "aboveUpperMark")

    def test_press_catches_moving_drawer(self):
        app = self.launch_at_rest("--duration", "2", "--timing", "linear")
        x = app.width // 2 + 100
        app.click(x, 330)
        app.wait_for("willTransition", to="fullyExpanded")

        def on_its_way(img):
            top = drawer_top(img, x)
            return top if top is not None and 90 < top < 230 else None

        top = app.poll(on_its_way, what="drawer half-way up")
        app.mark()
        app.press(x, top + 40)
        caught = app.wait_for("didTransition", interrupted=True)
        self.assertEqual(caught["to"], "fullyExpanded", caught)
        held = app.drawer_top_at(x)  # stands still under the held button
        self.assertIsNotNone(held)
        self.assertTrue(top - 60 <= held <= top, f"seen at {top} before the press, held at {held}")

        app.mark()
        app.release(hold=HOLD)
        ev = app.settle(timeout=8)
        self.assertEqual(ev["drawerTop"], DETENTS.get(ev["to"]), ev)
        # Released still, above the upper mark (260): full.
        self.assertEqual(ev["to"], "fullyExpanded", app.describe(app.cursor))
        app.wait_drawer_at(0)
