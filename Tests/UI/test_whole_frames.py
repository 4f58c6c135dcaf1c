"""Every frame is a whole frame: screenshots taken at several moments of a
slow slide-in over a flat root colour, with and without picom, show one
darkening factor everywhere outside the panel in each screenshot, never
bands of two; the dim is seen to change during the slide and to rest at
the detent's. Over a patterned desktop, each screenshot shows the pattern
in place under one dim: the steps made ready between frames (a 1280x1024
screen's backdrop is large enough) are the desktop's own pixels."""

import xclient
from harness import UITest, _stop
from test_desktop_backdrop import DIM, DIM_ALPHA, dimmed, root_shot, start_picom

FLAT = (192, 128, 64)


class TestWholeFrames(UITest):
    composited = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        xclient.set_wallpaper(cls.server.display, color=lambda x, y: FLAT)

    def levels(self, img):
        """The distinct colours of rows 0..299, which the panel's half
        detent (its top at 512) and its shadow never reach."""
        return {img.pixel(x, y) for y in range(0, 300, 13) for x in range(0, img.width, 17)}

    def test_each_screenshot_of_a_slide_in_shows_one_dim_outside_the_panel(self):
        if self.composited:
            picom = start_picom(self.server)
            self.addCleanup(_stop, picom)
        app = self.launch("--desktop", *DIM, "--duration", "1.5", "--report-moves")
        seen = []
        while True:
            settled = [e for e in app.since(0) if e["event"] == "didTransition"]
            levels = self.levels(root_shot(self.server))
            self.assertEqual(len(levels), 1, f"shot {len(seen)}: bands of {sorted(levels)}")
            seen.append(levels.pop())
            if settled:
                break
            app.pause(0.05)  # reads the events meanwhile: the slide's own time sets the moments
        # The screenshot after the settle shows the detent's dim (picom may
        # paint a frame late: the next screenshot is looked at too).
        want = tuple(round(c) for c in dimmed(FLAT, DIM_ALPHA))
        last = self.levels(root_shot(self.server)).pop()
        self.assertLessEqual(max(abs(a - b) for a, b in zip(last, want)), 1, f"at rest {last}, not {want}")
        self.assertGreaterEqual(len(set(seen)), 2, f"the dim changed during the slide: {seen}")


class TestWholeFramesUnderPicom(TestWholeFrames):
    composited = True


def pattern(x, y):
    """A wallpaper cell's colour, different from its neighbours' in every
    channel, so that a copy from the wrong place shows."""
    i, j = x // xclient.WALLPAPER_CELL, y // (xclient.WALLPAPER_CELL // 2)
    return (30 + i * 37 % 200, 30 + j * 53 % 200, 30 + (i + j) * 29 % 200)


class TestWholeFramesOverAPattern(UITest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        xclient.set_wallpaper(cls.server.display, color=pattern)

    def one_dim(self, img):
        """The 8-bit dim every sample of rows 0..299 shows the pattern
        under, within one level a channel; None when there is none."""
        samples = [(pattern(x, y), img.pixel(x, y)) for y in range(0, 300, 13) for x in range(0, img.width, 17)]
        for alpha in range(256):
            if all(abs(g - w * (255 - alpha) / 255) <= 1 for want, got in samples for g, w in zip(got, want)):
                return alpha
        return None

    def test_each_screenshot_of_a_slide_in_shows_the_desktop_in_place_under_one_dim(self):
        app = self.launch("--desktop", *DIM, "--duration", "1.5", "--report-moves")
        seen = []
        while True:
            settled = [e for e in app.since(0) if e["event"] == "didTransition"]
            alpha = self.one_dim(root_shot(self.server))
            self.assertIsNotNone(alpha, f"shot {len(seen)}: the pattern is not under one dim")
            seen.append(alpha)
            if settled:
                break
            app.pause(0.05)  # reads the events meanwhile: the slide's own time sets the moments
        self.assertLessEqual(abs(self.one_dim(root_shot(self.server)) - DIM_ALPHA), 1, f"at rest: {seen}")
        self.assertGreaterEqual(len(set(seen)), 3, f"the dim changed during the slide: {seen}")

