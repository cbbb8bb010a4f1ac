//! The race component: the puzzle on screen and the panes searching it, each with its run and
//! its runner. It owns the pace every pane keeps (speed, running), the seeds new searches take,
//! and the one reading of the screen as a run ([`Race::spec`]), which `y`, `--trace` and a
//! lesson's appended scene all take.

use std::path::PathBuf;
use std::sync::Arc;

use crossbeam_channel::Sender;

use super::analysis::{PuzzleNote, analyse, next_speed};
use super::pane::Pane;
use sudoscope_core::board::{Grid, Puzzle};
use sudoscope_core::engine::experiment::Arm;
use sudoscope_core::engine::runner::{self, Control, Report, TraceTo};
use sudoscope_core::engine::trace::feed::Feed;
use sudoscope_core::run::{Method, PaneRun, PaneSpec, RunSpec, defaults};

/// Algorithms a race adds, in order, after the ones already racing.
const RACE_ORDER: &[&str] = &[
    "annealing",
    "plateau",
    "genetic",
    "beam",
    "tabu",
    "sampling",
    "backtrack",
];

/// How the race's runners are started.
pub struct Runners {
    /// Where reports go.
    pub reports: Sender<Report>,
    /// No runners: a driver of its own feeds the reports (the recorder).
    pub detached: bool,
    /// A served session's: its searches take turns at the compute gate.
    pub shared: bool,
    /// The file the first pane's run is written to as a trace (`tui --trace`).
    pub trace: Option<PathBuf>,
}

/// The puzzle and the panes searching it.
pub struct Race {
    /// The run as it was last started (a scene's, a trace's): what a trace's next run is based on.
    started: RunSpec,
    puzzle: Puzzle,
    solution: Option<Grid>,
    puzzle_note: Option<PuzzleNote>,
    panes: Vec<Pane>,
    focus: usize,
    speed: Option<f64>,
    running: bool,
    same_start: bool,
    landscape: bool,
    next_seed: u64,
    next_id: usize,
    runners: Runners,
}

impl Race {
    /// No panes yet, at `run`'s pace, on its puzzle; [`Race::start`] starts them.
    pub fn new(run: &RunSpec, runners: Runners) -> Race {
        let (solution, puzzle_note) = analyse(&run.puzzle);
        Race {
            started: run.clone(),
            puzzle: run.puzzle.clone(),
            solution,
            puzzle_note,
            panes: Vec::new(),
            focus: 0,
            speed: run.speed,
            running: !run.paused,
            same_start: run.same_start,
            landscape: false,
            next_seed: run.seed,
            next_id: 0,
            runners,
        }
    }

    /// Every pane starts on `run` (keeping the pace on screen): the first fresh, from its own
    /// board, or replaying `feed`; racers from its board unless the run says otherwise.
    pub fn start(&mut self, run: RunSpec, feed: Option<Arc<Feed>>) {
        self.clear(&run);
        self.same_start = run.same_start;
        self.add(run.first(), feed);
        let shared = self.same_start.then(|| self.first_board());
        for i in 1..=run.race.len() {
            self.add(run.racer(i, shared.as_ref()), None);
        }
        // a new search (a restart, a racer added) takes the seeds after the run's own
        self.next_seed = run.seed_of(1 + run.race.len());
    }

    /// No panes (their runners end), and `run`'s puzzle on screen: what the screen shows while
    /// a scene's trace has not begun.
    pub fn clear(&mut self, run: &RunSpec) {
        self.panes.clear();
        self.focus = 0;
        self.show_puzzle(&run.puzzle);
        self.started = run.clone();
    }

    /// `puzzle` on screen, with what the exact solver says of it (settled again only when the
    /// puzzle is another).
    fn show_puzzle(&mut self, puzzle: &Puzzle) {
        if *puzzle != self.puzzle {
            let (solution, note) = analyse(puzzle);
            self.solution = solution;
            self.puzzle_note = note;
            self.puzzle = puzzle.clone();
        }
    }

    /// Take `run`'s pace: its speed, and whether it runs.
    pub fn set_pace(&mut self, run: &RunSpec) {
        self.speed = run.speed;
        self.running = !run.paused;
    }

    /// The run as it was last started.
    pub fn started(&self) -> &RunSpec {
        &self.started
    }

    /// The puzzle on screen.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The unique solution, when the exact solver finds one.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }

    /// Why the puzzle cannot be solved, or has several solutions.
    pub fn puzzle_note(&self) -> Option<PuzzleNote> {
        self.puzzle_note
    }

    /// The panes, the first one leading.
    pub fn panes(&self) -> &[Pane] {
        &self.panes
    }

    /// The pane keys act on, by its place.
    pub fn focus(&self) -> usize {
        self.focus
    }

    /// The pane keys act on.
    pub fn focused(&self) -> &Pane {
        &self.panes[self.focus]
    }

    /// Steps per second; `None` for as fast as possible.
    pub fn speed(&self) -> Option<f64> {
        self.speed
    }

    /// Whether the panes step on their own.
    pub fn running(&self) -> bool {
        self.running
    }

    /// Whether race panes start from the first pane's board.
    pub fn same_start(&self) -> bool {
        self.same_start
    }

    /// Whether the runners report the neighbourhood (`l`).
    pub fn landscape(&self) -> bool {
        self.landscape
    }

    /// Whether any pane replays a trace.
    pub fn watches(&self) -> bool {
        self.panes.iter().any(|p| p.watched().is_some())
    }

    /// What the panes are doing, for the status line: "ended" once every search has ended.
    pub fn state_word(&self) -> &'static str {
        if !self.panes.is_empty() && self.panes.iter().all(Pane::ended) {
            "ended"
        } else if self.running {
            "running"
        } else {
            "paused"
        }
    }

    fn take_seed(&mut self) -> u64 {
        let s = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        s
    }

    /// A pane of `run` (replaying `feed`), its runner started unless detached; the very first
    /// pane writes the trace `tui --trace` asked for.
    fn add(&mut self, run: PaneRun, feed: Option<Arc<Feed>>) {
        let id = self.next_id;
        self.next_id += 1;
        let mut pane = Pane {
            id,
            handle: None,
            report: None,
            run,
            feed,
        };
        if !self.runners.detached {
            let mut setup = pane.setup(&self.puzzle, self.speed, self.running, self.runners.shared);
            if id == 0
                && let Some(path) = &self.runners.trace
            {
                setup.trace = Some(TraceTo {
                    path: path.clone(),
                    run: self.started.clone(),
                    words: Some(crate::step_log::english),
                });
            }
            pane.handle = Some(runner::spawn(setup, self.runners.reports.clone()));
            if self.landscape {
                pane.send(Control::Landscape(true));
            }
        }
        self.panes.push(pane);
    }

    fn broadcast(&self, c: Control) {
        for p in &self.panes {
            p.send(c.clone());
        }
    }

    /// The board the first pane starts from with its seed: what racers start from (a trace's
    /// first board when the first pane replays one).
    fn first_board(&self) -> Grid {
        match &self.panes[0].feed {
            Some(f) => Grid::from_cells(self.puzzle.geometry(), f.start_board())
                .expect("a trace's board fits its puzzle"),
            None => self.panes[0].run.board(&self.puzzle),
        }
    }

    /// A report from a runner; says whether it changes what the screen shows (an idle runner
    /// reports the same state again now and then: no need to draw it again).
    pub fn on_report(&mut self, r: Report) -> bool {
        let Some(p) = self.panes.iter_mut().find(|p| p.id == r.pane) else {
            return false;
        };
        let changed = p.report.as_ref().is_none_or(|old| !same_view(old, &r));
        p.report = Some(r);
        changed
    }

    /// Run or pause every pane.
    pub fn run_pause(&mut self) {
        self.running = !self.running;
        self.broadcast(if self.running {
            Control::Resume
        } else {
            Control::Pause
        });
    }

    /// Every pane takes `n` steps and pauses.
    pub fn step(&mut self, n: u64) {
        self.running = false;
        self.broadcast(Control::Step(n));
    }

    /// The next speed up or down.
    pub fn change_speed(&mut self, faster: bool) {
        self.speed = next_speed(self.speed, faster);
        self.broadcast(Control::Speed(self.speed));
    }

    /// Every pane goes back `n` steps.
    pub fn rewind(&self, n: usize) {
        self.broadcast(Control::Rewind(n));
    }

    /// The neighbourhood panel on or off for every pane.
    pub fn toggle_landscape(&mut self) -> bool {
        self.landscape = !self.landscape;
        self.broadcast(Control::Landscape(self.landscape));
        self.landscape
    }

    /// Every pane starts again with a new seed; racers from the first pane's new board when
    /// they start together.
    pub fn restart_all(&mut self) {
        let mut shared = None;
        for i in 0..self.panes.len() {
            let seed = self.take_seed();
            self.panes[i].run.seed = seed;
            self.panes[i].run.start = None;
            if i == 0 && self.same_start {
                shared = Some(self.first_board());
            }
            match shared.clone().filter(|_| i > 0) {
                Some(board) => {
                    self.panes[i].run.start = Some(board.clone());
                    self.panes[i].send(Control::Restart { seed, start: board });
                }
                None => self.panes[i].send(Control::Reset { seed }),
            }
        }
    }

    /// A new pane of `method` with the next seed, and the race starts again together; it takes
    /// the focus. Says false when the race is full.
    pub fn add_racer(&mut self, method: Method) -> bool {
        if self.panes.len() >= defaults::MAX_PANES {
            return false;
        }
        let seed = self.take_seed();
        self.add(
            PaneRun {
                method,
                seed,
                start: None,
            },
            None,
        );
        self.restart_all();
        self.focus = self.panes.len() - 1;
        true
    }

    /// The algorithm a new racer is offered: the first of the usual order not racing yet.
    /// `None` when the race is full.
    pub fn next_racer(&self) -> Option<&'static str> {
        (self.panes.len() < defaults::MAX_PANES).then(|| {
            RACE_ORDER
                .iter()
                .find(|n| !self.panes.iter().any(|p| p.run.method.algo.name == **n))
                .copied()
                .unwrap_or("annealing")
        })
    }

    /// Remove the focused pane; says false when it is the last.
    pub fn remove_focused(&mut self) -> bool {
        if self.panes.len() < 2 {
            return false;
        }
        self.panes.remove(self.focus);
        self.focus = self.focus.min(self.panes.len() - 1);
        true
    }

    /// Focus the next pane.
    pub fn next_pane(&mut self) {
        self.focus = (self.focus + 1) % self.panes.len();
    }

    /// Continue the focused pane from its board with another method.
    pub fn switch_to(&mut self, method: Method) {
        let running = self.running;
        let p = &mut self.panes[self.focus];
        p.run.method = method.clone();
        p.send(Control::Switch(method));
        if running {
            p.send(Control::Resume);
        }
    }

    /// Every pane starts again on a new puzzle, each with the seed it had: opening a puzzle
    /// changes the puzzle, nothing else.
    pub fn load_puzzle(&mut self, p: Puzzle) {
        self.show_puzzle(&p);
        let old: Vec<PaneRun> = self.panes.drain(..).map(|p| p.run).collect();
        // each pane keeps its seed; the seeds new searches take move on as at a restart
        self.next_seed = self.next_seed.wrapping_add(old.len() as u64);
        let mut shared = None;
        for (i, run) in old.into_iter().enumerate() {
            self.add(
                PaneRun {
                    start: shared.clone(),
                    ..run
                },
                None,
            );
            if i == 0 && self.same_start {
                shared = Some(self.first_board());
            }
        }
        self.focus = 0;
    }

    /// The rows of an experiment of the panes on screen (a watched one has none), and the seed
    /// it starts from. Panes with the same algorithm and settings are one row: their restarts
    /// would be the same runs, and a table row is known by its label.
    pub fn arms(&self) -> (Vec<Arm>, u64) {
        let mut arms: Vec<Arm> = Vec::new();
        for p in self.panes.iter().filter(|p| p.watched().is_none()) {
            let arm = Arm::of(p.run.method.clone());
            if !arms.iter().any(|a| a.label() == arm.label()) {
                arms.push(arm);
            }
        }
        (arms, self.next_seed)
    }

    /// The view as a run: each pane as its runner last built it (algorithm, preset,
    /// parameters, seed, and the board it continued from after a switch, an edit or a rewind);
    /// a racer's board is kept only when starting the race from the first pane would not give
    /// it anyway.
    pub fn spec(&self) -> RunSpec {
        let first = self.panes[0].current().clone();
        let shared = self.same_start.then(|| match self.panes[0].watched() {
            Some(_) => self.first_board(),
            None => first.board(&self.puzzle),
        });
        let race = self.panes[1..]
            .iter()
            .map(|p| {
                let mut r: PaneSpec = p.current().spec();
                if r.start == shared {
                    r.start = None;
                }
                r
            })
            .collect();
        RunSpec {
            puzzle: self.puzzle.clone(),
            seed: first.seed,
            method: first.method,
            start: first.start,
            speed: self.speed,
            paused: !self.running,
            race,
            same_start: self.same_start,
        }
    }
}

/// Whether two reports of a pane show the same thing: the same step, costs, state, log, chart
/// and panels.
fn same_view(a: &Report, b: &Report) -> bool {
    let (x, y) = (&a.snapshot, &b.snapshot);
    (x.steps, x.cost, x.best_cost, x.ended) == (y.steps, y.cost, y.best_cost, y.ended)
        && a.running == b.running
        && a.steps_per_second.to_bits() == b.steps_per_second.to_bits()
        && a.log == b.log
        && a.history.len() == b.history.len()
        && a.changed == b.changed
        && a.landscape == b.landscape
        && a.crashed == b.crashed
        && x.grid == y.grid
        && a.origin.run.method == b.origin.run.method
}
