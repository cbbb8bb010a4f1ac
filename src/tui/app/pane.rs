//! One algorithm on screen: its runner, the latest report from it, and what the app last asked
//! it to run.

use crate::board::{Grid, Puzzle};
use crate::engine::runner::{Control, Report, RunnerHandle, RunnerSetup};
use crate::spec::{Method, PaneSpec};

/// One algorithm on screen. The runner owns the search; its report says what it is running and
/// whether it has ended, and the screen shows that. `method`, `seed` and `start` are the app's
/// last request, which the next switch or edit starts from before the runner has answered.
pub struct Pane {
    /// Stable id: reports carry it, so removing a pane does not confuse the others.
    pub id: usize,
    /// The runner (none in a detached app, whose driver feeds the reports).
    pub handle: Option<RunnerHandle>,
    /// The latest report from the runner.
    pub report: Option<Report>,
    /// The algorithm, preset and parameters last asked for.
    pub method: Method,
    /// The seed last asked for.
    pub seed: u64,
    /// The board it started from, when not a fresh one.
    pub start: Option<Grid>,
}

impl Pane {
    /// The algorithm, preset and every non-default parameter, as tables and figures name runs.
    pub fn label(&self) -> String {
        self.method.label(&[])
    }

    /// Whether the search on screen has ended.
    pub fn ended(&self) -> bool {
        self.report
            .as_ref()
            .is_some_and(|r| r.snapshot.ended.is_some())
    }

    /// The search the pane runs now, as its runner last built it (after a switch, an edit or
    /// a rewind, that is not how the pane began).
    pub fn current(&self) -> PaneSpec {
        match &self.report {
            Some(r) => PaneSpec {
                method: r.origin.method.clone(),
                seed: Some(r.origin.seed),
                start: r.origin.start.clone(),
            },
            None => self.configured(),
        }
    }

    /// The pane as the app last set it up.
    pub fn configured(&self) -> PaneSpec {
        PaneSpec {
            method: self.method.clone(),
            seed: Some(self.seed),
            start: self.start.clone(),
        }
    }

    /// How the pane's runner starts, for a driver of its own.
    pub fn setup(&self, puzzle: &Puzzle, speed: Option<f64>, running: bool) -> RunnerSetup {
        RunnerSetup {
            pane: self.id,
            puzzle: puzzle.clone(),
            method: self.method.clone(),
            seed: self.seed,
            speed,
            running,
            start: self.start.clone(),
        }
    }

    /// Send a control to the runner, if there is one.
    pub fn send(&self, c: Control) {
        if let Some(h) = &self.handle {
            h.send(c);
        }
    }
}

/// The board a search of `pane` starts from on `puzzle` (its own board repaired into the
/// search's representation, or a fresh one from its seed).
pub fn board_of(puzzle: &Puzzle, pane: &PaneSpec) -> Grid {
    let m = &pane.method;
    let search = m.algo.build(
        puzzle,
        m.preset,
        &m.params,
        pane.seed.unwrap_or(0),
        pane.start.as_ref(),
    );
    Grid::from_cells(puzzle.geometry(), search.cells().to_vec()).expect("search cells fit")
}
