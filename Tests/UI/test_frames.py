"""Damage on the real window: on every drawing path, what the window shows
mid-drag and after the release is what it shows once an Expose has made
the program copy its whole frame again. A frame that left stale pixels on
the window (a present that skipped a changed rectangle) differs."""

import os
import tempfile

from harness import UITest, line
from frame_compare import PATHS, ROWS, edge_of, geometry

# The paths whose frames the window takes in pieces: the bottom sheet's
# body picture, the bands of the other edges, a card's and a narrow
# sheet's front, and several shadows over a translucent surface.
CHECKED = ["bottom", "bottom-border-shadow", "narrow-1280", "top", "left", "right", "card", "translucent"]


class TestFrames(UITest):
    def setUp(self):
        fd, self.items = tempfile.mkstemp(prefix="Places-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("\n".join(ROWS) + "\n")
        self.addCleanup(os.unlink, self.items)

    def assert_whole_frame_matches(self, app, shown, what):
        """Covers the window with red (an Expose) and checks that the frame
        it copies again is the one it showed."""
        app.server.run("xrefresh", "-solid", "red")
        again = app.wait_still()
        if again.data != shown.data:
            differ = sum(1 for y in range(shown.height) if shown.row_bytes(y) != again.row_bytes(y))
            self.fail(f"{what}: {differ} rows of the window differ from the whole frame\n{app.describe(app.cursor)}")

    def test_the_window_holds_the_whole_frame_mid_drag_and_after(self):
        for name in CHECKED:
            flags = PATHS[name]
            with self.subTest(path=name):
                app = self.launch("--items", self.items, *flags)
                app.extent = app.settle(since=0).get("extent", app.extent)
                app.wait_still()
                (gx, gy), (dx, dy), _ = geometry(app, edge_of(flags))
                app.drag(line(gx, gy, gx + 70 * dx, gy + 70 * dy, 7), 0.02, release=False)
                self.assert_whole_frame_matches(app, app.wait_still(), "held mid-drag")
                app.mark()
                app.release()
                # Off the window: the Expose's cover takes the pointer away,
                # which would end a row's hover.
                app.server.xdotool("mousemove", *app._root(app.width + 50, app.height + 50))
                self.assert_whole_frame_matches(app, app.wait_still(), "released")
                app.stop()
