#!/usr/bin/env python3
"""Writes the README's screenshots (800x600 PNG, the window only).

    python3 Tests/UI/screenshots.py --binary PATH [--out Assets]
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

def stretch_past_full(app):
    """Pulls the expanded drawer's header 100 px past full and holds on."""
    x = app.width // 2 + 100
    app.drag(harness.line(x, app.drawer_top + 30, x, app.drawer_top - 70, 10), 0.02, release=False)


SHOTS = [
    ("partial.png", [], False, None),
    ("full.png", [], True, None),
    ("debug.png", ["--debug"], False, None),
    ("border-shadow.png", ["--border-thickness", "4", "--border-color", "#ff0000",
                           "--shadow-opacity", "0.6", "--shadow-radius", "12"], False, None),
    ("rubber-band.png", ["--release", "projection", "--rubber-band", "fp", "--full-expansion", "gap:100",
                         "--collapsed-height", "80", "--shadow-opacity", "0.3", "--shadow-radius", "12"], True,
     stretch_past_full),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--only", help="one picture by its file name")
    ap.add_argument("--out", default=os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets")))
    args = ap.parse_args()
    harness.BINARY = os.path.abspath(args.binary)
    os.makedirs(args.out, exist_ok=True)
    server = harness.XServer()
    try:
        for name, flags, expand, action in SHOTS:
            if args.only and name != args.only:
                continue
            app = harness.App(server, *flags).wait_ready()
            try:
                app.settle(since=0)  # presented
                if expand:
                    app.mark()
                    app.click(app.width // 2 + 100, app.drawer_top + 30)
                    app.drawer_top = app.settle()["drawerTop"]
                if action:
                    action(app)
                img = app.wait_still()
                if action:
                    app.release()
                path = os.path.join(args.out, name)
                img.save_png(path)
                print(f"{path}: {img.width}x{img.height}")
            finally:
                app.stop()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
