"""Clicks and keys: expand by the header, dismiss outside or by Escape,
present again by Space, multi-click counts, row selection."""

import os
import tempfile

from harness import UITest, drawer_top

OUTSIDE = (400, 120)  # above the partial drawer (top at 300)


class TestTaps(UITest):
    def test_header_click_expands(self):
        app = self.launch_at_rest()
        app.click(app.width // 2 + 100, app.drawer_top + 30)
        app.wait_for("interiorTap")
        app.wait_for("willTransition", **{"from": "partiallyExpanded", "to": "fullyExpanded"})
        ev = app.settle()
        self.assertEqual((ev["from"], ev["to"], ev["drawerTop"]), ("partiallyExpanded", "fullyExpanded", 0),
                         app.describe(app.cursor))
        app.wait_drawer_at(0)

    def test_escape_dismisses_and_space_presents(self):
        app = self.launch_at_rest()
        self.expand(app)
        app.key("Escape")
        ev = app.settle()
        self.assertEqual((ev["from"], ev["to"], ev["drawerTop"]), ("fullyExpanded", "dismissed", 600))
        app.wait_for("dismissed")
        app.poll(lambda img: drawer_top(img, 500) is None, what="no drawer after dismissal")

        app.mark()
        app.key("space")
        ev = app.settle()
        self.assertEqual((ev["from"], ev["to"], ev["drawerTop"]), ("dismissed", "partiallyExpanded", 300))
        app.wait_for("presented")
        app.wait_drawer_at(300)

    def test_outside_click_dismisses(self):
        app = self.launch_at_rest()
        app.click(*OUTSIDE)
        app.wait_for("exteriorTap")
        ev = app.settle()
        self.assertEqual((ev["to"], ev["drawerTop"]), ("dismissed", 600), app.describe(app.cursor))
        app.wait_for("dismissed")

    def test_taps_to_dismiss_2_needs_a_double_click(self):
        app = self.launch_at_rest("--taps-to-dismiss", "2")
        app.click(*OUTSIDE)
        # Nothing, even after the multi-click interval (0.4 s) has run out...
        unwanted = app.quiet({"exteriorTap", "willTransition", "dismissed"}, 0.7)
        self.assertEqual(unwanted, [], "a single click dismissed with --taps-to-dismiss 2")
        # ...and the program had seen that click: Escape after it acts alone.
        app.key("Escape")
        app.wait_for("dismissed")
        self.assertNotIn("exteriorTap", [e["event"] for e in app.since()])

        app.key("space")
        app.wait_for("presented")
        app.wait_drawer_at(300)
        app.mark()
        app.click(*OUTSIDE, n=2)
        app.wait_for("exteriorTap")
        self.assertEqual(app.settle()["to"], "dismissed")

    def test_taps_to_dismiss_0_never_dismisses(self):
        app = self.launch_at_rest("--taps-to-dismiss", "0")
        app.click(*OUTSIDE)
        app.pause(0.5)  # a pause, so that the next clicks are a new multi-click
        app.click(*OUTSIDE, n=2)
        self.assertEqual(app.quiet({"exteriorTap", "willTransition", "dismissed"}, 0.7), [])
        app.key("Escape")  # a marker: every click before it has been handled
        app.wait_for("dismissed")
        self.assertNotIn("exteriorTap", [e["event"] for e in app.since()])

    def test_click_on_row_selects_it(self):
        app = self.launch_at_rest()
        start = app.cursor
        x, y = 200, app.drawer_top + 150
        app.click(x, y)
        first = app.wait_for("selected")
        self.assertIsInstance(first["row"], int)
        self.assertTrue(first.get("text"), f"selected without text: {first}")
        app.pause(0.5)  # not a double click
        app.mark()
        app.click(x, y + 44)  # one row lower
        second = app.wait_for("selected")
        self.assertEqual(second["row"], first["row"] + 1)
        self.assertNotEqual(second["text"], first["text"])
        self.assertNotIn("willTransition", [e["event"] for e in app.since(start)], "a row click moved the drawer")

    def test_items_file_gives_row_text(self):
        lines = [f"item {w} {i:02d}" for i, w in enumerate(["alpha", "bravo", "charlie", "delta", "echo"] * 6)]
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(lines) + "\n")
        self.addCleanup(os.unlink, f.name)
        app = self.launch_at_rest("--items", f.name)
        for dy in (100, 144, 232):
            app.mark()
            app.click(300, app.drawer_top + dy)
            ev = app.wait_for("selected")
            self.assertTrue(0 <= ev["row"] < len(lines), ev)
            self.assertEqual(ev["text"], lines[ev["row"]], f"row {ev['row']} of {f.name}")
            app.pause(0.5)  # keep the clicks apart: not a multi-click
