"""Builds the clue-count bands of the belief-propagation report (seed 004) from
../shared/puzzles/unbiased_first1000.txt: puzzles with 21-24 givens as they are, and for 25-28
and 29-32 givens each puzzle with solution digits added at seeded random cells (adding givens
keeps the solution unique). 100 puzzles per band, written to benches/data/bands_*.txt.

    cargo build --release --bin sudoku && python3 tools/make_bands.py
"""
import random
import subprocess
from pathlib import Path

root = Path(__file__).resolve().parent.parent
source = (root.parent / "shared" / "puzzles" / "unbiased_first1000.txt").read_text().split()
sudoku = root / "target" / "release" / "sudoku"


def solution(puzzle):
    out = subprocess.run([sudoku, "solve", "--solver", "exact", puzzle], capture_output=True, text=True)
    return out.stdout.strip()


def givens(puzzle):
    return sum(ch != "." for ch in puzzle)


rng = random.Random(2026)
bands = {"21_24": (21, 24), "25_28": (25, 28), "29_32": (29, 32)}
for name, (low, high) in bands.items():
    picked = []
    for puzzle in source:
        if len(picked) == 100:
            break
        if givens(puzzle) > high:
            continue
        target = rng.randint(max(low, givens(puzzle)), high)
        cells = list(puzzle)
        if target > givens(puzzle):
            answer = solution(puzzle)
            blanks = [i for i, ch in enumerate(cells) if ch == "."]
            for i in rng.sample(blanks, target - givens(puzzle)):
                cells[i] = answer[i]
        if low <= givens("".join(cells)) <= high:
            picked.append("".join(cells))
    (root / "benches" / "data" / f"bands_{name}.txt").write_text("\n".join(picked) + "\n")
    print(name, len(picked))
