#!/usr/bin/env python3
"""Compares the frames of two drawer-x11 builds, pixel by pixel, on every drawing path.

    python3 Tests/UI/frame_compare.py --old OLD_BINARY --new NEW_BINARY [--out DIR] [PATH ...]

Each path (a bottom sheet up to 900 px, a narrow sheet at 1280x800, the top,
left and right edges, a card, a translucent surface, several shadows, a
border, a dim backdrop) runs one scripted session on each build: the panel
at rest, held mid-drag, released, a row clicked, its detail opened, and, in
a second run with --filter, a query typed. The screenshots of the two builds
must match exactly. Each differing step is listed with its pixel count and
bounding box, and both screenshots and a mask of the differences are written
to DIR (default: a new temporary folder). The last line is
`frames: N identical, M different`; the status is 1 when any step differs.
A drawing refactor runs it against the build before it.
"""

import argparse
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

LONG = ("a long row whose text runs on well past the panel's width, so that the detail wraps it over several "
        "lines: the harbour, the old town, the market and the gardens along the river, open from ten until dusk")
ROWS = [f"Row {i}: {LONG}" if i % 3 == 0 else f"Row {i} · Ελληνικά · 東京タワー · مكتبة" for i in range(40)]

# name -> flags. Every edge, both bottom-sheet widths, and each surface
# feature that once had a drawing rule of its own.
PATHS = {
    "bottom": [],
    "bottom-border-shadow": ["--border-thickness", "4", "--border-color", "#ff0000", "--shadow-opacity", "0.6",
                             "--shadow-radius", "12"],
    "bottom-hairline-border": ["--border-thickness", "0.5", "--border-color", "#3060c0"],
    "bottom-dim": ["--detents", "tip=96,half=45%,full=-40", "--backdrop", "tip=0,half=0.2,full=0.4", "--initial", "half", "--shadow-opacity", "0.3", "--shadow-radius", "12"],
    "narrow-1280": ["--geometry", "1280x800", "--shadow", "#000,0.2,18,0,0,2"],
    "top": ["--edge", "top", "--shadow-opacity", "0.35", "--shadow-radius", "14"],
    "left": ["--edge", "left", "--detents", "rail=72,open=340", "--initial", "open", "--shadow-opacity", "0.35",
             "--shadow-radius", "14"],
    "right": ["--edge", "right", "--detents", "open=320,wide=70%", "--initial", "open", "--border-thickness", "1",
              "--border-color", "#c0c0c8"],
    "top-hairline-border": ["--edge", "top", "--border-thickness", "0.5", "--border-color", "#3060c0"],
    "card": ["--margins", "24,16,16,16", "--padding", "0,8,8,8", "--corner-radius", "16"],
    "translucent": ["--background-color", "#fafafcb0", "--shadow", "#000,0.5,20,0,-4,2"],
    "shadows": ["--shadow", "#000,0.18,24,0,8", "--shadow", "#000,0.25,3,0,1,1"],
    "dark-left-card": ["--theme", "dark", "--edge", "left", "--detents", "rail=72,open=340", "--initial", "open",
                       "--margins", "16", "--corner-radius", "12", "--shadow", "#000,0.4,16,4,0"],
}


def edge_of(flags):
    return flags[flags.index("--edge") + 1] if "--edge" in flags else "bottom"


def geometry(app, edge):
    """Where to grab the panel, which way is outward, and a row to click,
    from the panel's resting extent."""
    w, h, e = app.width, app.height, app.extent
    if edge == "bottom":
        return (w // 2 + 100, h - e + 30), (0, -1), (w // 2, h - 40)
    if edge == "top":
        return (w // 2 + 100, e - 30), (0, 1), (w // 2, 40)
    if edge == "left":
        return (e - 40, h // 2), (1, 0), (e // 2, h // 2 + 40)
    return (w - e + 40, h // 2), (-1, 0), (w - e // 2, h // 2 + 40)


def session(server, flags, rows_file):
    """The scripted session on one build: {step: Image}."""
    shots = {}
    app = harness.App(server, "--items", rows_file, *flags).wait_ready()
    try:
        app.extent = app.settle(since=0).get("extent", app.extent)
        shots["rest"] = app.wait_still()
        (gx, gy), (dx, dy), row = geometry(app, edge_of(flags))
        app.drag(harness.line(gx, gy, gx + 70 * dx, gy + 70 * dy, 7), 0.02, release=False)
        shots["held"] = app.wait_still()
        app.release()
        shots["released"] = app.wait_still()
        app.mark()
        app.click(*row)
        app.wait_for("selected")
        shots["clicked"] = app.wait_still()
        app.mark()
        app.key("Return")
        app.wait_for("didTransition", panel="detail", to="half")
        shots["detail"] = app.wait_still()
    finally:
        app.stop()
    app = harness.App(server, "--items", rows_file, "--filter", "--prompt", "Go:", *flags).wait_ready()
    try:
        app.settle(since=0)
        app.server.xdotool("mousemove", *app._root(app.width + 50, app.height + 50))
        app.mark()
        app.server.run("xdotool", "type", "--delay", "30", "row 1")
        app.wait_for("filtered", query="row 1")
        shots["typed"] = app.wait_still()
    finally:
        app.stop()
    return shots


def difference(a, b):
    """(count, bounding box, mask PNG image) of the pixels where a and b differ."""
    if (a.width, a.height) != (b.width, b.height):
        return (max(a.width * a.height, b.width * b.height), (0, 0, max(a.width, b.width), max(a.height, b.height)),
                None)
    count, box = 0, None
    ra, rb = a.rgb(), b.rgb()
    mask = bytearray(len(ra))
    for i in range(0, len(ra), 3):
        if ra[i:i + 3] != rb[i:i + 3]:
            count += 1
            mask[i:i + 3] = b"\xff\xff\xff"
            p = i // 3
            x, y = p % a.width, p // a.width
            box = (x, y, x + 1, y + 1) if box is None else (min(box[0], x), min(box[1], y), max(box[2], x + 1),
                                                              max(box[3], y + 1))
    return count, box, bytes(mask)


def save_mask(mask, like, path):
    img = harness.Image.__new__(harness.Image)
    img.width, img.height = like.width, like.height
    img.rgb = lambda: mask
    harness.Image.save_png(img, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", required=True, help="the build before the change")
    ap.add_argument("--new", required=True, help="the build after it")
    ap.add_argument("--out", help="where differing screenshots go (default: a new temporary folder)")
    ap.add_argument("--keep", action="store_true", help="write the new build's screenshots of every step to DIR too")
    ap.add_argument("paths", nargs="*", help=f"paths to run (default: all of {', '.join(PATHS)})")
    args = ap.parse_args()
    unknown = [p for p in args.paths if p not in PATHS]
    if unknown:
        print(f"frame_compare.py: no path named {', '.join(unknown)}", file=sys.stderr)
        return 2
    for b in (args.old, args.new):
        if not os.access(b, os.X_OK):
            print(f"frame_compare.py: {b} is not an executable file", file=sys.stderr)
            return 2
    out = args.out or tempfile.mkdtemp(prefix="frame-compare-")
    os.makedirs(out, exist_ok=True)
    fd, rows_file = tempfile.mkstemp(prefix="Places-", suffix=".txt")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write("\n".join(ROWS) + "\n")
    same = differ = 0
    server = harness.XServer(screen="1600x1200x24")
    try:
        for name in args.paths or PATHS:
            flags = PATHS[name]
            shots = {}
            for label, binary in (("old", args.old), ("new", args.new)):
                harness.BINARY = os.path.abspath(binary)
                shots[label] = session(server, flags, rows_file)
            for step, old in shots["old"].items():
                new = shots["new"][step]
                count, box, mask = difference(old, new)
                if args.keep:
                    new.save_png(os.path.join(out, f"{name}-{step}.png"))
                if count == 0:
                    same += 1
                    print(f"{name} {step}: identical")
                    continue
                differ += 1
                stem = os.path.join(out, f"{name}-{step}")
                old.save_png(stem + "-old.png")
                new.save_png(stem + "-new.png")
                if mask:
                    save_mask(mask, old, stem + "-diff.png")
                print(f"{name} {step}: {count} pixels differ in {box}; {stem}-{{old,new,diff}}.png")
    finally:
        server.stop()
        os.unlink(rows_file)
    print(f"frames: {same} identical, {differ} different")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
