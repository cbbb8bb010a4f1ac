//! `sudoscope experiment`: N restarts of each algorithm on all cores, a success table, records
//! and figures.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use anyhow::Context;

use super::args::{ExperimentArgs, TableFormat};
use super::exit;
use super::human::{compact, human_time};
use crate::catalog;
use crate::engine::experiment::{self, Arm, Plan, Progress, RunRecord};
use crate::engine::plot::{self, Group};
use crate::engine::stats::{Summary, summarise};
use crate::search::find;

pub fn run(args: &ExperimentArgs, out: &mut impl Write) -> anyhow::Result<i32> {
    let puzzles = catalog::resolve(&args.puzzle)?;
    let mut arms = Vec::new();
    for name in &args.algo {
        let algo = find(name.trim())?;
        for &preset in &args.preset {
            // a shared --set applies to the arms that declare the parameter
            let own: Vec<String> = args
                .set
                .iter()
                .filter(|kv| {
                    let key = kv.split_once('=').map_or(kv.as_str(), |(k, _)| k).trim();
                    algo.params(preset).iter().any(|s| s.name == key) || args.algo.len() == 1
                })
                .cloned()
                .collect();
            arms.push(Arm::new(algo, preset, &own)?);
        }
    }
    if args.runs == 0 {
        anyhow::bail!("--runs must be at least 1");
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        anyhow::bail!("--threads must be at least 1");
    }
    let plan = Plan {
        arms: &arms,
        puzzles: &puzzles,
        runs: args.runs,
        seed: args.seed,
        max_steps: args.max_steps,
        threads,
    };
    let total = (arms.len() * puzzles.len() * args.runs) as u64;
    let progress = Arc::new(Progress::default());
    {
        let p = Arc::clone(&progress);
        // a second Ctrl-C (or an earlier handler) falls back to the default behaviour
        let _ = ctrlc::set_handler(move || p.stop.store(true, Ordering::SeqCst));
    }
    let started = std::time::Instant::now();
    let records = std::thread::scope(|s| {
        let bar_progress = Arc::clone(&progress);
        let watcher = s.spawn(move || show_progress(&bar_progress, total));
        let records = experiment::run(&plan, &progress);
        progress.done.store(u64::MAX, Ordering::SeqCst); // tells the bar to finish
        let _ = watcher.join();
        records
    });
    let wall = started.elapsed().as_secs_f64();
    let interrupted = progress.stop.load(Ordering::SeqCst);

    let summaries = table_rows(&arms, &puzzles, &records);
    match (args.format, &args.out) {
        (TableFormat::Table, _) | (_, Some(_)) => write_table(out, &summaries)?,
        _ => {}
    }
    match (args.format, &args.out) {
        (TableFormat::Csv, None) => write_csv(out, &records)?,
        (TableFormat::Json, None) => write_json(out, &records)?,
        (TableFormat::Json, Some(path)) => write_atomically(path, |w| write_json(w, &records))?,
        (_, Some(path)) => write_atomically(path, |w| write_csv(w, &records))?,
        _ => {}
    }
    if let Some(dir) = &args.plot {
        let groups: Vec<Group> = arms
            .iter()
            .map(|a| Group {
                label: a.label(),
                runs: records
                    .iter()
                    .filter(|r| r.algorithm == a.algo.name && r.preset == a.preset)
                    .collect(),
            })
            .collect();
        let files = plot::write_all(dir, &groups, args.max_steps).map_err(anyhow::Error::msg)?;
        for f in files {
            eprintln!("wrote {}", f.display());
        }
    }
    eprintln!(
        "{} of {total} runs on {threads} thread(s) in {}",
        records.len(),
        human_time(wall)
    );
    if interrupted {
        eprintln!(
            "interrupted: the table covers the {} runs that finished",
            records.len()
        );
        return Ok(exit::INTERRUPTED);
    }
    Ok(exit::OK)
}

fn show_progress(progress: &Progress, total: u64) {
    let bar = if std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new(total);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} runs, eta {eta}",
            )
            .expect("a valid template"),
        );
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    loop {
        let done = progress.done.load(Ordering::SeqCst);
        if done == u64::MAX || progress.stop.load(Ordering::SeqCst) {
            break;
        }
        bar.set_position(done);
        std::thread::sleep(Duration::from_millis(100));
    }
    bar.finish_and_clear();
}

fn table_rows(
    arms: &[Arm],
    puzzles: &[crate::board::Puzzle],
    records: &[RunRecord],
) -> Vec<Summary> {
    let mut rows = Vec::new();
    for a in arms {
        let mine: Vec<&RunRecord> = records
            .iter()
            .filter(|r| r.algorithm == a.algo.name && r.preset == a.preset)
            .collect();
        if puzzles.len() > 1 {
            for p in puzzles {
                let runs: Vec<&RunRecord> = mine
                    .iter()
                    .copied()
                    .filter(|r| r.puzzle == p.name)
                    .collect();
                rows.push(summarise(&a.label(), &p.name, &runs));
            }
            rows.push(summarise(&a.label(), "all", &mine));
        } else {
            rows.push(summarise(
                &a.label(),
                puzzles.first().map_or("", |p| p.name.as_str()),
                &mine,
            ));
        }
    }
    rows
}

fn write_table(out: &mut impl Write, rows: &[Summary]) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<22} {:<10} {:>5} {:>6} {:>7}  {:<17} {:<13} {:<17} {:<21} time to solve (med)",
        "algorithm",
        "puzzle",
        "runs",
        "solved",
        "rate",
        "95% interval",
        "cost min/med/max",
        "steps med/p90",
        "time med/p90",
    )?;
    for r in rows {
        writeln!(
            out,
            "{:<22} {:<10} {:>5} {:>6} {:>6.1}%  [{:>5.1}%, {:>5.1}%]  {:<13} {:<17} {:<21} {}",
            r.algorithm,
            r.puzzle,
            r.runs,
            r.solved,
            100.0 * r.rate,
            100.0 * r.low,
            100.0 * r.high,
            format!("{}/{}/{}", r.cost_min, r.cost_median, r.cost_max),
            format!("{}/{}", compact(r.steps_median), compact(r.steps_p90)),
            format!("{} / {}", human_time(r.time_median), human_time(r.time_p90)),
            r.solve_time_median.map_or("-".into(), human_time),
        )?;
    }
    Ok(())
}

fn write_csv(w: &mut dyn Write, records: &[RunRecord]) -> std::io::Result<()> {
    writeln!(
        w,
        "algorithm,preset,puzzle,run,seed,solved,outcome,final_cost,best_cost,steps,seconds"
    )?;
    for r in records {
        writeln!(
            w,
            "{},{},{},{},{},{},{},{},{},{},{:.6}",
            r.algorithm,
            r.preset,
            r.puzzle,
            r.run,
            r.seed,
            r.solved,
            r.outcome.word().replace(' ', "_"),
            r.final_cost,
            r.best_cost,
            r.steps,
            r.seconds
        )?;
    }
    Ok(())
}

fn write_json(w: &mut dyn Write, records: &[RunRecord]) -> std::io::Result<()> {
    for r in records {
        writeln!(
            w,
            "{}",
            serde_json::to_string(r).map_err(std::io::Error::other)?
        )?;
    }
    Ok(())
}

/// Write to a temporary file beside `path`, then rename: a partial file is never left under the
/// real name.
fn write_atomically(
    path: &Path,
    f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.partial"));
    let result = (|| -> std::io::Result<()> {
        let mut w = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        f(&mut w)?;
        w.flush()?;
        w.get_ref().sync_all()?;
        drop(w);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.with_context(|| format!("cannot write {}", path.display()))
}
