//! Writing a trace of a built-in search: the header from its run spec, a line per step, the
//! closing line.

use std::io::Write;

use serde_json::{Map, Value, json};

use super::{HEADER_KEY, VERSION};
use crate::board::{Geometry, Grid, Puzzle};
use crate::engine::result::{Ending, key};
use crate::run::{RunSpec, print};
use crate::search::{Decision, Event, Search, Snapshot, Step};

/// The header of a trace of `spec`'s first pane: the run as JSON (the keys of
/// [`print::to_json`]), the givens, the neighbourhood and the version.
pub fn header(spec: &RunSpec, puzzle_ref: &str) -> Value {
    let mut h = Map::new();
    h.insert(HEADER_KEY.into(), json!(VERSION));
    h.insert("givens".into(), json!(spec.puzzle.givens.to_line()));
    h.insert(
        "neighbourhood".into(),
        json!(spec.method.algo.family.moves(spec.method.preset).name()),
    );
    if let Value::Object(run) = print::to_json(spec, puzzle_ref) {
        for (k, v) in run {
            if !matches!(k.as_str(), "speed" | "paused" | "race" | "race_start") {
                h.insert(k, v);
            }
        }
    }
    Value::Object(h)
}

/// What a step did, in words, for a trace's `move`: given by the caller (a trace is read by
/// programs, so the visualiser and the command line give English); the engine has no words.
pub type StepWords = fn(&Step, &Geometry) -> String;

/// Writes the lines of a trace as a search steps.
pub struct TraceWriter<W: Write> {
    out: W,
    puzzle: Puzzle,
    cells: Vec<u8>,
    words: Option<StepWords>,
}

impl<W: Write> TraceWriter<W> {
    /// Start a trace of `spec`'s first pane, whose search stands on `search`'s first board.
    pub fn start(
        mut out: W,
        spec: &RunSpec,
        puzzle_ref: &str,
        search: &dyn Search,
        words: Option<StepWords>,
    ) -> std::io::Result<TraceWriter<W>> {
        writeln!(out, "{}", header(spec, puzzle_ref))?;
        let mut w = TraceWriter {
            out,
            puzzle: spec.puzzle.clone(),
            cells: search.cells().to_vec(),
            words,
        };
        // step 0: the board the search starts from (after its start board was repaired)
        let mut first =
            json!({"step": 0, "board": line_of(&w.puzzle, &w.cells), "cost": search.cost()});
        if let Some(costs) = member_costs(&search.snapshot()) {
            first["member_costs"] = costs;
        }
        writeln!(w.out, "{first}")?;
        w.cells.copy_from_slice(search.cells());
        Ok(w)
    }

    /// The line of one step the search has just taken (`step`, what it returned).
    pub fn step(&mut self, search: &dyn Search, step: &Step) -> std::io::Result<()> {
        let now = search.cells();
        let changed: Vec<[u32; 2]> = self
            .cells
            .iter()
            .zip(now)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (_, &b))| [i as u32, b as u32])
            .collect();
        let mut line = Map::new();
        line.insert("step".into(), json!(search.steps()));
        if changed.len() * 4 > now.len() {
            line.insert("board".into(), json!(line_of(&self.puzzle, now)));
        } else {
            line.insert("changed".into(), json!(changed));
        }
        line.insert("cost".into(), json!(step.cost));
        if let Some(accepted) = accepted(&step.event) {
            line.insert("accepted".into(), json!(accepted));
        }
        if let Some(words) = self.words {
            line.insert("move".into(), json!(words(step, self.puzzle.geometry())));
        }
        let snapshot = search.snapshot();
        let metrics: Map<String, Value> = snapshot
            .metrics
            .iter()
            .filter(|m| m.value.is_finite())
            .map(|m| (key(m.name), json!(m.value)))
            .collect();
        if !metrics.is_empty() {
            line.insert("metrics".into(), Value::Object(metrics));
        }
        if let Some(costs) = member_costs(&snapshot) {
            line.insert("member_costs".into(), costs);
        }
        writeln!(self.out, "{}", Value::Object(line))?;
        self.cells.copy_from_slice(now);
        Ok(())
    }

    /// A line with the whole board the search now stands on, after a jump (a switch to
    /// another algorithm, a restart, a rewind), with `words` for the log.
    pub fn jump(&mut self, search: &dyn Search, words: &str) -> std::io::Result<()> {
        let now = search.cells();
        let line = json!({
            "step": search.steps(),
            "board": line_of(&self.puzzle, now),
            "cost": search.cost(),
            "move": words,
        });
        writeln!(self.out, "{line}")?;
        self.cells.copy_from_slice(now);
        Ok(())
    }

    /// The closing line of a run its viewer stopped before it ended: `"end": "stopped"`.
    pub fn stop(mut self, search: &dyn Search) -> std::io::Result<()> {
        let line = json!({
            "end": "stopped",
            "steps": search.steps(),
            "cost": search.cost(),
            "best_cost": search.best_cost(),
        });
        writeln!(self.out, "{line}")?;
        self.out.flush()
    }

    /// The closing line: how the run ended, its steps and costs. Returns the writer.
    pub fn end(mut self, search: &dyn Search, ending: Ending) -> std::io::Result<W> {
        let line = json!({
            "end": ending.key(),
            "steps": search.steps(),
            "cost": search.cost(),
            "best_cost": search.best_cost(),
        });
        writeln!(self.out, "{line}")?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// The members' costs of a beam or a population (the snapshot's `members` series), written as
/// a watched command's population gives them (format 1.1's `member_costs`).
fn member_costs(snapshot: &Snapshot) -> Option<Value> {
    let (_, costs) = snapshot.series.iter().find(|(n, _)| *n == "members")?;
    Some(json!(costs))
}

/// Whether a step's proposal was taken, for the steps that propose one.
fn accepted(e: &Event) -> Option<bool> {
    match e {
        Event::Move { decision, .. } | Event::Sweep { decision, .. } => {
            Some(decision.accepted() && *decision != Decision::NoMove)
        }
        _ => None,
    }
}

/// Cells of `puzzle`'s size as one line of symbols, `.` for an empty cell.
fn line_of(puzzle: &Puzzle, cells: &[u8]) -> String {
    Grid::from_cells(puzzle.geometry(), cells.to_vec())
        .expect("a search's cells fit its puzzle")
        .to_line()
}
