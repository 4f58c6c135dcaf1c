#!/usr/bin/env python3
"""The committed baseline (Benchmarks/baseline.json) against the last run
(Benchmarks/results/latest.json, which `make bench` writes).

A figure has moved when its median differs from the baseline's by more
than 10% of the baseline's median and by more than the figure's
resolution (the smallest change that means anything for a figure near
zero or counted in coarse steps). A move is "better" or "worse" by the
figure's direction (lower or higher is better), or just "changed" for a
figure with none. Moves whose two runs' ranges (min-max of the rounds)
do not overlap are listed one a line; those whose ranges overlap, which
the rounds' own spread could explain, are listed apart, in short. Moves
never change `make bench`'s exit status.

    python3 Benchmarks/baseline.py compare [--latest FILE] [--baseline FILE]
    python3 Benchmarks/baseline.py update  [--latest FILE] [--baseline FILE]

`update` copies the last run over the baseline (`make bench-baseline`),
unless that run ended in a harness error. Paths in it are made relative
to the checkout (the binary, the programs it ran), so the committed
baseline names nothing of the machine it was measured on.
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LATEST = os.path.join(HERE, "results", "latest.json")
BASELINE = os.path.join(HERE, "baseline.json")
THRESHOLD = 0.10


def movement(new, old):
    """"better", "worse", "changed" or None for one figure's two JSON forms."""
    a, b = new.get("median"), old.get("median")
    if a is None or b is None:
        return None
    delta = a - b
    if abs(delta) <= max(THRESHOLD * abs(b), new.get("resolution") or 0.0):
        return None
    better = new.get("better")
    if better == "lower":
        return "better" if delta < 0 else "worse"
    if better == "higher":
        return "better" if delta > 0 else "worse"
    return "changed"


def _value(fig, v):
    unit = fig.get("unit") or ""
    text = f"{v:,.{fig.get('digits', 2)}f}"
    return text + ("" if not unit else unit if unit in ("x", "%") else f" {unit}")


def describe_run(run):
    s = run.get("settings", {})
    load = run.get("machine", {}).get("load")
    busy = f", load {load['start']:.1f}/{load['end']:.1f}" if load else ""
    return (f"{run.get('program', '?')}, {run.get('finished', '?')}, RUNS={s.get('runs', '?')}, "
            f"SOAK={s.get('soak', '?')}{busy}")


def overlap(new, old):
    """Whether the two runs' min-max ranges of a figure overlap."""
    if None in (new.get("min"), new.get("max"), old.get("min"), old.get("max")):
        return False
    return new["min"] <= old["max"] and old["min"] <= new["max"]


def _short(names, width=100):
    """Comma-separated names wrapped into lines of about `width`."""
    lines, line = [], ""
    for name in names:
        if line and len(line) + len(name) + 2 > width:
            lines.append(line + ",")
            line = ""
        line = f"{line}, {name}" if line else name
    return lines + [line] if line else lines


def compare(latest, baseline):
    """Lines naming every figure that moved, worse ones first: apart from
    the runs' spread one a line, within it in short."""
    new, old = latest.get("figures", {}), baseline.get("figures", {})
    clear, spread = [], []
    for key, fig in new.items():
        if key in old:
            kind = movement(fig, old[key])
            if kind:
                b, a = old[key]["median"], fig["median"]
                pct = f"{(a - b) / abs(b) * 100:+.0f}%" if b else "from 0"
                if overlap(fig, old[key]):
                    spread.append((kind, f"{fig['name']} {pct}"))
                else:
                    clear.append((kind, f"  {kind:<7} {fig['name']}: {_value(fig, b)} -> {_value(fig, a)} ({pct})"))
    order = {"worse": 0, "changed": 1, "better": 2}
    lines = [f"Against the baseline ({describe_run(baseline)}):"]
    if not clear and not spread:
        lines.append(f"  no figure moved by more than {THRESHOLD:.0%}")
    elif not clear:
        lines.append(f"  no figure moved by more than {THRESHOLD:.0%} beyond the spread of the rounds")
    lines += [text for _, text in sorted(clear, key=lambda m: order[m[0]])]
    if spread:
        lines.append(f"  moved by more than {THRESHOLD:.0%} but within the spread (the runs' min-max ranges overlap):")
        for kind in ("worse", "changed", "better"):
            names = [text for k, text in spread if k == kind]
            if names:
                lines += [f"    {kind}: {line}" if i == 0 else f"    {' ' * len(kind)}  {line}"
                          for i, line in enumerate(_short(names))]
    added = [k for k in new if k not in old]
    gone = [k for k in old if k not in new]
    if added:
        lines.append(f"  not in the baseline: {len(added)} figures ({', '.join(added[:4])}{', ...' if len(added) > 4 else ''})")
    if gone:
        lines.append(f"  in the baseline only: {len(gone)} figures ({', '.join(gone[:4])}{', ...' if len(gone) > 4 else ''})")
    same = ("cpu", "cores", "ram_gib", "os", "swift", "xvfb")
    if any(latest.get("machine", {}).get(k) != baseline.get("machine", {}).get(k) for k in same):
        lines.append("  note: the baseline was measured on another machine or toolchain")
    return lines


def portable(value, root=os.path.dirname(HERE)):
    """`value` with every absolute path beside `root` (in the directory
    that holds the checkout) made relative to `root`."""
    if isinstance(value, dict):
        return {k: portable(v, root) for k, v in value.items()}
    if isinstance(value, list):
        return [portable(v, root) for v in value]
    if isinstance(value, str):
        # Paths inside sentences too (the run's notes name the peer bench's
        # files), when they lie beside the checkout: not /proc or /usr.
        near = os.path.dirname(root) + os.sep

        def relative(m):
            path = m.group(0)
            return os.path.relpath(path, root) if path.startswith(near) else path
        return re.sub(r"(?<![\w.~])/[^\s,;:()`]+", relative, value)
    return value


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("action", choices=["compare", "update"])
    ap.add_argument("--latest", default=LATEST)
    ap.add_argument("--baseline", default=BASELINE)
    args = ap.parse_args()
    if not os.path.exists(args.latest):
        print(f"baseline: no last run at {args.latest}; run `make bench` first", file=sys.stderr)
        return 2
    if args.action == "update":
        with open(args.latest) as f:
            run = json.load(f)
        errors = run.get("errors")
        if errors:
            print(f"baseline: the last run had harness errors ({errors[0]}); the baseline is kept", file=sys.stderr)
            return 2
        with open(args.baseline, "w") as f:
            json.dump(portable(run), f, indent=1)
            f.write("\n")
        print(f"baseline: {args.baseline} now holds the run of {args.latest}")
        return 0
    with open(args.latest) as f:
        latest = json.load(f)
    try:
        with open(args.baseline) as f:
            baseline = json.load(f)
    except FileNotFoundError:
        print(f"baseline: no baseline at {args.baseline}; `make bench-baseline` writes one", file=sys.stderr)
        return 2
    print("\n".join(compare(latest, baseline)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
