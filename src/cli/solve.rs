//! `sudoscope solve`: solve puzzles headless and print grids and statistics.

use std::io::Write;
use std::time::Instant;

use super::args::{Format, SolveArgs};
use super::exit;
use crate::board::Puzzle;
use crate::catalog;
use crate::search::exact::{self, ExactStats, Solutions, Strategy};

pub fn run(args: &SolveArgs, out: &mut impl Write) -> anyhow::Result<i32> {
    if args.list_algos {
        super::solve_algo::list_algos(out)?;
        return Ok(exit::OK);
    }
    let puzzles = catalog::resolve(&args.puzzle)?;
    if let Some(algo) = &args.algo {
        return super::solve_algo::run(args, algo, &puzzles, out);
    }
    let mut code = exit::OK;
    for p in &puzzles {
        let engine = Engine::of(args, p);
        let start = Instant::now();
        let (verdict, stats) = match engine {
            Engine::Bands => exact::solve_fastest(p, 2),
            Engine::Generic(strategy) => exact::solve(p, strategy, 2),
        };
        let micros = start.elapsed().as_secs_f64() * 1e6;
        if !matches!(verdict, Solutions::Unique(_)) {
            code = exit::UNSOLVED;
        }
        match args.format {
            Format::Lines => writeln!(out, "{}", verdict_line(&verdict))?,
            Format::Json => writeln!(out, "{}", exact_json(p, &verdict, &stats, micros, engine))?,
            Format::Text => write_exact_text(out, p, &verdict, &stats, micros, engine)?,
        }
    }
    Ok(code)
}

/// Which exact solver answers for a puzzle.
#[derive(Clone, Copy)]
enum Engine {
    /// The 9x9 band solver.
    Bands,
    Generic(Strategy),
}

impl Engine {
    fn of(args: &SolveArgs, p: &Puzzle) -> Engine {
        if args.naive {
            Engine::Generic(Strategy::NAIVE)
        } else if args.generic || p.geometry().n != 9 {
            Engine::Generic(Strategy::FULL)
        } else {
            Engine::Bands
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Engine::Bands => "9x9 band solver: locked candidates and singles on bitboards",
            Engine::Generic(Strategy::NAIVE) => "naive: first empty cell, elimination",
            Engine::Generic(_) => "fewest candidates first, elimination + hidden singles",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Engine::Bands => "bands",
            Engine::Generic(Strategy::NAIVE) => "naive",
            Engine::Generic(_) => "generic",
        }
    }
}

/// The `--format lines` word for a verdict: the solution, `unsolvable` or `multiple`.
fn verdict_line(v: &Solutions) -> String {
    match v {
        Solutions::Unique(g) => g.to_line(),
        Solutions::Several(_) => "multiple".into(),
        Solutions::None => "unsolvable".into(),
    }
}

fn status(v: &Solutions) -> &'static str {
    match v {
        Solutions::Unique(_) => "unique",
        Solutions::Several(_) => "multiple",
        Solutions::None => "unsolvable",
    }
}

fn exact_json(
    p: &Puzzle,
    v: &Solutions,
    s: &ExactStats,
    micros: f64,
    engine: Engine,
) -> serde_json::Value {
    let solution = match v {
        Solutions::Unique(g) | Solutions::Several(g) => Some(g.to_line()),
        Solutions::None => None,
    };
    serde_json::json!({
        "puzzle": p.name,
        "size": p.geometry().label(),
        "givens": p.givens.filled(),
        "algorithm": "backtrack",
        "solver": engine.name(),
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
    v: &Solutions,
    s: &ExactStats,
    micros: f64,
    engine: Engine,
) -> std::io::Result<()> {
    let what = match v {
        Solutions::Unique(_) => "unique solution",
        Solutions::Several(_) => "several solutions (the first found is shown)",
        Solutions::None => "no solution",
    };
    let g = p.geometry();
    writeln!(
        out,
        "{} ({}, {} givens): {what}",
        p.name,
        g.label(),
        p.givens.filled()
    )?;
    if let Solutions::Unique(grid) | Solutions::Several(grid) = v {
        write!(out, "{grid}")?;
    }
    let variant = engine.describe();
    let depth = s.solution_depth.map_or("-".to_string(), |d| d.to_string());
    writeln!(
        out,
        "exact solver ({variant}): {} guesses, {} backtracks, max depth {}, depth at solution {depth}, {:.0} µs\n",
        s.guesses, s.backtracks, s.max_depth, micros
    )
}
