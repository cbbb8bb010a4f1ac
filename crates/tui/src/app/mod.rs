//! The visualiser's state: a router over components that each own their state, keys and what
//! the views read of them. Keys go to the open dialog ([`crate::dialog`]), then to the grid's
//! cursor ([`cursor`]) in cell mode, then to the key table, whose actions go to the component
//! they concern: the race of panes ([`race`]), the lesson player ([`player`]), the trace being
//! watched ([`watching`]), the experiment view ([`experiment`]). Drawing lives in `view`, which
//! only reads components through their methods; the searches live in runners on their own
//! threads, reached only through channels (or, for the recorder, in cores it drives itself: a
//! detached app spawns no runner).

pub mod analysis;
mod command;
pub mod cursor;
pub mod experiment;
pub mod pane;
pub mod player;
pub mod race;
mod route;
pub mod watching;

use std::path::PathBuf;

use crossbeam_channel::Sender;

pub use cursor::{Cursor, GridPlace};
pub use experiment::ExperimentView;
pub use pane::Pane;
pub use player::Player;
pub use race::Race;

use super::dialog::Dialog;
use super::front::Front;
use super::lesson::{Lesson, Scene};
use super::theme::Theme;
use sudoscope_core::board::Puzzle;
use sudoscope_core::engine::runner::Report;
use sudoscope_core::engine::trace::source::Source;
use sudoscope_core::run::RunSpec;
use sudoscope_i18n::Lang;
use watching::{Watching, run_for_trace};

/// How the visualiser starts: the run, and what only the screen has.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The run on screen first (a lesson's first scene replaces it).
    pub run: RunSpec,
    /// The colours.
    pub theme: Theme,
    /// The language every word on the screen is in (English unless set).
    pub lang: Lang,
    /// A lesson to play, from its first scene.
    pub lesson: Option<Lesson>,
    /// Where `y`'s "append as a scene" writes (the lesson's own file when one is played).
    pub lesson_out: Option<PathBuf>,
    /// A trace the first pane replays instead of `run`'s algorithm (`sudoscope watch`), from
    /// the moment its header arrives (the screen waits for it, showing why); the race panes race
    /// it from its first board. Its owner keeps it going and ends it.
    pub source: Option<Source>,
    /// Write the first pane's run to this file as a trace (`tui --trace`): every step shown.
    pub trace_out: Option<PathBuf>,
    /// Where each scene's speaker notes go as the scene starts (`--notes FILE`: a file, or a
    /// second terminal's device such as /dev/pts/3).
    pub notes_out: Option<PathBuf>,
    /// Which screen this is: what its keys may read and write (a served session's and the
    /// page's read and write no file by its path; puzzles open from the built-in sets,
    /// `generate:` and puzzle text only), and how the screen speaks of it.
    pub front: Front,
    /// `q` (and Ctrl-C) ask before ending: the lecturer's mirrored screen, whose end closes
    /// every student's session.
    pub confirm_quit: bool,
}

impl Launch {
    /// `run` on a screen of its own in `theme`, and nothing more: no lesson, no trace in or
    /// out, no notes, a local screen's keys (set the rest on the value returned).
    pub fn of(run: RunSpec, theme: Theme) -> Launch {
        Launch {
            run,
            theme,
            lang: Lang::En,
            lesson: None,
            lesson_out: None,
            source: None,
            trace_out: None,
            notes_out: None,
            front: Front::Own,
            confirm_quit: false,
        }
    }
}

/// A file the page saves to the browser's downloads: its name and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Download {
    /// The file's name.
    pub name: String,
    /// What it holds.
    pub text: String,
}

/// The visualiser's state: its components, and what belongs to the whole screen.
pub struct App {
    race: Race,
    cursor: Cursor,
    player: Option<Player>,
    /// The trace source the first pane shows (`watch`, or a lesson scene's command, which
    /// ends with its scene).
    watching: Option<Watching>,
    experiment: Option<ExperimentView>,
    dialog: Dialog,
    theme: Theme,
    lang: Lang,
    focus_layout: bool,
    show_notes: bool,
    status: Option<String>,
    quit: bool,
    confirm_quit: bool,
    quit_asked: bool,
    clipboard: Option<String>,
    still_wanted: bool,
    /// Which screen this is (see [`Launch::front`]).
    front: Front,
    /// A file for the page to save to the browser's downloads, taken once by its loop.
    download: Option<Download>,
    /// The lesson files `y`'s `a` wrote on the page, by name, as they now read (the page
    /// writes no file: each is downloaded whole after each scene).
    written: std::collections::BTreeMap<String, String>,
    /// Where `y`'s "append as a scene" writes (see [`Launch::lesson_out`]).
    lesson_out: Option<PathBuf>,
    /// The page's own address, without its query: `y` gives the view as a link to it.
    address: Option<String>,
}

impl App {
    /// The app, its runners started (a lesson starts at its first scene).
    pub fn new(opts: Launch, reports: Sender<Report>) -> App {
        App::build(opts, reports, false)
    }

    /// The app without runners: the caller drives searches itself and feeds their reports
    /// (the headless recorder, on a simulated clock).
    pub fn detached(opts: Launch, reports: Sender<Report>) -> App {
        App::build(opts, reports, true)
    }

    fn build(mut opts: Launch, reports: Sender<Report>, detached: bool) -> App {
        let player = opts
            .lesson
            .take()
            .map(|lesson| Player::new(lesson, opts.notes_out.clone()));
        let mut watching = opts.source.take().map(|s| Watching::new(s, None));
        let mut status = None;
        if let Some(p) = &player {
            opts.run = p.scene().run.clone();
            (watching, status) = watching::scene_watch(opts.lang, p.scene());
            opts.run.paused |= watching::program_missing(&p.scene().command, &watching);
        }
        let runners = race::Runners {
            reports,
            detached,
            shared: opts.front == Front::Served,
            trace: opts.trace_out.take(),
        };
        let run = opts.run;
        let mut app = App {
            race: Race::new(&run, runners),
            cursor: Cursor::default(),
            player,
            watching,
            experiment: None,
            dialog: Dialog::None,
            theme: opts.theme,
            lang: opts.lang,
            focus_layout: false,
            show_notes: false,
            status,
            quit: false,
            confirm_quit: opts.confirm_quit,
            quit_asked: false,
            clipboard: None,
            still_wanted: false,
            front: opts.front,
            download: None,
            written: Default::default(),
            lesson_out: opts.lesson_out,
            address: None,
        };
        app.start_panes(run);
        app.send_notes();
        app
    }

    /// The panes and the puzzle on screen.
    pub fn race(&self) -> &Race {
        &self.race
    }

    /// The grid's cursor and overlays.
    pub fn cursor(&self) -> &Cursor {
        &self.cursor
    }

    /// The lesson being played.
    pub fn player(&self) -> Option<&Player> {
        self.player.as_ref()
    }

    /// The trace source the first pane shows.
    pub fn watching(&self) -> Option<&Watching> {
        self.watching.as_ref()
    }

    /// The experiment view, while open.
    pub fn experiment(&self) -> Option<&ExperimentView> {
        self.experiment.as_ref()
    }

    /// The dialog open over the screen.
    pub fn dialog(&self) -> &Dialog {
        &self.dialog
    }

    /// The colours.
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// The language the screen speaks.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Use these colours.
    pub fn set_theme(&mut self, theme: Theme) {
        self.theme = theme;
    }

    /// The focus layout: grid, chart and caption only (`f`).
    pub fn focus_layout(&self) -> bool {
        self.focus_layout
    }

    /// Whether the scene's speaker notes are shown (`N`), on this terminal only.
    pub fn show_notes(&self) -> bool {
        self.show_notes
    }

    /// The one-line message for the status line, until the next key.
    pub fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }

    /// Whether the person has asked to leave.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// Text for the terminal's clipboard (OSC 52), taken once by the screen's loop.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }

    /// Whether a still of the screen was asked for (`W`), taken once by the screen's loop.
    pub fn take_still(&mut self) -> bool {
        std::mem::take(&mut self.still_wanted)
    }

    /// A file for the browser's downloads (the page's `y` then `w` or `a`), taken once by its
    /// loop.
    pub fn take_download(&mut self) -> Option<Download> {
        self.download.take()
    }

    /// Which screen this is.
    pub fn front(&self) -> Front {
        self.front
    }

    /// A one-line message on the status line, until the next key (what the screen's loop did).
    pub fn say(&mut self, said: String) {
        self.status = Some(said);
    }

    /// The view says where it drew the focused grid (for clicks).
    pub fn drawn(&mut self, at: Option<GridPlace>) {
        self.cursor.drawn(at);
    }

    /// Whether the screen waits for a trace's first run (its header has not come).
    pub fn waiting(&self) -> bool {
        self.watching.as_ref().is_some_and(Watching::waiting)
    }

    /// The lesson's caption on screen in `lang`, when a lesson is played.
    pub fn caption(&self, lang: Lang) -> Option<String> {
        let p = self.player.as_ref()?;
        let caption = p.caption(lang);
        // a scene whose program is not running says, as long as it is on screen, that what
        // runs under its caption is not that program
        match self.race.panes().first() {
            Some(pane) if watching::program_missing(&p.scene().command, &self.watching) => {
                let stand_in = tr!(lang, "caption-program-missing", algo = pane.label(lang));
                Some(format!("{caption} {stand_in}"))
            }
            _ => Some(caption),
        }
    }

    /// The speaker notes of the scene on screen in `lang`, if it has any.
    pub fn notes(&self, lang: Lang) -> Option<String> {
        self.player.as_ref().and_then(|p| p.notes(lang))
    }

    /// "scene 2/6" in `lang`, while a lesson is played.
    pub fn scene_label(&self, lang: Lang) -> Option<String> {
        self.player.as_ref().map(|p| p.label(lang))
    }

    /// The view as a run (see [`Race::spec`]).
    pub fn spec(&self) -> RunSpec {
        self.race.spec()
    }

    /// The panes of `run`, or, while a trace is watched, of the trace's next run once it has
    /// begun.
    fn start_panes(&mut self, run: RunSpec) {
        match &self.watching {
            Some(_) => {
                self.adopt_next_run();
            }
            None => self.race.start(run, None),
        }
    }

    /// The trace's next run, if one has begun: the panes start again on it (the puzzle its
    /// header names; its algorithm's settings when it is a built-in one's trace).
    fn adopt_next_run(&mut self) -> bool {
        let lang = self.lang;
        let Some(feed) = self.watching.as_mut().and_then(Watching::next_run) else {
            return false;
        };
        let run = run_for_trace(self.race.started(), &feed);
        if feed.run > 1 {
            self.status = Some(tr!(
                lang,
                "watch-new-run",
                what = feed.source.what(),
                run = feed.run as i64
            ));
        }
        self.cursor.deselect();
        self.experiment = None;
        self.race.start(run, Some(feed));
        true
    }

    fn send_notes(&mut self) {
        if let Some(e) = self.player.as_ref().and_then(|p| p.send_notes(self.lang)) {
            self.status = Some(e);
        }
    }

    /// A report from a runner; says whether it changes what the screen shows.
    pub fn on_report(&mut self, r: Report) -> bool {
        self.race.on_report(r)
    }

    /// A trace's new run, what the waiting view shows, records of a running experiment; says
    /// whether the view changed.
    pub fn on_tick(&mut self) -> bool {
        if self.adopt_next_run() {
            return true;
        }
        if let Some(w) = &mut self.watching {
            // a command stopped, continued or ended is said at once, running or waiting
            let stopped = w.state_changed();
            if w.waiting() {
                return w.changed() || stopped;
            }
            if stopped {
                return true;
            }
            // the source failed after a run was shown (a followed path became a directory):
            // said at once, never left to look like a search that ended
            if let Some(why) = w.new_failure() {
                self.status = Some(why);
                return true;
            }
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

    /// Go to the next or previous scene of the lesson: every pane starts fresh from its
    /// settings, so a scene plays the same every time.
    fn change_scene(&mut self, forward: bool) {
        let lang = self.lang;
        let Some(player) = &mut self.player else {
            self.status = Some(self.front.text(lang, "status-no-lesson", &[]));
            return;
        };
        let scene: Scene = match player.turn(lang, forward) {
            Ok(scene) => scene.clone(),
            Err(said) => {
                self.status = Some(said);
                return;
            }
        };
        // the scene before ends its command first
        self.race.clear(&scene.run);
        self.watching = None;
        let (watching, status) = watching::scene_watch(lang, &scene);
        let mut run = scene.run;
        run.paused |= watching::program_missing(&scene.command, &watching);
        self.watching = watching;
        self.status = status;
        self.experiment = None;
        self.dialog = Dialog::None;
        self.cursor.reset();
        self.race.set_pace(&run);
        self.start_panes(run);
        self.send_notes();
    }

    /// Every pane starts again on a new puzzle, each with the seed it had: opening a puzzle
    /// changes the puzzle, nothing else.
    pub fn load_puzzle(&mut self, p: Puzzle) {
        self.cursor.deselect();
        self.experiment = None;
        self.race.load_puzzle(p);
    }

    /// `x`: the engine runs restarts of every pane's method; again, it stops them.
    fn toggle_experiment(&mut self) {
        let lang = self.lang;
        if let Some(x) = self.experiment.take() {
            x.stop();
            return;
        }
        let (arms, seed) = self.race.arms();
        if arms.is_empty() {
            self.status = Some(tr!(lang, "status-watched-experiment"));
            return;
        }
        self.experiment = Some(ExperimentView::start(
            arms,
            self.race.puzzle().clone(),
            seed,
        ));
    }
}
