//! The catalogs' words, for the tests that look for English on a Spanish or Portuguese
//! screen: which words only the English catalog has, and the words a screen shows.
#![allow(dead_code)]

use std::collections::BTreeSet;

pub fn catalog(lang: &str) -> String {
    let path = format!("{}/assets/i18n/{lang}.ftl", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// A catalog's messages: id → text (the lines after `=`, variants included).
pub fn messages(lang: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in catalog(lang).lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(' ')
            && let Some((id, text)) = line.split_once(" = ")
        {
            out.push((id.trim().to_string(), text.to_string()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(' ');
            last.1.push_str(line);
        }
    }
    out
}

/// The words of a text: runs of letters, lowercased, three letters or more, without Fluent's
/// placeables (`{ $name }`) and variant keys (`[one]`).
pub fn words(text: &str) -> BTreeSet<String> {
    let mut cleaned = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            _ if depth == 0 => cleaned.push(c),
            _ => {}
        }
    }
    cleaned
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}

/// English words the other catalog has no use for: what must not show on its screen.
pub fn english_only(lang: &str) -> BTreeSet<String> {
    let theirs: BTreeSet<String> = messages(lang).iter().flat_map(|(_, t)| words(t)).collect();
    messages("en")
        .iter()
        .flat_map(|(_, t)| words(t))
        .filter(|w| !theirs.contains(w))
        .collect()
}

pub fn text_of(lang: &str, id: &str) -> String {
    messages(lang)
        .into_iter()
        .find(|(i, _)| i == id)
        .unwrap_or_else(|| panic!("{lang}.ftl has no {id}"))
        .1
}

/// The words of a screen, leaving out `name=value` settings (as `--set` takes them) and
/// names of puzzles (`sudoku_7`).
pub fn screen_words(screen: &str) -> BTreeSet<String> {
    // a command line (`y`): its flags and their values are the program's, in English
    let mut after_flag = false;
    let kept: Vec<&str> = screen
        .split_whitespace()
        .filter(|t| {
            // (a frame's border may stand before it: `└─│--speed`)
            let t = t.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '-');
            let flag = t.starts_with("--") && t.len() > 2;
            let keep = !flag && !after_flag;
            after_flag = flag;
            keep
        })
        .filter(|t| !t.contains('=') || t.starts_with('='))
        .filter(|t| !t.contains('_'))
        .collect();
    words(&kept.join(" "))
}
