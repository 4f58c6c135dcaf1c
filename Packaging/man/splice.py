#!/usr/bin/env python3
# drawer-x11 is licensed under the Apache License, Version 2.0; see LICENSE.
"""Finishes a manual page that swift-argument-parser's manual plugin writes.

    python3 Packaging/man/splice.py [--os TEXT] [--help-dump JSON] GENERATED SECTIONS OUT

GENERATED is the plugin's drawer-x11.1 or drawer-replay.1; SECTIONS is an
mdoc fragment with the sections the plugin cannot write
(Packaging/man/sections.mdoc, Packaging/man/drawer-replay.mdoc). OUT gets
the page with:

- every character the plugin dropped put back: it writes only ASCII, so
  each line of the program's help (JSON, the program's
  --experimental-dump-help) that has other characters is found in the page
  without them and given them back as roff escapes (`\[u03C3]` for σ);
- a NAME line that whatis and apropos read as it is rendered: the
  description unquoted, without its final full stop;
- no `subcommand` in SYNOPSIS and no `help` item in the option list:
  argument-parser lists its built-in help command, but neither program takes
  one;
- the paragraphs of --help's discussion that SECTIONS says again (the
  events, the exit statuses) left out of DESCRIPTION, and the
  discussion's blank lines made `.Pp` (mdoc has no blank lines);
- no `.Pp` where a list item or a list's end follows, which would be an
  empty paragraph;
- SECTIONS in place of the generated EXIT STATUS (`.Ex -std`, which says
  only 0 or more), before AUTHORS when there is one;
- with --os, TEXT (`drawer-x11 0.13.0`) in the page's footer (`.Os`).

Which paragraphs SECTIONS replaces depends on the page (its `.Nm`).

A paragraph the script expects and does not find, or a page of another
shape, is one line naming it and status 65 (66 for a file that cannot be
read); OUT is then not written.
"""

import json
import re
import sys
import unicodedata

# For each page, the first words of the discussion's paragraphs that its
# SECTIONS replaces, and the section that replaces each.
REPLACED = {
    "drawer-x11": {
        "With --events, stdout carries": "EVENTS",
        "Exit status:": "EXIT STATUS",
    },
    "drawer-replay": {
        "Exit status:": "EXIT STATUS",
    },
}


class Malformed(Exception):
    pass


def section_bounds(lines, name):
    """(start, end) of the section `.Sh NAME` (quoted or not), end exclusive."""
    heads = [i for i, line in enumerate(lines) if line.startswith(".Sh ")]
    for n, i in enumerate(heads):
        if lines[i][4:].strip().strip('"') == name:
            return i, heads[n + 1] if n + 1 < len(heads) else len(lines)
    return None


def drop_help_command(lines):
    """The SYNOPSIS's `.Ar subcommand` and the `.It Em help` item with its
    nested list."""
    start, end = section_bounds(lines, "SYNOPSIS") or (None, None)
    if start is None:
        raise Malformed("no SYNOPSIS section")
    lines = [line for i, line in enumerate(lines) if not (start < i < end and line == ".Ar subcommand")]
    out, i = [], 0
    while i < len(lines):
        if lines[i] == ".It Em help":
            i += 1
            while i < len(lines) and not lines[i].startswith((".It", ".Bl", ".El")):
                i += 1  # its description
            if i < len(lines) and lines[i].startswith(".Bl"):
                depth = 0
                while i < len(lines):
                    depth += lines[i].startswith(".Bl") - lines[i].startswith(".El")
                    i += 1
                    if depth == 0:
                        break
            continue
        out.append(lines[i])
        i += 1
    return out


def page_name(lines):
    """The name in NAME's `.Nm`."""
    bounds = section_bounds(lines, "NAME")
    names = [line.split()[1] for line in lines[bounds[0]:bounds[1]] if line.startswith(".Nm ")] if bounds else []
    if not names:
        raise Malformed("no .Nm in NAME")
    return names[0]


def ascii_only(text):
    """`text` as the plugin writes it: without every character Swift does
    not call ASCII, which takes a letter with a combining mark whole."""
    out, kept = [], False
    for c in text:
        if unicodedata.combining(c):
            if kept:
                out.pop()
            kept = False
        else:
            kept = c.isascii()
            if kept:
                out.append(c)
    return "".join(out)


def roff(text):
    """`text` as a text line, with each non-ASCII character as a roff
    escape, which groff and mandoc render in any locale."""
    return "".join("\\e" if c == "\\" else c if c.isascii() else f"\\[u{ord(c):04X}]" for c in text)


def help_strings(value):
    """Every string in the program's JSON help."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from help_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from help_strings(item)


def restore_characters(page, dump):
    """The page with the characters the plugin dropped put back, from
    `dump`, the program's --experimental-dump-help."""
    for text in help_strings(dump):
        for line in text.splitlines():
            if line.isascii():
                continue
            lossy = ascii_only(line)
            # As a text line (a backslash is \e) or as a macro's argument
            # (a quote is \(dq).
            lost, kept = lossy.replace("\\", "\\e"), roff(line)
            forms = [(lost, kept), (lost.replace('"', "\\(dq"), kept.replace('"', "\\(dq"))]
            found = [(lost, kept) for lost, kept in dict.fromkeys(forms) if lossy.strip() and lost in page]
            if not found:
                raise Malformed(f"no line of the page is {line!r} without its non-ASCII characters")
            for lost, kept in found:
                page = page.replace(lost, kept)
    return page


# mdoc's callable macros, which a word of `.Nd` would call.
CALLABLE = re.compile(r"^(A[cdnoqrt]|B[ckoqx]|Bsx|Cm|D[qv]|Dx|E[cmorv]|F[aloxr]|Fx|Ic|Li|N[mosx]|O[cpox]|Pa|P[cfq]|"
                      r"Q[cloq]|S[coqxy]|T[ny]|U[x]|V[at]|X[cor])$")


def clean_description(lines):
    """NAME's `.Nd` as text: the plugin quotes it, and whatis shows the
    quotes; no final full stop, as the convention is."""
    for i, line in enumerate(lines):
        if line.startswith(".Nd "):
            text = line[4:].strip()
            if len(text) >= 2 and text[0] == text[-1] == '"':
                text = text[1:-1]
            text = text.rstrip(".")
            words = [("\\&" + word if CALLABLE.match(word) else word) for word in text.split(" ")]
            lines[i] = ".Nd " + " ".join(words)
            return lines
    raise Malformed("no .Nd in NAME")


def rework_description(lines, replaced):
    """DESCRIPTION's discussion without the replaced paragraphs, and with
    `.Pp` between the rest."""
    bounds = section_bounds(lines, "DESCRIPTION")
    if bounds is None:
        raise Malformed("no DESCRIPTION section")
    start, end = bounds
    body = lines[start + 1:end]
    # The discussion runs up to the option list.
    cut = next((i for i, line in enumerate(body) if line.startswith(".Bl")), len(body))
    discussion, rest = body[:cut], body[cut:]
    paragraphs, current = [], []
    for line in discussion + [""]:
        if line.strip() == "":
            if current:
                paragraphs.append(current)
            current = []
        else:
            current.append(line)
    kept, found = [], set()
    for paragraph in paragraphs:
        lead = next((key for key in replaced if paragraph[0].startswith(key)), None)
        if lead is None:
            kept.append(paragraph)
        else:
            found.add(lead)
    missing = [f"{key!r} (for {replaced[key]})" for key in replaced if key not in found]
    if missing:
        raise Malformed("DESCRIPTION has no paragraph starting " + ", ".join(missing))
    text = []
    for n, paragraph in enumerate(kept):
        if n:
            text.append(".Pp")
        text += paragraph
    return lines[:start + 1] + text + rest + lines[end:]


def drop_empty_paragraphs(lines):
    """`.Pp` right before `.It`, `.El`, `.Bl`, `.Sh` or another `.Pp`."""
    out = []
    for i, line in enumerate(lines):
        following = lines[i + 1] if i + 1 < len(lines) else ".Sh"
        if line == ".Pp" and following.startswith((".It", ".El", ".Bl", ".Sh", ".Pp")):
            continue
        out.append(line)
    return out


def splice(generated, sections, os_text=None, dump=None):
    if dump is not None:
        generated = restore_characters(generated, dump)
    lines = generated.splitlines()
    if not any(line.startswith(".Dt ") for line in lines):
        raise Malformed("not an mdoc page")
    name = page_name(lines)
    if name not in REPLACED:
        raise Malformed(f"a page for {name}, which this script does not know")
    lines = clean_description(lines)
    lines = drop_help_command(lines)
    lines = rework_description(lines, REPLACED[name])
    status = section_bounds(lines, "EXIT STATUS")
    if status is None or lines[status[0] + 1:status[1]] != [".Ex -std"]:
        raise Malformed("the generated EXIT STATUS is not the plain `.Ex -std` this script replaces")
    del lines[status[0]:status[1]]
    lines = drop_empty_paragraphs(lines)
    if any(line.strip() == "" for line in lines):
        raise Malformed("a blank line is left outside DESCRIPTION")
    if os_text is not None:
        if lines.count(".Os") != 1:
            raise Malformed("no plain .Os line for --os")
        lines[lines.index(".Os")] = ".Os " + os_text
    fragment = [line for line in sections.splitlines() if not line.startswith('.\\"')]
    authors = section_bounds(lines, "AUTHORS")
    at = authors[0] if authors else len(lines)
    return "\n".join(lines[:at] + fragment + lines[at:]) + "\n"


def main(argv):
    os_text = dump_path = None
    while len(argv) > 2 and argv[1] in ("--os", "--help-dump"):
        if argv[1] == "--os":
            os_text = argv[2]
        else:
            dump_path = argv[2]
        argv = argv[:1] + argv[3:]
    if len(argv) != 4 or (os_text is not None and not os_text.strip()):
        print("usage: splice.py [--os TEXT] [--help-dump JSON] GENERATED SECTIONS OUT", file=sys.stderr)
        return 64
    try:
        with open(argv[1], encoding="utf-8") as f:
            generated = f.read()
        with open(argv[2], encoding="utf-8") as f:
            sections = f.read()
        dump = None
        if dump_path is not None:
            with open(dump_path, encoding="utf-8") as f:
                try:
                    dump = json.load(f)
                except ValueError as e:
                    raise Malformed(f"{dump_path} is not JSON: {e}") from None
        page = splice(generated, sections, os_text, dump)
    except OSError as e:
        print(f"splice.py: {e.filename}: {e.strerror}", file=sys.stderr)
        return 66
    except Malformed as e:
        print(f"splice.py: {argv[1]}: {e}", file=sys.stderr)
        return 65
    with open(argv[3], "w", encoding="utf-8") as f:
        f.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
