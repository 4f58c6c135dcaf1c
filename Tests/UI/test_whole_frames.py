"""Every frame is a whole frame: screenshots taken at several moments of a
slow slide-in over a flat root colour, with and without picom, show one
darkening factor everywhere outside the panel in each screenshot, never
bands of two; the dim is seen to change during the slide and to rest at
the detent's."""

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
