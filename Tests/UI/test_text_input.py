"""Typing as in any X client: every keyboard layout's keys type their
characters, dead keys and Compose compose (through the input method, and
through libX11's own when XMODIFIERS names a server that is not running),
and a pick takes the keyboard before its window maps, so keys typed right
after launch, with the focus on another window, are not lost."""

import os
import shutil
import signal
import subprocess
import tempfile
import time

import harness
from harness import EVENT_TIMEOUT, UITest
from test_pick import Pick
from xclient import Client


class LayoutTest(UITest):
    """Each test sets its layout; the server goes back to us after it."""

    def layout(self, *args):
        self.server.run("setxkbmap", *args)
        self.addCleanup(self.server.run, "setxkbmap", "us", check=False)

    def pick(self, rows, keys, query, env=None):
        """Picks from `rows` after typing `keys` (keysym names), once the
        query reads `query`; returns the status, stdout and stderr."""
        producer = "printf '%s\\n' " + " ".join(f"'{r}'" for r in rows)
        p = PickWithEnv(self, producer, env) if env else Pick(self, producer)
        p.ready()
        p.keys(*keys)
        p.wait_for("filtered", lambda e: e["query"] == query)
        p.keys("Return")
        return p.finish()


class PickWithEnv(Pick):
    """A Pick whose program runs with extra environment variables."""

    def __init__(self, test, producer, env):
        server = test.server
        server.env = lambda **extra: type(server).env(server, **env, **extra)
        try:
            super().__init__(test, producer)
        finally:
            del server.env


class TestLayouts(LayoutTest):
    def test_russian_keys_type_cyrillic(self):
        self.layout("ru")
        status, out, err = self.pick(["alpha", "яблоко", "пример"], ["Cyrillic_ya", "Cyrillic_be"], "яб")
        self.assertEqual((status, out), (0, "яблоко\n"), err)

    def test_greek_keys_type_greek(self):
        self.layout("gr")
        status, out, err = self.pick(["alpha", "αβγ", "δέλτα"], ["Greek_alpha", "Greek_beta"], "αβ")
        self.assertEqual((status, out), (0, "αβγ\n"), err)

    def test_czech_keys_type_their_carons(self):
        self.layout("cz")
        status, out, err = self.pick(["plain", "ěšč"], ["ecaron", "scaron", "ccaron"], "ěšč")
        self.assertEqual((status, out), (0, "ěšč\n"), err)

    def test_polish_keys_type_their_letters(self):
        self.layout("pl")
        status, out, err = self.pick(["plain", "łąka"], ["lstroke", "aogonek"], "łą")
        self.assertEqual((status, out), (0, "łąka\n"), err)

    def test_french_keys_type_oe(self):
        self.layout("fr", "-variant", "oss")
        status, out, err = self.pick(["oeuf", "œuf"], ["oe", "u"], "œu")
        self.assertEqual((status, out), (0, "œuf\n"), err)


class TestComposing(LayoutTest):
    def test_dead_acute_then_e_types_e_acute(self):
        self.layout("us", "-variant", "intl")
        status, out, err = self.pick(["cafe", "café"], ["c", "a", "f", "dead_acute", "e"], "café")
        self.assertEqual((status, out), (0, "café\n"), err)

    def test_compose_key_sequence_types_its_character(self):
        self.layout("us", "-option", "compose:ralt")
        status, out, err = self.pick(["copy", "©right"], ["Multi_key", "o", "c"], "©")
        self.assertEqual((status, out), (0, "©right\n"), err)

    def test_an_absent_input_method_server_still_composes_in_the_c_locale(self):
        # XMODIFIERS names a server that does not run, and the locale is C:
        # libX11's own input method takes over, in UTF-8.
        self.layout("us", "-variant", "intl")
        env = {"XMODIFIERS": "@im=nosuchserver", "LANG": "C", "LC_ALL": "C"}
        status, out, err = self.pick(["cafe", "café", "ÿes"], ["c", "a", "f", "dead_acute", "e"], "café", env=env)
        self.assertEqual((status, out), (0, "café\n"), err)

    def test_a_users_own_compose_table_composes_from_its_first_key(self):
        # libX11's own method waits for a key that may begin a sequence in
        # its tables, which no letter does; a table of the user's own may
        # begin with one, so with XCOMPOSEFILE the method is open at once.
        with tempfile.NamedTemporaryFile("w", suffix=".XCompose", delete=False) as table:
            table.write('<q> <q> : "\u2713"\n')
        self.addCleanup(os.unlink, table.name)
        status, out, err = self.pick(["quick", "\u2713 done"], ["q", "q"], "\u2713", env={"XCOMPOSEFILE": table.name})
        self.assertEqual((status, out), (0, "\u2713 done\n"), err)


class TestKeysRightAfterLaunch(UITest):
    def test_a_pick_keeps_keys_typed_before_its_window_maps(self):
        # Another client's window has the focus, as a terminal has when a
        # hotkey starts the pick.
        other = subprocess.Popen(["xlogo"], env=self.server.env(), stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        self.addCleanup(lambda: (other.kill(), other.wait()))
        window = self.server.run("xdotool", "search", "--sync", "--class", "xlogo").split()[0].decode()
        self.server.run("xdotool", "windowfocus", "--sync", window)
        p = Pick(self, "printf 'beta\\nalpha\\ngamma\\n'")
        # Type as soon as the keyboard is the pick's: before `ready`.
        with Client(self.server.display) as probe:
            deadline = time.monotonic() + EVENT_TIMEOUT
            while not probe.keyboard_grabbed_elsewhere():
                self.assertIsNone(p.proc.poll(), "the pick ended before it took the keyboard")
                self.assertLess(time.monotonic(), deadline, "the pick never took the keyboard")
        typed_before_ready = not any(e["event"] == "ready" for e in p.events())
        p.keys("a", "l", "p", "Return")
        status, out, err = p.finish()
        self.assertEqual((status, out), (0, "alpha\n"), err)
        self.assertTrue(typed_before_ready, "the keys were typed after the window was ready")

    def test_another_client_cannot_take_the_keyboard_from_a_pick(self):
        p = Pick(self, "printf 'one\\n'")
        p.ready()
        with Client(self.server.display) as other:
            self.assertTrue(other.keyboard_grabbed_elsewhere())
        p.keys("Escape")
        self.assertEqual(p.finish()[0], 1)


class TestInputMethodServer(LayoutTest):
    """A real XIM server (uim-xim): text typed through it arrives, and when
    it goes away and comes back, no key is lost in between."""

    def start_server(self, home):
        server = subprocess.Popen(["uim-xim"], env=self.server.env(HOME=home), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        self.addCleanup(lambda: (server.kill(), server.wait()))
        # Registered once the root's XIM_SERVERS names it.
        deadline = time.monotonic() + EVENT_TIMEOUT
        while b"@server=uim" not in self.server.run("xprop", "-root", "XIM_SERVERS", check=False):
            self.assertLess(time.monotonic(), deadline, "uim-xim did not register")
            self.assertIsNone(server.poll(), "uim-xim exited")
            time.sleep(0.02)  # polling the server's registration, bounded by the deadline
        return server

    def test_typing_survives_the_server_going_away_and_coming_back(self):
        home = tempfile.mkdtemp(prefix="drawer-uim-")
        self.addCleanup(shutil.rmtree, home, True)
        server = self.start_server(home)
        p = PickWithEnv(self, "printf 'alpha\\nabcdef\\n'", {"XMODIFIERS": "@im=uim", "HOME": home})
        p.ready()
        p.keys("a", "b")
        p.wait_for("filtered", lambda e: e["query"] == "ab")
        server.kill()
        server.wait()
        p.keys("c", "d")
        p.wait_for("filtered", lambda e: e["query"] == "abcd")
        self.start_server(home)
        p.keys("e", "f")
        p.wait_for("filtered", lambda e: e["query"] == "abcdef")
        p.keys("Return")
        status, out, err = p.finish()
        self.assertEqual((status, out), (0, "abcdef\n"), err)
        self.assertNotIn("did not answer", err, "a running server answers at once")


class TestStoppedInputMethodServer(LayoutTest):
    """A server that is registered but stopped (SIGSTOP) answers nothing:
    the pick gives it up within a second, types without it, and Esc and
    SIGTERM end it as ever."""

    def stopped_server_pick(self):
        home = tempfile.mkdtemp(prefix="drawer-uim-")
        self.addCleanup(shutil.rmtree, home, True)
        # A server killed before leaves its name in XIM_SERVERS: only the
        # new one's registration may end the wait for it.
        self.server.run("xprop", "-root", "-remove", "XIM_SERVERS", check=False)
        server = TestInputMethodServer.start_server(self, home)
        server.send_signal(signal.SIGSTOP)
        p = PickWithEnv(self, "printf 'alpha\\nbeta\\n'", {"XMODIFIERS": "@im=uim", "HOME": home})
        p.ready()
        return p

    def test_keys_and_esc_still_end_the_pick(self):
        p = self.stopped_server_pick()
        start = time.monotonic()
        p.keys("b", "Escape")
        status, out, err = p.finish(timeout=2.5)
        self.assertLess(time.monotonic() - start, 2.5)
        self.assertEqual((status, out), (1, ""), err)
        self.assertEqual(
            err.splitlines(), ["drawer-x11: the input method server uim did not answer within 1 s; typing without it"])
        self.assertIn({"event": "filtered", "query": "b", "count": 1}, p.events(), "the key held for the answer")

    def test_sigterm_ends_the_pick_at_once(self):
        p = self.stopped_server_pick()
        # With its rows all read, a pick opens its input method: the signal
        # comes while it waits for the server.
        p.wait_for("rows", lambda e: not e["loading"])
        os.kill(p.program_pid(), signal.SIGTERM)
        self.assertEqual(p.proc.wait(timeout=1), 143, p.stderr())
