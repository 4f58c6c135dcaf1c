"""A GTK 4 picker with drawer-x11's shape, for test_access.py to hold the
same AT-SPI2 checks to: a window titled by --title, a search entry that
filters, and a list box of the rows read from standard input, the first
selected. Activating a row (Return, a double click, or its accessible
default action) prints it and exits 0. Run as /usr/bin/python3 with
python3-gi and gir1.2-gtk-4.0.

    gtk_list.py --title TITLE < rows
"""

import argparse
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", default="Rows")
    args = ap.parse_args()
    rows = [line.rstrip("\n") for line in sys.stdin if line.strip()]
    GLib.set_prgname("gtk-list")
    Gtk.init()
    loop = GLib.MainLoop()
    status = [1]

    window = Gtk.Window(title=args.title)
    window.set_default_size(480, 360)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    entry = Gtk.SearchEntry()
    box.append(entry)
    listbox = Gtk.ListBox()
    listbox.set_selection_mode(Gtk.SelectionMode.SINGLE)
    for text in rows:
        row = Gtk.ListBoxRow()
        row.set_child(Gtk.Label(label=text, xalign=0))
        row.text = text
        # GTK 4.8 names a row by nothing of its own: a careful app labels it.
        row.update_property([Gtk.AccessibleProperty.LABEL], [text])
        listbox.append(row)
    scroller = Gtk.ScrolledWindow(vexpand=True)
    scroller.set_child(listbox)
    box.append(scroller)
    window.set_child(box)

    def matches(row):
        return entry.get_text() in row.text

    def changed(_entry):
        listbox.invalidate_filter()
        first = next((r for r in iter_rows(listbox) if matches(r)), None)
        if first is not None:
            listbox.select_row(first)

    def activated(_listbox, row):
        print(row.text, flush=True)
        status[0] = 0
        loop.quit()

    listbox.set_filter_func(matches)
    entry.connect("search-changed", changed)
    listbox.connect("row-activated", activated)
    window.connect("close-request", lambda _w: loop.quit() or False)
    # The keys go to the list as in a picker: arrows move the selection,
    # typing goes to the entry (GTK's search-entry key capture).
    entry.set_key_capture_widget(window)
    listbox.select_row(listbox.get_row_at_index(0))
    window.present()
    listbox.get_row_at_index(0).grab_focus()
    loop.run()
    sys.exit(status[0])


def iter_rows(listbox):
    child = listbox.get_first_child()
    while child is not None:
        yield child
        child = child.get_next_sibling()


if __name__ == "__main__":
    main()
