"""A --font size scales the text, and the rows and the header grow with it:
the rows' text is the size asked for, every other text keeps its
proportion, and a default font keeps the layout it always had."""

import os
import tempfile

from harness import UITest, ink_bands


class TestFontSize(UITest):
    def setUp(self):
        fd, self.items = tempfile.mkstemp(suffix=".txt")
        with os.fdopen(fd, "w") as f:
            f.write("".join(f"Hg row {i}\n" for i in range(20)))
        self.addCleanup(os.unlink, self.items)

    def layout(self, *flags):
        img = self.rest_image("--items", self.items, "--initial", "fullyExpanded", *flags)
        bands = ink_bands(img, 20, 260)
        self.assertGreaterEqual(len(bands), 4, bands)
        title, rows = bands[0], bands[1:]
        return {"title": title[1] - title[0], "text": rows[0][1] - rows[0][0], "pitch": rows[1][0] - rows[0][0],
                "first": rows[0][0]}

    def test_a_size_scales_the_text_and_the_rows_and_header_grow(self):
        plain = self.layout()
        self.assertEqual(plain["pitch"], 56, plain)
        for pattern in ("DejaVu Sans:pixelsize=30", "DejaVu Sans:size=22.5"):
            with self.subTest(pattern=pattern):
                big = self.layout("--font", pattern)
                # 30 px is twice the rows' 15 px (22.5 pt at 96 px an inch).
                self.assertEqual(big["pitch"], 112, (plain, big))
                self.assertAlmostEqual(big["text"] / plain["text"], 2, delta=0.25, msg=(plain, big))
                self.assertAlmostEqual(big["title"] / plain["title"], 2, delta=0.25, msg=(plain, big))
                self.assertGreater(big["first"] - plain["first"], 20, "the header grew")
        self.assertEqual(self.layout("--font", "DejaVu Sans"), plain, "no size: the default layout")
