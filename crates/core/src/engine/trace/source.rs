//! A trace source being read: a file, standard input or a command, from the first instant.
//!
//! [`start`] returns at once, before anything has been read: a command is started and a reader
//! thread waits for its header, while whoever shows it can already say what it is waiting for
//! ([`Source::phase`], [`Source::tail`]: the command's standard error as it comes). The phase
//! moves from [`Phase::Waiting`] to [`Phase::Ready`] with the run's [`Feed`] when the header has
//! been read, or to [`Phase::Failed`] when it cannot be (the command ended first, the first line
//! is not a header). A followed file that is written again moves to a new `Ready` feed, a new
//! run, with a larger [`Source::runs`] count.
//!
//! The [`Guard`] returned beside it ends everything when dropped: the reader stops, and a
//! command is ended with its whole process group.

#[cfg(feature = "native")]
use crate::search::Note;
#[cfg(feature = "native")]
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::child::{self, Exit};
#[cfg(feature = "native")]
use super::child::{Command, Pipe, Watcher};
#[cfg(feature = "native")]
use super::feed::Item;
use super::feed::{Closed, Feed, SourceSpec};
#[cfg(feature = "native")]
use super::lines::{Follow, Got, Lines};
#[cfg(feature = "native")]
use super::read::{TraceLine, header, line};
use super::tail::Tail;
use crate::board::Puzzle;
use crate::clock::Instant;

/// How long after a command's own process has ended a process it left behind may hold its
/// output open with nothing written before its group is ended.
#[cfg(feature = "native")]
const LEFT_BEHIND: Duration = Duration::from_secs(1);

/// How long a command may take to exit by itself after its trace's closing line (its status is
/// then its own) before it is ended.
pub const AFTER_TRACE: Duration = Duration::from_secs(2);

/// Lines handed to the feed at once at most.
#[cfg(feature = "native")]
const BATCH: usize = 1024;

/// Reads a puzzle reference for a header without givens.
pub type Resolve = fn(&str) -> Result<Puzzle, String>;

/// Why a trace could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// What went wrong, in words.
    pub why: String,
    /// How the command ended, when it has.
    pub exit: Option<Exit>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.why)
    }
}

/// Where a source stands.
#[derive(Clone, Debug)]
pub enum Phase {
    /// Nothing read yet: waiting for the header.
    Waiting,
    /// A run is being read.
    Ready(Arc<Feed>),
    /// No run could be read.
    Failed(Failure),
}

struct Shared {
    /// The phase, and how many runs have begun.
    phase: Mutex<(Phase, u32)>,
    moved: Condvar,
}

/// A trace source being read; cheap to clone, every clone the same source.
#[derive(Clone)]
pub struct Source {
    spec: SourceSpec,
    shared: Arc<Shared>,
    tail: Tail,
    #[cfg(feature = "native")]
    watcher: Option<Watcher>,
    started: Instant,
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Source({})", self.spec.args())
    }
}

/// Ends a source when dropped: its reader stops, its command and the command's process group
/// end.
pub struct Guard {
    stop: Arc<AtomicBool>,
    #[cfg(feature = "native")]
    command: Option<Command>,
}

impl Guard {
    /// End it now; how the command ended, if there was one.
    pub fn end(&mut self) -> Option<Exit> {
        self.stop.store(true, Ordering::SeqCst);
        #[cfg(feature = "native")]
        return self
            .command
            .as_mut()
            .and_then(|c| c.end(Duration::from_millis(300)));
        #[cfg(not(feature = "native"))]
        return None;
    }

    /// After a trace's closing line: give the command `grace` to exit by itself, then end
    /// whatever is left. How it exited by itself; `None` when it had to be ended (or is no
    /// command), since a status it was given by this program says nothing of it.
    pub fn end_after(&mut self, grace: Duration) -> Option<Exit> {
        #[cfg(feature = "native")]
        let own = self
            .command
            .as_ref()
            .and_then(|c| c.watcher().wait_exit(grace));
        #[cfg(not(feature = "native"))]
        let own = {
            let _ = grace;
            None::<Exit>
        };
        let ended = self.end();
        own.and(ended)
    }

    /// The command's process id (its process group's too).
    pub fn pid(&self) -> Option<u32> {
        #[cfg(feature = "native")]
        return self.command.as_ref().map(Command::id);
        #[cfg(not(feature = "native"))]
        return None;
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        self.end();
    }
}

/// Why waiting for a run's header gave none.
#[derive(Clone, Debug, PartialEq)]
pub enum NotReady {
    /// The source failed.
    Failed(Failure),
    /// The time ran out first.
    TimedOut,
    /// The stop was raised first.
    Stopped,
}

impl Source {
    /// What it reads.
    pub fn spec(&self) -> &SourceSpec {
        &self.spec
    }

    /// The phase now, and how many runs have begun (a new run of a followed file raises it).
    pub fn phase(&self) -> (Phase, u32) {
        self.shared
            .phase
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Why no run could be read, once that is known.
    pub fn failure(&self) -> Option<Failure> {
        match self.phase().0 {
            Phase::Failed(f) => Some(f),
            _ => None,
        }
    }

    /// The command's standard error as it comes (and its output before the trace began).
    pub fn tail(&self) -> &Tail {
        &self.tail
    }

    /// How the command ended, if it is a command and has.
    pub fn exit(&self) -> Option<Exit> {
        #[cfg(feature = "native")]
        return self.watcher.as_ref().and_then(Watcher::exit);
        #[cfg(not(feature = "native"))]
        return None;
    }

    /// How the command stands (running, stopped, ended), if it is a command.
    pub fn state(&self) -> Option<child::State> {
        #[cfg(feature = "native")]
        return self.watcher.as_ref().map(Watcher::state);
        #[cfg(not(feature = "native"))]
        return None;
    }

    /// Since when it has been read.
    pub fn started(&self) -> Instant {
        self.started
    }

    #[cfg(feature = "native")]
    /// Wait for the first run's header, until `deadline` or until `stop` is raised.
    pub fn ready(
        &self,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Result<Arc<Feed>, NotReady> {
        let mut g = self.shared.phase.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match &g.0 {
                Phase::Ready(f) => return Ok(Arc::clone(f)),
                Phase::Failed(f) => return Err(NotReady::Failed(f.clone())),
                Phase::Waiting => {}
            }
            if stop.load(Ordering::Relaxed) {
                return Err(NotReady::Stopped);
            }
            let mut wait = Duration::from_millis(50);
            if let Some(d) = deadline {
                let now = Instant::now();
                if now >= d {
                    return Err(NotReady::TimedOut);
                }
                wait = wait.min(d - now);
            }
            g = self
                .shared
                .moved
                .wait_timeout(g, wait)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    fn set(&self, phase: Phase) {
        let mut g = self.shared.phase.lock().unwrap_or_else(|e| e.into_inner());
        if matches!(phase, Phase::Ready(_)) {
            g.1 += 1;
        }
        g.0 = phase;
        drop(g);
        self.shared.moved.notify_all();
    }
}

#[cfg(feature = "native")]
/// Start reading `spec`: a command starts now, a file opens now (a followed one may not exist
/// yet). Fails only when the command cannot start or the file cannot be opened.
pub fn start(spec: SourceSpec, resolve: Resolve) -> Result<(Source, Guard), String> {
    let stop = Arc::new(AtomicBool::new(false));
    let left = Arc::new(AtomicBool::new(false));
    let tail = Tail::new();
    let what = spec.what();
    let (reader, command, stderr): (Box<dyn Read + Send>, Option<Command>, Option<_>) = match &spec
    {
        SourceSpec::File { path, follow: true } => {
            // one that is there already is looked at now; one written later, when it comes
            if let Ok(meta) = std::fs::metadata(path)
                && let Some(why) = super::lines::unreadable(&meta)
            {
                return Err(format!("{what}: {why}"));
            }
            (
                Box::new(Follow::new(path.clone(), Arc::clone(&stop))),
                None,
                None,
            )
        }
        SourceSpec::File { path, .. } => {
            let file = std::fs::File::open(path).map_err(|e| format!("{what}: {e}"))?;
            let meta = file.metadata().map_err(|e| format!("{what}: {e}"))?;
            if let Some(why) = super::lines::unreadable(&meta) {
                return Err(format!("{what}: {why}"));
            }
            (Box::new(file), None, None)
        }
        SourceSpec::Stdin => (Box::new(std::io::stdin()), None, None),
        SourceSpec::Pushed(_) => {
            return Err(format!(
                "{what}: handed over by the program, not read (see `pushed`)"
            ));
        }
        SourceSpec::Command(argv) => {
            if argv.is_empty() {
                return Err("watch --: give the command to run".into());
            }
            let (command, pipes) = Command::spawn(argv).map_err(|e| format!("{}: {e}", argv[0]))?;
            let watcher = command.watcher();
            let stdout = Pipe::new(
                pipes.stdout,
                Arc::clone(&stop),
                left_behind(watcher.clone(), Arc::clone(&stop), Arc::clone(&left)),
            );
            let stderr = Pipe::new(pipes.stderr, Arc::clone(&stop), {
                let w = watcher.clone();
                Box::new(move || w.exited_for().is_some_and(|d| d > LEFT_BEHIND * 2))
            });
            (Box::new(stdout), Some(command), Some(stderr))
        }
    };
    let watcher = command.as_ref().map(Command::watcher);
    let source = Source {
        spec: spec.clone(),
        shared: Arc::new(Shared {
            phase: Mutex::new((Phase::Waiting, 0)),
            moved: Condvar::new(),
        }),
        tail: tail.clone(),
        watcher,
        started: Instant::now(),
    };
    let errors_done = stderr.map(|err| {
        let (tx, rx) = crossbeam_channel::bounded::<()>(1);
        let t = tail.clone();
        std::thread::Builder::new()
            .name("trace-stderr".into())
            .spawn(move || {
                t.read_all(err);
                let _ = tx.send(());
            })
            .expect("a thread for the command's error output");
        rx
    });
    let reading = Reader {
        source: source.clone(),
        lines: Lines::new(reader),
        resolve,
        stop: Arc::clone(&stop),
        errors_done,
        left,
    };
    std::thread::Builder::new()
        .name("trace-reader".into())
        .spawn(move || reading.run())
        .expect("a reader thread");
    Ok((source, Guard { stop, command }))
}

/// A source whose runs the program hands over itself ([`SourceSpec::Pushed`]): no reader
/// thread, no command; the [`Pusher`] begins, feeds and ends each run.
pub fn pushed(name: &str) -> (Source, Pusher) {
    let source = Source {
        spec: SourceSpec::Pushed(name.to_string()),
        shared: Arc::new(Shared {
            phase: Mutex::new((Phase::Waiting, 0)),
            moved: Condvar::new(),
        }),
        tail: Tail::new(),
        #[cfg(feature = "native")]
        watcher: None,
        started: Instant::now(),
    };
    let pusher = Pusher {
        source: source.clone(),
        feed: None,
    };
    (source, pusher)
}

/// Hands runs to a pushed source. A run left open when the next begins, or when the pusher is
/// dropped, is closed as cut.
pub struct Pusher {
    source: Source,
    feed: Option<Arc<Feed>>,
}

impl Pusher {
    /// A new run, from its header and the board it starts from (a viewer joining midway sees
    /// the board the run has reached).
    pub fn begin(&mut self, header: super::read::Header, board: Option<Vec<u8>>) {
        self.cut("a new run began");
        let run = self.source.phase().1 + 1;
        let feed = Arc::new(Feed::new(header, self.source.spec.clone(), run));
        if let Some(b) = board {
            feed.offer(super::read::TraceStep {
                step: Some(0),
                board: Some(b),
                ..Default::default()
            });
        }
        self.source.set(Phase::Ready(Arc::clone(&feed)));
        self.feed = Some(feed);
    }

    /// A step of the run begun last; let go when no run is begun or the viewer is far
    /// behind.
    pub fn step(&self, step: super::read::TraceStep) {
        if let Some(f) = &self.feed {
            f.offer(step);
        }
    }

    /// The run begun last has ended, `how`.
    pub fn end(&mut self, how: Closed) {
        if let Some(f) = self.feed.take() {
            f.close(how);
        }
    }

    /// A new run as [`Pusher::begin`] begins one, whose first step is numbered `from` + 1: the
    /// run is shown from a later board, each step counted as its sender counted it.
    pub fn begin_numbered(
        &mut self,
        header: super::read::Header,
        board: Option<Vec<u8>>,
        from: u64,
    ) {
        self.begin(header, board);
        if let Some(f) = &self.feed {
            f.number_from(from);
        }
    }

    /// The feed of the run begun last, for a sender that replays a kept run into it and may
    /// wait for its screen ([`Feed::push`]).
    pub fn feed(&self) -> Option<Arc<Feed>> {
        self.feed.clone()
    }

    /// Whether a run is open.
    pub fn open(&self) -> bool {
        self.feed.is_some()
    }

    fn cut(&mut self, why: &str) {
        self.end(Closed::Cut {
            why: why.into(),
            last_words: None,
        });
    }
}

impl Drop for Pusher {
    fn drop(&mut self) {
        self.cut("the sender went away");
    }
}

#[cfg(feature = "native")]
/// Start reading `spec` and wait for its first run's header: the run's feed, and the guard that
/// ends the source. For a source at hand (a file, a test's trace); a screen or an experiment
/// starts the source and waits on it in its own way.
pub fn open(spec: SourceSpec, resolve: Resolve) -> Result<(Arc<Feed>, Guard), String> {
    let (source, guard) = start(spec, resolve)?;
    match source.ready(None, &AtomicBool::new(false)) {
        Ok(feed) => Ok((feed, guard)),
        Err(NotReady::Failed(f)) => Err(f.why),
        Err(e) => Err(format!("{e:?}")),
    }
}

#[cfg(feature = "native")]
/// The idle check of a command's output: once the command's own process has ended and nothing
/// more has come for [`LEFT_BEHIND`], what still holds the output open is something it left
/// behind; its group is ended and the output taken as closed.
fn left_behind(watcher: Watcher, stop: Arc<AtomicBool>, ended: Arc<AtomicBool>) -> child::Idle {
    Box::new(move || {
        if stop.load(Ordering::Relaxed) {
            return true;
        }
        if watcher.exited_for().is_some_and(|d| d >= LEFT_BEHIND) {
            watcher.end_group();
            ended.store(true, Ordering::SeqCst);
            return true;
        }
        false
    })
}

#[cfg(feature = "native")]
/// The reader thread's state.
struct Reader {
    source: Source,
    lines: Lines,
    resolve: Resolve,
    stop: Arc<AtomicBool>,
    /// Says when the command's error output has been read to its end.
    errors_done: Option<crossbeam_channel::Receiver<()>>,
    /// Raised when the command's process group was ended because something it left behind
    /// held its output open.
    left: Arc<AtomicBool>,
}

#[cfg(feature = "native")]
/// How reading one run ended.
enum RunEnd {
    /// Its closing line came.
    Closed,
    /// The file was written again: a new run may follow.
    Rewritten,
    /// A new header came in a followed file: it opens the next run.
    NewHeader(usize, String),
    /// The stream ended, or no one reads any more.
    Over,
}

#[cfg(feature = "native")]
impl Reader {
    fn command(&self) -> bool {
        matches!(self.source.spec, SourceSpec::Command(_))
    }

    fn follow(&self) -> bool {
        matches!(self.source.spec, SourceSpec::File { follow: true, .. })
    }

    fn run(mut self) {
        let mut pending: Option<(usize, String)> = None;
        loop {
            let (number, text) = match pending.take() {
                Some(h) => h,
                None => match self.header_line() {
                    Some(h) => h,
                    None => return,
                },
            };
            let h = match header(&text, number, &|r| (self.resolve)(r)) {
                Ok(h) => h,
                Err(e) => {
                    let what = self.source.spec.what();
                    self.source.set(Phase::Failed(Failure {
                        why: format!("{what}: {e}"),
                        exit: self.source.exit(),
                    }));
                    if self.follow() {
                        // a notebook may write a good run over it: keep looking
                        continue;
                    }
                    return;
                }
            };
            let run = self.source.phase().1 + 1;
            let feed = Arc::new(Feed::new(h, self.source.spec.clone(), run));
            // the run is announced once its first line after the header is in, so that a
            // start board (step 0) is in place before any replay begins
            let outcome = self.steps(&feed);
            self.announce(&feed);
            match outcome {
                RunEnd::Closed | RunEnd::Rewritten if self.follow() => {}
                RunEnd::NewHeader(n, t) => pending = Some((n, t)),
                RunEnd::Closed => {
                    // what a command writes after its closing line is read and let go, so
                    // that it is never blocked on a full pipe
                    while !matches!(self.lines.next_line(), Got::End | Got::Broken(_)) {}
                    return;
                }
                RunEnd::Rewritten | RunEnd::Over => return,
            }
        }
    }

    /// The next header line: the first that is not blank (a command's own output before it goes
    /// to the tail); `None` when the stream ended first (the source has failed then).
    fn header_line(&mut self) -> Option<(usize, String)> {
        loop {
            match self.lines.next_line() {
                Got::Line(_, Ok(t)) if t.trim().is_empty() => {}
                Got::Line(_, Ok(t))
                    if matches!(self.source.spec, SourceSpec::Command(_))
                        && !t.trim_start().starts_with('{') =>
                {
                    self.source.tail.push(t);
                }
                Got::Line(n, Ok(t)) => return Some((n, t.to_string())),
                Got::Line(n, Err(e)) => {
                    let what = self.source.spec.what();
                    self.source.set(Phase::Failed(Failure {
                        why: format!("{what}: line {n}, column 1: {e}"),
                        exit: self.source.exit(),
                    }));
                    if !self.follow() {
                        return None;
                    }
                }
                Got::Rewritten => {}
                Got::Broken(why) => {
                    let what = self.source.spec.what();
                    self.source.set(Phase::Failed(Failure {
                        why: format!("{what}: {why}"),
                        exit: self.source.exit(),
                    }));
                    return None;
                }
                Got::End => {
                    if self.stop.load(Ordering::Relaxed) {
                        return None;
                    }
                    let exit = self.ended();
                    let what = self.source.spec.what();
                    let why = match (self.command(), exit) {
                        (true, Some(e)) => {
                            format!("{what} {} before writing a trace header", ended_words(e))
                        }
                        (true, None) => {
                            format!("{what} closed its output before writing a trace header")
                        }
                        (false, _) => format!("{what}: no trace header: the file is empty"),
                    };
                    let phase = self.source.phase().0;
                    if !matches!(phase, Phase::Ready(_)) {
                        self.source.set(Phase::Failed(Failure { why, exit }));
                    }
                    return None;
                }
            }
        }
    }

    /// Say that `feed`'s run has begun, once.
    fn announce(&self, feed: &Arc<Feed>) {
        let announced = matches!(&self.source.phase().0, Phase::Ready(f) if Arc::ptr_eq(f, feed));
        if !announced {
            self.source.set(Phase::Ready(Arc::clone(feed)));
        }
    }

    /// Read a run's steps into its feed, in batches, until it closes or the stream does; the
    /// run is announced after its first line.
    fn steps(&mut self, feed: &Arc<Feed>) -> RunEnd {
        let command = self.command();
        let follow = self.follow();
        let puzzle = feed.puzzle().clone();
        let mut batch: Vec<Item> = Vec::with_capacity(BATCH);
        let mut announced = false;
        loop {
            if !announced && !batch.is_empty() {
                if !feed.push(&mut batch) {
                    return RunEnd::Over;
                }
                self.announce(feed);
                announced = true;
            }
            // hand over what is parsed before waiting for more, and in batches while lines flow
            if !batch.is_empty()
                && (batch.len() >= BATCH || !self.lines.line_waiting())
                && !feed.push(&mut batch)
            {
                return RunEnd::Over;
            }
            let (n, text) = match self.lines.next_line() {
                Got::Line(n, t) => (n, t),
                Got::Rewritten => {
                    feed.push_closing(
                        &mut batch,
                        Some(Closed::Cut {
                            why: "the file was written again from its start: a new run follows"
                                .into(),
                            last_words: None,
                        }),
                    );
                    return RunEnd::Rewritten;
                }
                Got::Broken(why) => {
                    let what = self.source.spec.what();
                    feed.push_closing(
                        &mut batch,
                        Some(Closed::Cut {
                            why: format!("{what}: {why}"),
                            last_words: None,
                        }),
                    );
                    return RunEnd::Over;
                }
                Got::End => {
                    let cut = self.cut();
                    feed.push_closing(&mut batch, Some(cut));
                    return RunEnd::Over;
                }
            };
            let t = match text {
                Ok(t) => t.trim(),
                Err(e) => {
                    batch.push(Item::Note(Note::Unreadable {
                        line: n,
                        column: None,
                        why: e.to_string(),
                    }));
                    continue;
                }
            };
            if t.is_empty() {
                continue;
            }
            if command && !t.starts_with('{') {
                batch.push(Item::Note(Note::Output(t.to_string())));
                continue;
            }
            match line(t, n, &puzzle) {
                Ok(TraceLine::Step(s)) => {
                    if !s.changed_givens.is_empty() {
                        let cells: Vec<String> = s
                            .changed_givens
                            .iter()
                            .take(8)
                            .map(|&c| puzzle.geometry().cell_name(c as usize).to_string())
                            .collect();
                        batch.push(Item::Note(Note::ChangesGivens { line: n, cells }));
                    }
                    if let Some(pop) = s.population.as_ref().filter(|p| p.breaking > 0) {
                        batch.push(Item::Note(Note::MembersChangeGivens {
                            line: n,
                            members: pop.breaking,
                        }));
                    }
                    batch.push(Item::Step(s));
                }
                Ok(TraceLine::End(e)) => {
                    feed.push_closing(&mut batch, Some(Closed::End(e)));
                    return RunEnd::Closed;
                }
                Err(_) if follow && t.contains(super::HEADER_KEY) => {
                    feed.push_closing(
                        &mut batch,
                        Some(Closed::Cut {
                            why: "a new run began in the file before this one's closing line"
                                .into(),
                            last_words: None,
                        }),
                    );
                    return RunEnd::NewHeader(n, t.to_string());
                }
                Err(e) => batch.push(Item::Note(Note::Unreadable {
                    line: e.line,
                    column: Some(e.column),
                    why: e.message,
                })),
            }
        }
    }

    /// The command's end, once its output has closed: waits a little for it to be seen, and
    /// for its error output to be read to its end.
    fn ended(&self) -> Option<Exit> {
        let exit = self
            .source
            .watcher
            .as_ref()
            .and_then(|w| w.wait_exit(Duration::from_secs(1)));
        if let Some(done) = &self.errors_done {
            let _ = done.recv_timeout(Duration::from_millis(500));
        }
        exit
    }

    /// How a stream without a closing line ended.
    fn cut(&self) -> Closed {
        if !self.command() {
            return Closed::Cut {
                why: "the trace ended without a closing line".into(),
                last_words: None,
            };
        }
        let exit = self.ended();
        let mut why = match exit {
            Some(e) => format!("the command {} without a closing line", ended_words(e)),
            None => "the command's output ended without a closing line".to_string(),
        };
        if self.left.load(Ordering::SeqCst) {
            why.push_str("; a process it left behind held its output open, and was ended");
        }
        Closed::Cut {
            why,
            last_words: self.source.tail.last(),
        }
    }
}

/// "exited with status 1", "was killed by signal 9 (SIGKILL)".
pub fn ended_words(e: Exit) -> String {
    match e {
        Exit::Code(c) => format!("exited with status {c}"),
        Exit::Signal(s) => match child::signal_name(s) {
            Some(name) => format!("was killed by signal {s} ({name})"),
            None => format!("was killed by signal {s}"),
        },
    }
}
