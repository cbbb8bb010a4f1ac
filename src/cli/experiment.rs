//! `sudoscope experiment`: N restarts of each algorithm on all cores, a success table, records
//! and figures.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use sudoscope_i18n::Lang;

use anyhow::Context;

use super::args::{ExperimentArgs, PlotFormat, TableFormat};
use super::exit;
use super::human::{compact, human_time};
use sudoscope_core::board::Puzzle;
use sudoscope_core::catalog;
use sudoscope_core::engine::experiment::{self, Arm, Plan, Progress};
use sudoscope_core::engine::result::{RunResult, write_csv, write_json};
use sudoscope_core::engine::stats::{Summary, summarise};
use sudoscope_core::run::{SettingText, check_method};
use sudoscope_core::search::registry::Setting;
use sudoscope_core::search::{AlgoInfo, Preset};
use sudoscope_figures::plot::{self, Group, ImageFormat};

pub fn run(args: &ExperimentArgs, lang: Lang, out: &mut impl Write) -> anyhow::Result<i32> {
    let puzzles = catalog::resolve(args.puzzle.get())?;
    let arms = if args.algo.is_empty() {
        Vec::new()
    } else {
        arms(args, lang)?
    };
    if args.runs == 0 {
        anyhow::bail!("--runs must be at least 1");
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        anyhow::bail!("--threads must be at least 1");
    }
    if args
        .max_seconds
        .is_some_and(|s| !(s > 0.0 && s.is_finite()))
    {
        anyhow::bail!("--max-seconds must be a positive number of seconds");
    }
    let plan = Plan {
        arms: &arms,
        puzzles: &puzzles,
        runs: args.runs,
        seed: args.seed,
        max_steps: args.max_steps,
        max_seconds: args.max_seconds,
        threads,
    };
    let commands = args.command.is_some() as usize;
    let total = ((arms.len() * puzzles.len() + commands) * args.runs) as u64;
    let progress = Arc::new(Progress::default());
    // Ctrl-C, SIGTERM and SIGHUP stop the runs (a command's with its process group) and the
    // table of the runs that finished is printed, marked partial
    sudoscope_core::signals::catch();
    let watching = Arc::new(std::sync::atomic::AtomicBool::new(true));
    {
        let (p, w) = (Arc::clone(&progress), Arc::clone(&watching));
        std::thread::spawn(move || {
            while w.load(Ordering::Relaxed) {
                if sudoscope_core::signals::caught().is_some() {
                    p.stop.store(true, Ordering::SeqCst);
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
    }
    let bar = progress_bar(total);
    // the wall time is the work's own: the runs, from the first start to the last end
    let started = std::time::Instant::now();
    let mut records = experiment::run_with(&plan, &progress, &|_| bar.inc(1));
    let mut command_rows = Vec::new();
    if let Some(template) = &args.command {
        let runs = command_runs(template, args, threads, &progress, &bar);
        if let Some(first) = runs.first() {
            command_rows.push(first.label.clone());
        }
        records.extend(runs);
    }
    let wall = started.elapsed().as_secs_f64();
    watching.store(false, Ordering::Relaxed);
    bar.finish_and_clear();
    let interrupted = progress.stop.load(Ordering::SeqCst);
    let failed = records
        .iter()
        .filter(|r| r.outcome == sudoscope_core::engine::result::Ending::Failed)
        .count();
    let exited_badly = records.iter().filter(|r| r.exited_badly()).count();

    let mut summaries = table_rows(&arms, &puzzles, &records);
    for label in &command_rows {
        let mine: Vec<&RunResult> = records.iter().filter(|r| &r.label == label).collect();
        let puzzle = mine.first().map_or("", |r| r.puzzle.as_str());
        summaries.push(summarise(label, puzzle, &mine));
    }
    match (args.format, &args.out) {
        (TableFormat::Table, _) | (_, Some(_)) => {
            if interrupted {
                writeln!(
                    out,
                    "{}",
                    tr!(
                        lang,
                        "experiment-partial",
                        done = records.len(),
                        total = total
                    )
                )?;
            }
            write_table(lang, out, &summaries)?;
            if args.command.is_some() {
                writeln!(
                    out,
                    "{}",
                    tr!(
                        lang,
                        "experiment-command-limit",
                        seconds = lang.num(command_seconds(args), 0)
                    )
                )?;
            }
        }
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
        let labels = arms
            .iter()
            .map(Arm::label)
            .chain(command_rows.iter().cloned());
        let groups: Vec<Group> = labels
            .map(|label| Group {
                runs: records.iter().filter(|r| r.label == label).collect(),
                label,
            })
            .collect();
        let format = match args.plot_format {
            PlotFormat::Svg => ImageFormat::Svg,
            PlotFormat::Png => ImageFormat::Png,
        };
        let files = plot::write_all(lang, dir, &groups, args.max_steps, format)
            .map_err(anyhow::Error::msg)?;
        for f in files {
            eprintln!("wrote {}", f.display());
        }
    }
    eprintln!(
        "{}",
        tr!(
            lang,
            "experiment-summary",
            done = records.len(),
            total = total,
            threads = threads,
            time = lang.localize(human_time(wall))
        )
    );
    if interrupted {
        eprintln!(
            "{}",
            tr!(lang, "experiment-interrupted", done = records.len())
        );
        return Ok(sudoscope_core::signals::caught().map_or(exit::INTERRUPTED, exit::by_signal));
    }
    if failed > 0 {
        eprintln!("{}", tr!(lang, "experiment-failed", failed = failed));
    }
    if exited_badly > 0 {
        eprintln!(
            "{}",
            tr!(lang, "experiment-exited-badly", runs = exited_badly)
        );
    }
    if failed > 0 || exited_badly > 0 {
        return Ok(exit::RUNS_FAILED);
    }
    Ok(exit::OK)
}

/// `--command`: the runs of the command, each problem and each failure said on standard error
/// with its run and seed.
fn command_runs(
    template: &str,
    args: &ExperimentArgs,
    threads: usize,
    progress: &Progress,
    bar: &indicatif::ProgressBar,
) -> Vec<RunResult> {
    use sudoscope_core::engine::trace::runs::{CommandPlan, name_runs, run};
    let plan = CommandPlan {
        template,
        runs: args.runs,
        seed: args.seed,
        max_steps: args.max_steps,
        max_seconds: command_seconds(args),
        threads,
    };
    let mut runs = run(&plan, progress, &|_| bar.inc(1));
    name_runs(&mut runs, template);
    let mut records = Vec::new();
    for r in runs {
        for p in &r.problems {
            bar.suspend(|| eprintln!("--command run {} (seed {}): {p}", r.run, r.seed));
        }
        if let Some(f) = &r.record.failure {
            bar.suspend(|| {
                eprintln!(
                    "--command run {} (seed {}) failed: {}",
                    r.run, r.seed, f.reason
                );
                for l in &f.stderr {
                    eprintln!("    {l}");
                }
            });
        }
        if r.record.exited_badly() {
            bar.suspend(|| {
                eprintln!(
                    "--command run {} (seed {}) wrote its whole trace, then ended with {}",
                    r.run,
                    r.seed,
                    r.record.exit.as_deref().unwrap_or("?")
                );
                for l in &r.stderr {
                    eprintln!("    {l}");
                }
            });
        }
        records.push(r.record);
    }
    records
}

/// The time limit of a run of `--command`: --max-seconds, else the default.
fn command_seconds(args: &ExperimentArgs) -> f64 {
    args.max_seconds
        .unwrap_or(sudoscope_core::engine::trace::runs::DEFAULT_SECONDS)
}

/// The arms: each algorithm in each preset with the `--set` values it declares, or one arm per
/// value of the `--vary` parameter.
fn arms(args: &ExperimentArgs, lang: Lang) -> anyhow::Result<Vec<Arm>> {
    let own = |algo: &AlgoInfo, preset: Preset| -> Vec<SettingText> {
        // a shared --set applies to the arms that declare the parameter
        args.set
            .iter()
            .filter(|kv| {
                let key = kv.split_once('=').map_or(kv.as_str(), |(k, _)| k).trim();
                algo.params(preset).iter().any(|s| s.name == key) || args.algo.len() == 1
            })
            .map(|kv| super::typed_setting(lang, kv))
            .collect()
    };
    let vary = match &args.vary {
        None => None,
        Some(spec) => {
            let (name, values) = spec.split_once('=').with_context(|| {
                format!("--vary {spec:?}: write it NAME=V1,V2,... (for example k=5,20,50)")
            })?;
            let values: Vec<&str> = values
                .split(',')
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .collect();
            if values.is_empty() {
                anyhow::bail!("--vary {spec:?}: give at least one value after =");
            }
            if args.algo.len() != 1 {
                anyhow::bail!("--vary compares settings of one algorithm: give one --algo");
            }
            Some((name.trim(), values))
        }
    };
    let mut arms = Vec::new();
    for text in &args.algo {
        // NAME[:PRESET][:PARAM=VALUE...]: its own preset and parameters, or --preset and --set
        let setting = Setting::parse(text)?;
        let algo = setting.algo;
        if setting.positional.len() > 1 {
            anyhow::bail!("--algo {text}: give NAME[:PRESET][:PARAM=VALUE...]");
        }
        let presets = match setting
            .preset()
            .map_err(|e| anyhow::anyhow!("--algo {text}: {e}"))?
        {
            Some(p) => vec![p],
            None => args.preset.clone(),
        };
        for preset in presets {
            // the run's own check: the same rules and errors as a run's --set
            let mut base = own(algo, preset);
            base.extend(
                setting
                    .keyed
                    .iter()
                    .map(|(k, v)| SettingText::flag("--algo", format!("{k}={v}"))),
            );
            match &vary {
                None => arms.push(Arm::of(check_method(algo, preset, &base)?)),
                Some((param, values)) => {
                    for v in values {
                        let mut set = base.clone();
                        set.push(SettingText::flag("--vary", format!("{param}={v}")));
                        arms.push(Arm::of(check_method(algo, preset, &set)?).naming(param));
                    }
                }
            }
        }
    }
    Ok(arms)
}

/// A bar on a terminal; nothing otherwise. Each finished run moves it.
fn progress_bar(total: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(total);
    b.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} runs, eta {eta}",
        )
        .expect("a valid template"),
    );
    b
}

/// One row per arm (and per puzzle, with an `all` row, when a set is run). Runs are matched to
/// arms by label, which names every non-default parameter: two settings never share a row.
fn table_rows(arms: &[Arm], puzzles: &[Puzzle], records: &[RunResult]) -> Vec<Summary> {
    let mut rows = Vec::new();
    for a in arms {
        let label = a.label();
        let mine: Vec<&RunResult> = records.iter().filter(|r| r.label == label).collect();
        if puzzles.len() > 1 {
            for p in puzzles {
                let runs: Vec<&RunResult> = mine
                    .iter()
                    .copied()
                    .filter(|r| r.puzzle == p.name)
                    .collect();
                rows.push(summarise(&label, &p.name, &runs));
            }
            rows.push(summarise(&label, "all", &mine));
        } else {
            rows.push(summarise(
                &label,
                puzzles.first().map_or("", |p| p.name.as_str()),
                &mine,
            ));
        }
    }
    rows
}

fn write_table(lang: Lang, out: &mut impl Write, rows: &[Summary]) -> std::io::Result<()> {
    // the failed column only when a run failed (a command's), so built-in tables stay as they
    // are; the column of bad statuses after a whole trace likewise
    let failures = rows.iter().any(|r| r.failed > 0);
    let bad_status = rows.iter().any(|r| r.exited_badly > 0);
    // each column as wide as its widest cell, and at least as the English table always was
    let mut header = vec![
        tr!(lang, "table-algorithm"),
        tr!(lang, "table-puzzle"),
        tr!(lang, "table-runs"),
        tr!(lang, "table-solved"),
        tr!(lang, "table-rate"),
        tr!(lang, "table-interval"),
        tr!(lang, "table-cost"),
        tr!(lang, "table-steps"),
        tr!(lang, "table-time"),
        tr!(lang, "table-solve-time"),
    ];
    // (least width, right-aligned, the gap after)
    let mut layout: Vec<(usize, bool, usize)> = vec![
        (9, false, 1),
        (6, false, 1),
        (5, true, 1),
        (6, true, 1),
        (7, true, 2),
        (17, false, 1),
        (13, false, 1),
        (17, false, 1),
        (21, false, 1),
        (0, false, 0),
    ];
    if bad_status {
        header.insert(4, tr!(lang, "table-exited-badly"));
        layout.insert(4, (6, true, 1));
    }
    if failures {
        header.insert(4, tr!(lang, "table-failed"));
        layout.insert(4, (6, true, 1));
    }
    // with a decimal comma, the interval's two ends are kept apart by a semicolon
    let sep = match lang.decimal() {
        ',' => ';',
        _ => ',',
    };
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut row = vec![
                lang.label(&r.algorithm),
                if r.puzzle == "all" {
                    tr!(lang, "table-all")
                } else {
                    r.puzzle.clone()
                },
                r.runs.to_string(),
                r.solved.to_string(),
                format!("{}%", lang.num(100.0 * r.rate, 1)),
                format!(
                    "[{:>6}{sep} {:>6}]",
                    format!("{}%", lang.num(100.0 * r.low, 1)),
                    format!("{}%", lang.num(100.0 * r.high, 1))
                ),
                format!("{}/{}/{}", r.cost_min, r.cost_median, r.cost_max),
                lang.localize(format!(
                    "{}/{}",
                    compact(r.steps_median),
                    compact(r.steps_p90)
                )),
                lang.localize(format!(
                    "{} / {}",
                    human_time(r.time_median),
                    human_time(r.time_p90)
                )),
                lang.localize(r.solve_time_median.map_or("-".into(), human_time)),
            ];
            if bad_status {
                row.insert(4, r.exited_badly.to_string());
            }
            if failures {
                row.insert(4, r.failed.to_string());
            }
            row
        })
        .collect();
    let len = |s: &str| s.chars().count();
    let widest = |c: usize| cells.iter().map(|row| len(&row[c])).max().unwrap_or(0);
    layout[0].0 = widest(0).max(9) + 2;
    layout[1].0 = widest(1).max(6) + 1;
    let line = |row: &[String]| -> String {
        let mut text = String::new();
        for (c, cell) in row.iter().enumerate() {
            let (least, right, gap) = layout[c];
            let w = least.max(widest(c)).max(len(&header[c]));
            let pad = " ".repeat(w.saturating_sub(len(cell)));
            if right {
                text += &pad;
                text += cell;
            } else {
                text += cell;
                if c + 1 < row.len() {
                    text += &pad;
                }
            }
            text += &" ".repeat(gap);
        }
        text.trim_end().to_string()
    };
    writeln!(out, "{}", line(&header))?;
    for row in &cells {
        writeln!(out, "{}", line(row))?;
    }
    Ok(())
}

/// Write to a new temporary file in `path`'s directory, then move it over `path`: a partial
/// file never stands under the real name, and two runs writing the same path each write their
/// own temporary file, so the result is one whole file or the other.
fn write_atomically(
    path: &Path,
    f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let result = (|| -> std::io::Result<()> {
        let tmp = tempfile::Builder::new()
            .prefix(".sudoscope-")
            .suffix(".partial")
            .tempfile_in(dir)?;
        let mut w = std::io::BufWriter::new(tmp);
        f(&mut w)?;
        w.flush()?;
        let tmp = w.into_inner().map_err(|e| e.into_error())?;
        // the temporary file is private (0600); the file it becomes follows the umask, as any
        // other output does
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = 0o666 & !umask();
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(mode))?;
        }
        tmp.as_file().sync_all()?;
        tmp.persist(path).map_err(|e| e.error)?;
        Ok(())
    })();
    result.with_context(|| format!("cannot write {}", path.display()))
}

/// This process's umask, read without changing it (Linux: /proc/self/status), else the usual
/// 022.
#[cfg(unix)]
fn umask() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Umask:"))
                .and_then(|m| u32::from_str_radix(m.trim(), 8).ok())
        })
        .unwrap_or(0o022)
}
