"""The README and the guides in docs/ hold to the program: the README stays
short and links every guide, every link and picture is there, every flag
they name is one the program has, every command line they show parses, and
the README's control tour does what it says."""

import glob
import os
import re
import shlex
import subprocess
import tempfile
import unittest

import harness
from harness import UITest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
README = os.path.join(ROOT, "README.md")
README_MOST_LINES = 250


def guides():
    """Every guide in docs/, sorted."""
    return sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


def documents():
    return [README] + guides()


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def without_fences(text):
    """The text outside fenced code blocks: links and headings live there."""
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)


def fences(text, language):
    """The bodies of the fenced blocks tagged `language`."""
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.M | re.S)


def slug(heading):
    """The anchor GitHub gives a heading: lower case, punctuation dropped,
    spaces as hyphens."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    return {slug(h) for h in re.findall(r"^#+ (.+)$", without_fences(read(path)), re.M)}


def flags_in(text):
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", text))


def help_flags():
    """The flags of drawer-x11 (shown and hidden) and of drawer-replay."""
    replay = os.path.join(os.path.dirname(harness.BINARY), "drawer-replay")
    found = set()
    for argv in ([harness.BINARY, "--help"], [harness.BINARY, "--help-hidden"], [replay, "--help"]):
        out = subprocess.run(argv, capture_output=True, text=True, timeout=10)
        if out.returncode != 0:
            raise AssertionError(f"{' '.join(argv)}: status {out.returncode}: {out.stderr}")
        found |= flags_in(out.stdout.split("USAGE:", 1)[-1])
    return found


def command_lines(text):
    """Every drawer-x11 command line a document shows: in its shell blocks
    (and their `make run ARGS='...'`), and the flags that caption a table's
    pictures. Each is the list of arguments after the program's name."""
    lines = []
    for block in fences(text, "sh"):
        for line in block.splitlines():
            line = line.split(" # ", 1)[0] if not line.lstrip().startswith("#") else ""
            tokens = shlex.shlex(line, posix=True, punctuation_chars=True)
            tokens.whitespace_split = True
            tokens = list(tokens)
            for i, t in enumerate(tokens):
                if t == "drawer-x11":
                    args = []
                    for a in tokens[i + 1:]:
                        if a in ("|", "||", "&&", "&", ";", ")", ">", "<"):
                            break
                        args.append(a)
                    lines.append(args)
        for args in re.findall(r"ARGS='([^']*)'", block):
            lines.append(shlex.split(args))
    # A table's header row captions its pictures: the row above `|---|`.
    for row in re.findall(r"^\|(.*)\|\s*\n\|-", without_fences(text), re.M):
        for span in re.findall(r"`(--[^`]*)`", row):
            lines.append(shlex.split(span))
    return lines


class TestGuides(unittest.TestCase):
    def test_the_readme_is_short(self):
        count = len(read(README).splitlines())
        self.assertLessEqual(count, README_MOST_LINES, f"README.md has {count} lines")

    def test_every_guide_is_linked_from_the_readme(self):
        self.assertGreaterEqual(len(guides()), 7)
        linked = {os.path.normpath(os.path.join(ROOT, t.split("#")[0]))
                  for t in re.findall(r"\]\(([^)\s]+)\)", without_fences(read(README)))}
        missing = [os.path.relpath(g, ROOT) for g in guides() if g not in linked]
        self.assertEqual(missing, [], "guides the README does not link")

    def test_every_link_and_picture_is_there(self):
        broken = []
        for doc in documents():
            here = os.path.dirname(doc)
            for target in re.findall(r"\]\(([^)\s]+)\)", without_fences(read(doc))):
                if re.match(r"[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                file = os.path.normpath(os.path.join(here, path)) if path else doc
                where = f"{os.path.relpath(doc, ROOT)}: {target}"
                if not os.path.exists(file):
                    broken.append(where)
                elif anchor and (not file.endswith(".md") or anchor not in anchors(file)):
                    broken.append(where + " (no such heading)")
        self.assertEqual(broken, [])

    def test_every_flag_named_is_a_flag(self):
        known = help_flags()
        self.assertGreater(len(known), 40)
        unknown = []
        for doc in documents():
            # A benchmark script's flags are its own.
            text = re.sub(r"`[^`]*\.py[^`]*`", "", read(doc))
            text = "\n".join(l for l in text.splitlines() if ".py" not in l)
            unknown += [f"{os.path.relpath(doc, ROOT)}: {f}" for f in sorted(flags_in(text) - known)]
        self.assertEqual(unknown, [], "flags the program does not have")

    def test_every_command_line_shown_parses(self):
        # Without a display, a command line the program takes ends with 69
        # (or 66, for a file it names that is not here); a bad flag with 64.
        env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
        shown = [(os.path.relpath(doc, ROOT), args) for doc in documents() for args in command_lines(read(doc))]
        self.assertGreater(len(shown), 15)
        with tempfile.TemporaryDirectory(prefix="drawer-docs-") as cwd:
            for doc, args in shown:
                with self.subTest(doc=doc, args=args):
                    r = subprocess.run([harness.BINARY, *args], env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                                       capture_output=True, text=True, timeout=10)
                    self.assertIn(r.returncode, (66, 69), r.stderr)


class TestTour(UITest):
    def test_the_control_tour_does_what_it_says(self):
        """The README's control block, run with its FIFO in a scratch
        directory: `ready`, an ack for each command, the appended row, and
        the move."""
        block = next(b for b in fences(read(README), "sh") if "--control" in b)
        launch, sends = block.strip().splitlines()
        with tempfile.TemporaryDirectory(prefix="drawer-tour-") as scratch:
            fifo = os.path.join(scratch, "drawer")
            os.mkfifo(fifo)
            args = shlex.split(launch.split("drawer-x11", 1)[1].rstrip(" &"))
            args = [fifo if a == "/tmp/drawer" else a for a in args]
            self.assertIn("--events", args)
            args.remove("--events")
            app = self.launch(*args)
            commands = re.findall(r"echo '([^']*)' > /tmp/drawer", sends)
            self.assertEqual(len(commands), 2)
            for command in commands:
                with open(fifo, "w") as f:
                    f.write(command + "\n")
                answer = app.wait_for(
                    None, lambda e: e["event"] in ("ack", "error") and e.get("command") == command)
                self.assertEqual(answer["event"], "ack", answer)
            app.wait_for("rows", count=1)
            app.wait_for("willTransition", to="fullyExpanded")
            app.wait_for("didTransition", to="fullyExpanded")
