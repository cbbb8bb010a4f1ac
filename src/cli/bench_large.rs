//! `bench large`: the ant colony and tuned annealing on 16x16 and 25x25 sets, one run per
//! puzzle from seed 1 with five seconds each on one core, success and median time per fill level
//! (the share of cells given, which is how the Lloyd–Amos instance sets are graded).

use std::collections::BTreeMap;
use std::io::Write;

use sudoscope_core::board::Puzzle;
use sudoscope_core::engine::experiment::{Arm, Plan, Progress, run as run_experiment};
use sudoscope_core::engine::stats::quantile;
use sudoscope_core::run::Method;
use sudoscope_core::search::{Preset, find};

/// Seconds per run, as in the ant colony article's comparison.
const SECONDS: f64 = 5.0;

/// The searches compared: the article's colony, ours tuned, and tuned annealing.
const ARMS: &[(&str, Preset)] = &[
    ("ants", Preset::Classic),
    ("ants", Preset::Tuned),
    ("annealing", Preset::Tuned),
];

/// `sets`: each set's short name and its puzzles.
pub fn large(out: &mut impl Write, sets: &[(String, Vec<Puzzle>)]) -> anyhow::Result<()> {
    writeln!(
        out,
        "\nlarge grids: one run per puzzle, seed 1, {SECONDS} s each, one core; per share of cells given: solved and median milliseconds (of every run, an unsolved one counted at {SECONDS} s)"
    )?;
    writeln!(
        out,
        "{:<10} {:>6} {:<18} {:>8} {:>10} {:>10}",
        "set", "given", "search", "puzzles", "solved", "median ms"
    )?;
    for (set, puzzles) in sets {
        for &(name, preset) in ARMS {
            let arms = vec![Arm::of(Method::new(find(name)?, preset))];
            let plan = Plan {
                arms: &arms,
                puzzles,
                runs: 1,
                seed: 1,
                max_steps: 1_000_000_000_000,
                max_seconds: Some(SECONDS),
                threads: 1,
            };
            let records = run_experiment(&plan, &Progress::default());
            let mut levels: BTreeMap<usize, (usize, Vec<f64>)> = BTreeMap::new();
            for (p, r) in puzzles.iter().zip(&records) {
                // to the nearest percent: the sets' 40, 45 and 50% are 102, 115 and 128 of 256
                let cells = p.geometry().cells;
                let share = (200 * p.givens.filled() + cells) / (2 * cells);
                let level = levels.entry(share).or_default();
                level.0 += r.solved as usize;
                level.1.push(if r.solved { r.seconds } else { SECONDS });
            }
            let mut all = (0, Vec::new());
            for (share, (solved, mut times)) in levels {
                all.0 += solved;
                all.1.extend_from_slice(&times);
                times.sort_by(f64::total_cmp);
                row(out, set, &format!("{share}%"), name, preset, solved, &times)?;
            }
            all.1.sort_by(f64::total_cmp);
            row(out, set, "all", name, preset, all.0, &all.1)?;
        }
    }
    Ok(())
}

fn row(
    out: &mut impl Write,
    set: &str,
    level: &str,
    name: &str,
    preset: Preset,
    solved: usize,
    sorted_times: &[f64],
) -> anyhow::Result<()> {
    writeln!(
        out,
        "{:<10} {:>6} {:<18} {:>8} {:>10} {:>10.2}",
        set,
        level,
        format!("{name} {preset}"),
        sorted_times.len(),
        solved,
        1e3 * quantile(sorted_times, 0.5).unwrap_or(f64::NAN)
    )?;
    Ok(())
}
