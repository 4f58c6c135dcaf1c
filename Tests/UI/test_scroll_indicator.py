"""The list's scroll indicator on the real window: the wheel shows a thin
dark bar at the list's right side, and it is gone once it has faded."""

from harness import UITest

# The light sheet is 250 bright; the indicator (grey at 55 %) about 140,
# the separators 222 and the rows' text stays far from the right side.
INDICATOR_BELOW = 200


def bar_run(img, x0, x1, y0, y1):
    """The longest vertical run of indicator-dark pixels in columns
    x0..x1 between y0 and y1, and its column."""
    best = (0, None)
    for x in range(x0, x1):
        run = 0
        for y in range(y0, y1):
            run = run + 1 if max(img.pixel(x, y)) < INDICATOR_BELOW else 0
            if run > best[0]:
                best = (run, x)
    return best


class TestScrollIndicator(UITest):
    def scroll_and_watch(self, app, columns, rows, at):
        """Scrolls the list with the wheel at `at`; returns the bar's column
        once it shows, after checking it goes away."""
        app.mark()
        app.wheel(3, *at)
        # At least 20 of the bar's 36 px (its least length; the list is long).
        shown = app.poll(lambda img: bar_run(img, *columns, *rows)[0] >= 20 and bar_run(img, *columns, *rows),
                         what="the scroll indicator")
        # Held a second, faded in a quarter: gone well within the deadline.
        app.poll(lambda img: bar_run(img, *columns, *rows)[0] == 0, what="the indicator faded out")
        return shown[1]

    def test_the_wheel_shows_it_at_the_right_of_a_bottom_panels_list_and_it_fades(self):
        app = self.launch("--theme", "light")
        app.settle(since=0)
        app.mark()
        app.key("Home")
        self.assertEqual(app.settle()["to"], "fullyExpanded")
        before = bar_run(app.wait_still(), 780, 800, 40, 590)
        self.assertEqual(before[0], 0, "no indicator before the list scrolls")
        # 800 px wide: the bar is 3 px wide, 3 px in from the right side.
        column = self.scroll_and_watch(app, (780, 800), (40, 590), (400, 400))
        self.assertIn(column, range(794, 797))

    def test_a_left_panels_list_shows_it_too(self):
        # The list is 340 - 22 (the grip) = 318 px wide: the bar at 312..314,
        # left of the grip and its handle.
        app = self.launch("--theme", "light", "--edge", "left", "--detents", "rail=72,open=340", "--initial", "open")
        app.settle(since=0)
        before = bar_run(app.wait_still(), 300, 318, 40, 590)
        self.assertEqual(before[0], 0, "no indicator before the list scrolls")
        column = self.scroll_and_watch(app, (300, 318), (40, 590), (150, 400))
        self.assertIn(column, range(312, 315))
