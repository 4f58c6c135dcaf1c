"""Text in every script on the real window: CJK comes from a fallback font,
not the primary font's .notdef box; a long row ends in an ellipsis inside
the row's insets; an Arabic row is aligned right; emoji the primary font
lacks come from the colour emoji font, in colour; fallback fonts are opened
only when a row needs one (strace watches the files opened); --font takes
fontconfig patterns and refuses what fontconfig cannot parse."""

import os
import re
import select
import subprocess
import tempfile
import time

import harness
from harness import EVENT_TIMEOUT, UITest, _spawn, _stop, run_program

ROW_HEIGHT = 48
INSET = 20  # Renderer.textInset
ROWS = [
    "漢字かな交じり文の行",  # 0: CJK, which DejaVu Sans lacks
    "\U0010FFFD" * 6,  # 1: a private-use scalar no font has: .notdef boxes
    "مرحبا بالعالم",  # 2: an Arabic paragraph
    "long row " * 300,  # 3: far wider than the window
    "\U0001F984 \U0001F951 \U0001F984",  # 4: unicorn and avocado, not in DejaVu Sans
]


def is_ink(c, sheet, threshold=90):
    return sum(abs(a - b) for a, b in zip(c, sheet)) > threshold


def colourful(c):
    return max(c) - min(c) > 80


class TestText(UITest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        fd, cls.items = tempfile.mkstemp(suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("\n".join(ROWS) + "\n")

    @classmethod
    def tearDownClass(cls):
        os.unlink(cls.items)
        super().tearDownClass()

    def rows_image(self, *flags):
        """The list at full expansion, still, and each row's band (y0, y1)
        found from the separators at the right edge, where no text reaches."""
        app = self.launch_at_rest("--items", self.items, "--initial-state", "full", "--row-height", str(ROW_HEIGHT),
                                  "--theme", "light", *flags)
        img = app.wait_still()
        column = [img.pixel(app.width - 10, y) for y in range(img.height)]
        sheet = max(set(column), key=column.count)
        # Separators are faint (#dedee3 on #fafafc).
        separators = [y for y in range(img.height) if is_ink(img.pixel(app.width - 10, y), sheet, 40)]
        self.assertGreaterEqual(len(separators), len(ROWS), f"separators at {separators}")
        bands = [(y - ROW_HEIGHT + 1, y) for y in separators[:len(ROWS)]]
        return app, img, sheet, bands

    def ink(self, img, sheet, band, x0, x1):
        """The row's ink pixels as a set of (x, y), y from the band's top."""
        y0, y1 = band
        return {(x, y - y0) for y in range(y0, y1) for x in range(x0, x1) if is_ink(img.pixel(x, y), sheet)}

    def test_cjk_row_has_ink_and_no_notdef_box(self):
        app, img, sheet, bands = self.rows_image()
        cjk = self.ink(img, sheet, bands[0], 0, app.width)
        boxes = self.ink(img, sheet, bands[1], 0, app.width)
        self.assertGreater(len(cjk), 300, "the CJK row draws next to nothing")
        self.assertGreater(len(boxes), 50, "the .notdef row draws nothing to compare with")
        # The first .notdef box, as drawn for the scalar no font has ...
        left = min(x for x, _ in boxes)
        right = left
        while any((right + 1, y) in boxes for _, y in boxes):
            right += 1
        box = {(x - left, y) for x, y in boxes if x <= right}
        # ... appears nowhere in the CJK row.
        for shift in range(0, app.width - (right - left)):
            placed = {(x + shift, y) for x, y in box}
            self.assertFalse(placed <= cjk, f"a .notdef box in the CJK row at x={shift}")
        self.assertEqual(app.stderr(), "")

    def test_long_row_ends_in_an_ellipsis_within_the_row(self):
        app, img, sheet, bands = self.rows_image()
        row = self.ink(img, sheet, bands[3], 0, app.width)
        xs = sorted({x for x, _ in row})
        self.assertLessEqual(xs[-1], app.width - INSET - 1, "text past the row's right inset")
        self.assertGreaterEqual(xs[-1], app.width - INSET - 30, "the text stops well short of the inset")
        # The last 12 columns hold the ellipsis: three dots side by side on
        # one line, nothing above them.
        end = xs[-1]
        dots = {(x, y) for x, y in row if x > end - 12}
        ys = [y for _, y in dots]
        self.assertLessEqual(max(ys) - min(ys), 3, f"not dots: ink on rows {min(ys)}..{max(ys)}")
        columns = sorted({x for x, _ in dots})
        runs = 1 + sum(1 for a, b in zip(columns, columns[1:]) if b != a + 1)
        self.assertEqual(runs, 3, f"not three dots: ink in columns {columns}")
        # The letters before them stand taller than the dots.
        self.assertLess(min(y for _, y in row), min(ys) - 4)

    def test_arabic_row_is_aligned_right(self):
        app, img, sheet, bands = self.rows_image()
        xs = {x for x, _ in self.ink(img, sheet, bands[2], 0, app.width)}
        self.assertTrue(xs, "the Arabic row draws nothing")
        self.assertGreaterEqual(max(xs), app.width - INSET - 4, f"right edge at {max(xs)}")
        self.assertLessEqual(max(xs), app.width - INSET)
        self.assertGreater(min(xs), app.width // 2, f"left edge at {min(xs)}: not right-aligned")

    def test_emoji_row_is_in_colour(self):
        app, img, sheet, bands = self.rows_image()
        y0, y1 = bands[4]
        coloured = [(x, y) for y in range(y0, y1) for x in range(0, app.width // 2) if colourful(img.pixel(x, y))]
        self.assertGreater(len(coloured), 60, "the emoji are not drawn in colour")

    def test_font_pattern_changes_the_text_and_keeps_the_rows(self):
        _, plain, sheet, bands = self.rows_image()
        _, serif, _, serif_bands = self.rows_image("--font", "DejaVu Serif")
        self.assertEqual(bands, serif_bands)
        y0, y1 = bands[3]
        self.assertNotEqual(plain.region(0, y0, 400, y1), serif.region(0, y0, 400, y1), "--font changed nothing")

    def font_files_opened(self, *flags):
        """The font files the program opens until it is ready, by strace."""
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, "openat.log")
            p = _spawn(["strace", "-f", "-qq", "-e", "trace=openat", "-o", log, harness.BINARY, *flags, "--events"],
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       env=self.server.env())
            try:
                out, deadline = b"", time.monotonic() + 3 * EVENT_TIMEOUT
                while b'"ready"' not in out:
                    left = deadline - time.monotonic()
                    self.assertGreater(left, 0, f"not ready under strace: {out[-500:]!r}")
                    if select.select([p.stdout], [], [], left)[0]:
                        chunk = os.read(p.stdout.fileno(), 65536)
                        self.assertTrue(chunk, "the program ended before it was ready")
                        out += chunk
            finally:
                _stop(p)
                p.stdout.close()
            with open(log, encoding="utf-8", errors="replace") as f:
                return {os.path.basename(m.group(1)) for m in re.finditer(r'openat\([^"]*"([^"]+\.(?:ttf|ttc|otf))", [^)]*\) = \d', f.read())}

    def test_fallback_fonts_are_opened_only_when_a_row_needs_one(self):
        plain = self.font_files_opened()
        self.assertTrue(plain, "no font file opened at all")
        self.assertFalse({f for f in plain if "Noto" in f}, f"fallbacks opened at startup: {plain}")
        with_cjk = self.font_files_opened("--items", self.items)
        self.assertIn("NotoSansCJK-Regular.ttc", with_cjk)
        self.assertIn("NotoColorEmoji.ttf", with_cjk)

    def test_font_pattern_fontconfig_cannot_parse_exits_64_before_any_display(self):
        env = self.server.env()
        del env["DISPLAY"]
        status, out, err, _ = run_program("--font", "sans:weight=bogus", "--events", env=env)
        self.assertEqual(status, 64, err)
        lines = err.strip().splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertIn("--font must be a fontconfig pattern", lines[0])
        self.assertNotIn('"ready"', out)
