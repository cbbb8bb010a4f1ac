//! One run of a trace as it arrives: the steps a reader thread ([`super::source`]) has parsed,
//! kept for the replays that show them.
//!
//! Bounds keep a viewer's memory fixed whatever the writer does, counted in bytes as well as in
//! steps. The reader never runs more than [`AHEAD`] steps or [`AHEAD_BYTES`] ahead of the
//! furthest replay, nor more than [`NOTES_AHEAD`] notes (a command's prints, unreadable lines)
//! ahead of what the replays have taken: past that it stops reading, so a command writing to a
//! pipe blocks in its own write until the screen asks for more. Behind the furthest replay only
//! the last [`WINDOW`] steps and [`WINDOW_BYTES`] are kept for rewinding, the board before them
//! folded into one. Each step is made small on the way in (see [`TraceStep::trim`]), so a
//! megabyte line costs what a short one does.
//!
//! Lines come in batches: the reader hands over what it has parsed under one lock and one
//! wake-up, and a replay takes many steps under one lock.

use crate::search::Note;
use std::collections::VecDeque;
use std::path::PathBuf;
#[cfg(feature = "native")]
use std::sync::Arc;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::read::{Header, TraceEnd, TraceStep};
use crate::board::Puzzle;

/// Steps the reader of a command or a pipe may be ahead of the furthest replay: a paused screen
/// holds the writer within this many steps.
pub const AHEAD: u64 = 64;
/// Steps the reader of a file may be ahead: a file holds no writer back, and reading it in
/// long runs costs fewer hand-overs between the threads.
pub const AHEAD_FILE: u64 = 4096;
/// Bytes of steps the reader may be ahead of the furthest replay.
pub const AHEAD_BYTES: usize = 2 << 20;
/// Notes the reader may be ahead of what the replays have taken.
pub const NOTES_AHEAD: u64 = 256;
/// Steps kept behind the furthest replay, for rewinding.
pub const WINDOW: u64 = 100_000;
/// Bytes of steps kept behind the furthest replay.
pub const WINDOW_BYTES: usize = 24 << 20;
/// The longest note kept, in characters.
pub const NOTE_CHARS: usize = 300;

/// What the trace comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum SourceSpec {
    /// A file, read to its end, or followed as it grows.
    File {
        /// The file.
        path: PathBuf,
        /// Keep reading as it grows, until its closing line; wait for it to exist; a new run
        /// written over it is read as a new run.
        follow: bool,
    },
    /// Standard input.
    Stdin,
    /// A command whose standard output is the trace.
    Command(Vec<String>),
    /// Traces handed over by the program itself as they arrive elsewhere: a student's runs
    /// sent to the class board under this name (`sudoscope web`). Each new run replaces the
    /// one before, as a followed file written again does, and a viewer that falls behind
    /// skips steps rather than holding the sender back.
    Pushed(String),
}

impl SourceSpec {
    /// The arguments of `sudoscope watch` that read this source again.
    pub fn args(&self) -> String {
        match self {
            SourceSpec::File { path, follow } => {
                format!(
                    "{}{}",
                    if *follow { "--follow " } else { "" },
                    path.display()
                )
            }
            SourceSpec::Stdin => "-".into(),
            SourceSpec::Command(argv) => format!("-- {}", shell_words(argv)),
            // nothing on this machine reads it again: the name says whose it was
            SourceSpec::Pushed(name) => shell_word(name),
        }
    }

    /// What it is, for people: the file's path, the command line, `standard input`.
    pub fn what(&self) -> String {
        match self {
            SourceSpec::File { path, .. } => path.display().to_string(),
            SourceSpec::Stdin => "standard input".into(),
            SourceSpec::Command(argv) => match argv.as_slice() {
                // a lesson's or an experiment's command, run by sh -c: the command itself
                [sh, c, cmd] if sh == "sh" && c == "-c" => cmd.clone(),
                _ => shell_words(argv),
            },
            SourceSpec::Pushed(name) => name.clone(),
        }
    }
}

/// Words as a POSIX shell reads them back.
fn shell_words(argv: &[String]) -> String {
    let words: Vec<String> = argv.iter().map(|a| shell_word(a)).collect();
    words.join(" ")
}

/// A word as a POSIX shell reads it back: as it is when it is plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%{}".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// One item after the header, in order: a step, or something to say in the step log between two
/// steps (a malformed line, a command's own output).
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A step.
    Step(TraceStep),
    /// A line for the step log.
    Note(Note),
}

/// How the stream ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Closed {
    /// The closing line: the outcome in the search's words, and the board it returns if it
    /// said.
    End(TraceEnd),
    /// The stream ended without a closing line: why, in words, and the command's last line of
    /// error output when it has one (a traceback's last line names the error).
    Cut {
        /// Why.
        why: String,
        /// The command's last line of error output.
        last_words: Option<String>,
    },
}

/// What the feed holds, behind its lock.
pub struct State {
    /// Steps from `first` on, each with its weight in bytes.
    steps: VecDeque<(TraceStep, usize)>,
    /// Notes: the index of the step each comes before, its number, its text.
    notes: VecDeque<(u64, u64, Note)>,
    /// The index of the first step in `steps`.
    first: u64,
    /// Steps received.
    received: u64,
    /// The furthest step a replay has reached.
    consumed: u64,
    /// Bytes of the steps from `consumed` on.
    ahead_bytes: usize,
    /// Bytes of all the steps kept.
    kept_bytes: usize,
    /// Notes received (the next note's number).
    noted: u64,
    /// The most notes any replay has taken.
    notes_taken: u64,
    /// The board before `first` (the start board, with every dropped step applied).
    base: Vec<u8>,
    /// The step-0 line, when it came: its figures and population are shown before the first
    /// step, as the start board is.
    start: Option<TraceStep>,
    closed: Option<Closed>,
}

/// The steps of one run of a trace, as far as they have arrived.
pub struct Feed {
    /// The header.
    pub header: Header,
    /// Where it comes from.
    pub source: SourceSpec,
    /// Which run of the source this is, from 1 (a followed file written again holds run 2).
    pub run: u32,
    /// Steps the reader may be ahead of the furthest replay.
    ahead: u64,
    state: Mutex<State>,
    changed: Condvar,
    /// Steps of the run before its first here ([`Feed::number_from`]).
    from: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Feed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Feed({}, {})", self.header.algorithm, self.source.args())
    }
}

/// A view of the feed's items, for a replay; the reader is woken when it is let go, if the
/// replay moved on.
pub struct Window<'a> {
    guard: Option<MutexGuard<'a, State>>,
    changed: &'a Condvar,
    wake: bool,
}

impl Drop for Window<'_> {
    fn drop(&mut self) {
        drop(self.guard.take());
        if self.wake {
            self.changed.notify_all();
        }
    }
}

impl std::ops::Deref for Window<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        self.guard.as_ref().expect("held until dropped")
    }
}

impl Window<'_> {
    /// A replay has reached step `index` with `notes` notes taken: what is before it may be
    /// let go, and the reader may read on.
    pub fn reached(&mut self, index: u64, notes: u64) {
        let s = self.guard.as_mut().expect("held until dropped");
        self.wake |= advance(s, index, notes);
    }

    /// The index of the first step kept.
    pub fn first(&self) -> u64 {
        self.first
    }

    /// The board before the first step kept.
    pub fn base(&self) -> &[u8] {
        &self.base
    }

    /// Step `index`, when it has come and is still kept.
    pub fn step(&self, index: u64) -> Option<&TraceStep> {
        let i = index.checked_sub(self.first)?;
        self.steps.get(usize::try_from(i).ok()?).map(|s| &s.0)
    }

    /// The notes numbered after `after` that came before step `index` or earlier, with their
    /// numbers.
    pub fn notes_until(&self, index: u64, after: u64) -> impl Iterator<Item = (u64, &Note)> {
        let notes = &self.notes;
        let from = notes.partition_point(|(_, n, _)| *n < after);
        notes
            .range(from..)
            .take_while(move |(i, _, _)| *i <= index)
            .filter(move |(_, n, _)| *n >= after)
            .map(|(_, n, t)| (*n, t))
    }

    /// The number the next note will have: notes so far.
    pub fn noted(&self) -> u64 {
        self.noted
    }

    /// Steps received so far.
    pub fn received(&self) -> u64 {
        self.received
    }

    /// Whether the stream has ended, and how.
    pub fn closed(&self) -> Option<&Closed> {
        self.closed.as_ref()
    }
}

impl Feed {
    /// An empty feed of the run `header` opens.
    pub fn new(header: Header, source: SourceSpec, run: u32) -> Feed {
        let base = header.puzzle.givens.cells().to_vec();
        let ahead = match source {
            SourceSpec::File { follow: false, .. } => AHEAD_FILE,
            _ => AHEAD,
        };
        Feed {
            header,
            source,
            run,
            ahead,
            state: Mutex::new(State {
                steps: VecDeque::new(),
                notes: VecDeque::new(),
                first: 0,
                received: 0,
                consumed: 0,
                ahead_bytes: 0,
                kept_bytes: 0,
                noted: 0,
                notes_taken: 0,
                base,
                start: None,
                closed: None,
            }),
            changed: Condvar::new(),
            from: std::sync::atomic::AtomicU64::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Count this run's steps from `from` on: its first step is step `from` + 1 (a run shown
    /// from a later board).
    pub fn number_from(&self, from: u64) {
        self.from.store(from, std::sync::atomic::Ordering::Relaxed);
    }

    /// Steps before the first this run holds, counted in its step numbers.
    pub fn numbered_from(&self) -> u64 {
        self.from.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The puzzle the trace is of.
    pub fn puzzle(&self) -> &Puzzle {
        &self.header.puzzle
    }

    /// The items as they stand, a replay being at step `index` with `notes` notes taken; waits
    /// up to `wait` for a step at `index` when there is none yet and the stream goes on.
    pub fn window(&self, index: u64, notes: u64, wait: Duration) -> Window<'_> {
        let mut guard = self.lock();
        if advance(&mut guard, index, notes) {
            self.changed.notify_all();
        }
        // (a web page's thread never waits: it looks again at its next turn)
        #[cfg(feature = "native")]
        if guard.received <= index && guard.closed.is_none() && !wait.is_zero() {
            guard = self
                .changed
                .wait_timeout(guard, wait)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        #[cfg(not(feature = "native"))]
        let _ = wait;
        Window {
            guard: Some(guard),
            changed: &self.changed,
            wake: false,
        }
    }

    /// Steps received so far.
    pub fn received(&self) -> u64 {
        self.lock().received
    }

    /// Whether the stream has ended, and how.
    pub fn closed(&self) -> Option<Closed> {
        self.lock().closed.clone()
    }

    /// The board a replay starts from at the beginning: the step-0 board once it has come (the
    /// first step line when it is numbered 0 and has a whole board), else the givens.
    pub fn start_board(&self) -> Vec<u8> {
        self.lock().base.clone()
    }

    /// The step-0 line, for the figures and population it gives with the start board.
    pub fn start_step(&self) -> Option<TraceStep> {
        self.lock().start.clone()
    }

    #[cfg(feature = "native")]
    /// Add the items of a batch, in order, emptying it; false when no one reads the feed any
    /// more (only the reader holds it), so the reader stops instead of waiting for a replay
    /// that will never come.
    pub fn push(self: &Arc<Self>, items: &mut Vec<Item>) -> bool {
        self.push_closing(items, None)
    }

    #[cfg(feature = "native")]
    /// As [`Feed::push`], and the stream's end with the batch, under the same lock: a replay
    /// that takes the last step sees the end with it.
    pub fn push_closing(self: &Arc<Self>, items: &mut Vec<Item>, close: Option<Closed>) -> bool {
        let mut s = self.lock();
        for item in items.drain(..) {
            match item {
                Item::Note(n) => {
                    // wait while enough notes are waiting to be taken (a paused screen holds
                    // a command that only prints)
                    while s.noted >= s.notes_taken + NOTES_AHEAD {
                        s = match self.hold(s) {
                            Some(s) => s,
                            None => return false,
                        };
                    }
                    let n = n.cut(NOTE_CHARS);
                    let (at, number) = (s.received, s.noted);
                    s.notes.push_back((at, number, n));
                    s.noted += 1;
                    trim(&mut s);
                }
                Item::Step(step) => {
                    let Some(step) = starts(&mut s, step) else {
                        continue;
                    };
                    let weight = step.weight();
                    // wait while far enough ahead of every replay (a paused screen stops the
                    // writer), counted in steps and in bytes
                    while s.received >= s.consumed + self.ahead
                        || (s.received > s.consumed && s.ahead_bytes + weight > AHEAD_BYTES)
                    {
                        s = match self.hold(s) {
                            Some(s) => s,
                            None => return false,
                        };
                    }
                    s.received += 1;
                    s.ahead_bytes += weight;
                    s.kept_bytes += weight;
                    s.steps.push_back((step, weight));
                    trim(&mut s);
                }
            }
        }
        if let Some(how) = close
            && s.closed.is_none()
        {
            s.closed = Some(how);
        }
        drop(s);
        self.changed.notify_all();
        true
    }

    /// Add a step without ever waiting: `false` when it takes the place of the newest step
    /// not yet shown instead, because the furthest replay is [`AHEAD`] steps (or
    /// [`AHEAD_BYTES`]) behind. For a pushed source, whose sender must never wait on a screen;
    /// its steps carry whole boards (and their sender's numbers), so a step let go is only a
    /// step not shown, and the newest is always there: a screen that was paused ends on the
    /// run's true last board and step.
    pub fn offer(&self, step: TraceStep) -> bool {
        let mut s = self.lock();
        let Some(step) = starts(&mut s, step) else {
            return true;
        };
        let weight = step.weight();
        if s.received >= s.consumed + self.ahead
            || (s.received > s.consumed && s.ahead_bytes + weight > AHEAD_BYTES)
        {
            if s.received > s.consumed
                && let Some((_, was)) = s.steps.pop_back()
            {
                s.ahead_bytes = s.ahead_bytes - was + weight;
                s.kept_bytes = s.kept_bytes - was + weight;
                s.steps.push_back((step, weight));
                drop(s);
                self.changed.notify_all();
            }
            return false;
        }
        s.received += 1;
        s.ahead_bytes += weight;
        s.kept_bytes += weight;
        s.steps.push_back((step, weight));
        trim(&mut s);
        drop(s);
        self.changed.notify_all();
        true
    }

    /// The stream has ended, `how` (a pushed source's run).
    pub fn close(&self, how: Closed) {
        let mut s = self.lock();
        if s.closed.is_none() {
            s.closed = Some(how);
        }
        drop(s);
        self.changed.notify_all();
    }

    #[cfg(feature = "native")]
    /// Wake the replays and wait for one to move on; `None` when no one reads any more.
    fn hold<'a>(self: &'a Arc<Self>, s: MutexGuard<'a, State>) -> Option<MutexGuard<'a, State>> {
        self.changed.notify_all();
        let s = self
            .changed
            .wait_timeout(s, Duration::from_millis(200))
            .unwrap_or_else(|e| e.into_inner())
            .0;
        (Arc::strong_count(self) > 1).then_some(s)
    }
}

/// A replay has reached step `index` with `notes` notes taken; says whether that lets the reader
/// on.
fn advance(s: &mut State, index: u64, notes: u64) -> bool {
    let mut moved = false;
    if index > s.consumed {
        let from = s.consumed.max(s.first);
        for i in from..index.min(s.first + s.steps.len() as u64) {
            s.ahead_bytes = s
                .ahead_bytes
                .saturating_sub(s.steps[(i - s.first) as usize].1);
        }
        s.consumed = index;
        moved = true;
    }
    if notes > s.notes_taken {
        s.notes_taken = notes;
        moved = true;
    }
    moved
}

/// A step numbered 0 with a whole board, before any step, is where the run starts: its board
/// becomes the start board and the line is kept for its figures (`None`). Any other step comes
/// back, to be added.
fn starts(s: &mut State, step: TraceStep) -> Option<TraceStep> {
    if s.received == 0
        && step.step == Some(0)
        && step.changed.is_empty()
        && let Some(b) = &step.board
    {
        s.base = b.clone();
        s.start = Some(step);
        return None;
    }
    Some(step)
}

/// Forget what no rewind reaches, folding it into the base board: more than [`WINDOW`] steps
/// or [`WINDOW_BYTES`] behind the furthest replay.
fn trim(s: &mut State) {
    while s.first < s.consumed
        && (s.first + WINDOW < s.consumed || s.kept_bytes - s.ahead_bytes > WINDOW_BYTES)
    {
        let Some((step, weight)) = s.steps.pop_front() else {
            break;
        };
        apply(&mut s.base, &step);
        s.kept_bytes -= weight;
        s.first += 1;
    }
    // notes every replay has taken go once no rewind reaches them, or once there are many
    let taken = s.notes_taken;
    while s
        .notes
        .front()
        .is_some_and(|(i, n, _)| *n < taken && (*i < s.first || s.notes.len() as u64 > NOTES_AHEAD))
    {
        s.notes.pop_front();
    }
}

/// Apply a step's board and changed cells to `cells`.
pub fn apply(cells: &mut [u8], step: &TraceStep) {
    if let Some(b) = &step.board {
        cells.copy_from_slice(b);
    }
    for &(c, v) in &step.changed {
        cells[c as usize] = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_written_back_as_a_shell_reads_it() {
        let spec = SourceSpec::Command(vec![
            "sh".into(),
            "-c".into(),
            "python3 mine.py --seed 1".into(),
        ]);
        assert_eq!(spec.args(), "-- sh -c 'python3 mine.py --seed 1'");
        assert_eq!(spec.what(), "python3 mine.py --seed 1");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word("a/b.py"), "a/b.py");
    }
}
