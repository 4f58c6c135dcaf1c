"""The map's labels fit at every scale: text that grows with --scale in a
window whose map does not (here 1.5x text on an 800x600 px map) stays
inside its park or moves out of it whole, and never covers a pin."""

from harness import UITest

W, H = 800, 600  # device px: -g 533x400 at --scale 1.5


def park_label_ink(c):
    """A pixel of the park labels' green text (light theme, no dim)."""
    r, g, b = c
    return g - r >= 25 and g - b >= 35 and g <= 155  # darker than a tree in a pin's shadow


def inside(x, y, box):
    return box[0] <= x < box[2] and box[1] <= y < box[3]


class TestMapLabels(UITest):
    def test_labels_fit_their_parks_and_clear_the_pins_at_scale_1_5(self):
        app = self.launch("--scale", "1.5", "-g", "533x400", "--theme", "light", "--dim-opacity", "0",
                          "--edge", "right", "--detents", "peek=20", "--initial", "peek")
        app.settle(since=0)
        img = app.wait_still()
        self.assertEqual((img.width, img.height), (W, H))
        ink = [(x, y) for y in range(0, H // 2) for x in range(0, W - 40) if park_label_ink(img.pixel(x, y))]
        self.assertGreater(len(ink), 50, "the park labels show")
        # The pins' heads and points (11 px around the tip across, 33 up).
        for tx, ty in ((0.21, 0.29), (0.73, 0.21)):
            box = (tx * W - 11, ty * H - 33, tx * W + 11, ty * H + 3)
            self.assertEqual([p for p in ink if inside(*p, box)], [], f"a label over the pin at {tx, ty}")
        # Copper Gardens (its park 0.63-0.81 across, 0.08-0.27 down):
        # its label inside it or outside it, not across its edge.
        park = (0.63 * W, 0.08 * H, 0.81 * W, 0.27 * H)
        near = [p for p in ink if 0.55 * W <= p[0] < 0.92 * W and 0.05 * H <= p[1] < 0.40 * H]
        self.assertTrue(near, "the Copper Gardens label shows")
        within = [p for p in near if inside(*p, park)]
        self.assertIn(len(within), (0, len(near)), f"{len(within)} of {len(near)} pixels inside the park")
