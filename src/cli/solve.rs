//! `sudoscope solve`: solve puzzles headless and print grids and statistics.

use std::io::Write;
use std::time::Instant;

use super::{Format, SolveArgs, exit};
use crate::board::Puzzle;
use crate::catalog;
use crate::search::exact::{self, ExactStats, Strategy, Verdict};

pub fn run(args: &SolveArgs, out: &mut impl Write) -> anyhow::Result<i32> {
    if args.list_algos {
        super::local::list_algos(out)?;
        return Ok(exit::OK);
    }
    let puzzles = catalog::resolve(&args.puzzle)?;
    if let Some(algo) = &args.algo {
        return super::local::run(args, algo, &puzzles, out);
    }
    let strategy = if args.naive {
        Strategy::NAIVE
    } else {
        Strategy::FULL
    };
    let mut code = exit::OK;
    for p in &puzzles {
        let start = Instant::now();
        let (verdict, stats) = exact::solve(p, strategy, 2);
        let micros = start.elapsed().as_secs_f64() * 1e6;
        if !matches!(verdict, Verdict::Unique(_)) {
            code = exit::UNSOLVED;
        }
        match args.format {
            Format::Lines => writeln!(out, "{}", verdict_line(&verdict))?,
            Format::Json => writeln!(out, "{}", exact_json(p, &verdict, &stats, micros))?,
            Format::Text => write_exact_text(out, p, &verdict, &stats, micros, args.naive)?,
        }
    }
    Ok(code)
}

/// The `--format lines` word for a verdict: the solution, `unsolvable` or `multiple`.
fn verdict_line(v: &Verdict) -> String {
    match v {
        Verdict::Unique(g) => g.to_line(),
        Verdict::Several(_) => "multiple".into(),
        Verdict::None => "unsolvable".into(),
    }
}

fn status(v: &Verdict) -> &'static str {
    match v {
        Verdict::Unique(_) => "unique",
        Verdict::Several(_) => "multiple",
        Verdict::None => "unsolvable",
    }
}

fn exact_json(p: &Puzzle, v: &Verdict, s: &ExactStats, micros: f64) -> serde_json::Value {
    let solution = match v {
        Verdict::Unique(g) | Verdict::Several(g) => Some(g.to_line()),
        Verdict::None => None,
    };
    serde_json::json!({
        "puzzle": p.name,
        "size": p.geometry().label(),
        "givens": p.givens.filled(),
        "algorithm": "backtrack",
        "status": status(v),
        "solution": solution,
        "guesses": s.guesses,
        "backtracks": s.backtracks,
        "max_depth": s.max_depth,
        "solution_depth": s.solution_depth,
        "micros": (micros * 10.0).round() / 10.0,
    })
}

fn write_exact_text(
    out: &mut impl Write,
    p: &Puzzle,
    v: &Verdict,
    s: &ExactStats,
    micros: f64,
    naive: bool,
) -> std::io::Result<()> {
    let what = match v {
        Verdict::Unique(_) => "unique solution",
        Verdict::Several(_) => "several solutions (the first found is shown)",
        Verdict::None => "no solution",
    };
    let g = p.geometry();
    writeln!(
        out,
        "{} ({}, {} givens): {what}",
        p.name,
        g.label(),
        p.givens.filled()
    )?;
    if let Verdict::Unique(grid) | Verdict::Several(grid) = v {
        write!(out, "{grid}")?;
    }
    let variant = if naive {
        "naive: first empty cell, elimination"
    } else {
        "fewest candidates first, elimination + hidden singles"
    };
    let depth = s.solution_depth.map_or("-".to_string(), |d| d.to_string());
    writeln!(
        out,
        "exact solver ({variant}): {} guesses, {} backtracks, max depth {}, depth at solution {depth}, {:.0} µs\n",
        s.guesses, s.backtracks, s.max_depth, micros
    )
}
