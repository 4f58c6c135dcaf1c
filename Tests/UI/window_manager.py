"""Other applications for the drop-down tests, started by process id and
stopped with them: openbox with a private rc.xml holding a hotkey, and
plain xterms; and the focus as the server and the window manager say it.
Kept out of harness.py, which the benchmarks share."""

import os
import subprocess
import tempfile
import time

from harness import EVENT_TIMEOUT, _spawn, _stop

OPENBOX_RC = """<?xml version="1.0" encoding="UTF-8"?>
<openbox_config xmlns="http://openbox.org/3.4/rc">
  <focus><focusNew>yes</focusNew><followMouse>no</followMouse></focus>
  <desktops><number>{desktops}</number></desktops>
  <keyboard>
    <keybind key="W-grave"><action name="Execute"><command>sh -c 'echo toggle > {fifo}'</command></action></keybind>
    <keybind key="A-Tab"><action name="NextWindow"><dialog>no</dialog><finalactions>
      <action name="Focus"/><action name="Raise"/></finalactions></action></keybind>
  </keyboard>
  <mouse><context name="Client"><mousebind button="Left" action="Press">
    <action name="Focus"/><action name="Raise"/></mousebind></context></mouse>
</openbox_config>
"""


class WindowManager:
    """openbox on `server`, with a private rc.xml: Super+grave writes
    `toggle` to `fifo` (a drop-down's --control), Alt+Tab goes to the next
    window, a click focuses; `desktops` virtual desktops.

    Ready once openbox runs its --startup command. Its root properties
    (_NET_SUPPORTING_WM_CHECK, even _OB_THEME) come earlier, while windows
    mapped in the next few milliseconds may never be managed: two xlogos
    started on _NET_SUPPORTING_WM_CHECK stayed unframed in 6 of 8 tries,
    and in none of 8 after the startup command."""

    def __init__(self, server, fifo="/dev/null", desktops=1):
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-wm-")
        rc = os.path.join(self.dir.name, "rc.xml")
        ready = os.path.join(self.dir.name, "ready")
        with open(rc, "w") as f:
            f.write(OPENBOX_RC.format(fifo=fifo, desktops=desktops))
        self.proc = _spawn(["openbox", "--config-file", rc, "--startup", f"touch {ready}"], env=server.env(),
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not os.path.exists(ready):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("openbox did not start")
            time.sleep(0.02)  # polling for the startup command's file, bounded by the deadline

    def stop(self):
        _stop(self.proc)
        self.dir.cleanup()


class XTerm:
    """A plain xterm titled `title` running `command`, managed by the
    window manager; `window` is its own (client) window."""

    def __init__(self, server, title, geometry, command):
        self.proc = _spawn(["xterm", "-title", title, "-geometry", geometry, "-e", "sh", "-c", command],
                           env=server.env(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        out = server.run("xdotool", "search", "--sync", "--onlyvisible", "--name", f"^{title}$", timeout=10)
        self.window = int(out.split()[0])

    def stop(self):
        _stop(self.proc)


def input_focus(server):
    """The window XGetInputFocus names."""
    return int(server.run("xdotool", "getwindowfocus").split()[0])


def active_window(server):
    """_NET_ACTIVE_WINDOW on the root; 0 when unset."""
    out = server.run("xprop", "-root", "_NET_ACTIVE_WINDOW", check=False).decode()
    return int(out.split("#")[1].split(",")[0].strip(), 16) if "#" in out else 0


def wait_until(probe, what, timeout=EVENT_TIMEOUT):
    """Polls `probe()` until it is truthy; fails naming `what` after `timeout` s."""
    deadline = time.monotonic() + timeout
    while not (value := probe()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.02)  # polling the server or a file, bounded by the deadline
    return value
