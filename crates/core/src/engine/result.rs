//! One run as the headless commands write it: the same keys for the exact solver and every local
//! search, in `solve --format json`, `experiment --format json` and (without the nested parts)
//! the experiment's CSV.
//!
//! Keys are snake_case, and a key that means nothing for a run is `null` rather than missing, so
//! every line of a JSON Lines file has the same keys.

use serde::Serialize;
use serde::ser::SerializeMap;

use crate::board::{Grid, Puzzle};
use crate::search::{Metric, Outcome, Preset};

/// How a run ended, as records write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Cost 0 (the exact solver: exactly one solution).
    Solved,
    /// The exact solver found two solutions or more.
    Several,
    /// No solution exists.
    Unsolvable,
    /// A local minimum, a frozen temperature or no progress for too long.
    Stuck,
    /// The step budget ran out.
    BudgetSpent,
    /// The time budget ran out.
    TimeSpent,
    /// A search run as a command failed: it crashed, was killed, ran past its time limit, or
    /// wrote no trace header (the record's `failure` says which).
    Failed,
}

impl Ending {
    /// The ending of a search that stopped with `o`.
    pub fn of(o: Outcome) -> Ending {
        match o {
            Outcome::Solved => Ending::Solved,
            Outcome::Stuck => Ending::Stuck,
            Outcome::BudgetSpent => Ending::BudgetSpent,
            Outcome::Unsolvable => Ending::Unsolvable,
            // a run of a command whose trace was cut is a failed run
            Outcome::Cut => Ending::Failed,
        }
    }

    /// The key as it is written: `budget_spent`.
    pub fn key(self) -> &'static str {
        match self {
            Ending::Solved => "solved",
            Ending::Several => "several",
            Ending::Unsolvable => "unsolvable",
            Ending::Stuck => "stuck",
            Ending::BudgetSpent => "budget_spent",
            Ending::TimeSpent => "time_spent",
            Ending::Failed => "failed",
        }
    }

    /// In words, for people: `budget spent`.
    pub fn word(self) -> &'static str {
        match self {
            Ending::BudgetSpent => "budget spent",
            Ending::TimeSpent => "time spent",
            other => other.key(),
        }
    }
}

/// Named numbers, written as a JSON object in the order the algorithm reports them, with
/// snake_case keys (`examined this pass` is written `examined_this_pass`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Metrics(pub Vec<(String, f64)>);

impl Metrics {
    /// The metrics of a snapshot.
    pub fn of(metrics: &[Metric]) -> Metrics {
        Metrics(metrics.iter().map(|m| (key(m.name), m.value)).collect())
    }

    /// The value under `key`.
    pub fn get(&self, key: &str) -> Option<f64> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }
}

impl Serialize for Metrics {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// A metric's name as a key: lower case, words joined by `_`.
pub fn key(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("_")
}

/// One run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunResult {
    /// The puzzle's name (`top95:3`, `file.txt:2`).
    pub puzzle: String,
    /// `9x9` and friends.
    pub size: String,
    /// The algorithm's name; `exact` for `solve` without `--algo`.
    pub algorithm: String,
    /// Its preset (`null` for the exact solver).
    pub preset: Option<Preset>,
    /// The algorithm, preset and non-default parameters in one string.
    pub label: String,
    /// The exact solver that answered (`bands`, `generic`, `naive`); `null` for a search.
    pub solver: Option<&'static str>,
    /// Every parameter's value (empty for the exact solver).
    pub params: Metrics,
    /// The run's seed (`null` for the exact solver, which draws nothing).
    pub seed: Option<u64>,
    /// The board the run continued from (`solve --start`), as one line; absent for a fresh
    /// start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The run's index within an experiment (`null` outside one).
    pub run: Option<usize>,
    /// How it ended.
    pub outcome: Ending,
    /// Whether a solution was found.
    pub solved: bool,
    /// The solution found (the first, when several), as one line; `null` when none was.
    pub solution: Option<String>,
    /// The final cost (0 with a solution).
    pub cost: u32,
    /// The best cost reached.
    pub best_cost: u32,
    /// Steps taken (`null` for the exact solver, which counts guesses in its metrics).
    pub steps: Option<u64>,
    /// Wall-clock seconds of the run's own work.
    pub seconds: f64,
    /// The algorithm's own numbers at the end.
    pub metrics: Metrics,
    /// The search's own word on its closing line, for a search run as a command (`null`
    /// otherwise); `outcome` is judged on the board, and the two may differ.
    pub said: Option<String>,
    /// Why a search run as a command failed (`null` unless `outcome` is `failed`).
    pub failure: Option<Failure>,
    /// How a search run as a command ended, whatever its trace said: `status 0`, `status 3`,
    /// `signal 9` (`null` for a built-in search, and for a command still running when it was
    /// ended at its time limit). A run whose trace is complete keeps the outcome its board
    /// gives, and a status other than 0 is counted beside it ([`RunResult::exited_badly`]).
    pub exit: Option<String>,
    /// Best cost at the checkpoints of [`super::experiment::checkpoints`] (not written).
    #[serde(skip)]
    pub curve: Vec<u32>,
}

impl RunResult {
    /// A record with the puzzle's name and size and everything else empty.
    pub fn new(puzzle: &Puzzle, algorithm: &str, outcome: Ending) -> RunResult {
        RunResult {
            puzzle: puzzle.name.clone(),
            size: puzzle.geometry().label(),
            algorithm: algorithm.to_string(),
            preset: None,
            label: algorithm.to_string(),
            solver: None,
            params: Metrics::default(),
            seed: None,
            start: None,
            run: None,
            outcome,
            solved: outcome == Ending::Solved,
            solution: None,
            cost: 0,
            best_cost: 0,
            steps: None,
            seconds: 0.0,
            metrics: Metrics::default(),
            said: None,
            failure: None,
            exit: None,
            curve: Vec::new(),
        }
    }

    /// The same record without timings, for comparing runs across thread counts.
    pub fn timeless(&self) -> RunResult {
        RunResult {
            seconds: 0.0,
            ..self.clone()
        }
    }

    /// Whether a search run as a command wrote its whole trace and then ended with a status
    /// other than 0, or by a signal (a failed run is counted as failed, not here).
    pub fn exited_badly(&self) -> bool {
        self.outcome != Ending::Failed && self.exit.as_deref().is_some_and(|e| e != "status 0")
    }

    /// A solution line, when `grid` is one.
    pub fn solution_of(grid: &Grid) -> Option<String> {
        grid.is_valid_solution().then(|| grid.to_line())
    }
}

/// Why a run of a command failed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    /// What happened, in words: `exited with status 1 without a closing line`.
    pub reason: String,
    /// How the command ended: `status 1`, `signal 9`; `null` when it was still running (it
    /// was then ended at its time limit).
    pub exit: Option<String>,
    /// The last lines of its error output, oldest first.
    pub stderr: Vec<String>,
    /// The last lines it printed to standard output that were not its trace (before its
    /// header), oldest first.
    pub stdout: Vec<String>,
}

/// The columns of a record in CSV (the nested parameters and metrics are left to JSON).
#[derive(Serialize)]
struct Row<'a> {
    label: &'a str,
    algorithm: &'a str,
    preset: Option<Preset>,
    puzzle: &'a str,
    size: &'a str,
    run: Option<usize>,
    seed: Option<u64>,
    outcome: Ending,
    solved: bool,
    cost: u32,
    best_cost: u32,
    steps: Option<u64>,
    seconds: f64,
    solution: Option<&'a str>,
    said: Option<&'a str>,
    failure: Option<&'a str>,
    exit: Option<&'a str>,
}

/// Write records as CSV with a header, quoting whatever needs it.
pub fn write_csv(w: &mut dyn std::io::Write, records: &[RunResult]) -> std::io::Result<()> {
    let mut csv = csv::Writer::from_writer(w);
    for r in records {
        csv.serialize(Row {
            label: &r.label,
            algorithm: &r.algorithm,
            preset: r.preset,
            puzzle: &r.puzzle,
            size: &r.size,
            run: r.run,
            seed: r.seed,
            outcome: r.outcome,
            solved: r.solved,
            cost: r.cost,
            best_cost: r.best_cost,
            steps: r.steps,
            seconds: r.seconds,
            solution: r.solution.as_deref(),
            said: r.said.as_deref(),
            failure: r.failure.as_ref().map(|f| f.reason.as_str()),
            exit: r.exit.as_deref(),
        })
        .map_err(std::io::Error::other)?;
    }
    csv.flush()
}

/// Write records as JSON Lines, one object per line.
pub fn write_json(w: &mut dyn std::io::Write, records: &[RunResult]) -> std::io::Result<()> {
    for r in records {
        serde_json::to_writer(&mut *w, r).map_err(std::io::Error::other)?;
        w.write_all(b"\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_any_puzzle_name_and_keys_are_snake_case() {
        let p = crate::catalog::resolve_one("tiny4").unwrap();
        let mut r = RunResult::new(&p, "exact", Ending::Solved);
        r.puzzle = "my,set \"x\".txt:1".into();
        r.metrics = Metrics::of(&[crate::search::metric("examined this pass", 3.0)]);
        let mut out = Vec::new();
        write_csv(&mut out, std::slice::from_ref(&r)).unwrap();
        let mut reader = csv::Reader::from_reader(&out[..]);
        let header = reader.headers().unwrap().clone();
        let row = reader.records().next().unwrap().unwrap();
        assert_eq!(header.len(), row.len());
        let puzzle = header.iter().position(|h| h == "puzzle").unwrap();
        assert_eq!(&row[puzzle], "my,set \"x\".txt:1");
        let mut json = Vec::new();
        write_json(&mut json, &[r]).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(v["metrics"]["examined_this_pass"], 3.0);
        assert_eq!(v["outcome"], "solved");
        assert!(v["seed"].is_null() && v["solution"].is_null());
    }
}
