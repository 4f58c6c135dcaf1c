"""rofi, as it is: the program run through a link named rofi (first on
PATH) takes rofi 1.7's -dmenu, its options and its row protocol, so that
menus written for `rofi -dmenu` run unchanged."""

import os
import time

import harness
from harness import EVENT_TIMEOUT, UITest, XServer
from test_dmenu import Dmenu

SCREEN = (1280, 800)


def rofi_window(server):
    out = server.run("xwininfo", "-root", "-tree").decode()
    for line in out.splitlines():
        if '("rofi" "Rofi")' in line:
            return int(line.split()[0], 16)
    return None


class Rofi(Dmenu):
    """One `sh -c COMMAND` run with a link named rofi first on PATH."""

    def __init__(self, test, command):
        super().__init__(test, command)
        os.symlink(harness.BINARY, os.path.join(self.bin, "rofi"))

    def shown(self, probe=None, timeout=EVENT_TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            self.window = self.window or rofi_window(self.server)
            if self.window:
                try:
                    img = self.screenshot()
                    if probe is None or probe(img):
                        return img
                except (RuntimeError, ValueError, IndexError):  # not mapped yet
                    pass
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise AssertionError(f"no rofi window; stderr: {self.stderr()}")
            time.sleep(0.02)  # polling the server, bounded by the deadline

    def rows_shown(self):
        """Waits until the rows have arrived: the pick's first row is selected."""
        return self.shown(lambda img: any(
            harness.near(img.pixel(img.width // 2, y), (212, 227, 250)) for y in range(img.height)))


POWER = ("printf 'Lock\\0icon\\037system-lock-screen\\nLogout\\0meta\\037exit leave\\n"
         "Reboot\\nShutdown\\0nonselectable\\037true\\n'")


class TestRofiDmenu(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer(f"{SCREEN[0]}x{SCREEN[1]}x24")

    def test_the_row_protocol_and_format(self):
        """Options after the NUL neither show nor print; meta words match."""
        r = Rofi(self, f"{POWER} | rofi -dmenu -p Power -format 'i:s'").start()
        r.rows_shown()
        r.type("leave")
        r.keys("Return")
        self.assertEqual(r.finish(), (0, "1:Logout\n", ""))

    def test_a_nonselectable_row_is_no_pick(self):
        r = Rofi(self, f"{POWER} | rofi -dmenu -no-custom").start()
        r.rows_shown()
        r.type("Shut")
        r.keys("Return", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "Return")
        self.assertEqual(r.finish(), (0, "Lock\n", ""))

    def test_kb_custom_1_prints_and_exits_10(self):
        r = Rofi(self, f"{POWER} | rofi -dmenu -kb-custom-1 Alt+x").start()
        r.rows_shown()
        r.keys("Down", "alt+x")
        self.assertEqual(r.finish(), (10, "Logout\n", ""))
        # Unbound, rofi's own default: Alt+1.
        r = Rofi(self, f"{POWER} | rofi -dmenu").start()
        r.rows_shown()
        r.keys("Down", "alt+1")
        self.assertEqual(r.finish(), (10, "Logout\n", ""))

    def test_sep_selected_row_and_index(self):
        r = Rofi(self, "printf 'a|b|c|d\\n' | rofi -dmenu -sep '|' -selected-row 2 -format d -a 0 -u 1").start()
        r.rows_shown()
        r.keys("Return")
        self.assertEqual(r.finish(), (0, "3\n", ""))

    def test_options_not_supported_are_named_and_the_run_goes_on(self):
        r = Rofi(self, "printf 'x\\n' | rofi -dmenu -location 1 -foo").start()
        r.rows_shown()
        r.keys("Return")
        self.assertEqual(
            r.finish(), (0, "x\n", "drawer-x11: rofi options not supported, passed over: -location 1, -foo\n"))

    def test_drawer_x11_rofi_is_the_same_and_nothing_to_show_is_64(self):
        r = Rofi(self, f"printf 'one\\n' | '{harness.BINARY}' rofi -dmenu -i -p x").start()
        r.rows_shown()
        r.keys("Escape")
        self.assertEqual(r.finish(), (1, "", ""))
        r = Rofi(self, "rofi").start()
        self.assertEqual(r.finish(), (
            64, "", "drawer-x11: rofi: nothing to show: give -dmenu, or -show MODE (drun, run, window, combi, or -modi's name:script)\n"))
