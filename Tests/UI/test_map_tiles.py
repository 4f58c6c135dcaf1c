"""The panned map repeats without seams: the street grid, the roads and
the river run on across the edge where the scene starts again."""

from harness import UITest, line


def jump(a, b):
    return sum(abs(p - q) for p, q in zip(a, b))


class TestMapTiles(UITest):
    def test_the_panned_map_shows_no_seam(self):
        app = self.launch("--passthrough")
        app.settle(since=0)
        app.mark()
        # Over the map, above the panel at partial (its top at 300).
        app.drag(line(100, 50, 500, 200, 16), 0.02)
        moved = app.wait_for("mapMoved")
        sx, sy = moved["x"] % app.width, moved["y"] % app.height
        self.assertTrue(20 < sx < app.width - 20 and 20 < sy < 280, moved)
        img = app.wait_still()
        top = app.drawer_top
        # Where the scene starts again, neighbouring pixels differ no more
        # often than a feature's edge crossing the line makes them: a cut
        # block, or a road or river that ends there, differs on long runs.
        rows = [y for y in range(0, top - 5) if jump(img.pixel(sx - 1, y), img.pixel(sx, y)) > 90]
        columns = [x for x in range(0, app.width) if jump(img.pixel(x, sy - 1), img.pixel(x, sy)) > 90]
        self.assertLessEqual(len(rows), 0.06 * (top - 5), f"a seam down x={sx}: rows {rows}")
        self.assertLessEqual(len(columns), 0.06 * app.width, f"a seam across y={sy}: columns {columns}")
