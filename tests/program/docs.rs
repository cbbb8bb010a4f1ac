//! The documents hold together: every relative link in the repository's Markdown reaches a file
//! that exists (and, with an anchor, a heading of that file), and the guide's table of contents
//! (docs/SUMMARY.md) lists every chapter in docs/ and nothing that is not there. `.ci/run` also
//! builds the guide with mdBook.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files of the repository that people read: the top's, docs/, the crates' and
/// python's, asset folders' provenance notes (target/ and hidden folders aside).
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "target" || name == "node_modules" {
                continue;
            }
            if path.is_dir() {
                walk(&path, out);
            } else if name.ends_with(".md") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root(), &mut out);
    out.sort();
    out
}

/// The links of a Markdown text, `[text](target)`, outside code blocks and code spans.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // code spans hold no links
        let mut plain = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                plain.push_str(part);
            }
        }
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            match after.find(')') {
                Some(end) => {
                    out.push(after[..end].to_string());
                    rest = &after[end..];
                }
                None => break,
            }
        }
    }
    out
}

/// The anchors GitHub and mdBook give a file's headings: lower case, spaces as hyphens, other
/// punctuation dropped.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        out.insert(slug);
    }
    out
}

#[test]
fn every_relative_link_reaches_its_file_and_heading() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for link in links(&text) {
            let link = link.split_whitespace().next().unwrap_or("").to_string();
            if link.is_empty() || link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, anchor) = match link.split_once('#') {
                Some((p, a)) => (p.to_string(), Some(a.to_string())),
                None => (link.clone(), None),
            };
            let target = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(&path)
            };
            let shown = file.strip_prefix(root()).unwrap().display().to_string();
            if !target.exists() {
                broken.push(format!("{shown}: {link} (no such file)"));
                continue;
            }
            if let Some(anchor) = anchor
                && target.extension().is_some_and(|e| e == "md")
            {
                let headings = anchors(&std::fs::read_to_string(&target).unwrap());
                if !headings.contains(&anchor) {
                    broken.push(format!("{shown}: {link} (no such heading)"));
                }
            }
        }
    }
    assert!(checked > 20, "the links were read: {checked}");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_guides_contents_list_every_chapter() {
    let docs = root().join("docs");
    let summary = std::fs::read_to_string(docs.join("SUMMARY.md")).unwrap();
    let listed: BTreeSet<String> = links(&summary).into_iter().collect();
    let chapters: BTreeSet<String> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md") && n != "SUMMARY.md")
        .collect();
    assert_eq!(
        listed, chapters,
        "docs/SUMMARY.md lists the chapters in docs/, each once"
    );
}
