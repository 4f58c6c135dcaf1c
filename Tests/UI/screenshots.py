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

SHOTS = [
    ("partial.png", [], False),
    ("full.png", [], True),
    ("debug.png", ["--debug"], False),
    ("border-shadow.png", ["--border-thickness", "4", "--border-color", "#ff0000",
                           "--shadow-opacity", "0.6", "--shadow-radius", "12"], False),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--out", default=os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets")))
    args = ap.parse_args()
    harness.BINARY = os.path.abspath(args.binary)
    os.makedirs(args.out, exist_ok=True)
    server = harness.XServer()
    try:
        for name, flags, expand in SHOTS:
            app = harness.App(server, *flags).wait_ready()
            try:
                app.settle(since=0)  # presented
                if expand:
                    app.mark()
                    app.click(app.width // 2 + 100, app.drawer_top + 30)
                    app.settle()
                img = app.wait_still()
                path = os.path.join(args.out, name)
                img.save_png(path)
                print(f"{path}: {img.width}x{img.height}")
            finally:
                app.stop()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
