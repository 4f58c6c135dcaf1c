"""Surfaces on the real window: a translucent sheet shows the map through
it, never a shadow; a card keeps its margins, rounds every corner and takes
clicks only where it is drawn; several shadows with a spread darken around
it; a wide window gets a centred sheet."""

from harness import UITest, is_drawer

# Two shadows, one with a spread, as FloatingPanel's surface takes them.
TWO_SHADOWS = ("--shadow", "#000,0.35,20,0,8", "--shadow", "#000,0.4,3,0,1,2")
CARD = ("--margins", "24,16,16,16")


def darkness(c):
    return 765 - sum(c)


class TestSurface(UITest):
    def shown(self, *flags):
        app = self.launch(*flags)
        app.settle(since=0)
        return app, app.wait_still()

    def test_a_translucent_sheet_shows_no_shadow_through_it(self):
        translucent = ("--background-color", "#fafafcb0")
        shaded, with_shadow = self.shown(*translucent, "--shadow", "#000,0.6,16,0,-6,4")
        plain, without = self.shown(*translucent)
        top = shaded.drawer_top
        self.assertEqual(top, plain.drawer_top)
        # Inside the sheet, below its corners, every pixel is the same as
        # without a shadow: the map through the sheet, undarkened.
        inside = (30, top + 20, with_shadow.width - 30, with_shadow.height)
        self.assertEqual(with_shadow.region(*inside), without.region(*inside), "the shadow shows through the sheet")
        # Above the sheet the shadow does darken the map.
        above = [(x, top - 6) for x in range(100, 700, 50)]
        self.assertTrue(all(darkness(with_shadow.pixel(*p)) > darkness(without.pixel(*p)) + 20 for p in above))

    def test_a_card_keeps_its_margins_and_rounds_every_corner(self):
        app, img = self.shown(*CARD)
        top = app.drawer_top
        bottom = img.height - 16
        self.assertTrue(is_drawer(img.pixel(40, top + 60)), "the card")
        for x, y in [(8, top + 60), (400, bottom + 6), (img.width - 8, top + 60)]:
            self.assertFalse(is_drawer(img.pixel(x, y)), f"margin at ({x}, {y})")
        # Each bottom corner is cut round: its outermost pixel is not the
        # card's, one radius in along the side it is.
        for x, inner in [(16, 16 + 12), (img.width - 17, img.width - 17 - 12)]:
            self.assertFalse(is_drawer(img.pixel(x, bottom - 1)), f"corner at x={x}")
            self.assertTrue(is_drawer(img.pixel(inner, bottom - 1)), f"bottom edge at x={inner}")

    def test_a_click_in_a_cards_margin_dismisses_and_one_in_its_corner_too(self):
        app, _ = self.shown(*CARD)
        app.mark()
        app.click(400, app.height - 8)
        app.wait_for("exteriorTap")
        self.assertEqual(app.settle()["to"], "dismissed")
        app, _ = self.shown(*CARD)
        app.mark()
        # The cut-out of the top-left corner: outside the drawn card.
        app.click(17, app.drawer_top + 1)
        app.wait_for("exteriorTap")

    def test_two_shadows_darken_all_around_a_card(self):
        app, shaded = self.shown(*CARD, *TWO_SHADOWS)
        _, plain = self.shown(*CARD)
        top, bottom = app.drawer_top, shaded.height - 16
        for x, y, where in [(400, top - 3, "above"), (400, bottom + 3, "below"), (10, top + 100, "left"),
                            (shaded.width - 10, top + 100, "right")]:
            self.assertGreater(darkness(shaded.pixel(x, y)), darkness(plain.pixel(x, y)) + 8, where)

    def test_a_wide_window_centres_a_720_px_sheet(self):
        app, img = self.shown("--geometry", "1280x800")
        y = app.drawer_top + 60
        self.assertFalse(is_drawer(img.pixel(279, y)))
        self.assertTrue(is_drawer(img.pixel(281, y)))
        self.assertTrue(is_drawer(img.pixel(998, y)))
        self.assertFalse(is_drawer(img.pixel(1001, y)))
        app.mark()
        app.click(140, y)
        app.wait_for("exteriorTap")

    def test_padding_moves_the_text_and_the_separators_in(self):
        def first_ink(img, y0, y1):
            """The leftmost column with dark text between rows y0 and y1."""
            for x in range(img.width):
                if any(sum(img.pixel(x, y)) < 300 for y in range(y0, y1)):
                    return x
            return None

        plain, a = self.shown()
        padded, b = self.shown("--padding", "0,40")
        top = plain.drawer_top
        # The header's title line.
        band = (top + 28, top + 48)
        self.assertLess(first_ink(a, *band), 30)
        self.assertGreaterEqual(first_ink(b, *band), 60)
        self.assertLess(first_ink(b, *band), 70)
