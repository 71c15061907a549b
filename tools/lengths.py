#!/usr/bin/env python3
"""Long functions and long files in the Rust sources, as a markdown table.

    python3 tools/lengths.py [--functions N] [--files N] [DIR]

Issue 22 aims for no function over about 60 lines (data tables apart) and no file over about
500; this lists what is above those marks so two revisions can be compared. DIR defaults to
the workspace's `crates/` (name one crate's `src/`, `crates/engine/src`, to see only it). A
brace-matching scan, not a parser: it skips comments, strings, raw strings and character
literals, which is all Rust's braces need.
"""

import argparse
import os
import re
import sys

FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")
# `impl<T> Trait for Type<T> {` or `impl Type {`: the type names the methods inside.
IMPL = re.compile(r"\bimpl\b(?:\s*<[^{;]*?>)?\s+(?:[^{;]*?\bfor\s+)?&?(?:'\w+\s+)?([A-Za-z_][\w:]*)[^{;]*\{")
CFG_TEST = re.compile(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{")
# A line that is only data: literals, separators and brackets (a table written out in code).
DATA_LINE = re.compile(r"""^[\s\[\](),;&'"0-9A-Za-z_.:+\-#/|]*$""")
WORDS = re.compile(r"\b(let|if|for|while|match|return|loop|fn)\b|=>|\.\w+\(")


def code_mask(text):
    """`text` with comments and the insides of string and character literals blanked, so only
    real braces and keywords remain (newlines are kept, so offsets and line numbers hold)."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif (m := re.compile(r'b?r(#*)"').match(text, i)) and (
            i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")
        ):
            close = '"' + m.group(1)
            j = text.find(close, m.end())
            j = n if j < 0 else j + len(close)
            blank(m.end(), j - len(close))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(i + 1, j)
            i = j + 1
        elif c == "'":
            # A character literal ('x', '\n', '\u{..}', '{') or a lifetime ('a).
            m = re.compile(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'").match(text, i)
            if m:
                blank(i + 1, m.end() - 1)
                i = m.end()
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def matching(code, open_at):
    """The offset of the brace closing the one at `open_at`."""
    depth = 0
    for k in range(open_at, len(code)):
        if code[k] == "{":
            depth += 1
        elif code[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(code) - 1


def scan(path):
    """(functions, lines, test lines) of one file; each function is (name, first line, lines,
    in a test module, looks like a data table)."""
    text = open(path, encoding="utf-8").read()
    code = code_mask(text)
    line_of = lambda off: code.count("\n", 0, off) + 1
    tests = []
    for m in CFG_TEST.finditer(code):
        tests.append((m.start(), matching(code, m.end() - 1)))
    impls = [(m.start(), matching(code, m.end() - 1), m.group(1)) for m in IMPL.finditer(code)]
    functions = []
    for m in FN.finditer(code):
        # The body opens at the first `{` not inside the signature's parentheses, generics or
        # a where clause; a `;` first means a declaration without a body.
        depth, k = 0, m.end()
        while k < len(code):
            ch = code[k]
            if ch in "(<[":
                depth += 1
            elif ch in ")>]" and not (ch == ">" and code[k - 1] == "-"):
                depth -= 1
            elif ch == ";" and depth <= 0:
                k = -1
                break
            elif ch == "{" and depth <= 0:
                break
            k += 1
        if k < 0 or k >= len(code):
            continue
        end = matching(code, k)
        first, last = line_of(m.start()), line_of(end)
        body = text.splitlines()[first : last - 1]
        data = sum(1 for l in body if DATA_LINE.match(l) and not WORDS.search(l))
        in_test = any(a <= m.start() <= b for a, b in tests)
        owner = [t for a, b, t in impls if a <= m.start() <= b]
        name = f"{owner[-1].split('::')[-1]}::{m.group(1)}" if owner else m.group(1)
        functions.append((name, first, last - first + 1, in_test, data > 0.75 * len(body)))
    total = text.count("\n") + (0 if text.endswith("\n") else 1)
    test_lines = sum(line_of(b) - line_of(a) + 1 for a, b in tests)
    return functions, total, test_lines


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", nargs="?", default=os.path.join(here, "..", "crates"))
    ap.add_argument("--functions", type=int, default=60, help="list functions longer than this")
    ap.add_argument("--files", type=int, default=500, help="list files longer than this")
    args = ap.parse_args()
    root = os.path.normpath(args.dir)
    long_fns, long_files, count_fns, count_files = [], [], 0, 0
    for dirpath, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, os.path.dirname(root))
            functions, total, test_lines = scan(path)
            count_files += 1
            count_fns += len(functions)
            for fname, line, length, in_test, data in functions:
                if length > args.functions:
                    note = ", ".join(w for w, on in (("test", in_test), ("data table", data)) if on)
                    long_fns.append((length, fname, f"{rel}:{line}", note))
            if total > args.files:
                long_files.append((total, total - test_lines, rel))
    long_fns.sort(key=lambda f: (-f[0], f[2]))
    long_files.sort(key=lambda f: (-f[0], f[2]))
    out = sys.stdout
    plain = [f for f in long_fns if not f[3]]
    out.write(
        f"{count_fns} functions in {count_files} files under {os.path.relpath(root)}: "
        f"{len(long_fns)} longer than {args.functions} lines ({len(plain)} neither test nor "
        f"data table), {len(long_files)} files longer than {args.files} lines.\n\n"
    )
    out.write(f"| lines | function | where | note |\n|---:|---|---|---|\n")
    for length, fname, where, note in long_fns:
        out.write(f"| {length} | `{fname}` | {where} | {note} |\n")
    out.write(f"\n| lines | without test modules | file |\n|---:|---:|---|\n")
    for total, plain_lines, rel in long_files:
        out.write(f"| {total} | {plain_lines} | {rel} |\n")


if __name__ == "__main__":
    main()
