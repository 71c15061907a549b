//! What the repository says about itself stays true: the engine's modules depend on each other
//! one way only, the files the configuration names exist, and the README's figures match the
//! code's.

use ising_sudoku::present::group_thousands;
use ising_sudoku::solvers::exact::DIAGNOSIS_BUDGET;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

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

/// The engine's top-level modules, each with the top-level modules it names through `crate::`.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("below src");
        let first = relative.components().next().expect("a component");
        let module = first
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if ["lib", "main", "cli"].contains(&module.as_str()) {
            continue;
        }
        // Code only: a doc comment may link anywhere.
        let text: String = (read(&file).lines())
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let deps = graph.entry(module.clone()).or_default();
        for (i, _) in text.match_indices("crate::") {
            let name: String = text[i + 7..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name != module {
                deps.insert(name);
            }
        }
    }
    graph
}

#[test]
fn the_engines_modules_form_no_dependency_circle() {
    let graph = module_graph();
    assert!(
        graph.contains_key("step") && graph.contains_key("registry"),
        "{graph:?}"
    );
    // Depth-first search for a back edge.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(node) {
            return;
        }
        if let Some(at) = path.iter().position(|n| n == node) {
            panic!("dependency circle: {} -> {node}", path[at..].join(" -> "));
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
        done.insert(node.to_string());
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done);
    }
    // The step API is a leaf but for the board, and no solver knows the registry.
    let step = &graph["step"];
    assert!(
        step.iter().all(|d| d == "board"),
        "step depends on {step:?}"
    );
    assert!(!graph["solvers"].contains("registry"));
    assert!(!graph["solvers"].contains("page"));
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
fn the_readme_states_the_referees_budget_as_the_code_has_it() {
    let readme = read(&root().join("README.md"));
    let budget = format!("{} guesses", group_thousands(DIAGNOSIS_BUDGET as i64));
    assert!(readme.contains(&budget), "the README should say {budget}");
    assert!(
        !readme.contains("a few milliseconds"),
        "the budget is tens of milliseconds at worst, as the code says"
    );
}
