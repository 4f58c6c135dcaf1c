"""rofi's modes through the rofi link, with private XDG directories: drun
lists the visible desktop entries and launches the chosen one detached
(field codes, Terminal=true, history), run runs, combi mixes, and a script
mode goes two levels deep."""

import os
import subprocess
import time

from harness import EVENT_TIMEOUT, UITest, XServer
from test_rofi import Rofi, rofi_window
from window_manager import WindowManager

ENTRY = "[Desktop Entry]\nType=Application\n"


class Modes(Rofi):
    """A rofi link run with XDG_DATA_HOME, XDG_DATA_DIRS and
    XDG_CACHE_HOME in its own directory, and a stub terminal on PATH that
    writes the command it was given."""

    def __init__(self, test, command):
        super().__init__(test, command)
        d = self.dir.name
        self.out = os.path.join(d, "launched")
        self.env.update(XDG_DATA_HOME=os.path.join(d, "home"), XDG_DATA_DIRS=os.path.join(d, "sys"),
                        XDG_CACHE_HOME=os.path.join(d, "cache"), XDG_CURRENT_DESKTOP="TEST")
        self.write("bin/stub-term", f"#!/bin/sh\necho \"term $*\" >> '{self.out}'\n", 0o755)

    def write(self, relative, text, mode=0o644):
        path = os.path.join(self.dir.name, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, mode)
        return path

    def entry(self, where, name, body):
        self.write(f"{where}/applications/{name}.desktop", ENTRY + body)

    def launched(self, lines, timeout=EVENT_TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            if os.path.exists(self.out):
                with open(self.out) as f:
                    got = f.read().splitlines()
                if len(got) >= lines:
                    return got
            if time.monotonic() > deadline:
                raise AssertionError(f"nothing launched; stderr: {self.stderr()}")
            time.sleep(0.02)  # polling for the file, bounded by the deadline


class TestRofiModes(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer("1280x800x24")

    def drun(self):
        m = Modes(self, "rofi -show drun -terminal stub-term")
        m.env["PATH"] = os.path.join(m.dir.name, "bin") + ":" + m.env["PATH"]
        out = m.out
        m.entry("sys", "alpha", f"Name=Alpha Editor\nGenericName=Text Editor\nKeywords=notes;\n"
                f"Exec=sh -c 'echo alpha $0 \"$1\" >> {out}' %c %i %U\nIcon=alpha-icon\nStartupNotify=true\n")
        m.entry("sys", "top", "Name=Top Viewer\nExec=top -d %f 1\nTerminal=true\n")
        m.entry("sys", "hidden", "Name=Hidden One\nExec=true\nNoDisplay=true\n")
        m.entry("sys", "other", "Name=Other Desktop\nExec=true\nOnlyShowIn=KDE;\n")
        m.entry("sys", "absent", "Name=Absent Tool\nExec=true\nTryExec=no-such-program-here\n")
        m.entry("home", "top", "Name=Top Viewer\nExec=top -d %f 2\nTerminal=true\n")
        return m

    def test_drun_lists_the_visible_entries_launches_detached_and_ranks_by_history(self):
        m = self.drun().start()
        m.rows_shown()
        # Matching finds the keyword; the field codes are expanded.
        m.type("notes")
        m.keys("Return")
        self.assertEqual(m.finish()[0], 0)
        self.assertEqual(m.launched(1), ["alpha Alpha Editor --icon"])
        # Terminal=true goes through -terminal; the user's entry wins.
        m2 = Modes(self, "rofi -show drun -terminal stub-term")
        m2.dir, m2.env, m2.out = m.dir, m.env, m.out
        m2.start()
        m2.rows_shown()
        m2.type("Top")
        m2.keys("Return")
        self.assertEqual(m2.finish()[0], 0)
        self.assertEqual(m2.launched(2)[1], "term -e top -d 2")
        # What is left out, and the history's order: launched first.
        m3 = Modes(self, "rofi -show drun -terminal stub-term")
        m3.dir, m3.env, m3.out = m.dir, m.env, m.out
        m3.start()
        m3.rows_shown()
        m3.keys("Return")
        self.assertEqual(m3.finish()[0], 0)
        self.assertEqual(m3.launched(3)[2], "term -e top -d 2", "launched once each: the latest first")
        # NoDisplay, OnlyShowIn another desktop and a missing TryExec are
        # not there: their names match nothing, and nothing is launched.
        for name in ("Hidden One", "Other Desktop", "Absent Tool"):
            m4 = Modes(self, "rofi -show drun -terminal stub-term")
            m4.dir, m4.env, m4.out = m.dir, m.env, m.out
            m4.start()
            m4.rows_shown()
            m4.type(name)
            m4.keys("Return")
            self.assertEqual(m4.finish()[0], 0)
        self.assertEqual(len(m.launched(3)), 3, name)

    def test_run_runs_and_combi_mixes(self):
        m = Modes(self, "rofi -show run")
        m.write("bin/hello-rofi", f"#!/bin/sh\necho hello >> '{m.out}'\n", 0o755)
        m.env["PATH"] = os.path.join(m.dir.name, "bin") + ":" + m.env["PATH"]
        m.start()
        m.rows_shown()
        m.type("hello-ro")
        m.keys("Return")
        self.assertEqual(m.finish()[0], 0)
        self.assertEqual(m.launched(1), ["hello"])
        c = Modes(self, "rofi -show combi -combi-modi drun,run")
        c.dir, c.env, c.out = m.dir, m.env, m.out
        c.entry("sys", "beta", f"Name=Beta\nExec=sh -c 'echo beta >> {m.out}'\n")
        c.start()
        c.rows_shown()
        c.type("beta")
        c.keys("Return")
        self.assertEqual(c.finish()[0], 0)
        self.assertEqual(c.launched(2)[1], "beta")

    def test_a_script_mode_goes_two_levels_deep(self):
        m = Modes(self, "")
        script = m.write("menu.sh", "#!/bin/sh\n"
                         f"echo \"$ROFI_RETV:$ROFI_INFO:$*\" >> '{m.out}'\n"
                         "if [ $# -eq 0 ]; then printf '\\0prompt\\037Top\\nfruit\\0info\\037f\\nveg\\n';\n"
                         "elif [ \"$1\" = fruit ]; then printf 'apple\\npear\\n'; fi\n", 0o755)
        m.command = f"rofi -modi 'menu:{script}' -show menu"
        m.start()
        m.rows_shown()
        m.keys("Return")
        # The second level: once the script has been asked, the first pick
        # has ended, and a new pick shows the script's new rows.
        m.launched(2)
        m.window = None
        m.rows_shown()
        m.type("pear")
        m.keys("Return")
        self.assertEqual(m.finish()[0], 0)
        self.assertEqual(m.launched(3), ["0::", "1:f:fruit", "1::pear"])


class TestRofiWindowMode(UITest):
    """rofi's window mode under openbox, which keeps _NET_CLIENT_LIST and
    four desktops."""

    @classmethod
    def setUpClass(cls):
        cls.server = XServer("1024x768x24")
        cls.wm = WindowManager(cls.server, desktops=4)

    @classmethod
    def tearDownClass(cls):
        cls.wm.stop()
        super().tearDownClass()

    def root_property(self, name):
        return self.server.run("xprop", "-root", name).decode()

    def wait(self, what, pred):
        deadline = time.monotonic() + EVENT_TIMEOUT
        while not pred():
            self.assertLess(time.monotonic(), deadline, what)
            time.sleep(0.05)  # polling the server, bounded by the deadline

    def test_return_activates_the_chosen_window_switching_desktops(self):
        logos = []
        for title in ("First Logo", "Second Logo"):
            p = subprocess.Popen(["xlogo", "-title", title], env=self.server.env(), stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            logos.append(p)
            self.addCleanup(lambda p=p: (p.terminate(), p.wait()))
        self.wait("both managed", lambda: self.root_property("_NET_CLIENT_LIST").count("0x") >= 2)
        second = int(self.server.run("xdotool", "search", "--name", "Second Logo").split()[0])
        self.server.run("xdotool", "set_desktop_for_window", str(second), "1")
        self.wait("on desktop 2", lambda: self.server.run("xprop", "-id", str(second), "_NET_WM_DESKTOP").endswith(b"= 1\n"))
        m = Modes(self, "rofi -show window")
        m.start()
        m.rows_shown()
        m.type("Second")
        m.keys("Return")
        self.assertEqual(m.finish()[0], 0)
        self.wait("desktop 2 shown", lambda: self.root_property("_NET_CURRENT_DESKTOP").endswith("= 1\n"))
        self.wait("the window active", lambda: hex(second) in self.root_property("_NET_ACTIVE_WINDOW"))
