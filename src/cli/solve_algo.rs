//! `sudoscope solve --algo NAME`: one local search (or the stepping exact search) per puzzle.

use std::io::Write;
use std::time::Instant;

use anyhow::Context;

use super::args::{Format, SolveArgs};
use super::exit;
use super::human::human_time;
use crate::board::Puzzle;
use crate::search::params::fmt_num;
use crate::search::registry::{find, resolve_params};
use crate::search::{ALGORITHMS, Outcome, Preset, Search, Snapshot};

/// `--list-algos`: every algorithm with its parameters per preset.
pub fn list_algos(out: &mut impl Write) -> std::io::Result<()> {
    for a in ALGORITHMS {
        writeln!(out, "{} ({}): {}", a.name, a.family.name(), a.about)?;
        for preset in [Preset::Classic, Preset::Tuned] {
            writeln!(out, "  --preset {preset}")?;
            let specs = a.params(preset);
            if specs.is_empty() {
                writeln!(out, "    (no parameters)")?;
            }
            for s in specs {
                writeln!(
                    out,
                    "    {:<16} {:>10}  [{}]  {}",
                    s.name,
                    fmt_num(s.default),
                    s.range_text(),
                    s.meaning
                )?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

pub fn run(
    args: &SolveArgs,
    name: &str,
    puzzles: &[Puzzle],
    out: &mut impl Write,
) -> anyhow::Result<i32> {
    let algo = find(name)?;
    let params = resolve_params(algo, args.preset, &args.set)?;
    let mut code = exit::OK;
    for p in puzzles {
        let mut search = algo.build(p, args.preset, &params, args.seed, None);
        let start = Instant::now();
        let outcome = match &args.trace {
            Some(path) => run_traced(search.as_mut(), args.max_steps, args.trace_every, path)?,
            None => crate::search::run_to_end(search.as_mut(), args.max_steps),
        };
        let secs = start.elapsed().as_secs_f64();
        let snap = search.snapshot();
        if outcome != Outcome::Solved {
            code = exit::UNSOLVED;
        }
        match args.format {
            Format::Lines => writeln!(
                out,
                "{}",
                if outcome == Outcome::Solved {
                    snap.best.to_line()
                } else {
                    "unsolved".into()
                }
            )?,
            Format::Json => writeln!(out, "{}", json(p, name, args, outcome, &snap, secs))?,
            Format::Text => {
                let g = p.geometry();
                writeln!(
                    out,
                    "{} ({}, {} givens): {name} ({}), seed {}: {} after {} steps in {}",
                    p.name,
                    g.label(),
                    p.givens.filled(),
                    args.preset,
                    args.seed,
                    outcome.word(),
                    snap.steps,
                    human_time(secs)
                )?;
                write!(out, "{}", snap.best)?;
                let metrics: Vec<String> = snap
                    .metrics
                    .iter()
                    .map(|m| format!("{} {}", m.name, short(m.value)))
                    .collect();
                writeln!(
                    out,
                    "cost {}, best {}; {}\n",
                    snap.cost,
                    snap.best_cost,
                    metrics.join(", ")
                )?;
            }
        }
    }
    Ok(code)
}

fn json(
    p: &Puzzle,
    name: &str,
    args: &SolveArgs,
    outcome: Outcome,
    snap: &Snapshot,
    secs: f64,
) -> serde_json::Value {
    let metrics: serde_json::Map<String, serde_json::Value> = snap
        .metrics
        .iter()
        .map(|m| (m.name.to_string(), serde_json::json!(m.value)))
        .collect();
    serde_json::json!({
        "puzzle": p.name,
        "size": p.geometry().label(),
        "algorithm": name,
        "preset": args.preset,
        "seed": args.seed,
        "outcome": outcome,
        "solved": outcome == Outcome::Solved,
        "steps": snap.steps,
        "cost": snap.cost,
        "best_cost": snap.best_cost,
        "seconds": secs,
        "best": snap.best.to_line(),
        "metrics": metrics,
    })
}

/// Run, writing step, cost, best and every metric each `every` steps.
fn run_traced(
    search: &mut dyn Search,
    max_steps: u64,
    every: u64,
    path: &std::path::Path,
) -> anyhow::Result<Outcome> {
    let file =
        std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    let mut w = std::io::BufWriter::new(file);
    let first = search.snapshot();
    let names: Vec<&str> = first.metrics.iter().map(|m| m.name).collect();
    writeln!(w, "step,cost,best,{}", names.join(","))?;
    let row = |s: &Snapshot, w: &mut dyn Write| -> std::io::Result<()> {
        let values: Vec<String> = s.metrics.iter().map(|m| m.value.to_string()).collect();
        writeln!(
            w,
            "{},{},{},{}",
            s.steps,
            s.cost,
            s.best_cost,
            values.join(",")
        )
    };
    row(&first, &mut w)?;
    let every = every.max(1);
    let outcome = loop {
        if let Some(o) = search.ended() {
            break o;
        }
        if search.steps() >= max_steps {
            break Outcome::BudgetSpent;
        }
        search.step();
        if search.steps().is_multiple_of(every) || search.ended().is_some() {
            row(&search.snapshot(), &mut w)?;
        }
    };
    w.flush()?;
    Ok(outcome)
}

fn short(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e9 {
        format!("{}", x as i64)
    } else {
        format!("{x:.4}")
    }
}
