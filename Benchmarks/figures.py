"""Figures: the samples of one measurement taken once per round, summarised
as their median with the smallest and largest beside it.

A figure may carry a target, which its median must meet, and says in which
direction it improves, so that a comparison with an earlier run can call a
change better or worse. Python 3.11 standard library only.
"""

import statistics
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Target:
    """A bound the median must meet; `text` is how the table shows it."""

    text: str
    op: str  # "<=", "<", ">=", ">", "==", or "|<|" (the median's size below `limit`)
    limit: float

    def met(self, value):
        return {"<=": value <= self.limit, "<": value < self.limit, ">=": value >= self.limit, ">": value > self.limit,
                "==": value == self.limit, "|<|": abs(value) < self.limit}[self.op]


def at_most(limit, unit=""):
    return Target(f"<= {limit:g}{unit}", "<=", limit)


def below(limit, unit=""):
    return Target(f"< {limit:g}{unit}", "<", limit)


def at_least(limit, unit=""):
    return Target(f">= {limit:g}{unit}", ">=", limit)


def exactly(limit, unit=""):
    return Target(f"{limit:g}{unit}", "==", limit)


def within(limit, unit=""):
    return Target(f"|x| < {limit:g}{unit}", "|<|", limit)


@dataclass
class Figure:
    """One measured quantity: a sample per round (None samples are dropped).

    `better` is "lower", "higher" or "" (no direction: any change is just a
    change). `resolution` is the smallest change in the figure's unit that
    counts as a move against the baseline, for figures near zero or counted
    in coarse steps. `table` names the table the figure is printed in.
    """

    key: str
    name: str
    unit: str
    method: str
    samples: list = field(default_factory=list)
    better: str = "lower"
    target: Target | None = None
    digits: int = 1
    resolution: float = 0.0
    table: str = "main"
    note: str = ""
    absent: str = "not measured"

    def add(self, value):
        if value is not None:
            self.samples.append(float(value))

    @property
    def median(self):
        return statistics.median(self.samples) if self.samples else None

    @property
    def ok(self):
        """True or False against the target; None without a target or samples."""
        if self.target is None or not self.samples:
            return None
        return self.target.met(self.median)

    def number(self, value):
        return f"{value:,.{self.digits}f}"

    def measured(self):
        """`median unit (min-max)`, or `median unit` for a single sample."""
        if not self.samples:
            return self.absent
        text = f"{self.number(self.median)}{self.unit_suffix()}"
        if len(self.samples) > 1:
            text += f" ({self.number(min(self.samples))}-{self.number(max(self.samples))})"
        return text + (f" {self.note}" if self.note else "")

    def unit_suffix(self):
        if not self.unit:
            return ""
        return self.unit if self.unit in ("x", "%") else f" {self.unit}"

    def status(self):
        return {True: "ok", False: "MISSED", None: ""}[self.ok]

    def to_json(self):
        return {"name": self.name, "unit": self.unit, "median": self.median,
                "min": min(self.samples) if self.samples else None,
                "max": max(self.samples) if self.samples else None,
                "samples": self.samples, "digits": self.digits, "better": self.better, "resolution": self.resolution,
                "target": self.target.text if self.target else None, "ok": self.ok,
                "method": self.method, "table": self.table}


def render_table(header, rows):
    """Rows of strings as aligned columns, the header first and a rule under it."""
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(header, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(lines)


def main_table(figures):
    """The one table of figures: measured, target, ok/MISSED and method."""
    rows = [[f.name, f.measured(), f.target.text if f.target else "-", f.status(), f.method] for f in figures]
    return render_table(["figure", "median (min-max)", "target", "", "method"], rows)
