//! The shape of the core crate's source, checked: no import cycles between source files, layers
//! that only depend downward (in the order its `lib.rs` lists them: board ← search ← generate ←
//! catalog ← spec ← engine), and a board and search that know nothing of terminals, threads,
//! printing or command-line parsing. The crates above the core (the language catalogs, the
//! visualiser, serving, the command line) are kept apart by cargo: a lower crate cannot name a
//! higher one, and `the_core_depends_on_no_screen_network_or_words` checks the core's manifest.
//!
//! The check reads `crates/core/src/` as text: each file's `use` trees and inline `crate::`/`super::` paths
//! (comments, strings and `#[cfg(test)]` modules aside) are resolved to the file of the module
//! they name. A `mod.rs` that only declares and re-exports its children depends on nothing, so a
//! child importing a re-export of its parent is no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root, e.g. `["search", "local", "beam"]`.
type ModPath = Vec<String>;

/// The core crate's source: its modules keep their layers inside it (the crates above it are
/// kept apart by cargo itself).
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core/src")
}

/// Every module of the core's library with its file.
fn modules() -> BTreeMap<ModPath, PathBuf> {
    modules_in(&src())
}

/// Every module of the library whose source is `root` (its `src/`), with its file.
fn modules_in(root: &Path) -> BTreeMap<ModPath, PathBuf> {
    fn walk(dir: &Path, prefix: &ModPath, out: &mut BTreeMap<ModPath, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut p = prefix.clone();
                p.push(name);
                walk(&path, &p, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                match name.as_str() {
                    "main" => {}
                    "lib" | "mod" => {
                        out.insert(prefix.clone(), path);
                    }
                    _ => {
                        let mut p = prefix.clone();
                        p.push(name);
                        out.insert(p, path);
                    }
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, &Vec::new(), &mut out);
    out
}

/// The code of a file without comments, string and char contents, and its test module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for d in chars.by_ref() {
                    if !escaped && d == '"' {
                        break;
                    }
                    escaped = !escaped && d == '\\';
                }
                out.push_str("\"\"");
            }
            '\'' => {
                // a char literal ('x', '\n') or a lifetime ('a): skip only the former
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') {
                    for d in chars.by_ref() {
                        if d == '\'' {
                            break;
                        }
                    }
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                }
                out.push(' ');
            }
            _ => out.push(c),
        }
    }
    out
}

/// Every path a `use` tree names: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn expand(text: &str) -> Vec<String> {
    // drop `as Alias` renames, then the spaces
    let mut tree = String::new();
    let mut alias = false;
    for token in text.split_whitespace() {
        if alias {
            tree.push_str(token.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_'));
            alias = false;
        } else if token == "as" {
            alias = true;
        } else {
            tree.push_str(token);
        }
    }
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(p).into_iter().map(move |e| format!("{prefix}{e}")))
        .collect()
}

/// The paths a file's code names, and whether each comes from a `pub use` (a re-export).
fn references(code: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = &rest[..i];
        let starts_word = before
            .chars()
            .last()
            .is_none_or(|c| !c.is_alphanumeric() && c != '_');
        let end = rest[i..].find(';').map_or(rest.len(), |e| i + e);
        if starts_word {
            let reexport = before.trim_end().ends_with("pub") || before.trim_end().ends_with(')');
            for p in expand(&rest[i + 4..end]) {
                out.push((p, reexport));
            }
        }
        rest = &rest[end.min(rest.len() - 1) + 1..];
    }
    // inline paths: crate::a::b(..), super::x::y
    for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
        if word.starts_with("crate::") || word.starts_with("super::") {
            out.push((word.trim_end_matches(':').to_string(), false));
        }
    }
    out
}

/// The module a path names, from the module `from` (`None` for external crates).
fn resolve(
    path: &str,
    from: &ModPath,
    is_dir_module: bool,
    known: &BTreeMap<ModPath, PathBuf>,
) -> Option<ModPath> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: ModPath = match segs.first()? {
        &"crate" => Vec::new(),
        &"super" | &"self" => {
            // `super` of a file module is its parent directory's module; of a mod.rs, the one
            // above
            let mut b = from.clone();
            if !is_dir_module || segs[0] == "super" {
                b.pop();
            }
            b
        }
        _ => return None,
    };
    for s in &segs[1..] {
        match *s {
            "super" => {
                base.pop();
            }
            _ => {
                let mut next = base.clone();
                next.push(s.to_string());
                if known.contains_key(&next) {
                    base = next;
                } else {
                    break;
                }
            }
        }
    }
    Some(base)
}

/// The file-level dependency graph of the core's library (edges between different modules).
fn graph() -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    graph_of(modules())
}

/// The file-level dependency graph of the modules `known` (edges between different modules).
fn graph_of(known: BTreeMap<ModPath, PathBuf>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut g = BTreeMap::new();
    for (m, file) in &known {
        let is_dir = file
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs");
        let text = code(&std::fs::read_to_string(file).unwrap());
        let mut deps = BTreeSet::new();
        for (path, reexport) in references(&text) {
            if reexport && is_dir {
                continue; // a parent re-exporting its child depends on nothing
            }
            if let Some(target) = resolve(&path, m, is_dir, &known)
                && &target != m
            {
                deps.insert(target);
            }
        }
        g.insert(m.clone(), deps);
    }
    g
}

fn name(m: &ModPath) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

/// The first import circle of a graph, as a chain of modules that returns to its start.
fn find_cycle(g: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Option<Vec<ModPath>> {
    fn visit(
        m: &ModPath,
        g: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        stack: &mut Vec<ModPath>,
        done: &mut BTreeSet<ModPath>,
    ) -> Option<Vec<ModPath>> {
        if let Some(i) = stack.iter().position(|s| s == m) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(m.clone());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.clone());
        for d in g.get(m).into_iter().flatten() {
            if let Some(c) = visit(d, g, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(m.clone());
        None
    }
    let mut done = BTreeSet::new();
    g.keys()
        .find_map(|m| visit(m, g, &mut Vec::new(), &mut done))
}

#[test]
fn no_source_file_imports_in_a_circle() {
    let g = graph();
    if let Some(cycle) = find_cycle(&g) {
        let chain: Vec<String> = cycle.iter().map(name).collect();
        panic!("import circle: {}", chain.join(" → "));
    }
    assert!(g.len() > 40, "the graph was read: {} modules", g.len());
}

/// Every crate of the workspace keeps its files out of import circles too: the visualiser, the
/// serving, the page, the words, the figures and the command line, each read as the core is.
#[test]
fn no_crate_imports_in_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut read = 0;
    let dirs = [
        "crates/core/src",
        "crates/i18n/src",
        "crates/tui/src",
        "crates/serve/src",
        "crates/page/src",
        "crates/figures/src",
        "crates/load/src",
        "src",
    ];
    for dir in dirs {
        let g = graph_of(modules_in(&root.join(dir)));
        read += g.len();
        if let Some(cycle) = find_cycle(&g) {
            let chain: Vec<String> = cycle.iter().map(name).collect();
            panic!("import circle in {dir}: {}", chain.join(" → "));
        }
    }
    // every crate of the workspace is in the list above
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let members = manifest
        .lines()
        .find(|l| l.starts_with("members"))
        .expect("the workspace lists its members");
    for member in members.split('"').skip(1).step_by(2) {
        assert!(
            root.join(member).join("src").is_dir(),
            "{member} has its source in src/"
        );
        assert!(
            dirs.contains(&format!("{member}/src").as_str()),
            "{member} is not checked for import circles: add it to the list above"
        );
    }
    assert!(read > 150, "the crates were read: {read} modules");
}

/// The layers as `lib.rs` lists them, lowest first: its doc's numbered list, each item naming
/// the top-level modules of one layer as [`name`] links.
fn layers() -> Vec<Vec<String>> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    let mut layers: Vec<Vec<String>> = Vec::new();
    for line in lib.lines().filter_map(|l| l.strip_prefix("//!")) {
        let line = line.trim_start();
        let numbered = line
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if numbered {
            let names = line
                .split("[`")
                .skip(1)
                .filter_map(|p| p.split_once("`]").map(|(n, _)| n.to_string()))
                .collect();
            layers.push(names);
        }
    }
    layers
}

/// The layer of a module: a module may only depend on modules of its own layer or below. The
/// crate root is above every layer.
fn layer(m: &ModPath) -> usize {
    let layers = layers();
    match m.first() {
        None => layers.len(),
        Some(top) => layers
            .iter()
            .position(|l| l.contains(top))
            .unwrap_or_else(|| panic!("lib.rs's layer list does not name the module {top}")),
    }
}

/// Every top-level module is in exactly one layer of `lib.rs`'s list, and the list names no
/// module that does not exist.
#[test]
fn the_layer_list_in_lib_rs_names_every_module_once() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    let declared: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').to_string())
        .collect();
    let listed: Vec<String> = layers().into_iter().flatten().collect();
    let once: BTreeSet<String> = listed.iter().cloned().collect();
    assert_eq!(
        once.len(),
        listed.len(),
        "a module listed twice: {listed:?}"
    );
    assert_eq!(once, declared, "the layer list and the modules differ");
    assert!(layers().len() >= 6, "{:?}", layers());
}

#[test]
fn layers_only_depend_downward() {
    let mut wrong = Vec::new();
    for (m, deps) in graph() {
        for d in deps {
            if layer(&d) > layer(&m) {
                wrong.push(format!("{} uses {}", name(&m), name(&d)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports running up a layer:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn board_and_search_know_nothing_of_terminals_threads_or_printing() {
    let forbidden = [
        "ratatui",
        "crossterm",
        "clap",
        "crossbeam",
        "rayon",
        "indicatif",
        "plotters",
        "std::thread",
        "thread::spawn",
        "sleep(",
        "println!",
        "eprintln!",
        "print!",
        "stdout",
        "stderr",
    ];
    let mut found = Vec::new();
    for (m, file) in modules() {
        if !matches!(m.first().map(String::as_str), Some("board" | "search")) {
            continue;
        }
        let text = code(&std::fs::read_to_string(&file).unwrap());
        for f in forbidden {
            if text.contains(f) {
                found.push(format!("{} mentions {f}", name(&m)));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    // and the engine draws nothing
    for (m, file) in modules() {
        if m.first().map(String::as_str) == Some("engine") {
            let text = code(&std::fs::read_to_string(&file).unwrap());
            for f in ["ratatui", "crossterm", "clap"] {
                assert!(!text.contains(f), "{} mentions {f}", name(&m));
            }
        }
    }
}

/// The checker itself: a circle it must see, and paths it must resolve.
#[test]
fn the_checker_sees_circles_and_resolves_paths() {
    let m = |s: &str| -> ModPath { s.split("::").map(String::from).collect() };
    let mut g = BTreeMap::new();
    g.insert(m("a"), BTreeSet::from([m("b")]));
    g.insert(m("b"), BTreeSet::from([m("c")]));
    g.insert(m("c"), BTreeSet::from([m("a")]));
    assert_eq!(find_cycle(&g).map(|c| c.len()), Some(4));
    g.insert(m("c"), BTreeSet::new());
    assert_eq!(find_cycle(&g), None);
    assert_eq!(
        expand("crate::search::{contract::{Build, Step}, params::Preset as P}"),
        vec![
            "crate::search::contract::Build",
            "crate::search::contract::Step",
            "crate::search::params::Preset",
        ]
    );
    let known = modules();
    let beam: ModPath = ["search", "local", "beam"].map(String::from).to_vec();
    assert_eq!(
        resolve("super::start::initial", &beam, false, &known),
        Some(["search", "local", "start"].map(String::from).to_vec())
    );
    assert_eq!(
        resolve("crate::search::Search", &beam, false, &known),
        Some(vec!["search".to_string()])
    );
    let refs = references(&code(
        "use super::a;\nfn f() { crate::b::c(); } // crate::x::y\n",
    ));
    assert!(refs.iter().any(|(p, _)| p == "super::a"));
    assert!(refs.iter().any(|(p, _)| p == "crate::b::c"));
    assert!(!refs.iter().any(|(p, _)| p.contains('x')), "{refs:?}");
}

/// The core's own dependencies name no terminal, SSH, HTTP or language crate: the floors above it
/// bring those.
#[test]
fn the_core_depends_on_no_screen_network_or_words() {
    let manifest = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/core/Cargo.toml"),
    )
    .unwrap();
    for forbidden in [
        "ratatui",
        "crossterm",
        "russh",
        "tokio",
        "axum",
        "hyper",
        "fluent",
        "unic-langid",
        "sudoscope-i18n",
        "sudoscope-tui",
        "sudoscope-serve",
    ] {
        assert!(
            !manifest.contains(forbidden),
            "crates/core/Cargo.toml names {forbidden}"
        );
    }
}
