//! Application state and what each input does to it. Drawing lives in `view`; the searches live
//! in runners on their own threads, reached only through channels.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use crossbeam_channel::{Receiver, Sender};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEventKind,
};

use super::keys::{Action, action};
use crate::board::{Grid, Puzzle};
use crate::catalog;
use crate::engine::experiment::{self, Arm, Plan, Progress};
use crate::engine::record::Record;
use crate::engine::runner::{self, Control, Report, RunnerHandle, RunnerSetup};
use crate::search::exact::Solutions;
use crate::search::params::fmt_num;
use crate::search::{ALGORITHMS, AlgoInfo, Params, Preset};

/// Speeds a person can pick, in steps per second; `None` is unlimited.
pub const SPEEDS: &[Option<f64>] = &[
    Some(1.0),
    Some(2.0),
    Some(5.0),
    Some(10.0),
    Some(30.0),
    Some(100.0),
    Some(1000.0),
    Some(10_000.0),
    Some(100_000.0),
    None,
];

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

/// How the TUI starts.
#[derive(Clone, Debug)]
pub struct Options {
    pub puzzle: Puzzle,
    pub algo: &'static AlgoInfo,
    pub preset: Preset,
    pub params: Params,
    pub seed: u64,
    pub speed: Option<f64>,
    pub race: Vec<&'static AlgoInfo>,
    /// Race panes start from the first pane's board (else each from its own random one).
    pub same_start: bool,
    pub paused: bool,
}

/// One algorithm on screen: its runner, the latest report from it, and what the app last asked
/// it to run. The runner owns the search; its report says what it is running and whether it has
/// ended, and the screen shows that. `algo`, `preset`, `params` and `seed` are the app's last
/// request, which the next switch or edit starts from before the runner has answered.
pub struct Pane {
    /// Stable id: reports carry it, so removing a pane does not confuse the others.
    pub id: usize,
    pub handle: RunnerHandle,
    pub report: Option<Report>,
    pub algo: &'static AlgoInfo,
    pub preset: Preset,
    pub params: Params,
    pub seed: u64,
}

impl Pane {
    /// The algorithm, preset and every non-default parameter, as tables and figures name runs.
    pub fn label(&self) -> String {
        crate::engine::record::label(self.algo.name, self.preset, &self.params, &[])
    }

    /// Whether the search on screen has ended.
    pub fn ended(&self) -> bool {
        self.report
            .as_ref()
            .is_some_and(|r| r.snapshot.ended.is_some())
    }
}

/// What is drawn over the main screen, and takes the keys while open.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    None,
    Help,
    /// Choosing an algorithm: the highlighted row; `adding` for a new race pane.
    Algorithms {
        index: usize,
        preset: Preset,
        adding: bool,
    },
    /// Choosing a parameter (`editing` None) or typing its value.
    Parameters {
        index: usize,
        editing: Option<String>,
        error: Option<String>,
    },
    /// Typing a puzzle reference.
    Puzzle {
        input: String,
        error: Option<String>,
    },
    Command,
}

/// The experiment view's state: records arrive from a background thread.
pub struct ExperimentView {
    pub arms: Vec<String>,
    pub runs: usize,
    pub records: Vec<Record>,
    pub progress: Arc<Progress>,
    pub total: usize,
    pub receiver: Receiver<Record>,
}

/// Closing the view (Esc, another puzzle, quitting) stops the runs still going.
impl Drop for ExperimentView {
    fn drop(&mut self) {
        self.progress.stop.store(true, Ordering::SeqCst);
    }
}

pub struct App {
    pub puzzle: Puzzle,
    /// The unique solution, when the exact solver finds one.
    pub solution: Option<Grid>,
    /// Why the puzzle cannot be solved, or has several solutions.
    pub puzzle_note: Option<String>,
    pub panes: Vec<Pane>,
    pub focus: usize,
    pub speed: usize,
    pub running: bool,
    pub candidates: bool,
    pub show_wrong: bool,
    pub selected: Option<usize>,
    pub overlay: Overlay,
    pub experiment: Option<ExperimentView>,
    pub quit: bool,
    pub status: Option<String>,
    reports: Sender<Report>,
    next_seed: u64,
    next_id: usize,
    /// Where the focused grid was drawn: (x, y, cell width, cell height) of its top-left cell.
    pub grid_origin: Option<(u16, u16, u16, u16)>,
    /// Race panes start from the first pane's board.
    pub same_start: bool,
}

fn analyse(puzzle: &Puzzle) -> (Option<Grid>, Option<String>) {
    match crate::search::exact::solve_fastest(puzzle, 2).0 {
        Solutions::Unique(g) => (Some(g), None),
        Solutions::Several(_) => (None, Some("this puzzle has several solutions: cost 0 is reachable in more than one way".into())),
        Solutions::None => (
            None,
            Some("this puzzle has no solution (the exact solver proved it): local searches cannot reach cost 0".into()),
        ),
    }
}

impl App {
    pub fn new(opts: Options, reports: Sender<Report>) -> App {
        let (solution, puzzle_note) = analyse(&opts.puzzle);
        let speed = SPEEDS
            .iter()
            .position(|&s| s == opts.speed)
            .unwrap_or_else(|| {
                // nearest listed speed
                SPEEDS
                    .iter()
                    .enumerate()
                    .min_by(|a, b| {
                        let d = |s: &Option<f64>| {
                            (s.unwrap_or(1e9).ln() - opts.speed.unwrap_or(1e9).ln()).abs()
                        };
                        d(a.1).total_cmp(&d(b.1))
                    })
                    .map_or(3, |(i, _)| i)
            });
        let mut app = App {
            puzzle: opts.puzzle.clone(),
            solution,
            puzzle_note,
            panes: Vec::new(),
            focus: 0,
            speed,
            running: !opts.paused,
            candidates: false,
            show_wrong: false,
            selected: None,
            overlay: Overlay::None,
            experiment: None,
            quit: false,
            status: None,
            reports,
            next_seed: opts.seed,
            next_id: 0,
            grid_origin: None,
            same_start: opts.same_start,
        };
        app.add_pane(opts.algo, opts.preset, opts.params.clone(), None);
        // the first pane starts fresh, as `solve` with the same seed would; racers start from
        // its board, so the race shows the same start with different algorithms
        let shared = opts.same_start.then(|| app.first_board());
        for a in opts.race {
            let params = a.default_params(opts.preset);
            app.add_pane(a, opts.preset, params, shared.clone());
        }
        app
    }

    /// The board the first pane starts from with its seed: what racers start from.
    fn first_board(&self) -> Grid {
        let p = &self.panes[0];
        let search = p
            .algo
            .build(&self.puzzle, p.preset, &p.params, p.seed, None);
        Grid::from_cells(self.puzzle.geometry(), search.cells().to_vec()).expect("search cells fit")
    }

    fn take_seed(&mut self) -> u64 {
        let s = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        s
    }

    pub fn speed(&self) -> Option<f64> {
        SPEEDS[self.speed]
    }

    fn add_pane(
        &mut self,
        algo: &'static AlgoInfo,
        preset: Preset,
        params: Params,
        start: Option<Grid>,
    ) {
        let seed = self.take_seed();
        let id = self.next_id;
        self.next_id += 1;
        let handle = runner::spawn(
            RunnerSetup {
                pane: id,
                puzzle: self.puzzle.clone(),
                algo,
                preset,
                params: params.clone(),
                seed,
                speed: self.speed(),
                running: self.running,
                start,
            },
            self.reports.clone(),
        );
        self.panes.push(Pane {
            id,
            handle,
            report: None,
            algo,
            preset,
            params,
            seed,
        });
    }

    fn broadcast(&self, c: Control) {
        for p in &self.panes {
            p.handle.send(c.clone());
        }
    }

    /// A report from a runner.
    pub fn on_report(&mut self, r: Report) {
        if let Some(p) = self.panes.iter_mut().find(|p| p.id == r.pane) {
            p.report = Some(r);
        }
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

    /// Records of a running experiment, and SIGTERM/SIGHUP.
    pub fn on_tick(&mut self) {
        if let Some(x) = &mut self.experiment {
            while let Ok(r) = x.receiver.try_recv() {
                x.records.push(r);
            }
        }
    }

    pub fn on_event(&mut self, e: Event) {
        match e {
            Event::Key(k) if k.kind != KeyEventKind::Release => self.on_key(k),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(MouseButton::Left)) => {
                self.on_click(m.column, m.row)
            }
            _ => {}
        }
    }

    fn on_click(&mut self, x: u16, y: u16) {
        let Some((x0, y0, w, h)) = self.grid_origin else {
            return;
        };
        let geo = self.puzzle.geometry();
        let b = geo.box_size as u16;
        if x < x0 || y < y0 {
            return;
        }
        // each box adds one separator column (2 wide) / row
        let (dx, dy) = (x - x0, y - y0);
        let box_w = b * w + 2;
        let box_h = b * h + 1;
        let (bx, rx) = (dx / box_w, dx % box_w);
        let (by, ry) = (dy / box_h, dy % box_h);
        if bx >= b || by >= b || rx >= b * w || ry >= b * h {
            self.selected = None;
            return;
        }
        let col = (bx * b + rx / w) as usize;
        let row = (by * b + ry / h) as usize;
        self.selected = Some(row * geo.n + col);
    }

    fn on_key(&mut self, k: KeyEvent) {
        let overlay = std::mem::replace(&mut self.overlay, Overlay::None);
        self.overlay = match overlay {
            Overlay::None => {
                if let Some(a) = action(k) {
                    self.act(a);
                } else if k.code == KeyCode::Esc {
                    self.experiment = None;
                    self.selected = None;
                }
                return;
            }
            Overlay::Help | Overlay::Command => Overlay::None,
            Overlay::Algorithms {
                index,
                preset,
                adding,
            } => self.algo_keys(k, index, preset, adding),
            Overlay::Parameters {
                index,
                editing,
                error,
            } => self.param_keys(k, index, editing, error),
            Overlay::Puzzle { input, error } => self.puzzle_keys(k, input, error),
        };
        if k.modifiers
            .contains(ratatui::crossterm::event::KeyModifiers::CONTROL)
            && k.code == KeyCode::Char('c')
        {
            self.quit = true;
        }
    }

    fn focused(&self) -> &Pane {
        &self.panes[self.focus]
    }

    pub fn act(&mut self, a: Action) {
        self.status = None;
        match a {
            Action::Quit => self.quit = true,
            Action::RunPause => {
                self.running = !self.running;
                self.broadcast(if self.running {
                    Control::Resume
                } else {
                    Control::Pause
                });
            }
            Action::Step => {
                self.running = false;
                self.broadcast(Control::Step(1));
            }
            Action::StepMany => {
                self.running = false;
                self.broadcast(Control::Step(100));
            }
            Action::Faster | Action::Slower => {
                self.speed = match a {
                    Action::Faster => (self.speed + 1).min(SPEEDS.len() - 1),
                    _ => self.speed.saturating_sub(1),
                };
                self.broadcast(Control::Speed(self.speed()));
            }
            Action::Restart => {
                let mut shared = None;
                for i in 0..self.panes.len() {
                    let seed = self.take_seed();
                    self.panes[i].seed = seed;
                    if i == 0 && self.same_start {
                        shared = Some(self.first_board());
                    }
                    if let Some(board) = shared.clone().filter(|_| i > 0) {
                        self.panes[i]
                            .handle
                            .send(Control::Restart { seed, start: board });
                        continue;
                    }
                    self.panes[i].handle.send(Control::Reset { seed });
                }
            }
            Action::Undo => self.broadcast(Control::Rewind(1)),
            Action::UndoMany => self.broadcast(Control::Rewind(20)),
            Action::PickAlgorithm => {
                let index = ALGORITHMS
                    .iter()
                    .position(|x| x.name == self.focused().algo.name)
                    .unwrap_or(0);
                self.overlay = Overlay::Algorithms {
                    index,
                    preset: self.focused().preset,
                    adding: false,
                };
            }
            Action::TogglePreset => {
                let p = self.focused();
                let preset = match p.preset {
                    Preset::Classic => Preset::Tuned,
                    Preset::Tuned => Preset::Classic,
                };
                self.switch(p.algo, preset);
            }
            Action::EditParameter => {
                self.overlay = Overlay::Parameters {
                    index: 0,
                    editing: None,
                    error: None,
                };
            }
            Action::OpenPuzzle => {
                self.overlay = Overlay::Puzzle {
                    input: String::new(),
                    error: None,
                }
            }
            Action::Candidates => self.candidates = !self.candidates,
            Action::Solution => {
                self.show_wrong = !self.show_wrong;
                if self.solution.is_none() {
                    self.status = Some("no unique solution to compare with".into());
                }
            }
            Action::AddRacer => {
                if self.panes.len() >= 4 {
                    self.status = Some("a race has at most four algorithms".into());
                } else {
                    let next = RACE_ORDER
                        .iter()
                        .find(|n| !self.panes.iter().any(|p| p.algo.name == **n))
                        .copied()
                        .unwrap_or("annealing");
                    let index = ALGORITHMS.iter().position(|x| x.name == next).unwrap_or(0);
                    self.overlay = Overlay::Algorithms {
                        index,
                        preset: self.focused().preset,
                        adding: true,
                    };
                }
            }
            Action::RemoveRacer => {
                if self.panes.len() > 1 {
                    self.panes.remove(self.focus);
                    self.focus = self.focus.min(self.panes.len() - 1);
                } else {
                    self.status = Some("the last algorithm stays: use a to switch it".into());
                }
            }
            Action::NextPane => self.focus = (self.focus + 1) % self.panes.len(),
            Action::Experiment => self.start_experiment(),
            Action::ShowCommand => self.overlay = Overlay::Command,
            Action::Help => self.overlay = Overlay::Help,
        }
    }

    /// Continue the focused pane from its board with another algorithm or preset.
    fn switch(&mut self, algo: &'static AlgoInfo, preset: Preset) {
        let params = algo.default_params(preset);
        self.switch_with(algo, preset, params);
    }

    fn switch_with(&mut self, algo: &'static AlgoInfo, preset: Preset, params: Params) {
        let focus = self.focus;
        let p = &mut self.panes[focus];
        p.algo = algo;
        p.preset = preset;
        p.params = params.clone();
        p.handle.send(Control::Switch {
            algo,
            preset,
            params,
        });
        if self.running {
            p.handle.send(Control::Resume);
        }
    }

    fn algo_keys(&mut self, k: KeyEvent, index: usize, preset: Preset, adding: bool) -> Overlay {
        let n = ALGORITHMS.len();
        match k.code {
            KeyCode::Up | KeyCode::Char('k') => Overlay::Algorithms {
                index: (index + n - 1) % n,
                preset,
                adding,
            },
            KeyCode::Down | KeyCode::Char('j') => Overlay::Algorithms {
                index: (index + 1) % n,
                preset,
                adding,
            },
            KeyCode::Char('p') | KeyCode::Left | KeyCode::Right => {
                let preset = if preset == Preset::Classic {
                    Preset::Tuned
                } else {
                    Preset::Classic
                };
                Overlay::Algorithms {
                    index,
                    preset,
                    adding,
                }
            }
            KeyCode::Enter => {
                let algo = &ALGORITHMS[index];
                if adding {
                    self.add_pane(algo, preset, algo.default_params(preset), None);
                    // a race starts together: every pane restarts now
                    self.act(Action::Restart);
                    self.focus = self.panes.len() - 1;
                } else {
                    self.switch(algo, preset);
                }
                Overlay::None
            }
            KeyCode::Esc | KeyCode::Char('q') => Overlay::None,
            _ => Overlay::Algorithms {
                index,
                preset,
                adding,
            },
        }
    }

    fn param_keys(
        &mut self,
        k: KeyEvent,
        index: usize,
        editing: Option<String>,
        error: Option<String>,
    ) -> Overlay {
        let specs = self.focused().params.specs().to_vec();
        if specs.is_empty() {
            self.status = Some(format!("{} takes no parameters", self.focused().algo.name));
            return Overlay::None;
        }
        let n = specs.len();
        match editing {
            None => match k.code {
                KeyCode::Up | KeyCode::Char('k') => Overlay::Parameters {
                    index: (index + n - 1) % n,
                    editing: None,
                    error,
                },
                KeyCode::Down | KeyCode::Char('j') => Overlay::Parameters {
                    index: (index + 1) % n,
                    editing: None,
                    error,
                },
                KeyCode::Enter => Overlay::Parameters {
                    index,
                    editing: Some(fmt_num(self.focused().params.get(specs[index].name))),
                    error: None,
                },
                KeyCode::Esc | KeyCode::Char('q') => Overlay::None,
                _ => Overlay::Parameters {
                    index,
                    editing: None,
                    error,
                },
            },
            Some(mut text) => match k.code {
                KeyCode::Enter => {
                    let mut params = self.focused().params.clone();
                    match params.set(specs[index].name, &text) {
                        Ok(()) => {
                            let (algo, preset) = (self.focused().algo, self.focused().preset);
                            self.switch_with(algo, preset, params);
                            self.status = Some(format!(
                                "{} = {text}: continuing from the board",
                                specs[index].name
                            ));
                            Overlay::None
                        }
                        Err(e) => Overlay::Parameters {
                            index,
                            editing: Some(text),
                            error: Some(e),
                        },
                    }
                }
                KeyCode::Esc => Overlay::Parameters {
                    index,
                    editing: None,
                    error: None,
                },
                KeyCode::Backspace => {
                    text.pop();
                    Overlay::Parameters {
                        index,
                        editing: Some(text),
                        error,
                    }
                }
                KeyCode::Char(c) if text.len() < 24 => {
                    text.push(c);
                    Overlay::Parameters {
                        index,
                        editing: Some(text),
                        error,
                    }
                }
                _ => Overlay::Parameters {
                    index,
                    editing: Some(text),
                    error,
                },
            },
        }
    }

    fn puzzle_keys(&mut self, k: KeyEvent, mut input: String, error: Option<String>) -> Overlay {
        match k.code {
            KeyCode::Enter if input.trim() == "-" || input.trim().starts_with("-:") => {
                Overlay::Puzzle {
                    input,
                    error: Some(
                        "standard input is this terminal here: give a name, set:N, a file or the puzzle text"
                            .into(),
                    ),
                }
            }
            KeyCode::Enter => match catalog::resolve_one(&input) {
                Ok(p) => {
                    self.load_puzzle(p);
                    Overlay::None
                }
                Err(e) => Overlay::Puzzle {
                    input,
                    error: Some(e.to_string()),
                },
            },
            KeyCode::Esc => Overlay::None,
            KeyCode::Backspace => {
                input.pop();
                Overlay::Puzzle { input, error }
            }
            KeyCode::Char(c) if input.len() < 4096 => {
                input.push(c);
                Overlay::Puzzle { input, error: None }
            }
            _ => Overlay::Puzzle { input, error },
        }
    }

    /// Every pane starts again on a new puzzle.
    pub fn load_puzzle(&mut self, p: Puzzle) {
        let (solution, note) = analyse(&p);
        self.puzzle = p;
        self.solution = solution;
        self.puzzle_note = note;
        self.selected = None;
        let old: Vec<(&'static AlgoInfo, Preset, Params)> = self
            .panes
            .drain(..)
            .map(|p| (p.algo, p.preset, p.params.clone()))
            .collect();
        for (a, pr, pa) in old {
            self.add_pane(a, pr, pa, None);
        }
        self.focus = 0;
    }

    fn start_experiment(&mut self) {
        if let Some(x) = &self.experiment {
            x.progress.stop.store(true, Ordering::SeqCst);
            self.experiment = None;
            return;
        }
        let arms: Vec<Arm> = self
            .panes
            .iter()
            .map(|p| Arm {
                algo: p.algo,
                preset: p.preset,
                params: p.params.clone(),
                named: Vec::new(),
            })
            .collect();
        let labels = arms.iter().map(Arm::label).collect();
        let runs = 100;
        let total = arms.len() * runs;
        let progress = Arc::new(Progress::default());
        let (tx, rx) = crossbeam_channel::unbounded();
        let puzzle = self.puzzle.clone();
        let seed = self.next_seed;
        let worker_progress = Arc::clone(&progress);
        std::thread::Builder::new()
            .name("experiment".into())
            .spawn(move || {
                let puzzles = [puzzle];
                let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                let plan = Plan {
                    arms: &arms,
                    puzzles: &puzzles,
                    runs,
                    seed,
                    max_steps: 10_000_000,
                    max_seconds: None,
                    threads,
                };
                experiment::run_with(&plan, &worker_progress, &|r| {
                    let _ = tx.send(r.clone());
                });
            })
            .expect("an experiment thread");
        self.experiment = Some(ExperimentView {
            arms: labels,
            runs,
            records: Vec::new(),
            progress,
            total,
            receiver: rx,
        });
    }

    /// The command line that reproduces the focused view.
    pub fn command_line(&self) -> String {
        let p = self.focused();
        let mut cmd = format!(
            "sudoscope tui --puzzle {} --algo {} --preset {} --seed {} --speed {}",
            shell_word(&self.puzzle.name, &self.puzzle.givens.to_line()),
            p.algo.name,
            p.preset,
            p.seed,
            self.speed().map_or("max".to_string(), fmt_num)
        );
        for (k, v) in p.params.changed() {
            cmd.push_str(&format!(" --set {k}={}", fmt_num(v)));
        }
        let others: Vec<&str> = self
            .panes
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != self.focus)
            .map(|(_, p)| p.algo.name)
            .collect();
        if !others.is_empty() {
            cmd.push_str(&format!(" --race {}", others.join(",")));
        }
        cmd
    }
}

/// A puzzle reference a shell can take: the name when it resolves again, else the puzzle text.
fn shell_word(name: &str, line: &str) -> String {
    if catalog::resolve_one(name).is_ok() && !name.contains(char::is_whitespace) {
        name.to_string()
    } else {
        line.to_string()
    }
}
