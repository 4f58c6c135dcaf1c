"""A pick's empty query shows "Type to filter", dimmed, where the query
will stand; the first character typed takes its place."""

import harness
from test_compact_pick import CompactTest
from test_pick import Pick


class TestPlaceholder(CompactTest):
    def header_ink(self, p, top, x0):
        """The header's pixels that are not the surface's, from x0 to the
        left of the count: (x, y, brightness)."""
        img = self.still_image(p)
        surface = img.pixel(img.width // 2, top + 2)
        return [(x, y, harness.brightness(img.pixel(x, y))) for y in range(top, top + 36) for x in range(x0, 420)
                if not harness.near(img.pixel(x, y), surface, tol=24)], img

    def test_the_placeholder_is_drawn_dimmed_until_a_character_is_typed(self):
        for flags in [("--password",), ()]:
            with self.subTest(flags=flags):
                p = Pick(self, "printf 'alpha\\nbeta\\n'", "--prompt", "Go", "-g", "640x480", *flags)
                top = p.ready()["drawerTop"]
                p.wait_for("rows", lambda e: e["count"] == 2 and not e["loading"])
                ink, img = self.header_ink(p, top, 56)  # right of "Go"
                self.assertGreater(len(ink), 100, "the placeholder's text")
                xs = [x for x, _, _ in ink]
                self.assertGreater(max(xs) - min(xs), 100, "a few words wide")
                # Dimmed: its darkest pixel is lighter than the prompt's.
                prompt = min(harness.brightness(img.pixel(x, y)) for y in range(top, top + 36) for x in range(10, 40))
                self.assertGreater(min(b for _, _, b in ink), prompt + 100)
                p.type("l")
                p.wait_for("filtered", lambda e: e["count"] == 1)
                typed, _ = self.header_ink(p, top, 80)  # right of "Go l" and the caret
                self.assertEqual(typed, [], "gone: only the prompt and the query's character remain")
                p.keys("Escape")
                self.assertEqual(p.finish()[:2], (1, ""))
