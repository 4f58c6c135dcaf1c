"""Startup: the ready event, the window, the drawer and the dimmed backdrop."""

from harness import UITest, brightness, drawer_top, is_drawer


class TestStartup(UITest):
    def test_startup(self):
        app = self.launch()
        self.assertEqual((app.width, app.height), (800, 600))
        self.assertEqual(app.state, "partiallyExpanded")
        self.assertEqual(app.drawer_top, 600 - 300)
        self.assertIsInstance(app.window, int)

        # The X window is the size the program says.
        img = app.wait_drawer_at(300)
        self.assertEqual((img.width, img.height), (800, 600))

        # Near-white just below the top edge, away from the handle; not above it.
        x = app.width // 2 + 100
        for y in (302, 310, 350, 599):
            self.assertTrue(is_drawer(img.pixel(x, y)), f"({x}, {y}) is {img.pixel(x, y)}: not the drawer")
        for y in (0, 150, 297):
            self.assertFalse(is_drawer(img.pixel(x, y)), f"({x}, {y}) is {img.pixel(x, y)}: drawer above its top?")

        # The backdrop above the drawer is dimmed: darker than after dismissal.
        points = [(x, y) for x in (60, 400, 740) for y in (40, 150, 280)]
        dimmed = {p: img.pixel(*p) for p in points}
        app.mark()
        app.key("Escape")
        app.wait_for("dismissed")
        img2 = app.poll(lambda i: i if drawer_top(i, x) is None else None, what="drawer gone")
        plain = {p: img2.pixel(*p) for p in points}
        for p in points:
            for a, b in zip(dimmed[p], plain[p]):
                self.assertLessEqual(a, b + 2, f"{p}: dimmed {dimmed[p]} brighter than undimmed {plain[p]}")
        brightest = max(points, key=lambda p: brightness(plain[p]))
        self.assertGreater(brightness(plain[brightest]), 90, f"content too dark to tell: {plain}")
        self.assertLess(brightness(dimmed[brightest]), 0.9 * brightness(plain[brightest]),
                        f"{brightest}: dimmed {dimmed[brightest]} vs undimmed {plain[brightest]}")

    def test_events_are_json_lines(self):
        app = self.launch()
        app.mark()
        app.key("Escape")
        app.wait_for("dismissed")
        self.assertEqual(app.noise, [], "stdout lines that are not JSON event objects")
        ready = app.events[0]
        self.assertEqual(ready["event"], "ready", "the first event is ready")
        for k in ("window", "width", "height", "state", "drawerTop"):
            self.assertIn(k, ready)
