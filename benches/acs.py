#!/usr/bin/env python3
"""Our solvers against the ant colony system of Lloyd and Amos, alternately, in one run.

    cargo build --release
    python3 benches/acs.py --acs ~/sudoku_acs [--sudoku target/release/sudoku] [--size 25]
        [--levels 35,40,45] [--instances 0-49] [--timeout 20] [--solver ising ...] [--seed 1]
        [--json]

`--acs` is a checkout of github.com/huwlloyd-mmu/sudoku_acs (C++, no licence: nothing of it
belongs in this repository). Its `sudokusolver` is used if built; otherwise the checkout is
copied to a temporary directory and built there with its Makefile (g++), leaving it untouched.

Each instance `instances/general/inst{N}x{N}_{level}_{i}.txt` (Lewis's general instances:
the order, a line we ignore, then the rows, tab-separated, -1 for a blank) is converted to our
one-line format and solved by ACS (`sudokusolver --file F --timeout T --verbose`) and by each
`--solver` (`sudoku bench --set ONE_LINE_FILE --solver S --timeout T --seed SEED+i --json`, which
times the solver alone: no referee; but `exact` counts to two solutions there, which on these
instances, often not unique, is more than finding one). The order alternates per instance:
ACS first on even instance numbers, ours first on odd ones, so drift in the machine's load falls
on both. ACS seeds itself from the system (it takes no seed); ours take seed + i.

Each run is timed twice: by the solver's own clock (ACS's printed time; the bench's `median_s`
of its one puzzle), which the table's columns use, and by the wall clock around the process
(start-up, reading the file and printing included), shown apart. A solution ACS prints is
checked: its digits must keep the instance's givens and `sudoku count` must accept the grid;
a claim that fails counts as unsolved. Medians are over all instances with an unsolved run
counted as the time limit, and take the lower middle of an even count, as `sudoku bench` does.
ACS reads the limit as whole seconds, so `--timeout` is a whole number. ACS looks at its clock
only every 100 iterations (up to about 1.5 s on 25x25), so its runs overrun the limit: for
either side a solution reported past the limit counts as unsolved. On a failure ACS prints a
time it never set (often 0), which is ignored: a failure is counted at the limit.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIGITS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def arguments():
    """The command line, with the defaults of the issue's benchmark."""
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--acs", required=True, type=Path, help="a sudoku_acs checkout")
    p.add_argument("--sudoku", type=Path, default=target / "release" / "sudoku",
                   help="our release binary (default: target/release/sudoku)")
    p.add_argument("--size", type=int, default=25, choices=[9, 16, 25])
    p.add_argument("--levels", default="35,40,45", help="percentages of cells given")
    p.add_argument("--instances", default="0-49", help="instance numbers: 0-49 or 0,3,7-9")
    p.add_argument("--timeout", type=int, default=20, help="whole seconds per run")
    p.add_argument("--solver", action="append", help="our solver; repeat for several")
    p.add_argument("--seed", type=int, default=1, help="instance i runs ours with seed + i")
    p.add_argument("--json", action="store_true", help="print every run and the summary as JSON")
    args = p.parse_args()
    args.solver = args.solver or ["ising"]
    args.levels = [int(x) for x in args.levels.split(",")]
    args.instances = numbers(args.instances)
    if args.timeout < 1:
        p.error("--timeout takes whole seconds, at least 1")
    return args


def numbers(text):
    """`0-4,7` as [0, 1, 2, 3, 4, 7]."""
    out = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


def acs_binary(checkout, scratch):
    """The checkout's `sudokusolver`, or one built from a copy of it in `scratch`."""
    built = checkout / "sudokusolver"
    if built.is_file() and os.access(built, os.X_OK):
        return built
    copy = Path(scratch) / "acs"
    shutil.copytree(checkout, copy, ignore=shutil.ignore_patterns(".git"))
    (copy / "obj").mkdir(exist_ok=True)
    subprocess.run(["make", "-f", "Makefile"], cwd=copy, check=True, stdout=sys.stderr)
    return copy / "sudokusolver"


def instance_line(path, side):
    """Lewis's instance file as our one-line puzzle: digits 1-9 then letters, '.' for blank."""
    tokens = path.read_text().split()
    values = [int(t) for t in tokens[2:]]
    if int(tokens[0]) ** 2 != side or len(values) != side * side:
        raise ValueError(f"{path}: not a {side}x{side} instance")
    return "".join("." if v == -1 else DIGITS[v - 1] for v in values)


def timed(command, limit):
    """Runs `command`, returning its standard output (None if it overran badly) and the wall
    clock seconds around it."""
    start = time.perf_counter()
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=3 * limit + 30)
        text = out.stdout
    except subprocess.TimeoutExpired:
        text = None
    return text, time.perf_counter() - start


def run_acs(binary, path, puzzle, args):
    """One ACS run: solved (its printed grid checked by us), its own time, the wall clock."""
    out, wall = timed([binary, "--file", path, "--timeout", str(args.timeout), "--verbose"],
                      args.timeout)
    run = {"solver": "acs", "solved": False, "seconds": float(args.timeout), "wall_s": wall,
           "late": False, "refused": False}
    ended = re.search(r"solved in (\S+)", out or "")
    # On a failure ACS prints a time it never set, so only a solve's time is read.
    if ended:
        run["seconds"] = float(ended.group(1))
        run["late"] = run["seconds"] > args.timeout
        run["refused"] = not acs_grid_holds(out, puzzle, args)
        run["solved"] = not (run["late"] or run["refused"])
    return run


def acs_grid_holds(out, puzzle, args):
    """Whether the grid ACS printed after "Solution:" keeps the givens and obeys every rule
    (our exact search counts it as one solution)."""
    body = out.split("Solution:", 1)[-1].split("solved in", 1)[0]
    values = [int(t) for t in re.findall(r"\d+", body)]
    if len(values) != len(puzzle) or not all(1 <= v <= args.size for v in values):
        return False
    line = "".join(DIGITS[v - 1] for v in values)
    if any(g not in (".", s) for g, s in zip(puzzle, line)):
        return False
    check = subprocess.run([args.sudoku, "count", "--limit", "1", line],
                           capture_output=True, text=True)
    return check.returncode == 0 and check.stdout.strip() == "1"


def run_ours(solver, line_file, seed, args):
    """One run of our `solver` through `sudoku bench`: solved, its own time, the wall clock."""
    out, wall = timed([args.sudoku, "bench", "--set", line_file, "--solver", solver,
                       "--timeout", str(args.timeout), "--seed", str(seed), "--json"],
                      args.timeout)
    try:
        report = json.loads(out or "")
        seconds = report["median_s"]
        return {"solver": solver, "solved": report["solved"] == 1 and seconds <= args.timeout,
                "seconds": seconds, "wall_s": wall}
    except (ValueError, KeyError, TypeError):
        return {"solver": solver, "solved": False, "seconds": float(args.timeout),
                "wall_s": wall, "error": (out or "")[-200:]}


def run_instance(level, i, binary, scratch, args):
    """Every solver on instance `i` of `level`, ACS first on even numbers, last on odd ones."""
    path = args.acs / "instances" / "general" / f"inst{args.size}x{args.size}_{level}_{i}.txt"
    puzzle = instance_line(path, args.size)
    line_file = Path(scratch) / f"{level}_{i}.txt"
    line_file.write_text(puzzle + "\n")
    ours = [lambda s=s: run_ours(s, line_file, args.seed + i, args) for s in args.solver]
    acs = [lambda: run_acs(binary, path, puzzle, args)]
    runs = [run() for run in (acs + ours if i % 2 == 0 else ours + acs)]
    for run in runs:
        run.update(level=level, instance=i)
        said = "solved" if run["solved"] else "late" if run.get("late") else "unsolved"
        print(f"{level}% #{i} {run['solver']}: {said} in {run['seconds']:.3f} s "
              f"(wall {run['wall_s']:.3f} s){' REFUSED' if run.get('refused') else ''}",
              file=sys.stderr)
    return runs


def median(values):
    """The lower middle of the sorted values, as `sudoku bench` takes it."""
    ordered = sorted(values)
    return ordered[(len(ordered) + 1) // 2 - 1] if ordered else 0.0


def summary(runs, level, names, limit):
    """One row per solver on `level`: solved, medians (unsolved at the limit), mean if solved."""
    rows = []
    for name in names:
        mine = [r for r in runs if r["level"] == level and r["solver"] == name]
        solved = [r["seconds"] for r in mine if r["solved"]]
        rows.append({
            "solver": name, "level": level, "solved": len(solved), "total": len(mine),
            "median_s": median([r["seconds"] if r["solved"] else limit for r in mine]),
            "mean_solved_s": sum(solved) / len(solved) if solved else None,
            "median_wall_s": median([r["wall_s"] if r["solved"] else limit for r in mine]),
            "max_wall_s": max((r["wall_s"] for r in mine), default=0.0),
            "late": sum(r.get("late", False) for r in mine),
            "refused": sum(r.get("refused", False) for r in mine),
        })
    acs = rows[0]["median_s"]
    for row in rows:
        row["median_vs_acs"] = row["median_s"] / acs if acs > 0 else None
    return rows


def markdown(rows, level, args):
    """A level's table, and what the ACS runs said that the table does not."""

    def cell(x):
        return "–" if x is None else f"{x:.3f}"

    out = [f"### {args.size}x{args.size}, {level} % given, {args.timeout} s limit\n",
           "| solver | solved | median s | mean s (solved) | median / ACS | median wall s |",
           "|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['solver']} | {r['solved']}/{r['total']} | {cell(r['median_s'])} | "
                   f"{cell(r['mean_solved_s'])} | {cell(r['median_vs_acs'])} | "
                   f"{cell(r['median_wall_s'])} |")
    acs = rows[0]
    out.append(f"\nACS's solutions found past the limit (not counted): {acs['late']}; "
               f"refused by our checker: {acs['refused']}; its longest run took "
               f"{acs['max_wall_s']:.1f} s by the wall clock.\n")
    return "\n".join(out)


def main():
    args = arguments()
    if not args.sudoku.is_file():
        sys.exit(f"acs.py: no {args.sudoku}; run `cargo build --release` or pass --sudoku")
    if not (args.acs / "instances" / "general").is_dir():
        sys.exit(f"acs.py: {args.acs} has no instances/general: is it a sudoku_acs checkout?")
    names = ["acs"] + args.solver
    with tempfile.TemporaryDirectory() as scratch:
        binary = acs_binary(args.acs, scratch)
        runs = [run for level in args.levels for i in args.instances
                for run in run_instance(level, i, binary, scratch, args)]
    tables = {level: summary(runs, level, names, args.timeout) for level in args.levels}
    if args.json:
        print(json.dumps({"timeout_s": args.timeout, "size": args.size, "runs": runs,
                          "levels": [row for rows in tables.values() for row in rows]}))
    else:
        print("\n".join(markdown(tables[level], level, args) for level in args.levels))


if __name__ == "__main__":
    main()
