"""Configuration flags that change what shows: no partial expansion, a gap at
full, debug lines, the border and the shadow."""

from harness import UITest, brightness, drawer_top, is_black, is_drawer, is_red, is_white


class TestOptions(UITest):
    def test_no_partial_expansion_presents_full(self):
        app = self.launch("--no-partial-expansion")
        self.assertEqual((app.state, app.drawer_top), ("fullyExpanded", 0))
        app.wait_drawer_at(0)

    def test_full_expansion_gap(self):
        app = self.launch_at_rest("--full-expansion", "gap:100")
        self.expand(app)
        self.assertEqual(app.drawer_top, 100)
        img = app.wait_drawer_at(100)
        x = app.width // 2 + 100
        self.assertFalse(is_drawer(img.pixel(x, 90)), f"y=90 is {img.pixel(x, 90)}: the drawer, not the content")
        self.assertTrue(is_drawer(img.pixel(x, 110)), f"y=110 is {img.pixel(x, 110)}: not the drawer")

    def test_debug_lines(self):
        xs = (5, 200, 400, 600, 794)
        plain = self.rest_image()
        # The marks are drawn over the drawer, the partial line over its top
        # edge, so the settled events say when it is at rest, not its edge.
        app = self.launch("--debug")
        app.settle(since=0)
        img = app.wait_still()
        for x in xs:
            for y in (260, 261):  # the upper mark's 3 px line, above the drawer
                self.assertTrue(is_black(img.pixel(x, y)), f"debug: ({x}, {y}) is {img.pixel(x, y)}, not black")
            # The lower mark, over the drawer: DrawerKit's is hidden under it.
            self.assertTrue(is_black(img.pixel(x, 341)), f"debug: ({x}, 341) is {img.pixel(x, 341)}, not black")
        self.assertFalse(all(is_black(plain.pixel(x, 261)) for x in xs), "black at y=261 without --debug")

        app.key("Escape")  # dismissed: the three lines all show
        app.wait_for("dismissed")
        img = app.poll(lambda i: i if drawer_top(i, 500) is None else None, what="drawer gone")
        for x in xs:
            for y, want, name in ((261, is_black, "black"), (301, is_white, "white"), (341, is_black, "black")):
                self.assertTrue(want(img.pixel(x, y)), f"dismissed, debug: ({x}, {y}) is {img.pixel(x, y)}, not {name}")

    def test_border(self):
        plain = self.rest_image()
        app = self.launch("--border-thickness", "4", "--border-color", "#ff0000")
        fill = app.drawer_top_at()  # the near-white fill starts below the border
        self.assertTrue(fill is not None and 300 < fill <= 305, f"drawer fill starts at {fill}")
        img = app.last
        for x in (app.width // 2, app.width // 2 + 100):
            self.assertTrue(is_red(img.pixel(x, 301)), f"border: ({x}, 301) is {img.pixel(x, 301)}, not red")
            self.assertFalse(is_red(plain.pixel(x, 301)), f"no border: ({x}, 301) is red")

    def test_shadow(self):
        x = 500
        plain = self.rest_image()
        app = self.launch_at_rest("--shadow-opacity", "0.6", "--shadow-radius", "12")
        shadowed = app.last
        for y in (297, 295):
            a, b = shadowed.pixel(x, y), plain.pixel(x, y)
            self.assertLess(brightness(a), brightness(b) - 6, f"({x}, {y}): {a} with the shadow, {b} without")
        # Far from the edge the shadow has faded out.
        self.assertEqual(shadowed.pixel(x, 200), plain.pixel(x, 200))
