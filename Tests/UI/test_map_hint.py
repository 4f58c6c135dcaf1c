"""The map's hint card says only what the run does (no "click outside"
when clicks pass through or never dismiss, no "Drag the drawer" under
--no-drag) and shows whole or not at all: it sits across from the panel,
narrows to the room beside it, and is left out where a resting panel
would show only a piece of it."""

from harness import UITest, brightness, line

CARD_ROWS = (27, 78)  # the card's text rows (it spans 16 to 88) in an 800x600 window, clear of its corners


def card_ink(img, x0, x1, rows=CARD_ROWS):
    """(left, right) of the card's text (dark ink) between x0 and x1 in the
    card's rows, or None when there is none."""
    xs = [x for y in range(*rows) for x in range(x0, x1) if brightness(img.pixel(x, y)) < 320]
    return (min(xs), max(xs) + 1) if xs else None


class TestMapHint(UITest):
    def still_image(self, *flags):
        """The window once the start-up presentation has ended and nothing moves."""
        app = self.launch(*flags)
        app.settle(since=0)
        img = app.wait_still()
        app.stop()
        return img

    def width_of_the_line(self, *flags):
        img = self.still_image(*flags)
        ink = card_ink(img, 0, img.width)
        self.assertIsNotNone(ink, flags)
        return ink[1] - ink[0]

    def test_the_hint_says_only_what_the_run_does(self):
        full = self.width_of_the_line()
        for flags in (("--passthrough",), ("--taps-to-dismiss", "0"), ("--no-drag",)):
            with self.subTest(flags=flags):
                # A shorter line: the part the run does not do is gone.
                self.assertLess(self.width_of_the_line(*flags), full - 40, flags)

    def test_passing_clicks_through_at_one_detent_the_hint_says_so(self):
        # At tip a click outside reaches the map: the line says where it
        # does, and that elsewhere it dismisses, so it is longer than the
        # line of a panel modal everywhere.
        panel = ("--detents", "tip=64,full=70%", "--initial", "tip")
        modal = self.width_of_the_line(*panel)
        self.assertGreater(self.width_of_the_line(*panel, "--passthrough", "tip"), modal + 40)

    def test_beside_a_left_panel_the_card_shows_whole_or_not_at_all(self):
        # Beside a bottom panel the card's text starts about 30 px in (16
        # of margin, 14 of padding); beside a left one it ends about 30 px
        # from the window's right side, all of it.
        left, right = card_ink(self.still_image(), 0, 800)
        self.assertLessEqual(abs(left - 30), 2, left)
        width = right - left
        img = self.still_image("--edge", "left", "--detents", "rail=72,open=340", "--initial", "open")
        # Only where the card goes: the map's roads beside it are dark too.
        ink = card_ink(img, img.width - 16 - width - 20, img.width - 16 - 4)  # inside its rounded rim
        self.assertIsNotNone(ink, "the card shows beside the panel")
        self.assertLessEqual(abs(ink[1] - ink[0] - width), 1, ("the whole card, not a piece", ink, width))
        self.assertLessEqual(abs(img.width - ink[1] - 30), 2, ink)
        # No room beside a wide panel: no card (nothing as bright as it),
        # rather than a piece of one.
        img = self.still_image("--edge", "left", "--detents", "rail=72,open=700", "--initial", "open")
        bright = [(x, y) for y in range(*CARD_ROWS) for x in range(701, img.width) if min(img.pixel(x, y)) >= 225]
        self.assertEqual(bright, [], "no piece of the card beside the panel")

    def test_a_dragged_map_leaves_the_card_behind(self):
        # Panned with the map, the card would come apart where the map
        # repeats; once the map is dragged it has done its work and goes.
        app = self.launch("--passthrough", "--theme", "light")
        app.settle(since=0)
        before = app.wait_still()
        heading = [(x, y) for y in range(*CARD_ROWS) for x in range(16, 420) if brightness(before.pixel(x, y)) < 150]
        self.assertTrue(heading, "the card's heading shows")
        app.mark()
        app.drag(line(100, 50, 500, 200, 16), 0.02)
        moved = app.wait_for("mapMoved")
        self.assertEqual((moved["x"], moved["y"]), (400, 150))
        img = app.wait_still()
        # Where the card would have gone with the map, and where it was.
        for x0, y0 in ((400, 150), (0, 0)):
            dark = [(x, y) for y in range(y0 + 16, y0 + 88) for x in range(x0 + 16, min(img.width, x0 + 420))
                    if brightness(img.pixel(x, y)) < 150]
            self.assertEqual(dark, [], f"no card near ({x0}, {y0})")
