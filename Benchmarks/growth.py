"""How the costs grow: first frame, memory and frame time against the
number of rows (100 to 10,000,000, read with --items from text files) and
against the window's area (0.5 to 8 megapixels).

The row files are written once per benchmark into a temporary directory:
row i is the decimal number i, one a line, as `seq N` prints them. Slopes
come from a least-squares line through the medians.
"""

import os
import tempfile

from figures import Figure

ROW_COUNTS = [10**k for k in range(2, 8)]
# Window sizes from about half a megapixel to about eight; 1280x800 and
# 3840x2160 are also the main table's frame-time windows.
AREAS = ["960x540", "1280x800", "1920x1080", "2560x1600", "3840x2160"]
# An Xvfb screen every window above fits on.
SCREEN = "3840x2160x24"
# The rows windows' drag: shorter than the main one, as there are six.
ROWS_DRAG = (60, 1.0)


class RowFiles:
    """Text files of ROW_COUNTS lines in a temporary directory, removed by
    close() (or on leaving a with block)."""

    def __init__(self, counts=ROW_COUNTS):
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-bench-rows-")
        self.paths = {}
        for n in counts:
            path = os.path.join(self.dir.name, f"rows-{n}.txt")
            with open(path, "w") as f:
                chunk = 100_000
                for first in range(1, n + 1, chunk):
                    f.write("\n".join(map(str, range(first, min(first + chunk, n + 1)))) + "\n")
            self.paths[n] = path

    def text_bytes(self, n):
        return os.path.getsize(self.paths[n])

    def close(self):
        self.dir.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def area_mpx(size):
    w, h = map(int, size.split("x"))
    return w * h / 1e6


def slope(points):
    """Least-squares (slope, intercept) of y against x for (x, y) pairs."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if sxx == 0:
        return None, None
    b = sum((x - mx) * (y - my) for x, y in points) / sxx
    return b, my - b * mx


def _figure(key, name, unit, method, digits=2, better="lower", resolution=0.0):
    return Figure(key, name, unit, method, better=better, digits=digits, resolution=resolution, table="growth")


def row_figures():
    """Per row count: ms to the first frame, ms until all rows are read,
    RSS then, and frame time p50/p99."""
    out = {}
    for n in ROW_COUNTS:
        k = f"growth.rows.{n}"
        out[n] = {
            "ready_ms": _figure(f"{k}.first_frame_ms", f"{n:,} rows: first frame", "ms", "fork to `ready`", 1),
            "loaded_ms": _figure(f"{k}.loaded_ms", f"{n:,} rows: all rows read", "ms",
                                 "fork to the `rows` event with loading false", 1),
            "rss_mib": _figure(f"{k}.rss_mib", f"{n:,} rows: RSS", "MiB", "VmRSS once all rows are read", 1,
                               resolution=0.5),
            "p50_ms": _figure(f"{k}.p50_ms", f"{n:,} rows: frame p50", "ms", "--frame-stats", 3),
            "p99_ms": _figure(f"{k}.p99_ms", f"{n:,} rows: frame p99", "ms", "--frame-stats", 3),
        }
    return out


def area_figures():
    """Per window size: ms to the first frame, RSS, frame time p50/p99 and
    the pixels drawn into the window per frame."""
    out = {}
    for size in AREAS:
        k = f"growth.area.{size}"
        out[size] = {
            "ready_ms": _figure(f"{k}.first_frame_ms", f"{size}: first frame", "ms", "fork to `ready`", 1),
            "rss_mib": _figure(f"{k}.rss_mib", f"{size}: RSS", "MiB", "VmRSS after `ready`", 1, resolution=0.5),
            "p50_ms": _figure(f"{k}.p50_ms", f"{size}: frame p50", "ms", "--frame-stats", 3),
            "p99_ms": _figure(f"{k}.p99_ms", f"{size}: frame p99", "ms", "--frame-stats", 3),
            "damaged_mpx": _figure(f"{k}.damaged_mpx", f"{size}: drawn per frame", "Mpx",
                                   "DAMAGE raw rectangles on the window over the drag, per frame", 3, better=""),
        }
    return out


def derived_figures(rows, areas, files):
    """Bytes per row beyond the text, and frame time per damaged megapixel,
    from the medians of the tables."""
    rss = [(n, rows[n]["rss_mib"].median * 2**20) for n in ROW_COUNTS if rows[n]["rss_mib"].samples]
    text = [(n, files[n]) for n in ROW_COUNTS if n in files]
    per_row, _ = slope(rss) if len(rss) >= 2 else (None, None)
    text_per_row, _ = slope(text) if len(text) >= 2 else (None, None)
    frame = [(areas[s]["damaged_mpx"].median, areas[s]["p50_ms"].median) for s in AREAS
             if areas[s]["p50_ms"].samples and areas[s]["damaged_mpx"].samples]
    per_mpx, fixed = slope(frame) if len(frame) >= 2 else (None, None)
    out = [
        _figure("growth.rss_bytes_per_row", "RSS per row", "B", "least-squares slope of RSS against rows", 1),
        _figure("growth.text_bytes_per_row", "text per row", "B", "slope of the files' size against rows", 2,
                better=""),
        _figure("growth.bytes_per_row_beyond_text", "bytes per row beyond the text", "B",
                "RSS per row minus text per row", 1, resolution=0.5),
        _figure("growth.ms_per_damaged_mpx", "frame time per damaged megapixel", "ms/Mpx",
                "least-squares slope of frame p50 against pixels drawn per frame, over the window sizes", 3),
        _figure("growth.frame_fixed_ms", "frame time with nothing drawn", "ms",
                "the same line's value at 0 pixels", 3),
    ]
    values = [per_row, text_per_row,
              per_row - text_per_row if per_row is not None and text_per_row is not None else None,
              per_mpx, fixed]
    for fig, v in zip(out, values):
        fig.add(v)
    return out


def _cell(fig):
    return fig.number(fig.median) if fig.samples else "-"


def table(rows, areas, derived, files, runs):
    """The two growth tables and the derived lines, as text."""
    from figures import render_table
    lines = [f"Cost growth, medians of {runs} interleaved rounds each.",
             f"Rows: 800x600 window, --items FILE of `seq N` lines, a {ROWS_DRAG[0]}-motion {ROWS_DRAG[1]:g} s drag; "
             "frame times cover every frame after the first (those while rows stream in, then the drag's)."]
    header = ["rows", "text MiB", "first frame ms", "all read ms", "RSS MiB", "frame p50 ms", "frame p99 ms"]
    body = [[f"{n:,}", f"{files[n] / 2**20:,.1f}"] + [_cell(rows[n][k]) for k in
                                                       ("ready_ms", "loaded_ms", "rss_mib", "p50_ms", "p99_ms")]
            for n in ROW_COUNTS]
    lines += [render_table(header, body), ""]
    lines.append("Window area: 200 generated rows, the main 120-motion 2 s drag, on a 3840x2160 Xvfb screen; "
                 "drawn = DAMAGE rectangles on the window per frame.")
    header = ["window", "Mpx", "first frame ms", "RSS MiB", "frame p50 ms", "frame p99 ms", "drawn Mpx/frame",
              "p50 ms per drawn Mpx"]
    body = []
    for s in AREAS:
        f = areas[s]
        per = (f"{f['p50_ms'].median / f['damaged_mpx'].median:,.3f}"
               if f["p50_ms"].samples and f["damaged_mpx"].samples and f["damaged_mpx"].median else "-")
        body.append([s, f"{area_mpx(s):.2f}"] + [_cell(f[k]) for k in
                                                  ("ready_ms", "rss_mib", "p50_ms", "p99_ms", "damaged_mpx")] + [per])
    lines += [render_table(header, body), ""]
    for fig in derived:
        lines.append(f"{fig.name}: {fig.measured()}  ({fig.method})")
    return "\n".join(lines)
