//! Statistical claims of the guide (docs/commands.md), checked with enough runs and stated tolerances. Seeds are fixed,
//! so each check is deterministic; the tolerances say how far from the measured figures a run of
//! these seeds may land before we call it a regression.

use sudoscope_core::catalog::resolve;
use sudoscope_core::engine::experiment::{Arm, Plan, Progress, run};
use sudoscope_core::engine::result::RunResult;
use sudoscope_core::run::{SettingText, check_method};
use sudoscope_core::search::{Preset, find};

fn experiment(algo: &str, puzzles: &str, runs: usize, max_steps: u64) -> Vec<RunResult> {
    experiment_in(Preset::Tuned, algo, puzzles, runs, max_steps)
}

fn experiment_in(
    preset: Preset,
    algo: &str,
    puzzles: &str,
    runs: usize,
    max_steps: u64,
) -> Vec<RunResult> {
    experiment_with(preset, algo, &[], puzzles, runs, max_steps)
}

/// Runs of `algo` with `name=value` overrides; run i has the same seed whatever the overrides,
/// so two calls that differ only in them are paired run by run.
fn experiment_with(
    preset: Preset,
    algo: &str,
    overrides: &[&str],
    puzzles: &str,
    runs: usize,
    max_steps: u64,
) -> Vec<RunResult> {
    let overrides: Vec<SettingText> = overrides
        .iter()
        .map(|o| SettingText::flag("--set", *o))
        .collect();
    let arms = vec![Arm::of(
        check_method(find(algo).unwrap(), preset, &overrides).unwrap(),
    )];
    let puzzles = resolve(puzzles).unwrap();
    let plan = Plan {
        arms: &arms,
        puzzles: &puzzles,
        runs,
        seed: 2026,
        max_steps,
        max_seconds: None,
        threads: 2,
    };
    run(&plan, &Progress::default())
}

/// The runs that did not solve, named by puzzle and run.
fn unsolved(recs: &[RunResult]) -> Vec<String> {
    recs.iter()
        .filter(|r| !r.solved)
        .map(|r| format!("{} run {:?}", r.puzzle, r.run))
        .collect()
}

/// The guide: tuned annealing solves every puzzle of top95 and hardest from every seed within the
/// default budget of 400 million steps (the most any of 475 measured top95 runs needed was 9.2
/// million). The same budget here: a claim of "every run" is checked as stated, on 318 runs of
/// other seeds.
#[test]
fn tuned_annealing_solves_all_of_top95_and_hardest() {
    for set in ["hardest", "top95"] {
        let recs = experiment("annealing", set, 3, 400_000_000);
        let failed = unsolved(&recs);
        assert!(failed.is_empty(), "unsolved within the budget: {failed:?}");
        assert_eq!(recs.len(), if set == "top95" { 285 } else { 33 });
    }
}

/// Three puzzles of top1465 whose solution swaps kept within candidates do not reach from most
/// starts: in a box, candidates can link two arrangements only through values going round three
/// cells or more, which no swap within candidates makes. the guide: with the escape turned off
/// (`--set escape=0`) none of 24 measured runs solved within 30 million steps; with it, every run
/// does. Both halves here, on the same 8 seeds per puzzle (not the guide's): with the escape every
/// run solves within 30 million steps; without it, at most one of the 24 may (these seeds, like
/// the guide's, give none; the tolerance of one run still fails the check if the trap is gone,
/// when most runs would solve).
#[test]
fn tuned_annealing_reaches_solutions_candidates_alone_shut_off() {
    let mut shut_off = Vec::new();
    for p in ["top1465:1110", "top1465:1111", "top1465:1192"] {
        let recs = experiment("annealing", p, 8, 30_000_000);
        let failed = unsolved(&recs);
        assert!(failed.is_empty(), "unsolved within the budget: {failed:?}");
        assert_eq!(recs.len(), 8);
        let without = experiment_with(Preset::Tuned, "annealing", &["escape=0"], p, 8, 30_000_000);
        assert_eq!(without.len(), 8);
        shut_off.extend(without.into_iter().filter(|r| r.solved));
    }
    assert!(
        shut_off.len() <= 1,
        "without the escape {} of 24 runs reached the solution: {:?}",
        shut_off.len(),
        shut_off
            .iter()
            .map(|r| (&r.puzzle, r.run))
            .collect::<Vec<_>>()
    );
}

/// Standard deviations a success count may fall below its reference before it is a regression.
const TOLERANCE_SD: f64 = 3.5;

/// The fewest successes of `n` runs consistent with a reference of `k` of `m`: the reference
/// rate less [`TOLERANCE_SD`] standard deviations of the difference of two binomial samples.
fn least(k: usize, m: usize, n: usize) -> usize {
    let p = k as f64 / m as f64;
    let sd = (p * (1.0 - p) * (1.0 / n as f64 + 1.0 / m as f64)).sqrt();
    ((p - TOLERANCE_SD * sd) * n as f64).ceil().max(0.0) as usize
}

/// The guide: the tuned genetic algorithm solves sudoku_7 in 167 of 200 runs (83.5%). 100 runs of
/// other seeds must land within 3.5 standard deviations of that (at least 68 here).
#[test]
fn tuned_genetic_solves_sudoku_7_in_most_runs() {
    let recs = experiment("genetic", "sudoku_7", 100, 20_000);
    let solved = recs.iter().filter(|r| r.solved).count();
    let bound = least(167, 200, 100);
    assert_eq!(bound, 68, "the bound the doc comment states");
    assert!(
        solved >= bound,
        "tuned GA solved {solved} of 100, fewer than {bound}"
    );
}

/// BENCHMARKS.md: the classic ant colony (the paper's ACS) solves every la16 instance. Of 3,000
/// measured runs (`experiment la16 --algo ants --runs 100 --seed 7`) none needed more than 1,035
/// ants and the median 3. Here 300 runs of other seeds, 10 per instance, each with a budget of
/// 2,000 ants. Zero failures in 3,000 runs bound the failure rate at 0.1% (95%, the rule of
/// three); at that rate 300 runs fail once or more about one time in four, but three times or
/// more only about one time in 280 (Poisson, mean 0.3). So: at most two runs may miss the budget,
/// and every instance is solved by at least 8 of its 10 runs.
#[test]
fn classic_ants_solve_every_la16_instance() {
    let recs = experiment_in(Preset::Classic, "ants", "la16", 10, 2_000);
    assert_eq!(recs.len(), 300);
    let failed = unsolved(&recs);
    assert!(failed.len() <= 2, "unsolved within 2,000 ants: {failed:?}");
    let mut per_puzzle = std::collections::BTreeMap::<&str, usize>::new();
    for r in recs.iter().filter(|r| r.solved) {
        *per_puzzle.entry(r.puzzle.as_str()).or_default() += 1;
    }
    assert_eq!(
        per_puzzle.len(),
        30,
        "every instance solved: {per_puzzle:?}"
    );
    assert!(per_puzzle.values().all(|&k| k >= 8), "{per_puzzle:?}");
}
