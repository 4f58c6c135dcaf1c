"""The three apps of Examples/, each driven in a real window with XTest:
the maps app's delegate sends a flick past half and its own list pulls the
panel down to dismiss it; the overlay app's veto holds on its slider and
not beside it, and its notches are computed again for a new height; the DrawerKit-style app's modal drawer opens from its button
and a tap outside dismisses it. Each app prints JSON lines (`ready`,
`state`, and its own), which the harness reads as it reads drawer-x11's."""

import os

import harness
from harness import App, UITest


class ExampleTest(UITest):
    """Launches one program of Examples/ (run.py --examples DIR)."""

    program = None

    def start(self):
        path = os.path.join(harness.EXAMPLES, self.program)
        if not harness.EXAMPLES or not os.access(path, os.X_OK):
            self.fail(f"no {self.program} in {harness.EXAMPLES!r}: build Examples/ with `make examples` "
                      "and pass its directory to run.py --examples")
        app = App(self.server, argv=[path])
        self.addCleanup(app.stop)
        app.wait_ready(timeout=20)
        return app

    def header(self, app, top, dx=0):
        """A point on the panel's header strip, its sheet's top at `top`."""
        return (app.width // 2 + dx, int(top) + 12)

    def states(self, app, since):
        return [e["state"] for e in app.events[since:] if e["event"] == "state"]


class TestMapsPanel(ExampleTest):
    program = "MapsPanel"

    def rest_at(self, app, state):
        return app.wait_for("state", state=state, since=0 if app.state == state else None)

    def test_a_flick_up_from_tip_skips_half(self):
        app = self.start()
        half = self.rest_at(app, "half")
        # A slow drag down to near tip rests there: no flick, no rewrite.
        x, y = self.header(app, half["drawerTop"])
        app.mark()
        app.drag([(x, y), (x, y + 100), (x, y + 200), (x, app.height - 90)], step_delay=0.15, hold=0.3)
        tip = app.wait_for("state", state="tip")
        self.assertNotIn("rewrote", [e["event"] for e in app.since()])
        # A flick up: the policy proposes half, the delegate sends it to full.
        x, y = self.header(app, tip["drawerTop"])
        mark = app.mark()
        app.drag([(x, y), (x, y - 40), (x, y - 80), (x, y - 120)], step_delay=0.01)
        rewrote = app.wait_for("rewrote")
        self.assertEqual((rewrote["from"], rewrote["to"]), ("half", "full"), app.describe(mark))
        self.assertGreater(rewrote["velocity"], 600)
        app.wait_for("state", state="full")
        self.assertEqual(self.states(app, mark), ["full"], "it never rested at half")

    def test_the_apps_list_pulls_the_panel_down_to_dismiss(self):
        app = self.start()
        half = self.rest_at(app, "half")
        x, y = self.header(app, half["drawerTop"])
        app.mark()
        app.drag([(x, y), (x, y - 60), (x, y - 120), (x, y - 180)], step_delay=0.01)
        full = app.wait_for("state", state="full")
        # At full the app's list scrolls: a slow drag up, held still before
        # the release so that it does not coast, scrolls it 200 px.
        x, y = app.width // 2, int(full["drawerTop"]) + 360
        app.mark()
        app.drag([(x, y - 50 * i) for i in range(5)], step_delay=0.05, hold=0.3)
        up = app.wait_for("pointerUp")
        self.assertEqual((up["state"], up["offset"]), ("full", 200), app.describe(app.cursor))
        # A quick pull down on it: the list scrolls back to its top first,
        # then the panel follows the rest of the pull, and goes.
        y -= 200
        mark = app.mark()
        app.drag([(x, y + 100 * i) for i in range(6)], step_delay=0.01)
        app.wait_for("state", state="dismissed", timeout=10)
        self.assertEqual(self.states(app, mark), ["dismissed"], app.describe(mark))
        self.assertEqual(app.wait_for("pointerUp", since=mark)["offset"], 0)


class TestOverlayNotches(ExampleTest):
    program = "OverlayNotches"

    def test_the_veto_holds_inside_the_slider(self):
        app = self.start()
        ready = app.wait_for("ready", since=0)
        medium = app.wait_for("state", state="medium", since=0)
        sx, sy, sw, sh = ready["slider"]
        x, y = int(sx + sw / 3), int(sy + sh / 2)
        mark = app.mark()
        app.drag([(x, y), (x + 20, y - 40), (x + 40, y - 120), (x + 60, y - 200)], step_delay=0.05, hold=0.2)
        asked = app.wait_for("dragAsked")
        self.assertFalse(asked["allowed"], app.describe(mark))
        up = app.wait_for("pointerUp")
        self.assertEqual((up["state"], up["moving"]), ("medium", False), app.describe(mark))
        self.assertEqual(up["extent"], ready["extent"])
        self.assertIn("slider", [e["event"] for e in app.since(mark)], "the slider took the drag")
        self.assertEqual(self.states(app, mark), [])
        self.assertEqual(medium["drawerTop"], ready["drawerTop"])

    def test_a_drag_beside_the_slider_moves_the_overlay(self):
        app = self.start()
        ready = app.wait_for("ready", since=0)
        app.wait_for("state", state="medium", since=0)
        sx, sy, sw, sh = ready["slider"]
        x, y = int(sx + sw / 3), int(sy + sh + 90)
        mark = app.mark()
        app.drag([(x, y), (x, y - 80), (x, y - 160), (x, y - 240)], step_delay=0.05, hold=0.2)
        asked = app.wait_for("dragAsked")
        self.assertTrue(asked["allowed"], app.describe(mark))
        app.wait_for("state", state="maximum")


    def test_the_notches_are_computed_again_for_a_new_height(self):
        app = self.start()
        app.wait_for("state", state="medium", since=0)
        app.wait_drawer_at(640 - 320)  # medium: half of the 640 px
        mark = app.mark()
        app.resize(720, 500)
        app.wait_for("notches", height=500)
        app.wait_drawer_at(500 - 250)  # half of the new 500 px, at the same notch
        self.assertEqual(self.states(app, mark), [])
        self.assertNotIn("dragAsked", [e["event"] for e in app.since(mark)])


class TestModalDrawer(ExampleTest):
    program = "ModalDrawer"

    def test_the_button_presents_and_a_tap_outside_dismisses(self):
        app = self.start()
        ready = app.wait_for("ready", since=0)
        bx, by, bw, bh = ready["button"]
        mark = app.mark()
        app.click(bx + bw // 2, by + bh // 2)
        shown = app.wait_for("state", state="partiallyExpanded")
        self.assertGreater(shown["drawerTop"], by + bh, "the drawer leaves the button in sight")
        # Outside the drawer, on the dimmed page: dismissed.
        app.mark()
        app.click(app.width // 2, int(shown["drawerTop"]) // 2)
        app.wait_for("state", state="dismissed")
        self.assertEqual(self.states(app, mark), ["partiallyExpanded", "dismissed"], app.describe(mark))
