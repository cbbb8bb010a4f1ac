//! Statistical claims of README, checked with enough runs and stated tolerances. Seeds are fixed,
//! so each check is deterministic; the tolerances say how far from the measured figures a run of
//! these seeds may land before we call it a regression.

use sudoscope::catalog::resolve;
use sudoscope::engine::experiment::{Arm, Plan, Progress, run};
use sudoscope::engine::record::Record;
use sudoscope::search::{Preset, find};

fn experiment(algo: &str, puzzles: &str, runs: usize, max_steps: u64) -> Vec<Record> {
    let arms = vec![Arm::new(find(algo).unwrap(), Preset::Tuned, &[]).unwrap()];
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

/// README: tuned annealing solves every puzzle of top95 and hardest from every seed within a
/// budget of 200 million steps (the most any of 475 measured top95 runs needed was 92 million).
#[test]
fn tuned_annealing_solves_all_of_top95_and_hardest() {
    for set in ["hardest", "top95"] {
        let recs = experiment("annealing", set, 3, 200_000_000);
        let failed: Vec<String> = recs
            .iter()
            .filter(|r| !r.solved)
            .map(|r| format!("{} run {:?}", r.puzzle, r.run))
            .collect();
        assert!(failed.is_empty(), "unsolved within the budget: {failed:?}");
        assert_eq!(recs.len(), if set == "top95" { 285 } else { 33 });
    }
}

/// README: the tuned genetic algorithm solves sudoku_7 in about 84% of runs (167 of 200 measured,
/// 95% interval 78-88%). With 100 runs, fewer than 70 would be more than three standard
/// deviations below that.
#[test]
fn tuned_genetic_solves_sudoku_7_in_most_runs() {
    let recs = experiment("genetic", "sudoku_7", 100, 20_000);
    let solved = recs.iter().filter(|r| r.solved).count();
    assert!(solved >= 70, "tuned GA solved {solved} of 100");
}
