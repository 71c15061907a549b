//! What the repository says about itself stays true: within each crate the modules depend on
//! each other one way only (cargo already refuses a circle between crates), the files the
//! configuration names exist, and the manual's figures match the code's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use sudoku_engine::exact::DIAGNOSIS_BUDGET;
use sudoku_words::group_thousands;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The workspace's crates, by folder name.
const CRATES: [&str; 7] = ["engine", "words", "page", "app", "worker", "cli", "heap"];

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A module's path from the crate's root (`web::app`) for a file below `src`: `a.rs` and
/// `a/mod.rs` are `a`, `a/b.rs` is `a::b`.
fn module_of(relative: &Path) -> String {
    let mut parts: Vec<String> = (relative.components())
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

/// The code of a file, without its comments (a doc comment may link anywhere).
fn code(path: &Path) -> String {
    (read(path).lines())
        .map(|l| l.split_once("//").map_or(l, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where each inline `mod name { … }` of `text` ends, by byte offset: `super::` inside one
/// names the file's own module.
fn inline_modules(text: &str) -> Vec<(usize, usize)> {
    let mut blocks = Vec::new();
    for (at, _) in text.match_indices("mod ") {
        let rest = &text[at + 4..];
        let name_len = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'));
        let Some(open) = name_len.filter(|&n| n > 0 && rest[n..].trim_start().starts_with('{'))
        else {
            continue;
        };
        let mut depth = 0;
        for (i, c) in rest[open..].char_indices() {
            depth += i32::from(c == '{') - i32::from(c == '}');
            if depth == 0 && c == '}' {
                blocks.push((at, at + 4 + open + i));
                break;
            }
        }
    }
    blocks
}

/// Every path a `use` tree or an expression names after a `crate::` or `super::` at `text[at..]`,
/// as segments: `a::{b, c::d}` gives `a::b` and `a::c::d`.
fn paths_at(text: &str) -> Vec<Vec<String>> {
    fn tree(
        chars: &mut std::iter::Peekable<std::str::Chars>,
        prefix: &[String],
    ) -> Vec<Vec<String>> {
        let mut path = prefix.to_vec();
        loop {
            while chars.next_if(|c| c.is_whitespace()).is_some() {}
            if chars.next_if_eq(&'{').is_some() {
                let mut all = Vec::new();
                loop {
                    all.extend(tree(chars, &path));
                    while chars.next_if(|c| c.is_whitespace()).is_some() {}
                    match chars.next() {
                        Some(',') => continue,
                        _ => return all,
                    }
                }
            }
            let segment: String =
                std::iter::from_fn(|| chars.next_if(|c| c.is_alphanumeric() || *c == '_'))
                    .collect();
            if segment.is_empty() || segment == "self" {
                return vec![path];
            }
            path.push(segment);
            let mut ahead = chars.clone();
            if ahead.next() == Some(':') && ahead.next() == Some(':') {
                chars.nth(1);
            } else {
                return vec![path];
            }
        }
    }
    tree(&mut text.chars().peekable(), &[])
}

/// The module named by the longest leading part of `path` that is a module.
fn module_named(path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].join("::"))
        .find(|m| modules.contains(m))
}

/// Whether `ancestor` is `module` or a module that contains it.
fn within(module: &str, ancestor: &str) -> bool {
    module == ancestor || module.starts_with(&format!("{ancestor}::"))
}

/// Whether a path can start at `text[at..]`: no identifier or `::` runs into it.
fn starts_a_path(text: &str, at: usize) -> bool {
    !text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
}

/// Every path the code of `module` names, from the crate's root, as segments: through
/// `crate::`, `super::` (relative to the file's module, or to an inline module inside it) and
/// `self::`, and through its child modules' names (`bands::Band` in `exact`).
fn named_paths(module: &str, text: &str, modules: &BTreeSet<String>) -> Vec<Vec<String>> {
    let segments: Vec<String> = module.split("::").map(str::to_string).collect();
    let up = |levels: usize| segments[..segments.len().saturating_sub(levels)].to_vec();
    let inline = inline_modules(text);
    let mut named = Vec::new();
    for prefix in ["crate::", "super::", "self::"] {
        for (at, _) in text.match_indices(prefix) {
            if !starts_a_path(text, at) {
                continue;
            }
            let mut rest = &text[at + prefix.len()..];
            let base = match prefix {
                "crate::" => Vec::new(),
                "self::" => up(0),
                _ => {
                    let nested = inline
                        .iter()
                        .filter(|(a, b)| (*a..*b).contains(&at))
                        .count();
                    let mut levels = 1_usize;
                    while let Some(more) = rest.strip_prefix("super::") {
                        levels += 1;
                        rest = more;
                    }
                    up(levels.saturating_sub(nested))
                }
            };
            named.extend(
                paths_at(rest)
                    .into_iter()
                    .map(|p| [base.clone(), p].concat()),
            );
        }
    }
    let children = modules
        .iter()
        .filter_map(|m| m.strip_prefix(&format!("{module}::")));
    for child in children.filter(|c| !c.contains("::")) {
        for (at, _) in text.match_indices(&format!("{child}::")) {
            if starts_a_path(text, at) {
                named.push([segments.clone(), vec![child.to_string()]].concat());
            }
        }
    }
    named
}

/// The library's modules at every depth (`web::app`, `exact::bands`), each with the
/// modules its code names (see [`named_paths`]). A `mod` declaration is no edge, and neither is
/// a module naming its own ancestors: a child is part of its parent (tests' `use super::*`, a
/// family's members using their `mod.rs`). Siblings, cousins and a parent naming its child's
/// items are edges.
fn module_graph(krate: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("crates").join(krate).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let files: Vec<(String, std::path::PathBuf)> = (files.into_iter())
        .map(|f| (module_of(f.strip_prefix(&src).expect("below src")), f))
        // The crate's roots, the library's and the binary's, are no modules.
        .filter(|(m, _)| !["lib", "main"].contains(&m.as_str()))
        .collect();
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &files {
        let deps = graph.entry(module.clone()).or_default();
        for path in named_paths(module, &code(file), &modules) {
            if let Some(target) = module_named(&path, &modules)
                && !within(module, &target)
            {
                deps.insert(target);
            }
        }
    }
    graph
}

/// The first dependency circle of `graph`, as the modules around it, if there is one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if done.contains(node) {
            return None;
        }
        if let Some(at) = path.iter().position(|n| n == node) {
            return Some([&path[at..], &[node.to_string()]].concat());
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    (graph.keys()).find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_module_graph_sees_paths_at_every_depth() {
    let graph = module_graph("engine");
    // A `super::` path between siblings inside a folder is an edge.
    assert!(
        graph["solvers::anneal::ising_faithful"].contains("solvers::anneal::metropolis"),
        "{graph:?}"
    );
    // A parent naming its child's items is an edge; the child naming its parent's is none.
    assert!(graph["exact"].contains("exact::search"));
    assert!(
        graph["exact::search"]
            .iter()
            .all(|d| !within("exact::search", d))
    );
    let made_up: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a")]
        .into_iter()
        .map(|(from, to)| (from.to_string(), BTreeSet::from([to.to_string()])))
        .collect();
    assert_eq!(
        circle(&made_up),
        Some(
            vec!["a", "b", "c", "a"]
                .into_iter()
                .map(String::from)
                .collect()
        )
    );
}

#[test]
fn the_modules_of_each_crate_form_no_dependency_circle() {
    assert!(module_graph("engine").contains_key("step"));
    assert!(module_graph("app").contains_key("components::app"));
    for krate in CRATES {
        if let Some(circle) = circle(&module_graph(krate)) {
            panic!("dependency circle in {krate}: {}", circle.join(" -> "));
        }
    }
}

#[test]
fn the_step_api_and_the_solvers_stay_below_the_registry() {
    let graph = module_graph("engine");
    // The step API is a leaf but for the board, and no solver knows the registry.
    let step = &graph["step"];
    assert!(
        step.iter().all(|d| d == "board"),
        "step depends on {step:?}"
    );
    for (module, deps) in graph.iter().filter(|(m, _)| within(m, "solvers")) {
        assert!(
            deps.iter().all(|d| d != "registry"),
            "{module} depends on {deps:?}"
        );
    }
}

#[test]
fn the_exact_search_stands_on_the_board_and_the_checker_alone() {
    // The referee, the generator, the reader and the grader stand on it: it knows no solver,
    // no spec and no registry, only the board, the checker (and the step API's marks through
    // it) and, in its tests, the seeded generator.
    let graph = module_graph("engine");
    for (module, deps) in graph.iter().filter(|(m, _)| within(m, "exact")) {
        assert!(
            (deps.iter())
                .all(|d| ["board", "check", "rng"].contains(&d.as_str()) || within(d, "exact")),
            "{module} depends on {deps:?}"
        );
    }
}

#[test]
fn every_ci_script_the_configuration_names_exists() {
    let mut named = 0;
    for file in [
        "Trunk.toml",
        "README.md",
        ".ci/run",
        ".ci/test",
        ".ci/serve",
    ] {
        let text = read(&root().join(file));
        for (i, _) in text.match_indices(".ci/") {
            let path: String = text[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || "./_-".contains(*c))
                .collect();
            let path = path.trim_end_matches('.');
            assert!(
                root().join(path).exists(),
                "{file} names {path}, which does not exist"
            );
            named += 1;
        }
    }
    assert!(named > 0);
}

#[test]
fn the_manual_states_the_referees_budget_as_the_code_has_it() {
    let manual = read(&root().join("docs/MANUAL.md"));
    let budget = format!("{} guesses", group_thousands(DIAGNOSIS_BUDGET as i64));
    assert!(manual.contains(&budget), "the manual should say {budget}");
    assert!(
        !manual.contains("a few milliseconds"),
        "the budget is tens of milliseconds at worst, as the code says"
    );
}
