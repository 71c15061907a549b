//! The `sudoku` command line as scripts use it: output, errors and exit codes.

use std::process::{Command, Output};

fn sudoku(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .output()
        .expect("the sudoku binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

#[test]
fn solve_prints_the_solution_line() {
    let out = sudoku(&["solve", "--seed", "4", INKALA]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), INKALA_SOLUTION);
}

#[test]
fn solve_json_reports_the_run() {
    let out = sudoku(&["solve", "--json", "--solver", "ising", INKALA]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["solved"], true);
    assert_eq!(v["solution"], INKALA_SOLUTION);
    assert_eq!(v["solver"], "ising");
    assert!(v["moves"].as_u64().is_some_and(|m| m > 0));
}

#[test]
fn bad_input_fails_with_a_message_and_exit_code_2() {
    let cases: [(&[&str], &str); 4] = [
        (&["solve", "12x"], "bad character 'x' at position 3"),
        (
            &["solve", "--solver", "magic", INKALA],
            "invalid value 'magic' for '--solver <SOLVER>'",
        ),
        (
            &["solve", "--seed", "many", INKALA],
            "invalid value 'many' for '--seed <N>'",
        ),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
    ];
    for (args, message) in cases {
        let out = sudoku(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let dup = INKALA.replacen('.', "8", 1);
    let out = sudoku(&["solve", &dup]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("8 appears twice in row 1"));
}

#[test]
fn an_unsolved_run_exits_1() {
    let out = sudoku(&[
        "solve",
        "--solver",
        "ising-faithful",
        "--timeout",
        "0.05",
        INKALA,
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no solution found"));
}

#[test]
fn bench_prints_a_markdown_table_or_json() {
    let set = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/famous.txt");
    let out = sudoku(&["bench", "--solver", "ising", "--set", set, "--limit", "3"]);
    let table = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(table.starts_with("| solver | set | solved |"), "{table}");
    assert!(table.contains("| ising | famous.txt | 3/3 |"), "{table}");

    let out = sudoku(&[
        "bench", "--solver", "ising", "--set", set, "--limit", "2", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for field in [
        "solver",
        "set",
        "solved",
        "total",
        "median_s",
        "p90_s",
        "puzzles_per_second",
        "moves_per_second",
    ] {
        assert!(v.get(field).is_some(), "missing {field}: {v}");
    }
    assert_eq!(
        (v["solved"].as_u64(), v["total"].as_u64()),
        (Some(2), Some(2))
    );
}

#[test]
fn a_timeout_must_be_a_finite_number_of_seconds() {
    for bad in ["nan", "inf", "-1", "0"] {
        let out = sudoku(&["solve", "--timeout", bad, INKALA]);
        assert_eq!(out.status.code(), Some(2), "--timeout {bad}");
        assert!(
            text(&out.stderr).contains(&format!(
                "invalid value '{bad}' for '--timeout <SECS>': takes a finite number of seconds above 0"
            )),
            "{bad}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn count_stops_at_its_timeout_and_says_the_count_is_a_lower_bound() {
    let empty = ".".repeat(81);
    let out = sudoku(&[
        "count",
        "--limit",
        "1000000000000",
        "--timeout",
        "0.3",
        &empty,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let counted: u64 = text(&out.stdout).trim().parse().expect("a number");
    assert!(counted > 0);
    assert!(
        text(&out.stderr).contains("at least"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_puzzle_without_a_solution_is_refused_at_once_with_its_own_exit_status() {
    // r1c9: its row holds 1-8 and its box a 9.
    let stuck = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let out = sudoku(&["solve", "--timeout", "30", &stuck]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("no digit fits row 1, column 9"),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn help_and_version_answer_on_standard_output_with_status_0() {
    let out = sudoku(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    for command in ["solve", "count", "bench", "completions"] {
        let listed = help
            .lines()
            .filter(|l| l.trim_start().starts_with(command))
            .count();
        assert_eq!(listed, 1, "{command} listed {listed} times: {help}");
        let out = sudoku(&[command, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{command} --help");
        assert!(
            text(&out.stdout).contains(&format!("Usage: sudoku {command}")),
            "{command}: {}",
            text(&out.stdout)
        );
    }
    let solve = text(&sudoku(&["solve", "--help"]).stdout);
    for solver in sudoku_engine::SolverKind::names() {
        assert!(solve.contains(solver), "{solver}: {solve}");
    }
    assert!(solve.contains("3 the puzzle has no solution"), "{solve}");
    let out = sudoku(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout).trim(),
        format!("sudoku {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn completions_come_for_the_common_shells() {
    for shell in ["bash", "zsh", "fish"] {
        let out = sudoku(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        assert!(
            script.contains("sudoku") && script.contains("ising-faithful"),
            "{shell}"
        );
    }
}

#[test]
fn bench_ticks_is_a_fixed_amount_of_work() {
    let set = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/famous.txt");
    let out = sudoku(&[
        "bench",
        "--solver",
        "ising-faithful",
        "--set",
        set,
        "--limit",
        "2",
        "--ticks",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["moves"].as_u64(), Some(2 * 3 * 50_000), "{v}");
}

#[test]
fn generate_prints_one_graded_puzzle_per_line_and_grade_reads_them_back() {
    let args = [
        "generate",
        "--difficulty",
        "medium",
        "--count",
        "3",
        "--seed",
        "9",
    ];
    let out = sudoku(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.len() == 81), "{lines:?}");
    let again = sudoku(&args);
    assert_eq!(again.stdout, out.stdout, "one seed, the same puzzles");
    let mut args = vec!["grade"];
    args.extend(lines.iter().map(String::as_str));
    let graded = sudoku(&args);
    assert!(graded.status.success(), "{}", text(&graded.stderr));
    let printed = text(&graded.stdout);
    let levels: Vec<&str> = (printed.lines())
        .map(|l| l.split(" (").next().unwrap_or_default())
        .collect();
    assert_eq!(levels, ["medium"; 3], "{printed}");
    assert!(
        (printed.lines()).all(|l| l.ends_with("(Pointing)") || l.ends_with("(Claiming)")),
        "a medium puzzle needs locked candidates at most: {printed}"
    );
    let six = sudoku(&["generate", "--size", "6", "--symmetric", "--seed", "2"]);
    assert_eq!(text(&six.stdout).trim().len(), 36, "{}", text(&six.stderr));
}

#[test]
fn grade_says_what_it_cannot_grade() {
    let graded = sudoku(&["grade", INKALA, &INKALA.replacen('.', "9", 1)]);
    assert_eq!(graded.status.code(), Some(3));
    assert_eq!(
        text(&graded.stdout),
        "expert (beyond the hint ladder)\nno solution\n"
    );
    let empty = ".".repeat(81);
    let several = sudoku(&["grade", &empty]);
    assert!(text(&several.stdout).contains("more than one solution"));
    for bad in [
        &["generate", "--size", "7"][..],
        &["generate", "--difficulty", "insane"],
        &["grade", "12x"],
    ] {
        assert_eq!(sudoku(bad).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn generate_fixed_prints_general_instances_that_have_a_solution() {
    let args = [
        "generate", "--size", "16", "--fixed", "45", "--count", "3", "--seed", "4",
    ];
    let out = sudoku(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        // 45 % of 256 cells, rounded up.
        assert_eq!(line.chars().filter(|&c| c != '.').count(), 116, "{line}");
        let counted = sudoku(&["count", "--limit", "1", line]);
        assert_eq!(text(&counted.stdout).trim(), "1", "{line}");
    }
    assert_eq!(
        sudoku(&args).stdout,
        out.stdout,
        "one seed, the same instances"
    );
    let mut other = args;
    other[8] = "5";
    assert_ne!(sudoku(&other).stdout, out.stdout);
    let none = sudoku(&["generate", "--fixed", "0"]);
    assert_eq!(text(&none.stdout), format!("{}\n", ".".repeat(81)));
    let all = sudoku(&["generate", "--fixed", "100", "--seed", "2"]);
    let grid = text(&all.stdout).trim().to_string();
    assert!(!grid.contains('.'), "{grid}");
    assert_eq!(text(&sudoku(&["count", &grid]).stdout).trim(), "1");
}

#[test]
fn generate_fixed_refuses_a_share_out_of_range_and_unique_puzzle_options() {
    for bad in [
        &["generate", "--fixed", "101"][..],
        &["generate", "--fixed", "-1"],
        &["generate", "--fixed", "x"],
        &["generate", "--fixed", "40", "--difficulty", "hard"],
        &["generate", "--fixed", "40", "--symmetric"],
        &["generate", "--fixed", "40", "--report"],
    ] {
        let out = sudoku(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(text(&out.stderr).contains("--fixed <P>"), "{bad:?}");
    }
}

#[test]
fn hint_and_grade_steps_print_the_ladders_steps_as_json_lines() {
    // The fifth of unbiased_first1000.txt: it needs colouring and an XY-chain.
    const PUZZLE: &str =
        "....6..7.45.7.......94.1.6...82.7....1..3..9.5....98...7.3..2.............2.85.31";
    const SOLUTION: &str =
        "123568974456793182789421365968257413217834596534619827871346259395172648642985731";
    let hint = sudoku(&["hint", "--json", PUZZLE]);
    assert!(hint.status.success(), "{}", text(&hint.stderr));
    let line = text(&hint.stdout);
    assert!(line.starts_with("{\"technique\": "), "{line}");
    let step: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON object");
    assert!(step["technique"].is_string());
    let words = sudoku(&["hint", PUZZLE]);
    assert!(
        text(&words.stdout).contains(": "),
        "{}",
        text(&words.stdout)
    );
    let steps = sudoku(&["grade", "--steps", "--json", PUZZLE]);
    assert!(steps.status.success(), "{}", text(&steps.stderr));
    let mut grid: Vec<u8> = PUZZLE.bytes().collect();
    for line in text(&steps.stdout).lines() {
        let step: serde_json::Value = serde_json::from_str(line).expect("JSON");
        for (list, placing) in [("placements", true), ("eliminations", false)] {
            for m in step[list].as_array().expect("a list") {
                let [r, c, d] = [0, 1, 2].map(|i| m[i].as_u64().expect("a number") as usize);
                let want = SOLUTION.as_bytes()[(r - 1) * 9 + c - 1] - b'0';
                assert_eq!(want as usize == d, placing, "{line}");
                if placing {
                    grid[(r - 1) * 9 + c - 1] = b'0' + d as u8;
                }
            }
        }
    }
    assert_eq!(String::from_utf8(grid).expect("ascii"), SOLUTION);
    let refused = sudoku(&["hint", &PUZZLE.replacen('.', "6", 1)]);
    assert_eq!(refused.status.code(), Some(3));
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    use std::process::Stdio;
    let photos = ["image1.jpg", "image9.jpg", "image100.jpg"]
        .map(|p| format!("{}/../../tests/data/photos/{p}", env!("CARGO_MANIFEST_DIR")));
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(["read", "--json"])
        .args(&photos)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku binary runs");
    // As `| head -0` does: the reader goes before the first photo is read.
    child.stdout = None;
    let out = child.wait_with_output().expect("it ends");
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        text(&out.stderr)
    );
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn generate_killer_prints_killers_that_solve_and_count_read_back() {
    let out = sudoku(&[
        "generate", "--killer", "--size", "6", "--count", "2", "--seed", "4",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for line in text(&out.stdout).lines() {
        let (puzzle, cages) = line.split_once(' ').expect("puzzle and cages");
        assert!(puzzle.chars().all(|c| c == '.'), "no givens: {puzzle}");
        let count = sudoku(&["count", "--cages", cages, puzzle]);
        assert_eq!(text(&count.stdout).trim(), "1", "{line}");
        for solver in ["exact", "ising", "qubo"] {
            let solved = sudoku(&["solve", "--solver", solver, "--cages", cages, puzzle]);
            assert_eq!(
                solved.status.code(),
                Some(0),
                "{solver}: {}",
                text(&solved.stderr)
            );
        }
        let other = sudoku(&["solve", "--solver", "bp", "--cages", cages, puzzle]);
        assert_eq!(other.status.code(), Some(2));
        assert!(text(&other.stderr).contains("without cages"));
    }
}

/// `bench` reads each killer's cages from its line: `bp`, which takes no cages, solves the empty
/// boards and refuses the killers; cages no grid keeps are refused with their line.
#[test]
fn bench_reads_a_killers_cages_from_its_line() {
    let out = sudoku(&[
        "generate", "--killer", "--size", "6", "--count", "2", "--seed", "4",
    ]);
    let killers = text(&out.stdout);
    let dir = std::env::temp_dir().join(format!("sudoku-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let write = |name: &str, lines: &str| {
        let path = dir.join(name);
        std::fs::write(&path, lines).expect("written");
        path.to_string_lossy().into_owned()
    };
    let empty: String = (killers.lines())
        .map(|l| format!("{}\n", &l[..36]))
        .collect();
    let solved = |set: &str, solver: &str| {
        let out = sudoku(&["bench", "--solver", solver, "--set", set, "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        v["solved"].as_u64()
    };
    let (caged, plain) = (write("killers.txt", &killers), write("empty.txt", &empty));
    assert_eq!(solved(&plain, "bp"), Some(2));
    assert_eq!(solved(&caged, "bp"), Some(0));
    assert_eq!(solved(&caged, "exact"), Some(2));
    let impossible = format!("# a killer\n{}{} 18:r1c1+r1c2\n", killers, ".".repeat(36));
    let out = sudoku(&[
        "bench",
        "--solver",
        "exact",
        "--set",
        &write("no.txt", &impossible),
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        text(&out.stderr).contains("no.txt, line 4: "),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).expect("removed");
}

#[test]
fn cages_written_wrong_exit_2_and_cages_no_grid_keeps_exit_3() {
    let empty = ".".repeat(81);
    let refused = |cages: &str| {
        let out = sudoku(&["count", "--cages", cages, &empty]);
        (out.status.code(), text(&out.stderr))
    };
    let (code, why) = refused("15:r1c1+r1c2,9:r1c2+r2c2");
    assert_eq!(code, Some(2));
    assert!(why.contains("row 1, column 2 is in two cages"), "{why}");
    let (code, why) = refused("15:r1c1+x");
    assert_eq!(code, Some(2));
    assert!(why.contains("bad cages"), "{why}");
    let (code, why) = refused("18:r1c1+r1c2");
    assert_eq!(code, Some(3));
    assert!(why.contains("2 different digits sum to 3 to 17"), "{why}");
    let (code, why) = refused("44:r1c1+r1c2+r1c3+r1c4+r1c5+r1c6+r1c7+r1c8+r1c9");
    assert_eq!(code, Some(3));
    assert!(why.contains("9 different digits always sum to 45"), "{why}");
    let ok = sudoku(&["count", "--cages", "15:r1c1+r1c2,9:r2c1+r2c2+r2c3", &empty]);
    assert_eq!(text(&ok.stdout).trim(), "2", "{}", text(&ok.stderr));
}

#[test]
fn killers_are_made_to_a_level_graded_back_and_hinted() {
    let out = sudoku(&[
        "generate",
        "--killer",
        "--difficulty",
        "medium",
        "--count",
        "2",
        "--seed",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    // The lines as generate prints them, puzzle and cages, and one with --cages.
    let mut args: Vec<&str> = vec!["grade"];
    args.extend(lines.iter().map(String::as_str));
    let graded = sudoku(&args);
    assert_eq!(text(&graded.stdout).matches("medium (").count(), 2);
    let (puzzle, cages) = lines[0].split_once(' ').expect("puzzle and cages");
    let hint = sudoku(&["hint", "--json", "--cages", cages, puzzle]);
    let step: serde_json::Value = serde_json::from_slice(&hint.stdout).expect("one step");
    assert_eq!(step["technique"], "cage-combination", "{step}");
    let steps = sudoku(&["grade", "--steps", "--cages", cages, puzzle]);
    let printed = text(&steps.stdout);
    assert!(
        printed.contains("Cage combination: The cage's"),
        "{printed}"
    );
    assert!(printed.trim_end().ends_with(')'), "{printed}");
    // Cages that no grid keeps: no solution, with the reason.
    let impossible = sudoku(&["grade", "--cages", "18:r1c1+r1c2", puzzle]);
    assert_eq!(impossible.status.code(), Some(3));
    assert_eq!(text(&impossible.stdout).trim(), "no solution");
}
