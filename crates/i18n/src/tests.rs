//! The catalogs against each other and against the code: every message in every language, with
//! the same arguments; every id the code asks for present.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;

use super::*;

/// Each message's id and the arguments it uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = parser::parse(lang.catalog()).unwrap_or_else(|(_, errors)| {
        panic!("{}.ftl does not parse: {errors:?}", lang.code());
    });
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                variables(p, &mut vars);
            }
            assert!(
                out.insert(m.id.name.to_string(), vars).is_none(),
                "{}.ftl: {} twice",
                lang.code(),
                m.id.name
            );
        }
    }
    out
}

fn variables(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, vars),
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                variables(&v.value, vars);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn every_catalog_has_every_message_with_the_same_arguments() {
    let english = messages(Lang::En);
    assert!(english.len() > 100, "the English catalog is nearly empty");
    for lang in [Lang::Es, Lang::Pt] {
        let other = messages(lang);
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{}.ftl lacks {missing:?}", lang.code());
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(
            extra.is_empty(),
            "{}.ftl has unknown {extra:?}",
            lang.code()
        );
        for (id, vars) in &english {
            assert_eq!(
                &other[id],
                vars,
                "{}.ftl: {id} takes other arguments than en.ftl",
                lang.code()
            );
        }
    }
}

/// Every `tr!(LANG, "ID"…)` in the source of the workspace: the crates beside this one (whose
/// own source holds only examples) and the command line at the top.
fn ids_in_source() -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let top = here.join("../..");
    let mut dirs = vec![top.join("src")];
    for e in std::fs::read_dir(top.join("crates")).unwrap() {
        let krate = e.unwrap().path();
        if krate.file_name() != here.file_name() {
            dirs.push(krate.join("src"));
        }
    }
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                for id in tr_ids(&text) {
                    out.insert((id, p.display().to_string()));
                }
            }
        }
    }
    out
}

/// The literal ids of the `tr!(LANG, "ID"…)` calls in `text`, and of the `.text(LANG, "ID"…)`
/// ones (a screen's own words, [`Lang::text`] and the visualiser's `Front::text`); a call whose
/// id is not a literal is left out: its ids are checked where they are made.
fn tr_ids(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for call in ["tr!(", ".text("] {
        let mut rest = text;
        while let Some(at) = rest.find(call) {
            // `tr!`, not the end of another macro's name (`include_str!`)
            let own = call.starts_with('.')
                || rest[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            rest = &rest[at + call.len()..];
            // the language: an expression up to its comma, with no string in it
            let Some(quote) = rest.find('"') else { break };
            let lang = &rest[..quote];
            let depth = lang.chars().fold(0i32, |d, c| match c {
                '(' | '[' => d + 1,
                ')' | ']' => d - 1,
                _ => d,
            });
            let literal = depth == 0
                && lang.trim_end().ends_with(',')
                && lang.matches(',').count() == 1
                && !lang.contains([';', '{', '}']);
            if own && literal {
                let id = rest[quote + 1..].split('"').next().unwrap_or("");
                if id != "ID" {
                    out.push(id.to_string());
                }
            }
        }
    }
    out
}

#[test]
fn the_ids_are_read_from_each_call() {
    let text = r#"tr!(lang, "a-b"); tr!(app.lang(), "c", n = 2); include_str!("x"); tr!(lang, id);
        let y = "z"; tr!(self.lang, "d",); tr!(lang, "ID"); front.text(lang, "e", &[]);
        x.text("f"); lang.text(&id, &[])"#;
    assert_eq!(tr_ids(text), ["a-b", "c", "d", "e"]);
}

#[test]
fn every_id_the_code_asks_for_is_in_the_catalog() {
    let english = messages(Lang::En);
    let used = ids_in_source();
    assert!(used.len() > 50, "the code asks for almost nothing");
    let missing: Vec<_> = used
        .iter()
        .filter(|(id, _)| !english.contains_key(id))
        .collect();
    assert!(missing.is_empty(), "not in en.ftl: {missing:?}");
}

#[test]
fn a_message_takes_its_arguments_and_plurals_in_each_language() {
    let steps = |lang: Lang, n: u64| tr!(lang, "steps-count", n = n);
    assert_eq!(steps(Lang::En, 1), "1 step");
    assert_eq!(steps(Lang::En, 3), "3 steps");
    assert_eq!(steps(Lang::Es, 1), "1 paso");
    assert_eq!(steps(Lang::Es, 3), "3 pasos");
    assert_eq!(steps(Lang::Pt, 1), "1 passo");
    assert_eq!(steps(Lang::Pt, 3), "3 passos");
    assert_eq!(Lang::Es.num(0.1234, 2), "0,12");
    assert_eq!(Lang::Pt.num(13.5, 1), "13,5");
    assert_eq!(Lang::En.num(0.1234, 2), "0.12");
    assert_eq!(Lang::Es.text("no-such-message", &[]), "no-such-message");
}

#[test]
fn languages_by_code_or_locale_and_english_for_the_rest() {
    assert_eq!(Lang::parse("es_AR.UTF-8"), Some(Lang::Es));
    assert_eq!(Lang::parse("pt-BR"), Some(Lang::Pt));
    assert_eq!(Lang::parse("EN"), Some(Lang::En));
    assert_eq!(Lang::parse("C"), None);
    assert_eq!(Lang::parse("POSIX"), None);
    assert_eq!(Lang::parse("fr_FR.UTF-8"), None);
    assert_eq!(Lang::parse(""), None);
}
