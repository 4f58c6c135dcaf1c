#!/usr/bin/env python3
"""Writes the README's screenshots (the window only: 800x600 PNG, 1600x1200 at 2x).

    python3 Tests/UI/screenshots.py --binary PATH [--out Assets]
"""

import argparse
import os
import subprocess
import time
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

def stretch_past_full(app):
    """Pulls the expanded drawer's header 100 px past full and holds on."""
    x = app.width // 2 + 100
    app.drag(harness.line(x, app.drawer_top + 30, x, app.drawer_top - 70, 10), 0.02, release=False)


def drag_the_map(app):
    """Drags the map 120 px right and 60 px down, beside the panel."""
    app.mark()
    app.drag(harness.line(150, 120, 270, 180, 12), 0.02)
    app.wait_for("mapMoved", since=app.cursor)


def stretch_tip_past_full(app):
    """Flicks the three-detent panel from tip to half and from half to full
    (one detent a flick, FloatingPanel's rule), then pulls 90 px past full."""
    x = app.width // 2
    extent = app.extent
    for _ in range(2):
        app.mark()
        top = app.height - extent
        app.drag(harness.line(x, top + 20, x, top - 100, 5), 0.01)
        extent = app.settle()["extent"]
    top = app.height - extent
    app.drag(harness.line(x, top + 20, x, top - 70, 10), 0.02, release=False)


# Rows in several scripts for scripts.png: {scripts} in a shot's flags
# becomes the path of a file holding them.
SCRIPT_ROWS = [
    "東京タワー 展望台 · 港区芝公園",
    "北京大学图书馆 · 海淀区",
    "서울숲 공원 · 성동구",
    "\U0001F984 Unicorn Bakery \U0001F950 \U0001F951 open late",
    "مكتبة الإسكندرية · الإسكندرية",
    "مقهى الفيشاوي in Khan el-Khalili, since 1797",
    "Tabs:\tone\ttwo\tthree",
    "A very long row that runs on past the edge of the sheet, so that it has to end in an ellipsis at a glyph boundary",
    "Ελληνικά · Русский · עברית",
]

# Rows for detail.png, {detail} in its flags: the first, opened, wraps
# over many lines.
DETAIL_ROWS = [
    "Harbour Lighthouse · built in 1871 on the northern breakwater, its lantern was first lit with colza oil "
    "and later with paraffin; today a museum on the keeper's floor tells the story of the wrecks along the "
    "coast, the families who kept the light through two wars, and the storm of 1953 that took the old pier. "
    "Open daily from ten until dusk; the 118 steps to the gallery are steep but the view over the bay is worth it.",
    "Old Town Market · 東京タワー展望台 · مكتبة الإسكندرية",
    "Botanical Garden · glasshouses and a rose walk",
    "Fish Quay · boats land their catch at dawn",
    "Cathedral Square · concerts on summer evenings",
]


# Paths for pick.png, {files} in its flags: a picker over a project's files.
FILE_ROWS = [
    "Makefile", "Package.swift", "README.md", "Sources/DrawerEngine/Drawer.swift",
    "Sources/DrawerEngine/Content/Drawer+Selection.swift", "Sources/DrawerHost/Rows/RowFilter.swift",
    "Sources/DrawerHost/Rows/RowStore.swift", "Sources/DrawerHost/Control/ControlCommand.swift",
    "Sources/drawer-x11/App.swift", "Sources/drawer-x11/Renderer.swift", "Tests/UI/test_pick.py",
    "Tests/DrawerHostTests/RowsTests/RowFilterTests.swift", "Assets/pick.png", "LICENSE",
]


def type_a_query(app):
    """Types a fuzzy query and moves the selection down one, the pointer
    outside the window: the focus ring alone says which row Return takes."""
    app.server.xdotool("mousemove", *app._root(app.width + 50, app.height + 50))
    app.mark()
    app.server.run("xdotool", "type", "--delay", "30", "rowsw")
    app.wait_for("filtered", query="rowsw")
    app.key("Down")
    app.wait_for("selected")


def open_detail(app):
    """Selects the first row of the expanded list and opens its detail with
    Return: the list's rows show whole above the card, none under its
    margins."""
    app.mark()
    app.click(app.width // 2, app.drawer_top + 80)
    app.wait_for("selected")
    app.key("Return")
    app.wait_for("didTransition", panel="detail", to="half")


SHOTS = [
    ("partial.png", [], False, None),
    ("full.png", [], True, None),
    ("debug.png", ["--debug"], False, None),
    ("border-shadow.png", ["--border-thickness", "4", "--border-color", "#ff0000",
                           "--shadow-opacity", "0.6", "--shadow-radius", "12"], False, None),
    ("rubber-band.png", ["--release", "projection", "--rubber-band", "fp", "--full-expansion", "gap:100",
                         "--collapsed-height", "80", "--shadow-opacity", "0.3", "--shadow-radius", "12"], True,
     stretch_past_full),
    ("edge-top.png", ["--edge", "top", "--detents", "peek=96,half=276,full=-64", "--shadow-opacity", "0.35",
                      "--shadow-radius", "14"], False, None),
    ("edge-left.png", ["--edge", "left", "--detents", "rail=72,open=340", "--initial", "open", "--shadow-opacity",
                       "0.35", "--shadow-radius", "14"], False, None),
    ("edge-right.png", ["--edge", "right", "--detents", "open=320,wide=70%", "--initial", "open", "--shadow-opacity",
                        "0.35", "--shadow-radius", "14", "--border-thickness", "1", "--border-color", "#c0c0c8"],
     False, None),
    ("three-detents.png", ["--detents", "tip=72,half=50%,full=-40", "--release", "projection", "--rubber-band", "fp",
                           "--initial", "tip", "--shadow-opacity", "0.3", "--shadow-radius", "12"], False,
     stretch_tip_past_full),
    ("dark.png", ["--theme", "dark", "--shadow-opacity", "0.5", "--shadow-radius", "14"], False, None),
    ("dark-left.png", ["--theme", "dark", "--edge", "left", "--detents", "rail=72,open=340", "--initial", "open",
                       "--shadow-opacity", "0.5", "--shadow-radius", "14"], False, None),
    ("user-surface.png", ["--background-color", "#1d3557", "--handle-color", "#a8dadc", "--shadow-opacity", "0.4",
                          "--shadow-radius", "12"], False, None),
    ("card.png", ["--margins", "24,16,16,16", "--padding", "0,8,8,8", "--corner-radius", "16",
                  "--shadow", "#000,0.18,24,0,8", "--shadow", "#000,0.25,3,0,1,1"], False, None),
    ("translucent.png", ["--background-color", "#fafafcb0", "--shadow", "#000,0.5,20,0,-4,2"], False, None),
    ("wide.png", ["--geometry", "1280x800", "--shadow", "#000,0.2,18,0,0,2"], False, None),
    ("scripts.png", ["--items", "{scripts}", "--initial-state", "full", "--row-height", "52"], False, None),
    ("scripts-dark.png", ["--items", "{scripts}", "--theme", "dark", "--edge", "right", "--detents", "open=420",
                          "--row-height", "52"], False, None),
    ("scale-1x.png", ["--scale", "1"], False, None),
    ("scale-2x.png", ["--scale", "2"], False, None),
    ("detail.png", ["--items", "{detail}", "--shadow-opacity", "0.3", "--shadow-radius", "12"], True,
     open_detail),
    ("pick.png", ["--items", "{files}", "--pick", "--match", "fuzzy", "--prompt", "Open:"], False, type_a_query),
    ("passthrough.png", ["--detents", "tip=96,half=45%,full=-40", "--backdrop", "tip=0,half=0,full=0.4",
                         "--passthrough", "--initial", "half", "--shadow-opacity", "0.3", "--shadow-radius", "12"],
     False, drag_the_map),
]


def dusk(x, y):
    """A wallpaper for the desktop pictures: a dusk sky over low hills."""
    hill = 430 + 40 * ((x / 160) % 2 - 1) ** 2 * (1 if (x // 320) % 2 else -1)
    if y >= hill:
        return (40 + y // 40, 70 + y // 30, 60)
    t = y / 430
    return (int(40 + 200 * t), int(60 + 90 * t), int(120 + 40 * t))


def desktop_shots(out, only):
    """Over the desktop: a launcher, and a drop-down terminal; the root's
    pixels, a 1024x640 screen with a wallpaper and two windows on it."""
    server = harness.XServer(screen="1024x640x24")
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import xclient
    xclient.set_wallpaper(server.display, dusk)
    others = [harness._spawn(["xlogo", "-geometry", "220x220+90+90"], env=server.env()),
              harness._spawn(["xclock", "-geometry", "180x180+700+120"], env=server.env())]
    try:
        for name in ("xlogo", "xclock"):  # mapped before the drawer copies the desktop
            deadline = time.monotonic() + harness.EVENT_TIMEOUT
            while b"IsViewable" not in subprocess.run(["xwininfo", "-name", name], env=server.env(),
                                                      capture_output=True).stdout:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name} did not map")
                time.sleep(0.02)  # polling the server, bounded by the deadline
        if only in (None, "desktop-launcher.png"):
            # --filter looks as --pick does, and leaves standard output to
            # the events.
            programs = os.path.join(tempfile.mkdtemp(), "programs")
            with open(programs, "wb") as f:
                f.write(subprocess.run(["ls", "/usr/bin"], capture_output=True).stdout)
            app = harness.App(server, "--desktop", "--filter", "--edge", "left", "--detents", "open=360", "--items",
                              programs).wait_ready()
            try:
                app.settle(since=0)
                app.mark()
                server.run("xdotool", "type", "--delay", "30", "xcl")
                app.wait_for("filtered", query="xcl")
                app.wait_still()
                path = os.path.join(out, "desktop-launcher.png")
                harness.Image(server.run("xwd", "-silent", "-root")).save_png(path)
                print(path)
            finally:
                app.stop()
                os.unlink(programs)
                os.rmdir(os.path.dirname(programs))
        if only in (None, "desktop-terminal.png"):
            control = os.path.join(tempfile.mkdtemp(), "term")
            os.mkfifo(control)
            app = harness.App(server, "--desktop", "--edge", "top", "--detents", "half=50%", "--max-width", "none",
                              "--embed", "xterm -into %w -e sh", "--embed-resize", "--initial", "dismissed", "--keep", "--control",
                              control, env=server.env(PS1="$ ")).wait_ready()
            try:
                with open(control, "w") as fifo:
                    app.mark()
                    fifo.write("toggle\n")
                    fifo.flush()
                    app.settle()
                    server.run("xdotool", "type", "--delay", "20", "uname -sm; date -u +%F\n")
                    app.wait_still()
                    path = os.path.join(out, "desktop-terminal.png")
                    harness.Image(server.run("xwd", "-silent", "-root")).save_png(path)
                    print(path)
                    fifo.write("quit\n")
            finally:
                app.stop()
                os.unlink(control)
                os.rmdir(os.path.dirname(control))
    finally:
        for p in others:
            harness._stop(p)
        server.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--only", help="one picture by its file name")
    ap.add_argument("--out", default=os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets")))
    args = ap.parse_args()
    harness.BINARY = os.path.abspath(args.binary)
    os.makedirs(args.out, exist_ok=True)
    if args.only is None or args.only.startswith("desktop-"):
        desktop_shots(args.out, args.only)
        if args.only:
            return
    # The file's name is the panel's title.
    folder = tempfile.mkdtemp()
    scripts = os.path.join(folder, "Places.txt")
    with open(scripts, "w", encoding="utf-8") as f:
        f.write("\n".join(SCRIPT_ROWS) + "\n")
    detail = os.path.join(folder, "Sights.txt")
    with open(detail, "w", encoding="utf-8") as f:
        f.write("\n".join(DETAIL_ROWS) + "\n")
    files = os.path.join(folder, "files")
    with open(files, "w", encoding="utf-8") as f:
        f.write("\n".join(FILE_ROWS) + "\n")
    # Room for the 2x window: xwd sees only what is on the screen.
    server = harness.XServer(screen="2048x1536x24")
    try:
        for name, flags, expand, action in SHOTS:
            if args.only and name != args.only:
                continue
            named = {"{scripts}": scripts, "{detail}": detail, "{files}": files}
            flags = [named.get(f, f) for f in flags]
            # A pick's events share standard output with its answer, which
            # no picture waits for.
            argv = [harness.BINARY, *flags, "--events", "/dev/stdout"] if "--pick" in flags else None
            app = harness.App(server, *flags, argv=argv).wait_ready()
            try:
                app.settle(since=0)  # presented
                if expand:
                    app.mark()
                    app.click(app.width // 2 + 100, app.drawer_top + 30)
                    app.drawer_top = app.settle()["drawerTop"]
                if action:
                    action(app)
                img = app.wait_still()
                if action and action not in (open_detail, type_a_query):
                    app.release()
                path = os.path.join(args.out, name)
                img.save_png(path)
                print(f"{path}: {img.width}x{img.height}")
            finally:
                app.stop()
    finally:
        server.stop()
        os.unlink(scripts)
        os.unlink(detail)
        os.unlink(files)
        os.rmdir(folder)


if __name__ == "__main__":
    main()
