//! `sudoscope solve --algo NAME`: one search per puzzle (a local search, or the exact search
//! stepped as the visualiser steps it), with its record or its grid.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Context;

use super::args::{Format, SolveArgs};
use super::exit;
use super::human::human_time;
use sudoscope_core::board::Puzzle;
use sudoscope_core::engine::experiment::{Arm, drive, record_of, stop_reason};
use sudoscope_core::engine::result::{Ending, key, write_csv, write_json};
use sudoscope_core::run::{RunInput, SettingText, check_on};
use sudoscope_core::search::{ALGORITHMS, Preset, Search, Snapshot};
use sudoscope_i18n::Lang;

/// `--list-algos`: every algorithm with its parameters per preset.
pub fn list_algos(lang: Lang, out: &mut impl Write) -> std::io::Result<()> {
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
                    s.show(s.default),
                    sudoscope_tui::words::valid(lang, &s.valid()),
                    s.meaning
                )?;
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

/// A search per puzzle, each run as the visualiser would start it with the same flags.
pub fn run(
    args: &SolveArgs,
    (name, lang): (&str, Lang),
    puzzles: &[Puzzle],
    out: &mut impl Write,
) -> anyhow::Result<i32> {
    if args
        .max_seconds
        .is_some_and(|s| !(s > 0.0 && s.is_finite()))
    {
        anyhow::bail!("--max-seconds must be a positive number of seconds");
    }
    if args.run.start.is_some() && puzzles.len() != 1 {
        anyhow::bail!(
            "--start gives one board: solve one puzzle with it, not {}",
            puzzles.len()
        );
    }
    let input = RunInput {
        algo: Some(SettingText::flag("--algo", name)),
        ..super::run_input(lang, &args.run)
    };
    let mut code = exit::OK;
    let never = AtomicBool::new(false);
    // CSV has one header: its records are written together at the end
    let mut rows = Vec::new();
    for p in puzzles {
        let spec = check_on(&input, p.clone())?;
        let arm = Arm::of(spec.method.clone());
        let start = Instant::now();
        let m = &spec.method;
        let mut search = m
            .algo
            .build(p, m.preset, &m.params, spec.seed, spec.start.as_ref());
        let ending = match &args.trace {
            Some(path) if path.extension().is_some_and(|e| e == "csv") => {
                run_traced(search.as_mut(), args, path)?
            }
            Some(path) => run_trace_lines(search.as_mut(), &spec, args, path)?,
            None => {
                drive(
                    search.as_mut(),
                    args.max_steps,
                    args.max_seconds,
                    &[],
                    &never,
                )
                .expect("never stopped")
                .0
            }
        };
        let secs = start.elapsed().as_secs_f64();
        let mut record = record_of(search.as_ref(), p, &arm, spec.seed, ending, secs);
        record.start = spec.start.as_ref().map(|g| g.to_line());
        if !record.solved {
            code = exit::UNSOLVED;
        }
        match args.format {
            Format::Lines => writeln!(out, "{}", record.solution.as_deref().unwrap_or("unsolved"))?,
            Format::Json => write_json(out, &[record])?,
            Format::Csv => rows.push(record),
            Format::Text => {
                let snap = search.snapshot();
                let g = p.geometry();
                writeln!(
                    out,
                    "{} ({}, {} givens): {}, seed {}: {} after {} steps in {}",
                    p.name,
                    g.label(),
                    p.givens.filled(),
                    record.label,
                    spec.seed,
                    ending.word(),
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
    if args.format == Format::Csv {
        write_csv(out, &rows)?;
    }
    Ok(code)
}

/// Run step by step, writing a trace (`docs/trace-format.md`): the header, every step, the
/// closing line. `--trace-every` does not thin it: a trace holds every step, so it replays.
fn run_trace_lines(
    search: &mut dyn Search,
    spec: &sudoscope_core::run::RunSpec,
    args: &SolveArgs,
    path: &std::path::Path,
) -> anyhow::Result<Ending> {
    use sudoscope_core::engine::trace::write::TraceWriter;
    let file =
        std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    let out = std::io::BufWriter::new(file);
    let mut w = TraceWriter::start(
        out,
        spec,
        &spec.puzzle.name,
        search,
        Some(sudoscope_tui::step_log::english),
    )?;
    let start = Instant::now();
    let ending = loop {
        if let Some(e) = stop_reason(search, args.max_steps, args.max_seconds, start) {
            break e;
        }
        let step = search.step();
        w.step(search, &step)?;
    };
    w.end(search, ending)?;
    Ok(ending)
}

/// Run step by step, writing step, cost, best and every metric each `--trace-every` steps as
/// CSV (through the csv crate: any metric name is quoted as it needs).
fn run_traced(
    search: &mut dyn Search,
    args: &SolveArgs,
    path: &std::path::Path,
) -> anyhow::Result<Ending> {
    let file =
        std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    let mut w = csv::Writer::from_writer(std::io::BufWriter::new(file));
    let first = search.snapshot();
    let mut header = vec!["step".to_string(), "cost".into(), "best".into()];
    header.extend(first.metrics.iter().map(|m| key(m.name)));
    w.write_record(&header)?;
    let row = |s: &Snapshot, w: &mut csv::Writer<_>| -> csv::Result<()> {
        let mut fields = vec![
            s.steps.to_string(),
            s.cost.to_string(),
            s.best_cost.to_string(),
        ];
        fields.extend(s.metrics.iter().map(|m| m.value.to_string()));
        w.write_record(&fields)
    };
    row(&first, &mut w)?;
    let every = args.trace_every.max(1);
    let start = Instant::now();
    let ending = loop {
        if let Some(e) = stop_reason(search, args.max_steps, args.max_seconds, start) {
            break e;
        }
        search.step();
        if search.steps().is_multiple_of(every) || search.ended().is_some() {
            row(&search.snapshot(), &mut w)?;
        }
    };
    w.flush()?;
    Ok(ending)
}

fn short(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e9 {
        format!("{}", x as i64)
    } else {
        format!("{x:.4}")
    }
}
