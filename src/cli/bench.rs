//! `sudoscope bench`: the figures of BENCHMARKS.md, each from one command anyone can rerun.
//!
//! - exact: mean µs per puzzle to find a solution and prove it unique, one core;
//! - search: proposals per second of tuned annealing (9x9), per-run times of the classic
//!   descents on sudoku_7 beside the course's Python figures;
//! - anneal: tuned annealing time to solution over a set (median, p90, success within a budget);
//! - scaling: experiment throughput on 1 and 2 threads;
//! - tui: steps per second of a search under a runner whose frames are drawn at 30 fps, against
//!   the same search headless.

use std::io::Write;
use std::time::{Duration, Instant};

use super::args::{BenchArgs, SolverChoice, Suite};
use super::exit;
use sudoscope_core::board::Puzzle;
use sudoscope_core::catalog;
use sudoscope_core::engine::experiment::{Arm, Plan, Progress, run as run_experiment};
use sudoscope_core::engine::stats::quantile;
use sudoscope_core::run::{Method, RunSpec};
use sudoscope_core::search::exact::{
    Solutions, Strategy, band_solver, nine_by_nine_solver, solve, solve_fastest,
};
use sudoscope_core::search::{Preset, build, find};

pub fn run(args: &BenchArgs, out: &mut impl Write) -> anyhow::Result<i32> {
    let all = args.suite == Suite::All;
    if !(args.seconds > 0.0 && args.seconds <= 3600.0) {
        anyhow::bail!(
            "bench --seconds {}: give seconds above 0 and at most 3600",
            args.seconds
        );
    }
    if !args.algo.is_empty() && args.suite != Suite::Families {
        anyhow::bail!("bench --algo: only `bench families` measures algorithms one by one");
    }
    writeln!(
        out,
        "machine: {} logical cores; hot loops run as {} (chosen at run time); one core per measurement unless stated",
        cores(),
        sudoscope_core::cpu::level().name()
    )?;
    if all || args.suite == Suite::Exact {
        exact(
            out,
            &sets_or(args, &["top95", "top1465", "forum1106"]),
            args.limit,
            args.variant,
            args.solver,
        )?;
    }
    if all || args.suite == Suite::Search {
        search(out, args.seconds)?;
    }
    if all || args.suite == Suite::Anneal {
        anneal(out, &sets_or(args, &["top95", "la16", "la25"]), args.limit)?;
    }
    if all || args.suite == Suite::Scaling {
        scaling(out)?;
    }
    if all || args.suite == Suite::Tui {
        tui_overhead(out, args.seconds)?;
    }
    if all || args.suite == Suite::Generate {
        generating(out, args.seconds)?;
    }
    if args.suite == Suite::Large {
        let sets = sets_or(args, &["la16", "la25"])
            .iter()
            .map(|s| Ok((shorten(s), load(s, args.limit)?)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        super::bench_large::large(out, &sets)?;
    }
    #[cfg(feature = "serve")]
    if args.suite == Suite::Serve {
        let keys = if args.keys_together {
            super::bench_serve::Keys::Together
        } else {
            super::bench_serve::Keys::Own
        };
        let class = super::bench_serve::Class {
            sessions: args.sessions as usize,
            transport: args.transport,
            keys,
        };
        return super::bench_serve::run(out, class, args.seconds).map(|_| crate::cli::exit::OK);
    }
    #[cfg(not(feature = "serve"))]
    if args.suite == Suite::Serve {
        anyhow::bail!(
            "bench serve: this program was built without serving (cargo's `serve` feature, on by default)"
        );
    }
    if args.suite == Suite::Families {
        families(out, &args.algo, args.seconds)?;
    }
    if args.suite == Suite::Memory {
        memory(out, args.seconds)?;
    }
    if args.suite == Suite::Trace {
        super::bench_trace::run(out, args.limit)?;
    }
    Ok(exit::OK)
}

/// The sets given with `--puzzle`, or a suite's defaults when there are none.
fn sets_or(args: &BenchArgs, defaults: &[&str]) -> Vec<String> {
    if args.puzzles.is_empty() {
        defaults.iter().map(|s| s.to_string()).collect()
    } else {
        args.puzzles.clone()
    }
}

/// A puzzle no search can finish, so a throughput run lasts as long as asked: A1 can only be 1
/// (the rest of row A is 2-9), but I1 holds 1 — no solution, yet no repeated given.
fn never_solved() -> anyhow::Result<Puzzle> {
    Ok(catalog::resolve_one(&format!(
        ".23456789{}1........",
        ".".repeat(63)
    ))?)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn load(reference: &str, limit: usize) -> anyhow::Result<Vec<Puzzle>> {
    let mut p = catalog::resolve(reference)?;
    p.truncate(limit);
    Ok(p)
}

/// The exact solvers over whole sets: mean from timing whole passes (the fastest of at least
/// three, and of as many as half a second holds), the slowest puzzle from a pass timed puzzle
/// by puzzle, guesses per puzzle. With `variant` > 0 every puzzle is first replaced by a random
/// symmetric variant (relabelled, rows, columns, bands and stacks permuted, maybe transposed),
/// drawn from (variant, index): held-out copies of a set, to check that a gain is general.
fn exact(
    out: &mut impl Write,
    sets: &[String],
    limit: usize,
    variant: u64,
    which: SolverChoice,
) -> anyhow::Result<()> {
    writeln!(
        out,
        "\nexact solver: find a solution and prove it unique (mean per puzzle, one core){}",
        if variant > 0 {
            format!(", symmetric variants {variant}")
        } else {
            String::new()
        }
    )?;
    writeln!(
        out,
        "{:<36} {:>8} {:>8} {:>12} {:>12} {:>10}",
        "set", "puzzles", "solver", "mean µs", "max µs", "guesses"
    )?;
    for set in sets {
        let mut puzzles = load(set, limit)?;
        if variant > 0 {
            for (i, p) in puzzles.iter_mut().enumerate() {
                p.givens = sudoscope_core::board::symmetry::variant(&p.givens, variant, i as u64);
            }
        }
        let nine = puzzles.iter().all(|p| p.geometry().n == 9);
        let fastest = if nine {
            nine_by_nine_solver()
        } else {
            "matching"
        };
        let mut solvers: Vec<(&str, ExactFn)> = Vec::new();
        if matches!(which, SolverChoice::Fastest | SolverChoice::All) {
            // what `solve` uses
            solvers.push((fastest, |p| solve_fastest(p, 2)));
        }
        if nine
            && (which == SolverChoice::Bands || (which == SolverChoice::All && fastest != "bands"))
        {
            solvers.push(("bands", |p| band_solver::solve(p, 2).expect("a 9x9 puzzle")));
        }
        if which == SolverChoice::Bands && !nine {
            anyhow::bail!("--solver bands times 9x9 sets only; {set} has other sizes");
        }
        if matches!(which, SolverChoice::Generic | SolverChoice::All) {
            solvers.push(("generic", |p| solve(p, Strategy::FULL, 2)));
        }
        for (name, solver) in solvers {
            let mut guesses = 0u64;
            let mut unique = 0;
            let mut max = 0.0f64;
            for p in &puzzles {
                let t = Instant::now();
                let (v, s) = solver(p);
                max = max.max(t.elapsed().as_secs_f64() * 1e6);
                guesses += s.guesses;
                unique += matches!(v, Solutions::Unique(_)) as usize;
            }
            let started = Instant::now();
            let mut best = f64::INFINITY;
            let mut passes = 0;
            while passes < 3 || started.elapsed().as_secs_f64() < 0.5 {
                let t = Instant::now();
                for p in &puzzles {
                    std::hint::black_box(solver(std::hint::black_box(p)));
                }
                best = best.min(t.elapsed().as_secs_f64());
                passes += 1;
            }
            let mean = best * 1e6 / puzzles.len().max(1) as f64;
            writeln!(
                out,
                "{:<36} {:>8} {:>8} {:>12.2} {:>12.1} {:>10.1}{}",
                shorten(set),
                puzzles.len(),
                name,
                mean,
                max,
                guesses as f64 / puzzles.len().max(1) as f64,
                if unique == puzzles.len() {
                    String::new()
                } else {
                    format!("  ({unique} unique)")
                }
            )?;
        }
    }
    Ok(())
}

/// An exact solve counting up to two solutions.
type ExactFn = fn(&Puzzle) -> (Solutions, sudoscope_core::search::exact::ExactStats);

fn shorten(s: &str) -> String {
    if s.chars().count() > 36 {
        let tail: String = s.chars().rev().take(35).collect();
        format!("…{}", tail.chars().rev().collect::<String>())
    } else {
        s.to_string()
    }
}

/// Steps per second of one search (see [`sudoscope_core::engine::throughput`]).
fn throughput(
    algo: &str,
    preset: Preset,
    overrides: &[String],
    puzzle: &Puzzle,
    seconds: f64,
) -> anyhow::Result<f64> {
    Ok(sudoscope_core::engine::throughput::steps_per_second(
        algo, preset, overrides, puzzle, seconds,
    )?)
}

/// Each family's steps per second on the benchmark's puzzle (tuned), measured as the web page
/// measures them in WebAssembly (`python3 python/bench_wasm.py` compares the two); `algos`, when
/// named, in place of the families' first algorithms.
fn families(out: &mut impl Write, algos: &[String], seconds: f64) -> anyhow::Result<()> {
    writeln!(
        out,
        "\neach family's steps per second on {} (tuned, one core, best of {} rounds)",
        sudoscope_core::engine::throughput::PUZZLE,
        sudoscope_core::engine::throughput::ROUNDS
    )?;
    let puzzle = catalog::resolve_one(sudoscope_core::engine::throughput::PUZZLE)?;
    let named: Vec<&str> = algos.iter().map(|a| a.as_str()).collect();
    let algos = if named.is_empty() {
        sudoscope_core::engine::throughput::families()
    } else {
        named
    };
    for algo in algos {
        let sps = throughput(algo, Preset::Tuned, &[], &puzzle, seconds)?;
        writeln!(out, "  {algo:<12} {sps:>14.0}")?;
    }
    Ok(())
}

/// Mean seconds per complete run (until the search ends) over `runs` seeds.
fn per_run(algo: &str, puzzle: &Puzzle, runs: u64) -> anyhow::Result<f64> {
    let start = Instant::now();
    for seed in 0..runs {
        let mut s = build(algo, Preset::Classic, &[], puzzle, seed, None)?;
        sudoscope_core::search::run_to_end(s.as_mut(), u64::MAX);
    }
    Ok(start.elapsed().as_secs_f64() / runs as f64)
}

fn search(out: &mut impl Write, seconds: f64) -> anyhow::Result<()> {
    writeln!(
        out,
        "\nlocal search throughput (one core; best of {} rounds)",
        sudoscope_core::engine::throughput::ROUNDS
    )?;
    let hard = catalog::resolve_one("top95:1")?;
    // singles alone, as every earlier figure was measured: the default propagation settles
    // top95:1 before a single move
    let singles = ["propagate=1".to_string()];
    let sps = throughput("annealing", Preset::Tuned, &singles, &hard, seconds)?;
    writeln!(
        out,
        "tuned annealing (propagate=1) on top95:1 (9x9): {:.1} million proposed moves per second",
        sps / 1e6
    )?;
    let tabu = throughput("tabu", Preset::Classic, &[], &hard, seconds)?;
    writeln!(
        out,
        "classic annealing + tabu on top95:1: {:.1} million proposed moves per second",
        tabu / 1e6
    )?;
    let s7 = catalog::resolve_one("sudoku_7")?;
    writeln!(
        out,
        "classic descents on sudoku_7 (605 neighbours per step), mean time per complete run:"
    )?;
    for (algo, python) in [
        ("steepest", 2.5),
        ("stochastic", f64::NAN),
        ("plateau", 30.0),
    ] {
        let t = per_run(algo, &s7, 200)?;
        let vs = if python.is_nan() {
            String::new()
        } else {
            format!("; course Python ≈ {python} s: {:.0}x faster", python / t)
        };
        writeln!(out, "  {algo:<11} {:>9.1} µs per run{vs}", t * 1e6)?;
    }
    Ok(())
}

fn anneal(out: &mut impl Write, sets: &[String], limit: usize) -> anyhow::Result<()> {
    writeln!(
        out,
        "\ntuned annealing, one run per puzzle, one core, budget 200 million steps"
    )?;
    writeln!(
        out,
        "{:<12} {:>7} {:>8} {:>12} {:>12} {:>12}",
        "set", "puzzles", "solved", "median s", "p90 s", "mean s"
    )?;
    for set in sets {
        let puzzles = load(set, limit)?;
        let arms = vec![Arm::of(Method::new(find("annealing")?, Preset::Tuned))];
        let plan = Plan {
            arms: &arms,
            puzzles: &puzzles,
            runs: 1,
            seed: 1,
            max_steps: 200_000_000,
            max_seconds: None,
            threads: 1,
        };
        let recs = run_experiment(&plan, &Progress::default());
        let mut t: Vec<f64> = recs
            .iter()
            .filter(|r| r.solved)
            .map(|r| r.seconds)
            .collect();
        t.sort_by(f64::total_cmp);
        let solved = t.len();
        let mean = t.iter().sum::<f64>() / solved.max(1) as f64;
        writeln!(
            out,
            "{:<12} {:>7} {:>8} {:>12.4} {:>12.4} {:>12.4}",
            shorten(set),
            recs.len(),
            solved,
            quantile(&t, 0.5).unwrap_or(f64::NAN),
            quantile(&t, 0.9).unwrap_or(f64::NAN),
            mean
        )?;
    }
    Ok(())
}

fn scaling(out: &mut impl Write) -> anyhow::Result<()> {
    const RUNS: usize = 40;
    const ROUNDS: usize = 3;
    writeln!(
        out,
        "\nexperiment scaling: tuned annealing on hardest, {RUNS} runs per puzzle; each measurement alternates with the others over {ROUNDS} rounds, best kept"
    )?;
    let puzzles = catalog::resolve("hardest")?;
    let arms = vec![Arm::of(Method::new(find("annealing")?, Preset::Tuned))];
    let plan = |runs, threads| Plan {
        arms: &arms,
        puzzles: &puzzles,
        runs,
        seed: 9,
        max_steps: 200_000_000,
        max_seconds: None,
        threads,
    };
    let timed = |f: &dyn Fn()| {
        let t = Instant::now();
        f();
        t.elapsed().as_secs_f64()
    };
    // The machine's own ceiling, measured beside it: half the runs done twice, one after the
    // other and then on two threads at once that share nothing (each its own one-thread pool),
    // which is what two cores give this work at the moment with no scheduling in the way.
    let half = || {
        run_experiment(&plan(RUNS / 2, 1), &Progress::default());
    };
    // alternating the measurements and keeping each one's fastest round keeps the machine's
    // drift from landing on one side only
    let mut best = [f64::INFINITY; 4];
    for _ in 0..ROUNDS {
        let times = [
            timed(&|| {
                run_experiment(&plan(RUNS, 1), &Progress::default());
            }),
            timed(&|| {
                run_experiment(&plan(RUNS, 2), &Progress::default());
            }),
            timed(&|| {
                half();
                half();
            }),
            timed(&|| {
                std::thread::scope(|s| {
                    s.spawn(half);
                    half();
                })
            }),
        ];
        for (b, t) in best.iter_mut().zip(times) {
            *b = b.min(t);
        }
    }
    let runs = RUNS * puzzles.len();
    for (threads, secs) in [(1, best[0]), (2, best[1])] {
        writeln!(
            out,
            "  {threads} thread(s): {runs} runs in {secs:.2} s, {:.1} runs/s, speed-up {:.2}",
            runs as f64 / secs,
            best[0] / secs
        )?;
    }
    writeln!(
        out,
        "  the machine's ceiling now: half the runs twice in {:.2} s one after the other, {:.2} s on two independent threads: {:.2}",
        best[2],
        best[3],
        best[2] / best[3]
    )?;
    Ok(())
}

fn tui_overhead(out: &mut impl Write, seconds: f64) -> anyhow::Result<()> {
    writeln!(
        out,
        "\nTUI overhead: tuned annealing at unlimited speed on a puzzle with no solution (it never stops), frames drawn at 30 fps"
    )?;
    // alternate the two sides in short rounds and keep each side's best, so that drift in the
    // machine's speed does not land on one side only
    let rounds = 3;
    let (mut headless, mut under) = (0.0f64, 0.0f64);
    for _ in 0..rounds {
        headless = headless.max(headless_rate(seconds / rounds as f64)?);
        under = under.max(runner_rate(seconds / rounds as f64)?);
    }
    writeln!(
        out,
        "  headless {:.1} M steps/s; under the runner with 30 fps drawing {:.1} M steps/s: {:.0}% (best of {rounds} alternating rounds each)",
        headless / 1e6,
        under / 1e6,
        100.0 * under / headless
    )?;
    Ok(())
}

/// Steps per second of the TUI bench's search run headless.
fn headless_rate(seconds: f64) -> anyhow::Result<f64> {
    let puzzle = never_solved()?;
    let algo = find("annealing")?;
    let params = algo.default_params(Preset::Tuned);
    let mut s = algo.build(&puzzle, Preset::Tuned, &params, 1, None);
    let t = Instant::now();
    while t.elapsed().as_secs_f64() < seconds && s.ended().is_none() {
        s.advance(4096);
    }
    Ok(s.steps() as f64 / t.elapsed().as_secs_f64())
}

/// Steps per second of the same search under a runner whose frames an app draws into an
/// off-screen 120x40 terminal at 30 frames per second (after half a second of warm-up).
fn runner_rate(seconds: f64) -> anyhow::Result<f64> {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use sudoscope_core::engine::runner::{Control, RunnerSetup, spawn};

    let puzzle = never_solved()?;
    let algo = find("annealing")?;
    let (tx, rx) = crossbeam_channel::bounded(64);
    let run = unlimited(puzzle, algo);
    let handle = spawn(RunnerSetup::first_of(&run), tx);
    // drawn in English whatever the environment's language, so that the figure is the same
    // under any locale
    let opts = sudoscope_tui::Launch::of(
        RunSpec {
            paused: true,
            ..run
        },
        sudoscope_tui::theme::Theme::new(sudoscope_tui::theme::Palette::Dark),
    );
    let (app_tx, _app_rx) = crossbeam_channel::bounded(64);
    let mut app = sudoscope_tui::App::new(opts, app_tx);
    let mut term = Terminal::new(TestBackend::new(120, 40))?;
    let start = Instant::now();
    let mut first: Option<(Instant, u64)> = None;
    let mut last = (start, 0u64);
    while start.elapsed().as_secs_f64() < seconds + 0.5 {
        std::thread::sleep(Duration::from_millis(33));
        while let Ok(mut f) = rx.try_recv() {
            let steps = f.snapshot.steps;
            if first.is_none() && start.elapsed() > Duration::from_millis(500) {
                first = Some((Instant::now(), steps));
            }
            last = (Instant::now(), steps);
            f.pane = app.race().panes()[0].id;
            app.on_report(f);
        }
        term.draw(|fr| sudoscope_tui::draw(fr, &mut app))?;
    }
    handle.send(Control::Stop);
    let (t0, s0) = first.unwrap_or((start, 0));
    Ok((last.1 - s0) as f64 / last.0.duration_since(t0).as_secs_f64().max(1e-9))
}

/// Puzzles `generate` makes per second on one core: minimal 9x9 puzzles (the default request),
/// then hard ones, each for `seconds`.
fn generating(out: &mut impl Write, seconds: f64) -> anyhow::Result<()> {
    use sudoscope_core::generate::{Grade, Request, one};
    writeln!(
        out,
        "\n## generate (one core, seed 1, puzzles one after another)"
    )?;
    writeln!(
        out,
        "| request | puzzles | seconds | per second | mean givens |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|")?;
    for (name, req) in [
        ("9x9, minimal", Request::default()),
        (
            "9x9, hard (and minimal)",
            Request {
                difficulty: Some(Grade::Hard),
                minimal: true,
                ..Request::default()
            },
        ),
    ] {
        let start = Instant::now();
        let (mut made, mut givens) = (0u64, 0usize);
        while start.elapsed().as_secs_f64() < seconds {
            let p = one(&req, 1, made).map_err(anyhow::Error::msg)?;
            givens += p.givens.filled();
            made += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        writeln!(
            out,
            "| {name} | {made} | {secs:.2} | {:.0} | {:.1} |",
            made as f64 / secs,
            givens as f64 / made as f64
        )?;
    }
    Ok(())
}

/// `algo`'s tuned preset on `puzzle`, seed 1, running at unlimited speed: what the runner
/// benchmarks drive.
fn unlimited(puzzle: Puzzle, algo: &'static sudoscope_core::search::AlgoInfo) -> RunSpec {
    RunSpec {
        method: Method::new(algo, Preset::Tuned),
        speed: None,
        ..RunSpec::on(puzzle)
    }
}

/// A runner at unlimited speed for `seconds`, its frames consumed as the UI would: memory must
/// stay flat (downsampled history, bounded channels, bounded rewind buffer).
fn memory(out: &mut impl Write, seconds: f64) -> anyhow::Result<()> {
    use sudoscope_core::engine::runner::{Control, RunnerSetup, spawn};
    let puzzle = never_solved()?;
    let algo = find("annealing")?;
    let (tx, rx) = crossbeam_channel::bounded(64);
    let handle = spawn(RunnerSetup::first_of(&unlimited(puzzle, algo)), tx);
    writeln!(
        out,
        "\nmemory: tuned annealing at unlimited speed for {seconds:.0} s on a puzzle it can never solve"
    )?;
    std::thread::sleep(Duration::from_secs(1));
    let mut last_steps = 0;
    let mut history_points = 0;
    while let Ok(f) = rx.try_recv() {
        last_steps = f.snapshot.steps;
    }
    let start_rss = sudoscope_core::engine::resident::rss_kib().unwrap_or(0);
    writeln!(
        out,
        "  after 1 s: {start_rss} KiB resident, {last_steps} steps"
    )?;
    let t = Instant::now();
    let mut next_report = 60.0f64.min(seconds / 2.0);
    while t.elapsed().as_secs_f64() < seconds {
        std::thread::sleep(Duration::from_millis(33));
        while let Ok(f) = rx.try_recv() {
            last_steps = f.snapshot.steps;
            history_points = f.history.len();
        }
        if t.elapsed().as_secs_f64() >= next_report {
            writeln!(
                out,
                "  after {:.0} s: {} KiB resident, {last_steps} steps",
                next_report + 1.0,
                sudoscope_core::engine::resident::rss_kib().unwrap_or(0)
            )?;
            next_report += 60.0f64.min(seconds / 2.0);
        }
    }
    handle.send(Control::Stop);
    let end_rss = sudoscope_core::engine::resident::rss_kib().unwrap_or(0);
    writeln!(
        out,
        "  end: {end_rss} KiB resident ({:+} KiB), {last_steps} steps, {history_points} history points kept",
        end_rss as i64 - start_rss as i64
    )?;
    Ok(())
}
