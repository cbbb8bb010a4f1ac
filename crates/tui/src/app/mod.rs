//! Application state and what each input does to it. The app dispatches: keys go to the open
//! dialog ([`super::dialog`]), which keeps its own state and answers with what it wants done, or
//! to the key table's actions. Panes ([`pane`]) hold what each runner was asked to run; the
//! experiment view ([`experiment`]) holds the runs the engine started. Drawing lives in `view`,
//! which only reads this state; the searches live in runners on their own threads, reached only
//! through channels (or, for the recorder, in cores it drives itself: a detached app spawns no
//! runner).

pub mod analysis;
pub mod experiment;
pub mod pane;
pub mod watching;

use std::path::PathBuf;
use std::sync::Arc;

use crossbeam_channel::Sender;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

pub use experiment::ExperimentView;
pub use pane::Pane;

use super::dialog::algorithms::Chosen;
use super::dialog::parameters::Edited;
use super::dialog::{AlgoPicker, Dialog, ParamEditor, PuzzleOpener, Reply};
use super::keys::{Action, action};
use super::lesson::{self, Lesson, Scene};
use super::theme::Theme;
use super::view::grid::{CandidateView, GridLayout};
use crate::board::{Grid, Puzzle};
use crate::catalog;
use crate::engine::experiment::Arm;
use crate::engine::runner::{self, Control, Report};
use crate::engine::trace::feed::{Feed, SourceSpec};
use crate::engine::trace::source::Source;
use crate::spec::{Method, PaneSpec, RunSpec, print};
use analysis::{analyse, next_speed};
use pane::board_of;
use watching::Watching;

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

/// At most this many panes race on one screen.
const MAX_PANES: usize = 4;

/// How the visualiser starts: the run, and what only the screen has.
#[derive(Clone, Debug)]
pub struct Options {
    /// The run on screen first (a lesson's first scene replaces it).
    pub run: RunSpec,
    /// The colours.
    pub theme: Theme,
    /// A lesson to play, from its first scene.
    pub lesson: Option<Lesson>,
    /// Where `y`'s "append as a scene" writes (the lesson's own file when one is played).
    pub lesson_out: Option<PathBuf>,
    /// A trace the first pane replays instead of `run`'s algorithm (`sudoscope watch`), from
    /// the moment its header arrives (the screen waits for it, showing why); the race panes race
    /// it from its first board. Its owner keeps it going and ends it.
    pub watch: Option<Source>,
    /// Write the first pane's run to this file as a trace (`tui --trace`): every step shown.
    pub trace: Option<PathBuf>,
    /// Where each scene's speaker notes go as the scene starts (`--notes FILE`: a file, or a
    /// second terminal's device such as /dev/pts/3).
    pub notes_out: Option<PathBuf>,
    /// A served session (`sudoscope serve`): its keys never read or write a file on the host.
    /// Puzzles open from the built-in sets, `generate:` and puzzle text only; what would write
    /// a file is offered on screen and on the clipboard instead.
    pub guest: bool,
}

/// Where the focused grid was drawn: its first cell's column and row, and its layout (for mouse
/// clicks). The view returns it; the app keeps it.
pub type GridPlace = (u16, u16, GridLayout);

/// A lesson being played: which scene is on screen.
pub struct LessonState {
    /// The lesson.
    pub lesson: Lesson,
    /// The scene on screen, counted from 0.
    pub scene: usize,
}

/// The visualiser's state.
pub struct App {
    /// The puzzle on screen.
    pub puzzle: Puzzle,
    /// The unique solution, when the exact solver finds one.
    pub solution: Option<Grid>,
    /// Why the puzzle cannot be solved, or has several solutions.
    pub puzzle_note: Option<String>,
    /// The panes, the first one leading a race.
    pub panes: Vec<Pane>,
    /// The pane keys act on.
    pub focus: usize,
    /// Steps per second; `None` for as fast as possible.
    speed: Option<f64>,
    /// Whether the panes step on their own.
    pub running: bool,
    /// Pencil marks on the grid.
    pub candidates: CandidateView,
    /// Cells that differ from the solution are marked (`d`).
    pub show_wrong: bool,
    /// The cell the mouse or the keyboard cursor selected.
    pub selected: Option<usize>,
    /// The keyboard moves a cursor over the grid (`v`).
    pub cell_mode: bool,
    /// The focus layout: grid, chart and caption only (`f`).
    pub focus_layout: bool,
    /// The neighbourhood panel (`l`).
    pub landscape: bool,
    /// The colours.
    pub theme: Theme,
    /// The dialog open over the screen.
    pub dialog: Dialog,
    /// The experiment view, while open.
    pub experiment: Option<ExperimentView>,
    /// Set when the person has asked to leave.
    pub quit: bool,
    /// A one-line message for the status line, until the next key.
    pub status: Option<String>,
    /// The lesson being played.
    pub lesson: Option<LessonState>,
    /// Where the focused grid was last drawn (set from what the view returns).
    pub grid_at: Option<GridPlace>,
    /// Race panes start from the first pane's board.
    pub same_start: bool,
    options: Options,
    reports: Sender<Report>,
    next_seed: u64,
    next_id: usize,
    /// No runners: a driver of its own feeds the reports (the recorder).
    detached: bool,
    /// The trace source the first pane shows (`watch`, or a lesson scene's command, which
    /// ends with its scene).
    pub watching: Option<Watching>,
    /// The run of it the first pane replays, once its header has come.
    feed: Option<Arc<Feed>>,
    /// Text for the terminal's clipboard (OSC 52), taken by the screen's loop once.
    pub clipboard: Option<String>,
    /// The scene's speaker notes are shown (`N`), on this terminal only.
    pub show_notes: bool,
    /// A still of the screen was asked for (`W`): the screen's loop writes it at its size.
    pub still_wanted: bool,
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
        let mut watching = opts.watch.take().map(|s| Watching::new(s, None));
        let mut status = None;
        if let Some(l) = &lesson {
            let scene = &l.lesson.scenes[0];
            opts.run = scene.run.clone();
            (watching, status) = scene_watch(scene);
        }
        let run = &opts.run;
        let (solution, puzzle_note) = analyse(&run.puzzle);
        let mut app = App {
            puzzle: run.puzzle.clone(),
            solution,
            puzzle_note,
            panes: Vec::new(),
            focus: 0,
            speed: run.speed,
            running: !run.paused,
            candidates: CandidateView::Off,
            show_wrong: false,
            selected: None,
            cell_mode: false,
            focus_layout: false,
            landscape: false,
            theme: opts.theme,
            dialog: Dialog::None,
            experiment: None,
            quit: false,
            status,
            lesson,
            grid_at: None,
            same_start: run.same_start,
            reports,
            next_seed: run.seed,
            next_id: 0,
            detached,
            watching,
            feed: None,
            clipboard: None,
            show_notes: false,
            still_wanted: false,
            options: opts,
        };
        app.start_panes();
        app.send_notes();
        app
    }

    /// Whether the screen waits for a trace's first run (its header has not come).
    pub fn waiting(&self) -> bool {
        self.watching.as_ref().is_some_and(Watching::waiting)
    }

    /// The trace's next run, if one has begun: the panes start again on it (the puzzle its
    /// header names; its algorithm's settings when it is a built-in one's trace).
    fn adopt_next_run(&mut self) -> bool {
        let Some(feed) = self.watching.as_mut().and_then(Watching::next_run) else {
            return false;
        };
        let run = run_for_trace(&self.options.run, &feed);
        if feed.run > 1 {
            self.status = Some(tr!(
                "watch-new-run",
                what = feed.source.what(),
                run = feed.run as i64
            ));
        }
        self.feed = Some(feed);
        let (solution, note) = analyse(&run.puzzle);
        self.puzzle = run.puzzle.clone();
        self.solution = solution;
        self.puzzle_note = note;
        self.selected = None;
        self.experiment = None;
        self.options.run = run;
        self.panes.clear();
        self.focus = 0;
        self.start_panes();
        true
    }

    /// The scene's notes to `--notes`' file or terminal, with the scene's number and caption.
    fn send_notes(&mut self) {
        let (Some(path), Some(l)) = (&self.options.notes_out, &self.lesson) else {
            return;
        };
        use std::io::Write;
        let scene = &l.lesson.scenes[l.scene];
        let text = format!(
            "── {} · {} ──\n{}\n\n",
            tr!("scene-label", n = l.scene + 1, of = l.lesson.scenes.len()),
            scene.caption_now(),
            scene.notes_now().unwrap_or_else(|| tr!("notes-none"))
        );
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(text.as_bytes()));
        if let Err(e) = written {
            self.status = Some(tr!(
                "cannot-write",
                path = path.display().to_string(),
                reason = e.to_string()
            ));
        }
    }

    /// The panes of the current run: the first pane fresh (or from the given board), as
    /// `solve` with the same seed would start; racers from its board unless asked otherwise.
    fn start_panes(&mut self) {
        // a trace's panes start once its header has come
        if self.watching.is_some() && self.feed.is_none() {
            self.adopt_next_run();
            return;
        }
        let run = self.options.run.clone();
        self.next_seed = run.seed;
        self.add_pane_fed(
            run.method.clone(),
            run.start.clone(),
            None,
            self.feed.clone(),
        );
        let shared = run.same_start.then(|| self.first_board());
        for r in &run.race {
            let start = r.start.clone().or_else(|| shared.clone());
            self.add_pane(r.method.clone(), start, r.seed);
        }
    }

    /// The board the first pane starts from with its seed: what racers start from (a trace's
    /// first board when the first pane replays one).
    fn first_board(&self) -> Grid {
        match &self.panes[0].feed {
            Some(f) => Grid::from_cells(self.puzzle.geometry(), f.start_board())
                .expect("a trace's board fits its puzzle"),
            None => board_of(&self.puzzle, &self.panes[0].configured()),
        }
    }

    fn take_seed(&mut self) -> u64 {
        let s = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        s
    }

    /// Steps per second; `None` for as fast as possible.
    pub fn speed(&self) -> Option<f64> {
        self.speed
    }

    fn add_pane(&mut self, method: Method, start: Option<Grid>, seed: Option<u64>) {
        self.add_pane_fed(method, start, seed, None);
    }

    fn add_pane_fed(
        &mut self,
        method: Method,
        start: Option<Grid>,
        seed: Option<u64>,
        feed: Option<Arc<Feed>>,
    ) {
        let next = self.take_seed();
        let seed = seed.unwrap_or(next);
        let id = self.next_id;
        self.next_id += 1;
        let mut pane = Pane {
            id,
            handle: None,
            report: None,
            method,
            seed,
            start,
            feed,
        };
        if !self.detached {
            let mut setup =
                pane.setup(&self.puzzle, self.speed(), self.running, self.options.guest);
            if id == 0 {
                setup.trace = self.options.trace.clone();
                setup.trace_words = Some(super::step_log::english);
            }
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
            format!("{} · {}", l.lesson.title_now(), s.caption_now())
        })
    }

    /// Where the screen writes a file (`y`'s `w`, a still with `W`): beside the lesson being
    /// written, or here.
    pub fn files_dir(&self) -> PathBuf {
        self.options
            .lesson_out
            .as_ref()
            .and_then(|p| p.parent())
            .filter(|d| !d.as_os_str().is_empty())
            .map(PathBuf::from)
            .unwrap_or_default()
    }

    /// The speaker notes of the scene on screen, if it has any.
    pub fn notes(&self) -> Option<String> {
        self.lesson
            .as_ref()
            .and_then(|l| l.lesson.scenes[l.scene].notes_now())
    }

    /// "scene 2/6" while a lesson is played.
    pub fn scene_label(&self) -> Option<String> {
        self.lesson
            .as_ref()
            .map(|l| tr!("scene-label", n = l.scene + 1, of = l.lesson.scenes.len()))
    }

    /// A trace's new run, what the waiting view shows, records of a running experiment; says
    /// whether the view changed.
    pub fn on_tick(&mut self) -> bool {
        if self.adopt_next_run() {
            return true;
        }
        if let Some(w) = &mut self.watching
            && w.waiting()
        {
            return w.changed();
        }
        match &mut self.experiment {
            Some(x) => {
                let before = x.records.len();
                x.collect();
                x.records.len() != before
            }
            None => false,
        }
    }

    /// A key, a click or a resize.
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
        let cells = self.puzzle.geometry().cells;
        self.selected = if x < x0 || y < y0 {
            None
        } else {
            // the layout is the last frame's: after a change of puzzle it may be a larger grid's
            layout.cell_at(x - x0, y - y0).filter(|&c| c < cells)
        };
    }

    /// A key goes to the open dialog, else to the cell cursor or the key table.
    fn on_key(&mut self, k: KeyEvent) {
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.waiting() && matches!(self.dialog, Dialog::None) {
            self.waiting_key(k);
            return;
        }
        let mut dialog = std::mem::replace(&mut self.dialog, Dialog::None);
        let keep = match &mut dialog {
            Dialog::Errors(scroll) => match super::dialog::help_key(k, *scroll) {
                Some(s) => {
                    *scroll = s;
                    true
                }
                None => false,
            },
            Dialog::None => {
                if !(self.cell_mode && self.cursor_key(k)) {
                    if let Some(a) = action(k) {
                        self.act(a);
                    } else if k.code == KeyCode::Esc {
                        self.experiment = None;
                        self.selected = None;
                    }
                }
                return;
            }
            Dialog::Help(scroll) => match super::dialog::help_key(k, *scroll) {
                Some(s) => {
                    *scroll = s;
                    true
                }
                None => false,
            },
            Dialog::Command { appended } => match k.code {
                KeyCode::Char('a') => {
                    *appended = Some(self.append_scene());
                    true
                }
                KeyCode::Char('w') => {
                    *appended = Some(self.write_command());
                    true
                }
                _ => false,
            },
            Dialog::Algorithms(picker) => match picker.key(k) {
                Reply::Stay => true,
                Reply::Close => false,
                Reply::Done(chosen) => {
                    self.chosen(chosen);
                    false
                }
            },
            Dialog::Parameters(editor) => {
                let params = self.focused().method.params.clone();
                match editor.key(k, &params) {
                    Reply::Stay => true,
                    Reply::Close => false,
                    Reply::Done(edited) => {
                        self.edited(edited);
                        false
                    }
                }
            }
            Dialog::Puzzle(opener) => match opener.key(k) {
                Reply::Stay => true,
                Reply::Close => false,
                Reply::Done(p) => {
                    self.load_puzzle(p);
                    false
                }
            },
        };
        if keep {
            self.dialog = dialog;
        }
    }

    /// A key while the screen waits for a trace: the error output scrolls; leaving, the lesson's
    /// scenes, help and the theme work; the rest waits for the run.
    fn waiting_key(&mut self, k: KeyEvent) {
        if self.watching.as_mut().is_some_and(|w| w.key(k)) {
            return;
        }
        match action(k) {
            Some(
                a @ (Action::Quit
                | Action::NextScene
                | Action::PreviousScene
                | Action::Help
                | Action::Theme
                | Action::Notes),
            ) => self.act(a),
            _ => self.status = Some(tr!("watch-waiting-key")),
        }
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

    /// Do what a key of the table asks.
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
                let m = &self.focused().method;
                self.dialog = Dialog::Algorithms(AlgoPicker::on(m.algo.name, m.preset, false));
            }
            Action::TogglePreset | Action::EditParameter if self.focused().watched().is_some() => {
                self.status = Some(tr!("status-watched-settings"));
            }
            Action::OpenPuzzle if self.panes.iter().any(|p| p.watched().is_some()) => {
                self.status = Some(tr!("status-watched-puzzle"));
            }
            Action::TogglePreset => {
                let m = &self.focused().method;
                let preset = match m.preset {
                    crate::search::Preset::Classic => crate::search::Preset::Tuned,
                    crate::search::Preset::Tuned => crate::search::Preset::Classic,
                };
                self.switch_to(Method::new(m.algo, preset));
            }
            Action::EditParameter => {
                let m = &self.focused().method;
                if m.params.specs().is_empty() {
                    self.status = Some(format!("{} takes no parameters", m.algo.name));
                } else {
                    self.dialog = Dialog::Parameters(ParamEditor::default());
                }
            }
            Action::OpenPuzzle => {
                self.dialog = Dialog::Puzzle(PuzzleOpener {
                    guest: self.options.guest,
                    ..PuzzleOpener::default()
                })
            }
            Action::Candidates => {
                self.candidates = self.candidates.next();
                if self.candidates != CandidateView::Off {
                    self.status = Some(tr!("status-showing", what = self.candidates.describe()));
                }
            }
            Action::Solution => {
                self.show_wrong = !self.show_wrong;
                if self.solution.is_none() {
                    self.status = Some(tr!("status-no-solution"));
                }
            }
            Action::AddRacer => {
                if self.panes.len() >= MAX_PANES {
                    self.status = Some(tr!("status-race-full"));
                } else {
                    let next = RACE_ORDER
                        .iter()
                        .find(|n| !self.panes.iter().any(|p| p.method.algo.name == **n))
                        .copied()
                        .unwrap_or("annealing");
                    let preset = self.focused().method.preset;
                    self.dialog = Dialog::Algorithms(AlgoPicker::on(next, preset, true));
                }
            }
            Action::RemoveRacer => {
                if self.panes.len() > 1 {
                    self.panes.remove(self.focus);
                    self.focus = self.focus.min(self.panes.len() - 1);
                } else {
                    self.status = Some(tr!("status-last-algorithm"));
                }
            }
            Action::NextPane => self.focus = (self.focus + 1) % self.panes.len(),
            Action::Experiment => self.toggle_experiment(),
            Action::ShowCommand => {
                self.dialog = Dialog::Command { appended: None };
                // the terminal's clipboard takes it whole, however the dialog wraps it
                self.clipboard = Some(self.command_line());
            }
            Action::Help => self.dialog = Dialog::Help(0),
            Action::ErrorOutput => {
                if self.watching.is_some() {
                    self.dialog = Dialog::Errors(0);
                } else {
                    self.status = Some(tr!("status-no-command"));
                }
            }
            Action::Theme => {
                self.theme = self.theme.next();
                self.status = Some(tr!(
                    "legend-on-theme",
                    theme = crate::words::word("theme", self.theme.palette.name())
                ));
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
                    self.status = Some(tr!("status-cell-mode"));
                }
            }
            Action::NextScene | Action::PreviousScene => self.change_scene(a == Action::NextScene),
            Action::Still => {
                if self.options.guest {
                    self.status = Some(tr!("guest-writes"));
                } else {
                    self.still_wanted = true;
                }
            }
            // the notes are the lecturer's: a student's served session does not show them
            Action::Notes if self.options.guest => self.status = Some(tr!("notes-lecturer")),
            Action::Notes => {
                self.show_notes = !self.show_notes;
                if self.show_notes && self.notes().is_none() {
                    self.status = Some(tr!("notes-none"));
                }
            }
        }
    }

    /// The algorithm picker's choice: a new race pane, or the focused pane switched.
    fn chosen(&mut self, c: Chosen) {
        let method = Method::new(c.algo, c.preset);
        if c.adding {
            self.add_pane(method, None, None);
            // a race starts together: every pane restarts now
            self.restart_all();
            self.focus = self.panes.len() - 1;
        } else {
            self.switch_to(method);
        }
    }

    /// The parameter editor's accepted value: the focused pane continues with it.
    fn edited(&mut self, e: Edited) {
        let m = &self.focused().method;
        let method = Method {
            algo: m.algo,
            preset: m.preset,
            params: e.params,
        };
        self.switch_to(method);
        self.status = Some(format!(
            "{} = {}: continuing from the board",
            e.name, e.text
        ));
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
            self.status = Some(tr!("status-no-lesson"));
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
                tr!("status-last-scene")
            } else {
                tr!("status-first-scene")
            });
            return;
        }
        l.scene = next;
        let scene = l.lesson.scenes[next].clone();
        let run = scene.run.clone();
        // the scene before ends its command first
        self.panes.clear();
        self.feed = None;
        // the scene before ends its command first
        self.watching = None;
        let (watching, status) = scene_watch(&scene);
        self.watching = watching;
        self.status = status;
        self.experiment = None;
        self.dialog = Dialog::None;
        self.selected = None;
        self.cell_mode = false;
        let (solution, note) = analyse(&run.puzzle);
        self.puzzle = run.puzzle.clone();
        self.solution = solution;
        self.puzzle_note = note;
        self.speed = run.speed;
        self.running = !run.paused;
        self.options.run = run;
        self.panes.clear();
        self.focus = 0;
        self.start_panes();
        self.send_notes();
    }

    /// Continue the focused pane from its board with another method.
    fn switch_to(&mut self, method: Method) {
        let running = self.running;
        let p = &mut self.panes[self.focus];
        p.method = method.clone();
        p.send(Control::Switch(method));
        if running {
            p.send(Control::Resume);
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
        let old: Vec<(Method, u64)> = self.panes.drain(..).map(|p| (p.method, p.seed)).collect();
        let mut shared = None;
        for (i, (method, seed)) in old.into_iter().enumerate() {
            self.add_pane(method, shared.clone(), Some(seed));
            if i == 0 && self.same_start {
                shared = Some(self.first_board());
            }
        }
        self.focus = 0;
    }

    /// `x`: the engine runs restarts of every pane's method; again, it stops them.
    fn toggle_experiment(&mut self) {
        if let Some(x) = self.experiment.take() {
            x.stop();
            return;
        }
        let arms: Vec<Arm> = self
            .panes
            .iter()
            .filter(|p| p.watched().is_none())
            .map(|p| Arm::of(p.method.clone()))
            .collect();
        if arms.is_empty() {
            self.status = Some(tr!("status-watched-experiment"));
            return;
        }
        self.experiment = Some(ExperimentView::start(
            arms,
            self.puzzle.clone(),
            self.next_seed,
        ));
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

    /// The view as a run: each pane as its runner last built it (algorithm, preset,
    /// parameters, seed, and the board it continued from after a switch, an edit or a rewind);
    /// a racer's board is kept only when starting the race from the first pane would not give
    /// it anyway.
    pub fn spec(&self) -> RunSpec {
        let first = self.panes[0].current();
        let shared = self.same_start.then(|| match self.panes[0].watched() {
            Some(_) => self.first_board(),
            None => board_of(&self.puzzle, &first),
        });
        let race = self.panes[1..]
            .iter()
            .map(|p| {
                let mut r: PaneSpec = p.current();
                if r.start == shared {
                    r.start = None;
                }
                r
            })
            .collect();
        RunSpec {
            puzzle: self.puzzle.clone(),
            seed: first.seed.unwrap_or(self.panes[0].seed),
            method: first.method,
            start: first.start,
            speed: self.speed(),
            paused: !self.running,
            race,
            same_start: self.same_start,
        }
    }

    /// The command line that reproduces the view ([`App::spec`], and the theme when it is not
    /// the default).
    pub fn command_line(&self) -> String {
        let mut cmd = match self.panes[0].watched() {
            Some(feed) => self.watch_command(feed),
            None => print::command_line(&self.spec(), &self.puzzle_ref()),
        };
        if self.theme.palette != super::theme::Palette::Dark {
            cmd.push_str(&format!(" --theme {}", self.theme.palette.name()));
        }
        cmd
    }

    /// Write the command line to `sudoscope-command.txt` on one line, beside `--lesson-out`'s
    /// file when one was given, else here; says where.
    fn write_command(&self) -> String {
        if self.options.guest {
            return tr!("guest-writes");
        }
        let path = self.files_dir().join("sudoscope-command.txt");
        match std::fs::write(&path, format!("{}\n", self.command_line())) {
            Ok(()) => tr!("command-written", path = path.display().to_string()),
            Err(e) => tr!(
                "cannot-write",
                path = path.display().to_string(),
                reason = e.to_string()
            ),
        }
    }

    /// `sudoscope watch` with the speed, pause and race on screen, and the trace's source.
    fn watch_command(&self, feed: &Feed) -> String {
        let spec = self.spec();
        let mut cmd = format!(
            "sudoscope watch --speed {}",
            crate::spec::show_speed(spec.speed)
        );
        if spec.paused {
            cmd.push_str(" --paused");
        }
        if !spec.race.is_empty() {
            let racers: Vec<String> = spec.race.iter().map(PaneSpec::to_string).collect();
            cmd.push_str(&format!(" --race {}", racers.join(",")));
        }
        cmd.push(' ');
        cmd.push_str(&feed.source.args());
        cmd
    }

    /// Append the view as a scene to the lesson file (the lesson played, or the one given with
    /// `--lesson-out`, or `lesson.toml` here); says where.
    fn append_scene(&self) -> String {
        if self.options.guest {
            return tr!("guest-writes");
        }
        let scene = Scene {
            caption: self
                .lesson
                .as_ref()
                .map_or("a scene recorded in sudoscope".into(), |l| {
                    l.lesson.scenes[l.scene].caption_now()
                }),
            captions: Default::default(),
            notes: None,
            notes_by: Default::default(),
            run: self.spec(),
            watch: self
                .lesson
                .as_ref()
                .and_then(|l| l.lesson.scenes[l.scene].watch.clone())
                .filter(|_| self.panes[0].watched().is_some()),
        };
        let path = self
            .options
            .lesson_out
            .clone()
            .or_else(|| self.lesson.as_ref().and_then(|l| l.lesson.path.clone()))
            .unwrap_or_else(|| PathBuf::from("lesson.toml"));
        match lesson::append(&path, &scene, &self.puzzle_ref()) {
            Ok(n) => tr!("command-appended", n = n, path = path.display().to_string()),
            Err(e) => e,
        }
    }
}

/// A scene's command, started: the trace the first pane shows once its header comes (the run
/// then takes the trace's puzzle), ended with the scene; or what went wrong if it could not
/// start.
fn scene_watch(scene: &Scene) -> (Option<Watching>, Option<String>) {
    let Some(command) = &scene.watch else {
        return (None, None);
    };
    let argv = vec!["sh".to_string(), "-c".to_string(), command.clone()];
    let resolve = |r: &str| catalog::resolve_one(r).map_err(|e| e.to_string());
    match crate::engine::trace::source::start(SourceSpec::Command(argv), resolve) {
        Ok((source, guard)) => (Some(Watching::new(source, Some(guard))), None),
        Err(e) => (None, Some(tr!("status-scene-command", reason = e))),
    }
}

/// The run a trace's panes start with: `base` on the trace's puzzle, from its first board, and
/// with its algorithm's settings when the header is a built-in algorithm's run (a trace `solve
/// --trace` wrote), so that a switch starts from them.
pub fn run_for_trace(base: &RunSpec, feed: &Feed) -> RunSpec {
    let mut run = base.clone();
    run.puzzle = feed.puzzle().clone();
    run.start = None;
    let from = crate::spec::Source::File {
        path: "header".into(),
        line: Some(1),
        scene: None,
    };
    let input = print::from_json(&feed.header.json, &from);
    if let Ok(own) = crate::spec::check_on(&input, run.puzzle.clone())
        && own.method.algo.name == feed.header.algorithm
    {
        run.method = own.method;
        run.seed = own.seed;
    }
    run
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
        && a.origin.method == b.origin.method
}
