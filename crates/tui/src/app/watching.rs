//! A trace source on screen (`watch`, a lesson scene's command): from the first instant, before
//! the source has written anything, the screen says what it waits for, for how long, and shows
//! the command's error output as it comes; every key works. Each run the source begins (the
//! first, then each new run of a followed file written again) is handed to the panes in turn.

use std::sync::Arc;
use sudoscope_core::clock::Instant;

use crate::event::{KeyCode, KeyEvent};

use crate::lesson::Scene;
#[cfg(feature = "native")]
use sudoscope_core::catalog;
use sudoscope_core::engine::trace::feed::{Feed, SourceSpec};
use sudoscope_core::engine::trace::source::{Failure, Guard, Phase, Source};
use sudoscope_core::run::{RunSpec, print};
use sudoscope_i18n::Lang;

/// A trace source the first pane shows.
pub struct Watching {
    source: Source,
    /// Ends the source with the screen (or the scene); `None` when its owner keeps it.
    _guard: Option<Guard>,
    /// Runs handed to the panes so far.
    adopted: u32,
    /// The error output's scroll: lines from the newest.
    pub scroll: usize,
    /// What was last drawn while waiting: the seconds shown and the lines of error output.
    drawn: (u64, u64),
    /// How the command stood at the last look.
    was: Option<sudoscope_core::engine::trace::child::State>,
    /// Whether the source's failure has been told.
    failure_told: bool,
}

impl Watching {
    /// Show `source`; `guard`, when given, ends it with this screen.
    pub fn new(source: Source, guard: Option<Guard>) -> Watching {
        Watching {
            source,
            _guard: guard,
            adopted: 0,
            scroll: 0,
            drawn: (u64::MAX, u64::MAX),
            was: None,
            failure_told: false,
        }
    }

    /// The source.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// A run begun since the last one handed over, to hand to the panes now.
    pub fn next_run(&mut self) -> Option<Arc<Feed>> {
        let (phase, runs) = self.source.phase();
        match phase {
            Phase::Ready(feed) if runs > self.adopted => {
                self.adopted = runs;
                Some(feed)
            }
            _ => None,
        }
    }

    /// Whether no run has been handed over yet: the screen shows the waiting view.
    pub fn waiting(&self) -> bool {
        self.adopted == 0
    }

    /// Why no run could be read, once that is known.
    pub fn failure(&self) -> Option<Failure> {
        self.source.failure()
    }

    /// The signal that stopped the command, while a signal holds it stopped (it runs on after
    /// SIGCONT).
    pub fn stopped(&self) -> Option<i32> {
        match self.source.state() {
            Some(sudoscope_core::engine::trace::child::State::Stopped(s)) => Some(s),
            _ => None,
        }
    }

    /// Why the source failed, the first time this is asked after it did.
    pub fn new_failure(&mut self) -> Option<String> {
        if self.failure_told {
            return None;
        }
        let f = self.source.failure()?;
        self.failure_told = true;
        Some(f.why)
    }

    /// Whether the command has stopped, continued or ended since the last look.
    pub fn state_changed(&mut self) -> bool {
        let now = self.source.state();
        let changed = now != self.was;
        self.was = now;
        changed
    }

    /// How the command ended, when it ended otherwise than with status 0 after writing its
    /// whole trace (a cut trace says how the command ended in its own words).
    pub fn ended_badly_after_trace(
        &self,
        feed: &Feed,
    ) -> Option<sudoscope_core::engine::trace::child::Exit> {
        let whole = matches!(
            feed.closed(),
            Some(sudoscope_core::engine::trace::feed::Closed::End(_))
        );
        self.source.exit().filter(|e| whole && !e.success())
    }

    /// Since when the source has been waited for.
    pub fn since(&self) -> Instant {
        self.source.started()
    }

    /// Whether the source has error output to show (a command's, or standard input's
    /// writer's), not a file or runs handed over by the program.
    pub fn has_errors(&self) -> bool {
        !matches!(
            self.source.spec(),
            SourceSpec::File { .. } | SourceSpec::Pushed(_)
        )
    }

    /// Whose runs these are, when the program was handed them (a student's runs sent to the
    /// class board): no command line reads them again.
    pub fn pushed_by(&self) -> Option<&str> {
        match self.source.spec() {
            SourceSpec::Pushed(name) => Some(name),
            _ => None,
        }
    }

    /// The command's error output, newest first.
    pub fn errors_newest_first(&self) -> Vec<String> {
        let mut lines = self.source.tail().lines();
        lines.reverse();
        lines
    }

    /// A scrolling key (the arrows, j/k, Home, End); says whether it was one.
    pub fn key(&mut self, k: KeyEvent) -> bool {
        let last = self.source.tail().lines().len().saturating_sub(1);
        self.scroll = match k.code {
            KeyCode::Up | KeyCode::Char('k') => self.scroll.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => (self.scroll + 1).min(last),
            KeyCode::Home => 0,
            KeyCode::End => last,
            _ => return false,
        };
        true
    }

    /// Whether the waiting view shows something new (another second, another line).
    pub fn changed(&mut self) -> bool {
        let now = (self.since().elapsed().as_secs(), self.source.tail().count());
        let changed = now != self.drawn;
        self.drawn = now;
        changed
    }
}

/// A scene's command, started: the trace the first pane shows once its header comes (the run
/// then takes the trace's puzzle), ended with the scene; or what went wrong if it could not
/// start.
pub fn scene_watch(lang: Lang, scene: &Scene) -> (Option<Watching>, Option<String>) {
    let Some(command) = &scene.command else {
        return (None, None);
    };
    #[cfg(feature = "native")]
    {
        let argv = sudoscope_core::engine::trace::child::argv_of(command);
        let resolve = |r: &str| catalog::resolve_one(r).map_err(|e| e.to_string());
        match sudoscope_core::engine::trace::source::start(SourceSpec::Command(argv), resolve) {
            Ok((source, guard)) => (Some(Watching::new(source, Some(guard))), None),
            Err(e) => (None, Some(tr!(lang, "status-scene-command", reason = e))),
        }
    }
    // a web page starts no program: the scene says so, and the lesson goes on
    #[cfg(not(feature = "native"))]
    (
        None,
        Some(tr!(
            lang,
            "status-scene-no-command",
            command = command.as_str()
        )),
    )
}

/// Whether a scene names a program that is not running (a page runs none; a command can fail
/// to start): its panes then wait, paused on the scene's puzzle, so that no built-in search
/// moves under a caption about the program.
pub fn program_missing(command: &Option<String>, watching: &Option<Watching>) -> bool {
    command.is_some() && watching.is_none()
}

/// The run a trace's panes start with: `base` on the trace's puzzle, from its first board, and
/// with its algorithm's settings when the header is a built-in algorithm's run (a trace `solve
/// --trace` wrote), so that a switch starts from them.
pub fn run_for_trace(base: &RunSpec, feed: &Feed) -> RunSpec {
    let mut run = base.clone();
    run.puzzle = feed.puzzle().clone();
    run.start = None;
    let from = sudoscope_core::run::Place::File {
        path: "header".into(),
        line: Some(1),
        scene: None,
    };
    let input = print::from_json(&feed.header.json, &from);
    if let Ok(own) = sudoscope_core::run::check_on(&input, run.puzzle.clone())
        && own.method.algo.name == feed.header.algorithm
    {
        run.method = own.method;
        run.seed = own.seed;
    }
    run
}
