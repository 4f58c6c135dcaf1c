#!/usr/bin/env python3
"""The libadwaita peer of `make bench`: an AdwFlap as a bottom sheet.

It has the geometry of drawer-x11's bench window (Benchmarks/README.md, "Peers").

Debian 12's libadwaita is 1.2, which has no AdwBottomSheet (1.6); a
vertical AdwFlap whose flap is at the end edge, folded and modal, is its
nearest: it overlays and dims the content, a click on the content closes
it, and a swipe moves it. 800x600; the flap is a 36 px grabber over a list
of 200 rows, 420 px in all, so its grabber sits around y=198 as in the
other two windows. It starts revealed.

Run by Benchmarks/peers.py with GDK_BACKEND=x11 and GSK_RENDERER=cairo
(software drawing, as drawer-x11's). Needs python3-gi, gir1.2-gtk-4.0 and
gir1.2-adw-1.
"""

import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, Gio, Gtk  # noqa: E402

TITLE = "drawer-x11 bench peer: libadwaita Flap"
STYLE = b"""
.sheet { background: #fafafc; border-radius: 10px 10px 0 0; }
.grabber { background: #a8a8b0; border-radius: 3px; min-width: 44px; min-height: 5px; }
.behind { font-size: 26px; }
"""
GRABBER_HEIGHT = 36
LIST_HEIGHT = 420 - GRABBER_HEIGHT


def let_the_mouse_swipe(widget):
    """Lets a mouse drag move the flap. AdwFlap's swipe tracker takes touch
    alone (its allow-mouse-drag is not a property of the flap), and the
    bench drags with the mouse, as it does the other two windows; the
    tracker's drag gesture is among the flap's controllers."""
    controllers = widget.observe_controllers()
    for i in range(controllers.get_n_items()):
        gesture = controllers.get_item(i)
        if isinstance(gesture, Gtk.GestureDrag):
            gesture.set_touch_only(False)


def row_list():
    """A ListView of 200 rows, 44 px each."""
    rows = Gtk.StringList.new([f"Row {i}" for i in range(1, 201)])
    factory = Gtk.SignalListItemFactory()

    def setup(_factory, item):
        label = Gtk.Label(xalign=0, margin_start=16)
        label.set_size_request(-1, 44)
        item.set_child(label)

    def bind(_factory, item):
        item.get_child().set_label(item.get_item().get_string())

    factory.connect("setup", setup)
    factory.connect("bind", bind)
    return Gtk.ListView(model=Gtk.NoSelection(model=rows), factory=factory)


def build(app):
    css = Gtk.CssProvider()
    css.load_from_data(STYLE)
    window = Adw.ApplicationWindow(application=app, title=TITLE, default_width=800, default_height=600)
    Gtk.StyleContext.add_provider_for_display(window.get_display(), css, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)

    behind = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=10, vexpand=True,
                     margin_top=24, margin_start=24, margin_end=24, margin_bottom=24)
    heading = Gtk.Label(label="Behind the drawer", xalign=0)
    heading.add_css_class("behind")
    behind.append(heading)
    behind.append(Gtk.Label(label="The bench drags the grabber from y=198 towards the bottom.", xalign=0))
    show = Gtk.Button(label="Show the drawer", halign=Gtk.Align.START)
    behind.append(show)

    sheet = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, valign=Gtk.Align.END)
    sheet.add_css_class("sheet")
    grabber_row = Gtk.Box(height_request=GRABBER_HEIGHT)
    bar = Gtk.Box(halign=Gtk.Align.CENTER, valign=Gtk.Align.CENTER, hexpand=True)
    bar.add_css_class("grabber")
    grabber_row.append(bar)
    sheet.append(grabber_row)
    scroller = Gtk.ScrolledWindow(height_request=LIST_HEIGHT, vexpand=False)
    scroller.set_child(row_list())
    sheet.append(scroller)

    flap = Adw.Flap(orientation=Gtk.Orientation.VERTICAL, flap_position=Gtk.PackType.END,
                    fold_policy=Adw.FlapFoldPolicy.ALWAYS, transition_type=Adw.FlapTransitionType.OVER,
                    modal=True, swipe_to_open=True, swipe_to_close=True, content=behind, flap=sheet,
                    reveal_flap=True)
    show.connect("clicked", lambda _button: flap.set_reveal_flap(True))
    let_the_mouse_swipe(flap)
    window.set_content(flap)
    window.present()


def main():
    app = Adw.Application(application_id="org.drawerx11.BenchPeerFlap", flags=Gio.ApplicationFlags.NON_UNIQUE)
    app.connect("activate", build)
    return app.run([sys.argv[0]])


if __name__ == "__main__":
    sys.exit(main())
