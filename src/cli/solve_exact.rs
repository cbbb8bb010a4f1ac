//! `sudoscope solve` without `--algo`: the exact solver counts each puzzle's solutions and
//! prints the grids and its statistics.

use std::io::Write;
use std::time::Instant;

use super::args::{Format, SolveArgs};
use super::exit;
use sudoscope_core::board::Puzzle;
use sudoscope_core::engine::result::{Ending, Metrics, RunResult, write_csv, write_json};
use sudoscope_core::search::exact::{self, ExactStats, Solutions, Strategy};

/// The exact solver on each puzzle: the verdict, the solution and the solver's counts.
pub fn run(args: &SolveArgs, puzzles: &[Puzzle], out: &mut impl Write) -> anyhow::Result<i32> {
    let mut code = exit::OK;
    // CSV has one header: its records are written together at the end
    let mut rows = Vec::new();
    for p in puzzles {
        let engine = Engine::of(args, p);
        let start = Instant::now();
        let (verdict, stats) = match engine {
            Engine::Nine | Engine::Matching => exact::solve_fastest(p, 2),
            Engine::Generic(strategy) => exact::solve(p, strategy, 2),
        };
        let micros = start.elapsed().as_secs_f64() * 1e6;
        if !matches!(verdict, Solutions::Unique(_)) {
            code = exit::UNSOLVED;
        }
        match args.format {
            Format::Lines => writeln!(out, "{}", verdict_line(&verdict))?,
            Format::Json => write_json(out, &[exact_record(p, &verdict, &stats, micros, engine)])?,
            Format::Csv => rows.push(exact_record(p, &verdict, &stats, micros, engine)),
            Format::Text => write_exact_text(out, p, &verdict, &stats, micros, engine)?,
        }
    }
    if args.format == Format::Csv {
        write_csv(out, &rows)?;
    }
    Ok(code)
}

/// Which exact solver answers for a puzzle.
#[derive(Clone, Copy)]
enum Engine {
    /// The fastest 9x9 solver: triads, or bands without AVX2.
    Nine,
    /// Other sizes: a short run of the generic solver, then restarted matching searches.
    Matching,
    Generic(Strategy),
}

impl Engine {
    fn of(args: &SolveArgs, p: &Puzzle) -> Engine {
        if args.naive {
            Engine::Generic(Strategy::NAIVE)
        } else if args.generic {
            Engine::Generic(Strategy::FULL)
        } else if p.geometry().n != 9 {
            Engine::Matching
        } else {
            Engine::Nine
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Engine::Nine if exact::nine_by_nine_solver() == "triads" => {
                "9x9 triad solver: boxes and bands in vector lanes, branching on a band's permutations"
            }
            Engine::Nine => "9x9 band solver: locked candidates and singles on bitboards",
            Engine::Matching => {
                "all-different by matching, locked candidates, guesses by fewest candidates per failure weight, restarts"
            }
            Engine::Generic(Strategy::NAIVE) => "naive: first empty cell, elimination",
            Engine::Generic(_) => "fewest candidates first, elimination + hidden singles",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Engine::Nine => exact::nine_by_nine_solver(),
            Engine::Matching => "matching",
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

/// The record of an exact solve: algorithm `exact`, the solver that answered, the counters as
/// metrics.
fn exact_record(
    p: &Puzzle,
    v: &Solutions,
    s: &ExactStats,
    micros: f64,
    engine: Engine,
) -> RunResult {
    let outcome = match v {
        Solutions::Unique(_) => Ending::Solved,
        Solutions::Several(_) => Ending::Several,
        Solutions::None => Ending::Unsolvable,
    };
    let mut r = RunResult::new(p, "exact", outcome);
    r.solver = Some(engine.name());
    r.label = format!("exact ({})", engine.name());
    r.solution = v.grid().map(|g| g.to_line());
    let counted = sudoscope_core::board::cost::cost(
        v.grid().unwrap_or(&p.givens),
        sudoscope_core::board::Counted::ALL,
    );
    r.cost = counted;
    r.best_cost = counted;
    r.seconds = micros / 1e6;
    let mut metrics = vec![
        ("givens".to_string(), p.givens.filled() as f64),
        ("guesses".to_string(), s.guesses as f64),
        ("backtracks".to_string(), s.backtracks as f64),
        ("propagations".to_string(), s.propagations as f64),
        ("max_depth".to_string(), s.max_depth as f64),
    ];
    if let Some(d) = s.solution_depth {
        metrics.push(("solution_depth".to_string(), d as f64));
    }
    r.metrics = Metrics(metrics);
    r
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
