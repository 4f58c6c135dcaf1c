#!/usr/bin/env python3
# drawer-x11 is licensed under the Apache License, Version 2.0; see LICENSE.
"""Finishes the manual page that swift-argument-parser's manual plugin writes.

    python3 Packaging/man/splice.py [--os TEXT] GENERATED SECTIONS OUT

GENERATED is the plugin's drawer-x11.1; SECTIONS is an mdoc fragment with
the sections the plugin cannot write (Packaging/man/sections.mdoc). OUT gets
the page with:

- no `subcommand` in SYNOPSIS and no `help` item in the option list:
  argument-parser lists its built-in help command, but drawer-x11 takes none;
- the paragraphs of --help's discussion that SECTIONS says again (the
  events, the exit statuses) left out of DESCRIPTION, and the
  discussion's blank lines made `.Pp` (mdoc has no blank lines);
- no `.Pp` where a list item or a list's end follows, which would be an
  empty paragraph;
- SECTIONS in place of the generated EXIT STATUS (`.Ex -std`, which says
  only 0 or more), before AUTHORS when there is one;
- with --os, TEXT (`drawer-x11 0.13.0`) in the page's footer (`.Os`).

A paragraph the script expects and does not find, or a page of another
shape, is one line naming it and status 65 (66 for a file that cannot be
read); OUT is then not written.
"""

import sys

# First words of the discussion's paragraphs that SECTIONS replaces, and the
# section that replaces each.
REPLACED = {
    "With --events, stdout carries": "EVENTS",
    "Exit status:": "EXIT STATUS",
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


def rework_description(lines):
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
        lead = next((key for key in REPLACED if paragraph[0].startswith(key)), None)
        if lead is None:
            kept.append(paragraph)
        else:
            found.add(lead)
    missing = [f"{key!r} (for {REPLACED[key]})" for key in REPLACED if key not in found]
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


def splice(generated, sections, os_text=None):
    lines = generated.splitlines()
    if not any(line.startswith(".Dt ") for line in lines):
        raise Malformed("not an mdoc page")
    lines = drop_help_command(lines)
    lines = rework_description(lines)
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
    os_text = None
    if len(argv) > 2 and argv[1] == "--os":
        os_text, argv = argv[2], argv[:1] + argv[3:]
    if len(argv) != 4 or (os_text is not None and not os_text.strip()):
        print("usage: splice.py [--os TEXT] GENERATED SECTIONS OUT", file=sys.stderr)
        return 64
    try:
        with open(argv[1], encoding="utf-8") as f:
            generated = f.read()
        with open(argv[2], encoding="utf-8") as f:
            sections = f.read()
        page = splice(generated, sections, os_text)
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
