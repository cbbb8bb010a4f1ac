//! `sudoscope puzzles`: list the built-in sets, or print what a reference names.

use std::io::Write;
use sudoscope_i18n::Lang;

use super::args::PuzzlesArgs;
use super::exit;
use sudoscope_core::catalog::{self, NAMED, SETS};

pub fn run(args: &PuzzlesArgs, lang: Lang, out: &mut impl Write) -> anyhow::Result<i32> {
    let Some(reference) = args.puzzle.given() else {
        writeln!(out, "{:<10} {:>6}  {:<9}  about", "set", "count", "size")?;
        for set in SETS {
            let puzzles = catalog::load_set(set);
            let mut sizes: Vec<String> = puzzles.iter().map(|p| p.geometry().label()).collect();
            sizes.dedup();
            writeln!(
                out,
                "{:<10} {:>6}  {:<9}  {}",
                set.name,
                puzzles.len(),
                sizes.join(","),
                set.about
            )?;
        }
        let named: Vec<String> = NAMED
            .iter()
            .map(|(n, s, i)| format!("{n} = {s}:{i}"))
            .collect();
        writeln!(out, "\nnamed puzzles: {}", named.join(", "))?;
        writeln!(
            out,
            "a reference is a name, a set, set:N (1-based), a file (or file:N), or the puzzle text"
        )?;
        return Ok(exit::OK);
    };
    let mut puzzles = catalog::resolve(reference)?;
    if args.variant > 0 {
        for (i, p) in puzzles.iter_mut().enumerate() {
            p.givens = sudoscope_core::board::symmetry::variant(&p.givens, args.variant, i as u64);
        }
    }
    if let Some(path) = &args.sheet {
        let pages = sudoscope_figures::sheet::write(lang, &puzzles, args.per_page, path)?;
        writeln!(
            out,
            "wrote {}: {} puzzles on {} pages, the answer key last",
            path.display(),
            puzzles.len(),
            pages
        )?;
        return Ok(exit::OK);
    }
    for p in &puzzles {
        if args.lines {
            writeln!(out, "{}", p.givens.to_line())?;
        } else {
            let g = p.geometry();
            writeln!(
                out,
                "{} ({}, {} givens)",
                p.name,
                g.label(),
                p.givens.filled()
            )?;
            writeln!(out, "{}", p.givens)?;
        }
    }
    Ok(exit::OK)
}
