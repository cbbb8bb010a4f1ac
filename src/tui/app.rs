//! Application state and what each input does to it. Drawing lives in `view`; the searches live
//! in runners on their own threads, reached only through channels (or, for the recorder, in
//! cores it drives itself: a detached app spawns no runner).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use super::keys::{Action, action};
use super::lesson::{self, Lesson, Scene};
use super::racer::Racer;
use super::theme::Theme;
use super::view::grid::{CandidateView, GridLayout};
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

/// How long typed letters keep narrowing a picker's choice before they start over.
const TYPING: Duration = Duration::from_millis(1200);

/// How the TUI starts.
#[derive(Clone, Debug)]
pub struct Options {
    pub puzzle: Puzzle,
    pub algo: &'static AlgoInfo,
    pub preset: Preset,
    pub params: Params,
    pub seed: u64,
    pub speed: Option<f64>,
    /// Racers beside the first pane, each with its preset, parameters and (when given) its
    /// seed and board; the others take the seeds after the first pane's.
    pub race: Vec<Racer>,
    /// Race panes start from the first pane's board (else each from its own random one).
    pub same_start: bool,
    pub paused: bool,
    /// The first pane starts from this board instead of a fresh one.
    pub start: Option<Grid>,
    pub theme: Theme,
    /// A lesson to play, from its first scene.
    pub lesson: Option<Lesson>,
    /// Where `y`'s "append as a scene" writes (the lesson's own file when one is played).
    pub lesson_out: Option<PathBuf>,
}

impl Options {
    /// The options of a lesson's scene, the rest as given.
    fn with_scene(&self, s: &Scene) -> Options {
        Options {
            puzzle: s.puzzle.clone(),
            algo: s.algo,
            preset: s.preset,
            params: s.params.clone(),
            seed: s.seed,
            speed: s.speed,
            race: s.race.clone(),
            same_start: s.same_start,
            paused: s.paused,
            start: s.start.clone(),
            ..self.clone()
        }
    }
}

/// One algorithm on screen: its runner, the latest report from it, and what the app last asked
/// it to run. The runner owns the search; its report says what it is running and whether it has
/// ended, and the screen shows that. `algo`, `preset`, `params` and `seed` are the app's last
/// request, which the next switch or edit starts from before the runner has answered.
pub struct Pane {
    /// Stable id: reports carry it, so removing a pane does not confuse the others.
    pub id: usize,
    /// The runner (none in a detached app, whose driver feeds the reports).
    pub handle: Option<RunnerHandle>,
    pub report: Option<Report>,
    pub algo: &'static AlgoInfo,
    pub preset: Preset,
    pub params: Params,
    pub seed: u64,
    /// The board it started from, when not a fresh one.
    pub start: Option<Grid>,
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

    /// The search the pane runs now, as its runner last built it (after a switch, an edit or
    /// a rewind, that is not how the pane began).
    pub fn current(&self) -> Racer {
        match &self.report {
            Some(r) => Racer {
                algo: r.origin.algo,
                preset: r.origin.preset,
                params: r.origin.params.clone(),
                seed: Some(r.origin.seed),
                start: r.origin.start.clone(),
            },
            None => self.configured(),
        }
    }

    /// The pane as the app last set it up.
    fn configured(&self) -> Racer {
        Racer {
            algo: self.algo,
            preset: self.preset,
            params: self.params.clone(),
            seed: Some(self.seed),
            start: self.start.clone(),
        }
    }

    /// How the pane's runner starts, for a driver of its own.
    pub fn setup(&self, puzzle: &Puzzle, speed: Option<f64>, running: bool) -> RunnerSetup {
        RunnerSetup {
            pane: self.id,
            puzzle: puzzle.clone(),
            algo: self.algo,
            preset: self.preset,
            params: self.params.clone(),
            seed: self.seed,
            speed,
            running,
            start: self.start.clone(),
        }
    }

    fn send(&self, c: Control) {
        if let Some(h) = &self.handle {
            h.send(c);
        }
    }
}

/// Letters typed in a picker to jump to a name, and when the last one came.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    pub text: String,
    at: Option<Instant>,
}

impl Typed {
    fn new() -> Typed {
        Typed {
            text: String::new(),
            at: None,
        }
    }

    /// Add a letter (starting over after a pause), and return the text to match.
    fn push(&mut self, c: char) -> String {
        if self.at.is_none_or(|t| t.elapsed() > TYPING) {
            self.text.clear();
        }
        self.text.push(c);
        self.at = Some(Instant::now());
        self.text.clone()
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
        typed: Typed,
    },
    /// Choosing a parameter (`editing` None) or typing its value.
    Parameters {
        index: usize,
        editing: Option<String>,
        error: Option<String>,
        typed: Typed,
    },
    /// Typing a puzzle reference.
    Puzzle {
        input: String,
        error: Option<String>,
    },
    /// The command line that reproduces the view; `appended` says where `a` wrote it as a scene.
    Command {
        appended: Option<String>,
    },
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

/// A lesson being played: which scene is on screen.
pub struct LessonState {
    pub lesson: Lesson,
    pub scene: usize,
}

pub struct App {
    pub puzzle: Puzzle,
    /// The unique solution, when the exact solver finds one.
    pub solution: Option<Grid>,
    /// Why the puzzle cannot be solved, or has several solutions.
    pub puzzle_note: Option<String>,
    pub panes: Vec<Pane>,
    pub focus: usize,
    /// Steps per second; `None` for as fast as possible.
    speed: Option<f64>,
    pub running: bool,
    pub candidates: CandidateView,
    pub show_wrong: bool,
    /// The cell the mouse or the keyboard cursor selected.
    pub selected: Option<usize>,
    /// The keyboard moves a cursor over the grid (`v`).
    pub cell_mode: bool,
    /// The focus layout: grid, chart and caption only (`f`).
    pub focus_layout: bool,
    /// The neighbourhood panel (`l`).
    pub landscape: bool,
    pub theme: Theme,
    pub overlay: Overlay,
    pub experiment: Option<ExperimentView>,
    pub quit: bool,
    pub status: Option<String>,
    pub lesson: Option<LessonState>,
    /// Where the focused grid was drawn: its first cell and its layout (for mouse clicks).
    pub grid_at: Option<(u16, u16, GridLayout)>,
    /// Race panes start from the first pane's board.
    pub same_start: bool,
    options: Options,
    reports: Sender<Report>,
    next_seed: u64,
    next_id: usize,
    /// No runners: a driver of its own feeds the reports (the recorder).
    detached: bool,
}

/// Steps the exact solver may take to settle a puzzle before the screen opens: under a second at
/// 25x25 (every la25 instance settles within a third of it), where a puzzle can take far longer.
const ANALYSIS_STEPS: u64 = 100_000;

fn analyse(puzzle: &Puzzle) -> (Option<Grid>, Option<String>) {
    let Some((solutions, _)) =
        crate::search::exact::solve_fastest_within(puzzle, 2, ANALYSIS_STEPS)
    else {
        return (
            None,
            Some(format!(
                "the exact solver did not settle this puzzle within {} steps: no solution to compare with",
                crate::search::params::fmt_num(ANALYSIS_STEPS as f64)
            )),
        );
    };
    match solutions {
        Solutions::Unique(g) => (Some(g), None),
        Solutions::Several(_) => (None, Some("this puzzle has several solutions: cost 0 is reachable in more than one way".into())),
        Solutions::None => (
            None,
            Some("this puzzle has no solution (the exact solver proved it): local searches cannot reach cost 0".into()),
        ),
    }
}

/// The board a search of `r` starts from on `puzzle` (its own board repaired into the
/// search's representation, or a fresh one from its seed).
fn board_of(puzzle: &Puzzle, r: &Racer) -> Grid {
    let search = r.algo.build(
        puzzle,
        r.preset,
        &r.params,
        r.seed.unwrap_or(0),
        r.start.as_ref(),
    );
    Grid::from_cells(puzzle.geometry(), search.cells().to_vec()).expect("search cells fit")
}

/// The next listed speed above (`faster`) or below `speed`, or `speed` itself at the end of
/// the list. A speed given on the command line stays as given until `+` or `-`.
fn next_speed(speed: Option<f64>, faster: bool) -> Option<f64> {
    let rank = |s: Option<f64>| s.unwrap_or(f64::INFINITY);
    if faster {
        SPEEDS
            .iter()
            .copied()
            .find(|&s| rank(s) > rank(speed))
            .unwrap_or(speed)
    } else {
        SPEEDS
            .iter()
            .rev()
            .copied()
            .find(|&s| rank(s) < rank(speed))
            .unwrap_or(speed)
    }
}

impl App {
    /// The app, its runners started (a lesson starts at its first scene).
    pub fn new(opts: Options, reports: Sender<Report>) -> App {
        App::build(opts, reports, false)
    }

    /// The app without runners: the caller drives searches itself and feeds their reports
    /// (the headless recorder, on a simulated clock).
    pub fn detached(opts: Options, reports: Sender<Report>) -> App {
        App::build(opts, reports, true)
    }

    fn build(mut opts: Options, reports: Sender<Report>, detached: bool) -> App {
        let lesson = opts
            .lesson
            .take()
            .map(|lesson| LessonState { lesson, scene: 0 });
        if let Some(l) = &lesson {
            opts = opts.with_scene(&l.lesson.scenes[0]);
        }
        let (solution, puzzle_note) = analyse(&opts.puzzle);
        let mut app = App {
            puzzle: opts.puzzle.clone(),
            solution,
            puzzle_note,
            panes: Vec::new(),
            focus: 0,
            speed: opts.speed,
            running: !opts.paused,
            candidates: CandidateView::Off,
            show_wrong: false,
            selected: None,
            cell_mode: false,
            focus_layout: false,
            landscape: false,
            theme: opts.theme,
            overlay: Overlay::None,
            experiment: None,
            quit: false,
            status: None,
            lesson,
            grid_at: None,
            same_start: opts.same_start,
            reports,
            next_seed: opts.seed,
            next_id: 0,
            detached,
            options: opts,
        };
        app.start_panes();
        app
    }

    /// The panes of the current options: the first pane fresh (or from the given board), as
    /// `solve` with the same seed would start; racers from its board unless asked otherwise.
    fn start_panes(&mut self) {
        let o = self.options.clone();
        self.next_seed = o.seed;
        self.add_pane(o.algo, o.preset, o.params.clone(), o.start.clone(), None);
        let shared = o.same_start.then(|| self.first_board());
        for r in &o.race {
            let start = r.start.clone().or_else(|| shared.clone());
            self.add_pane(r.algo, r.preset, r.params.clone(), start, r.seed);
        }
    }

    /// The board the first pane starts from with its seed: what racers start from.
    fn first_board(&self) -> Grid {
        board_of(&self.puzzle, &self.panes[0].configured())
    }

    fn take_seed(&mut self) -> u64 {
        let s = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        s
    }

    pub fn speed(&self) -> Option<f64> {
        self.speed
    }

    fn add_pane(
        &mut self,
        algo: &'static AlgoInfo,
        preset: Preset,
        params: Params,
        start: Option<Grid>,
        seed: Option<u64>,
    ) {
        let next = self.take_seed();
        let seed = seed.unwrap_or(next);
        let id = self.next_id;
        self.next_id += 1;
        let mut pane = Pane {
            id,
            handle: None,
            report: None,
            algo,
            preset,
            params,
            seed,
            start,
        };
        if !self.detached {
            let setup = pane.setup(&self.puzzle, self.speed(), self.running);
            pane.handle = Some(runner::spawn(setup, self.reports.clone()));
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

    /// The lesson's caption on screen, when a lesson is played.
    pub fn caption(&self) -> Option<String> {
        self.lesson.as_ref().map(|l| {
            let s = &l.lesson.scenes[l.scene];
            format!("{} · {}", l.lesson.title, s.caption)
        })
    }

    /// "scene 2/6" while a lesson is played.
    pub fn scene_label(&self) -> Option<String> {
        self.lesson
            .as_ref()
            .map(|l| format!("scene {}/{}", l.scene + 1, l.lesson.scenes.len()))
    }

    /// Records of a running experiment.
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
        let Some((x0, y0, layout)) = self.grid_at else {
            return;
        };
        self.selected = if x < x0 || y < y0 {
            None
        } else {
            layout.cell_at(x - x0, y - y0)
        };
    }

    fn on_key(&mut self, k: KeyEvent) {
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        let overlay = std::mem::replace(&mut self.overlay, Overlay::None);
        self.overlay = match overlay {
            Overlay::None => {
                if self.cell_mode && self.cursor_key(k) {
                    return;
                }
                if let Some(a) = action(k) {
                    self.act(a);
                } else if k.code == KeyCode::Esc {
                    self.experiment = None;
                    self.selected = None;
                }
                return;
            }
            Overlay::Help => Overlay::None,
            Overlay::Command { .. } => {
                if k.code == KeyCode::Char('a') {
                    let appended = Some(self.append_scene());
                    Overlay::Command { appended }
                } else {
                    Overlay::None
                }
            }
            Overlay::Algorithms {
                index,
                preset,
                adding,
                typed,
            } => self.algo_keys(k, index, preset, adding, typed),
            Overlay::Parameters {
                index,
                editing,
                error,
                typed,
            } => self.param_keys(k, index, editing, error, typed),
            Overlay::Puzzle { input, error } => self.puzzle_keys(k, input, error),
        };
    }

    /// In cell mode, the arrows and hjkl move the cursor and Esc leaves; says whether the key
    /// was one of those.
    fn cursor_key(&mut self, k: KeyEvent) -> bool {
        let n = self.puzzle.geometry().n;
        let cell = self.selected.unwrap_or(0);
        let (r, c) = (cell / n, cell % n);
        let moved = match k.code {
            KeyCode::Up | KeyCode::Char('k') => ((r + n - 1) % n, c),
            KeyCode::Down | KeyCode::Char('j') => ((r + 1) % n, c),
            KeyCode::Left | KeyCode::Char('h') => (r, (c + n - 1) % n),
            KeyCode::Right | KeyCode::Char('l') => (r, (c + 1) % n),
            KeyCode::Esc | KeyCode::Char('v') => {
                self.cell_mode = false;
                self.selected = None;
                return true;
            }
            _ => return false,
        };
        self.selected = Some(moved.0 * n + moved.1);
        true
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
                self.speed = next_speed(self.speed, a == Action::Faster);
                self.broadcast(Control::Speed(self.speed()));
            }
            Action::Restart => self.restart_all(),
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
                    typed: Typed::new(),
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
                if self.focused().params.specs().is_empty() {
                    self.status = Some(format!("{} takes no parameters", self.focused().algo.name));
                } else {
                    self.overlay = Overlay::Parameters {
                        index: 0,
                        editing: None,
                        error: None,
                        typed: Typed::new(),
                    };
                }
            }
            Action::OpenPuzzle => {
                self.overlay = Overlay::Puzzle {
                    input: String::new(),
                    error: None,
                }
            }
            Action::Candidates => {
                self.candidates = self.candidates.next();
                if self.candidates != CandidateView::Off {
                    self.status = Some(format!("showing {}", self.candidates.describe()));
                }
            }
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
                        typed: Typed::new(),
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
            Action::ShowCommand => self.overlay = Overlay::Command { appended: None },
            Action::Help => self.overlay = Overlay::Help,
            Action::Theme => {
                self.theme = self.theme.next();
                self.status = Some(format!("theme {}", self.theme.palette.name()));
            }
            Action::FocusLayout => self.focus_layout = !self.focus_layout,
            Action::Landscape => {
                self.landscape = !self.landscape;
                self.broadcast(Control::Landscape(self.landscape));
            }
            Action::CellMode => {
                self.cell_mode = !self.cell_mode;
                self.selected = self.cell_mode.then_some(self.selected.unwrap_or(0));
                if self.cell_mode {
                    self.status = Some("cell mode: arrows or hjkl move, esc leaves".into());
                }
            }
            Action::NextScene | Action::PreviousScene => self.change_scene(a == Action::NextScene),
        }
    }

    /// Every pane starts again with a new seed; racers from the first pane's new board when
    /// they start together.
    fn restart_all(&mut self) {
        let mut shared = None;
        for i in 0..self.panes.len() {
            let seed = self.take_seed();
            self.panes[i].seed = seed;
            self.panes[i].start = None;
            if i == 0 && self.same_start {
                shared = Some(self.first_board());
            }
            match shared.clone().filter(|_| i > 0) {
                Some(board) => {
                    self.panes[i].start = Some(board.clone());
                    self.panes[i].send(Control::Restart { seed, start: board });
                }
                None => self.panes[i].send(Control::Reset { seed }),
            }
        }
    }

    /// Go to the next or previous scene of the lesson: every pane starts fresh from its
    /// settings, so a scene plays the same every time.
    fn change_scene(&mut self, forward: bool) {
        let Some(l) = &mut self.lesson else {
            self.status = Some("no lesson: start one with `sudoscope tui --lesson FILE`".into());
            return;
        };
        let last = l.lesson.scenes.len() - 1;
        let next = if forward {
            (l.scene + 1).min(last)
        } else {
            l.scene.saturating_sub(1)
        };
        if next == l.scene {
            self.status = Some(if forward {
                "this is the last scene".into()
            } else {
                "this is the first scene".into()
            });
            return;
        }
        l.scene = next;
        let scene = l.lesson.scenes[next].clone();
        self.options = self.options.with_scene(&scene);
        self.experiment = None;
        self.overlay = Overlay::None;
        self.selected = None;
        self.cell_mode = false;
        let (solution, note) = analyse(&scene.puzzle);
        self.puzzle = scene.puzzle.clone();
        self.solution = solution;
        self.puzzle_note = note;
        self.speed = scene.speed;
        self.running = !scene.paused;
        self.panes.clear();
        self.focus = 0;
        self.start_panes();
    }

    /// Continue the focused pane from its board with another algorithm or preset.
    fn switch(&mut self, algo: &'static AlgoInfo, preset: Preset) {
        let params = algo.default_params(preset);
        self.switch_with(algo, preset, params);
    }

    fn switch_with(&mut self, algo: &'static AlgoInfo, preset: Preset, params: Params) {
        let running = self.running;
        let p = &mut self.panes[self.focus];
        p.algo = algo;
        p.preset = preset;
        p.params = params.clone();
        p.send(Control::Switch {
            algo,
            preset,
            params,
        });
        if running {
            p.send(Control::Resume);
        }
    }

    fn algo_keys(
        &mut self,
        k: KeyEvent,
        index: usize,
        preset: Preset,
        adding: bool,
        mut typed: Typed,
    ) -> Overlay {
        let n = ALGORITHMS.len();
        let keep = |index, preset, typed| Overlay::Algorithms {
            index,
            preset,
            adding,
            typed,
        };
        match k.code {
            KeyCode::Up => keep((index + n - 1) % n, preset, typed),
            KeyCode::Down => keep((index + 1) % n, preset, typed),
            KeyCode::Home | KeyCode::PageUp => keep(0, preset, typed),
            KeyCode::End | KeyCode::PageDown => keep(n - 1, preset, typed),
            KeyCode::Left | KeyCode::Right | KeyCode::Tab => {
                let preset = if preset == Preset::Classic {
                    Preset::Tuned
                } else {
                    Preset::Classic
                };
                keep(index, preset, typed)
            }
            KeyCode::Char(c) if c.is_alphanumeric() => {
                let prefix = typed.push(c.to_ascii_lowercase());
                let found = ALGORITHMS
                    .iter()
                    .position(|a| a.name.starts_with(&prefix))
                    .unwrap_or(index);
                keep(found, preset, typed)
            }
            KeyCode::Enter => {
                let algo = &ALGORITHMS[index];
                if adding {
                    self.add_pane(algo, preset, algo.default_params(preset), None, None);
                    // a race starts together: every pane restarts now
                    self.restart_all();
                    self.focus = self.panes.len() - 1;
                } else {
                    self.switch(algo, preset);
                }
                Overlay::None
            }
            KeyCode::Esc => Overlay::None,
            _ => keep(index, preset, typed),
        }
    }

    fn param_keys(
        &mut self,
        k: KeyEvent,
        index: usize,
        editing: Option<String>,
        error: Option<String>,
        mut typed: Typed,
    ) -> Overlay {
        let specs = self.focused().params.specs().to_vec();
        let n = specs.len();
        let choose = |index, error, typed| Overlay::Parameters {
            index,
            editing: None,
            error,
            typed,
        };
        match editing {
            None => match k.code {
                KeyCode::Up => choose((index + n - 1) % n, error, typed),
                KeyCode::Down => choose((index + 1) % n, error, typed),
                KeyCode::Home | KeyCode::PageUp => choose(0, error, typed),
                KeyCode::End | KeyCode::PageDown => choose(n - 1, error, typed),
                KeyCode::Char(c) if c.is_alphanumeric() || c == '_' => {
                    let prefix = typed.push(c.to_ascii_lowercase());
                    let found = specs
                        .iter()
                        .position(|s| s.name.starts_with(&prefix))
                        .unwrap_or(index);
                    choose(found, error, typed)
                }
                KeyCode::Enter => Overlay::Parameters {
                    index,
                    editing: Some(self.focused().params.show(specs[index].name)),
                    error: None,
                    typed,
                },
                KeyCode::Esc => Overlay::None,
                _ => choose(index, error, typed),
            },
            Some(mut text) => {
                let edit = |text, error, typed| Overlay::Parameters {
                    index,
                    editing: Some(text),
                    error,
                    typed,
                };
                match k.code {
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
                            Err(e) => edit(text, Some(e), typed),
                        }
                    }
                    KeyCode::Esc => choose(index, None, typed),
                    KeyCode::Backspace => {
                        text.pop();
                        edit(text, error, typed)
                    }
                    KeyCode::Char(c) if text.len() < 24 => {
                        text.push(c);
                        edit(text, error, typed)
                    }
                    _ => edit(text, error, typed),
                }
            }
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

    /// Every pane starts again on a new puzzle, each with the seed it had: opening a puzzle
    /// changes the puzzle, nothing else.
    pub fn load_puzzle(&mut self, p: Puzzle) {
        let (solution, note) = analyse(&p);
        self.puzzle = p;
        self.solution = solution;
        self.puzzle_note = note;
        self.selected = None;
        self.experiment = None;
        let old: Vec<(&'static AlgoInfo, Preset, Params, u64)> = self
            .panes
            .drain(..)
            .map(|p| (p.algo, p.preset, p.params.clone(), p.seed))
            .collect();
        let mut shared = None;
        for (i, (a, pr, pa, seed)) in old.into_iter().enumerate() {
            self.add_pane(a, pr, pa, shared.clone(), Some(seed));
            if i == 0 && self.same_start {
                shared = Some(self.first_board());
            }
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

    /// The puzzle as a reference a shell (and a lesson) can take: its name when that resolves
    /// to the same puzzle again, else the puzzle text.
    fn puzzle_ref(&self) -> String {
        let name = &self.puzzle.name;
        let same = catalog::resolve_one(name).is_ok_and(|p| p.givens == self.puzzle.givens);
        if same && !name.contains(char::is_whitespace) && name != catalog::STDIN {
            name.clone()
        } else {
            self.puzzle.givens.to_line()
        }
    }

    /// The command line that reproduces the view: each pane as its runner last built it
    /// (algorithm, preset, parameters, seed, and the board it continued from after a switch, an
    /// edit or a rewind); a racer's board is written when the command would not give it anyway.
    pub fn command_line(&self) -> String {
        let first = self.panes[0].current();
        let mut cmd = format!(
            "sudoscope tui --puzzle {} --algo {} --preset {} --seed {} --speed {}",
            self.puzzle_ref(),
            first.algo.name,
            first.preset,
            first.seed.unwrap_or(self.panes[0].seed),
            self.speed().map_or("max".to_string(), fmt_num)
        );
        for (k, v) in first.params.changed_shown() {
            cmd.push_str(&format!(" --set {k}={v}"));
        }
        if let Some(g) = &first.start {
            cmd.push_str(&format!(" --start {}", g.to_line()));
        }
        let racers: Vec<String> = self
            .racers_as_written(&first)
            .iter()
            .map(Racer::to_string)
            .collect();
        if !racers.is_empty() {
            cmd.push_str(&format!(" --race {}", racers.join(",")));
            if !self.same_start {
                cmd.push_str(" --race-start random");
            }
        }
        if !self.running {
            cmd.push_str(" --paused");
        }
        if self.theme.palette != super::theme::Palette::Dark {
            cmd.push_str(&format!(" --theme {}", self.theme.palette.name()));
        }
        cmd
    }

    /// The racers as a command or a scene writes them: a racer's board only when starting the
    /// race from `first` would not give it anyway.
    fn racers_as_written(&self, first: &Racer) -> Vec<Racer> {
        let shared = self.same_start.then(|| board_of(&self.puzzle, first));
        self.panes[1..]
            .iter()
            .map(|p| {
                let mut r = p.current();
                if r.start == shared {
                    r.start = None;
                }
                r
            })
            .collect()
    }

    /// Append the view as a scene to the lesson file (the lesson played, or the one given with
    /// `--lesson-out`, or `lesson.toml` here); says where.
    fn append_scene(&self) -> String {
        let first = self.panes[0].current();
        let scene = Scene {
            caption: self
                .lesson
                .as_ref()
                .map_or("a scene recorded in sudoscope".into(), |l| {
                    l.lesson.scenes[l.scene].caption.clone()
                }),
            puzzle: self.puzzle.clone(),
            algo: first.algo,
            preset: first.preset,
            params: first.params.clone(),
            seed: first.seed.unwrap_or(self.panes[0].seed),
            speed: self.speed(),
            paused: !self.running,
            race: self.racers_as_written(&first),
            same_start: self.same_start,
            start: first.start.clone(),
        };
        let path = self
            .options
            .lesson_out
            .clone()
            .or_else(|| self.lesson.as_ref().and_then(|l| l.lesson.path.clone()))
            .unwrap_or_else(|| PathBuf::from("lesson.toml"));
        match lesson::append(&path, &scene, &self.puzzle_ref()) {
            Ok(n) => format!("appended as scene {n} of {}", path.display()),
            Err(e) => e,
        }
    }
}
