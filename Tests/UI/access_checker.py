"""What a screen reader sees of one program, through pyatspi: run by
test_access.py as /usr/bin/python3 (Debian's, which has gi and pyatspi)
inside the `dbus-run-session` of that test, with DISPLAY set.

    access_checker.py SCENARIO root|session -- COMMAND...

It starts at-spi2-core's bus launcher and registry, waits for the
accessibility bus's address on the root window (AT_SPI_BUS), starts
COMMAND (the rows on its standard input, one a line, from ROWS in the
environment), plays SCENARIO through xdotool and pyatspi, and prints one
JSON object of what it saw: the test makes the assertions, so that the
same scenario can be held to drawer-x11 and to a GTK 4 list alike.

Scenarios:
  tree    the tree within 5 s, then Down twice: states and events
  type    typing into the entry: its text and the list's children
  action  the default action on the second row: the program's output and status
  detail  Return on a row of a plain list: the detail's text
  absent  whether the program, once ready, is on the desktop at all
Every wait polls with a deadline; none sleeps blindly.
"""

import faulthandler
import json
import os
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import GLib  # noqa: E402

import pyatspi  # noqa: E402

TREE_DEADLINE = 5.0
DEADLINE = 5.0

children = []
A11Y_BUS = None


def spawn(argv, **kw):
    p = subprocess.Popen(argv, **kw)
    children.append(p)
    return p


def poll(probe, timeout, what):
    """Runs the GLib loop (where pyatspi's events arrive) until `probe()`
    returns something true, at most `timeout` s; a timer wakes the loop
    every 20 ms to look again."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + timeout
    woke = []
    source = GLib.timeout_add(20, lambda: woke.append(1) or True)
    try:
        while True:
            value = probe()
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
            context.iteration(True)
    finally:
        GLib.source_remove(source)


def has_owner(name, bus=None):
    where = [f"--bus={bus}"] if bus else ["--session"]
    r = subprocess.run(["dbus-send", *where, "--print-reply=literal", "--dest=org.freedesktop.DBus",
                        "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", f"string:{name}"],
                       capture_output=True, text=True)
    return r.returncode == 0 and "true" in r.stdout


def bus_address():
    """The accessibility bus's address, from the launcher on the session bus."""
    r = subprocess.run(["dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus",
                        "org.a11y.Bus.GetAddress"], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else None


def safe(f, default=None):
    try:
        return f()
    except Exception:  # a defunct object while the tree changes
        return default


def walk(obj, depth=0, out=None):
    out = [] if out is None else out
    out.append((depth, obj))
    for i in range(safe(lambda: obj.childCount, 0)):
        child = safe(lambda: obj.getChildAtIndex(i))
        if child is not None and depth < 12:
            walk(child, depth + 1, out)
    return out


def states(obj):
    s = safe(lambda: obj.getState().getStates(), [])
    return sorted(pyatspi.stateToString(x) if hasattr(pyatspi, "stateToString") else str(x) for x in s)


def state_names(obj):
    got = safe(lambda: obj.getState(), None)
    if got is None:
        return []
    names = []
    for name in ("ACTIVE", "FOCUSED", "SELECTED", "SHOWING", "VISIBLE", "SELECTABLE", "FOCUSABLE", "EDITABLE"):
        if got.contains(getattr(pyatspi, "STATE_" + name)):
            names.append(name.lower())
    return names


def describe(obj):
    return {
        "name": safe(lambda: obj.name, ""),
        "role": safe(lambda: obj.getRoleName(), ""),
        "states": state_names(obj),
    }


def find_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(safe(lambda: desktop.childCount, 0)):
        app = safe(lambda: desktop.getChildAtIndex(i))
        if app is not None and safe(lambda: app.get_process_id(), None) == pid:
            return app
    return None


def roles(app, *names):
    return [o for _, o in walk(app) if safe(lambda: o.getRoleName(), "") in names]


def the_list(app):
    found = roles(app, "list box", "list")
    return found[0] if found else None


def items(app):
    lst = the_list(app)
    if lst is None:
        return []
    return [c for c in (safe(lambda: lst.getChildAtIndex(i)) for i in range(safe(lambda: lst.childCount, 0)))
            if c is not None and safe(lambda: c.getRoleName(), "") == "list item"]


def item_names(app):
    return [safe(lambda: c.name, "") for c in items(app)]


def entry_text(app):
    for e in roles(app, "entry", "text"):
        if "editable" in state_names(e):
            t = safe(lambda: e.queryText())
            return safe(lambda: t.getText(0, -1), None) if t is not None else None
    return None


def key(*names):
    for n in names:
        subprocess.run(["xdotool", "key", n], check=True)


class Events:
    """Every event of the kinds asked for, with the name and role of its
    source and of any_data when that is an object."""

    def __init__(self, *kinds):
        self.seen = []
        self.kinds = kinds
        pyatspi.Registry.registerEventListener(self.on, *kinds)

    def on(self, e):
        data = e.any_data
        data_name = safe(lambda: data.name, None) if hasattr(data, "name") else None
        self.seen.append({
            "type": str(e.type), "source": safe(lambda: e.source.name, ""),
            "role": safe(lambda: e.source.getRoleName(), ""), "detail1": e.detail1,
            "data": data_name if data_name is not None else (data if isinstance(data, (str, int)) else None),
        })

    def stop(self):
        pyatspi.Registry.deregisterEventListener(self.on, *self.kinds)


def start(command, rows, via):
    """Starts the bus, its registry and the program. With `via` "root" the
    program is left only the AT_SPI_BUS property on the root window to
    find the bus by (no session bus in its environment), as on a desktop
    whose launcher writes it; with "session" only the launcher's GetAddress."""
    env = dict(os.environ)
    launcher = spawn(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Asked before the launcher owns its name, GetAddress would start a second one.
    poll(lambda: has_owner("org.a11y.Bus") or launcher.poll() is not None, DEADLINE, "the bus launcher")
    if launcher.poll() is not None:
        raise RuntimeError(f"the bus launcher exited with status {launcher.returncode}")
    address = poll(bus_address, DEADLINE, "the accessibility bus's address")
    registry = spawn(["/usr/libexec/at-spi2-registryd"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    poll(lambda: has_owner("org.a11y.atspi.Registry", address) or registry.poll() is not None, DEADLINE,
         "the registry")
    global A11Y_BUS
    A11Y_BUS = address
    if via == "root":
        # Debian 12's launcher, activated under dbus-run-session, leaves the
        # property out; it is written here as a session's launcher writes it.
        subprocess.run(["xprop", "-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", address], check=True)
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        env.pop("XDG_RUNTIME_DIR", None)
    else:
        subprocess.run(["xprop", "-root", "-remove", "AT_SPI_BUS"], check=True)
    app = spawn(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    app.stdin.write(("\n".join(rows) + "\n").encode())
    app.stdin.close()
    return app


def main():
    # A hung call shows where it hangs rather than nothing at all.
    faulthandler.dump_traceback_later(45, exit=True)
    scenario, via = sys.argv[1], sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    rows = json.loads(os.environ["ROWS"])
    result = {"scenario": scenario}
    proc = start(command, rows, via)
    started = time.monotonic()
    try:
        if scenario == "absent":
            play_absent(proc, result)
        else:
            play(proc, scenario, rows, started, result)
    except Exception as e:  # reported, for the test to show
        result["error"] = f"{type(e).__name__}: {e}"
    finally:
        for p in reversed(children):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(3)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        result["stderr"] = proc.stderr.read().decode(errors="replace")[-2000:]
    print(json.dumps(result))


def play(proc, scenario, rows, started, result):
    """Finds the program's tree, then plays `scenario` on it."""
    app = poll(lambda: find_app(proc.pid) if proc.poll() is None else "gone", TREE_DEADLINE,
               "the application on the desktop")
    if app == "gone":
        raise RuntimeError("the program ended before it showed")
    # The rows arrive through a pipe: the list fills after the app shows.
    poll(lambda: len(item_names(app)) >= min(3, len(rows)), TREE_DEADLINE, "the list's items")
    result["seconds"] = round(time.monotonic() - started, 2)
    result["application"] = safe(lambda: app.name, "")
    result["toolkit"] = safe(lambda: app.toolkitName, "")
    result["tree"] = [dict(describe(o), depth=d) for d, o in walk(app)]
    result["frames"] = [describe(f) for f in roles(app, "frame")]
    result["list_role"] = safe(lambda: the_list(app).getRoleName(), None)
    result["items"] = item_names(app)
    frame = roles(app, "frame")[0]
    ext = safe(lambda: frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS))
    result["frame_extents"] = [ext.x, ext.y, ext.width, ext.height] if ext else None
    if scenario == "tree":
        play_tree(app, result)
    elif scenario == "type":
        play_type(app, result)
    elif scenario == "action":
        play_action(app, proc, result)
    elif scenario == "detail":
        play_detail(app, result)


def play_absent(proc, result):
    """The program, run with `--events`, says `ready`; by then a bridge
    has begun to connect (a socket besides the X connection), and it is on
    the bus within the bridge's 1 s start-up (waited for up to 3 s)."""
    # Blocking reads: the program's first line is `ready`, or it ends
    # (and the faulthandler above bounds a program that does neither).
    line = proc.stdout.readline()
    while line and b'"ready"' not in line:
        line = proc.stdout.readline()
    result["ready"] = bool(line)
    fds = [os.readlink(f"/proc/{proc.pid}/fd/{fd}") for fd in os.listdir(f"/proc/{proc.pid}/fd")]
    result["sockets"] = sum(f.startswith("socket:") for f in fds)
    try:
        poll(lambda: proc.pid in bus_pids(A11Y_BUS), 3.0, "the program on the accessibility bus")
        result["connected"] = True
    except TimeoutError:
        result["connected"] = False


def bus_pids(address):
    """The process of every connection on the bus at `address`."""
    def call(method, *args):
        r = subprocess.run(["dbus-send", f"--bus={address}", "--print-reply=literal", "--dest=org.freedesktop.DBus",
                            "/org/freedesktop/DBus", f"org.freedesktop.DBus.{method}", *args],
                           capture_output=True, text=True)
        return r.stdout if r.returncode == 0 else ""
    names = [w for w in call("ListNames").split() if w.startswith(":")]
    pids = set()
    for name in names:
        words = call("GetConnectionUnixProcessID", f"string:{name}").split()
        if words and words[-1].isdigit():
            pids.add(int(words[-1]))
    return pids


def selected_items(app):
    return [c.name for c in items(app) if "selected" in state_names(c)]


def play_tree(app, result):
    """Down twice moves SELECTED and FOCUSED from the first row to the third."""
    events = Events("object:state-changed:focused", "object:state-changed:selected",
                    "object:active-descendant-changed", "object:selection-changed", "window:activate")
    first = item_names(app)
    # The first row is selected once the program shows it selected: wait
    # for that, so the count of moves starts there.
    result["before"] = poll(lambda: selected_items(app), DEADLINE, "a selected row")
    key("Down", "Down")
    want = first[2]

    def moved():
        its = items(app)
        third = [c for c in its if c.name == want]
        return third and {"selected", "focused"} <= set(state_names(third[0]))

    poll(moved, DEADLINE, f"SELECTED and FOCUSED on {want!r}")
    poll(lambda: any(e["source"] == want and e["detail1"] == 1 for e in events.seen)
         or any(e["type"].startswith("object:active-descendant-changed") and e["data"] == want for e in events.seen),
         DEADLINE, f"an event naming {want!r}")
    result["after"] = {c.name: state_names(c) for c in items(app)}
    result["events"] = events.seen
    events.stop()


def play_type(app, result):
    """Typing narrows the list and fills the entry. Each wait that runs out
    is noted in `missed`, and the rest still looked at, so that the test
    can say which part a program lacks."""
    events = Events("object:text-changed", "object:children-changed", "object:property-change:accessible-name")
    result["entry_before"] = entry_text(app)
    result["items_before"] = item_names(app)
    result["missed"] = []
    # Where the entry does not take every key by itself (GTK's, while a
    # row has the focus), the reader moves the focus there first.
    for e in roles(app, "entry"):
        safe(lambda: e.queryComponent().grabFocus())
    subprocess.run(["xdotool", "type", "--delay", "40", "be"], check=True)
    waits = [
        (lambda: item_names(app) != result["items_before"], "the list's items to change"),
        (lambda: entry_text(app) == "be", "the entry holding 'be'"),
        (lambda: any(e["type"].startswith("object:text-changed") for e in events.seen), "a text-changed event"),
    ]
    for probe, what in waits:
        try:
            poll(probe, DEADLINE, what)
        except TimeoutError:
            result["missed"].append(what)
    result["entry_after"] = entry_text(app)
    result["items_after"] = item_names(app)
    result["events"] = events.seen
    events.stop()


def play_action(app, proc, result):
    """The default action on the second row."""
    second = items(app)[1]
    action = second.queryAction()
    result["actions"] = [action.getName(i) for i in range(action.nActions)]
    result["did"] = bool(action.doAction(0))
    result["status"] = proc.wait(DEADLINE)
    result["stdout"] = proc.stdout.read().decode(errors="replace")


def play_detail(app, result):
    """The first row selected through Selection, then Return opens its
    detail: a text holding the row."""
    lst = the_list(app)
    result["selected_child"] = bool(lst.querySelection().selectChild(0))
    poll(lambda: selected_items(app), DEADLINE, "a selected row")
    key("Return")

    def detail_text():
        for t in roles(app, "text"):
            q = safe(lambda: t.queryText())
            text = safe(lambda: q.getText(0, -1), None) if q is not None else None
            if text:
                return text
        return None

    result["detail"] = poll(detail_text, DEADLINE, "the detail's text")


if __name__ == "__main__":
    main()
