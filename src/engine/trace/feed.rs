//! A trace arriving: from a file (read once, or followed as it grows), from standard input, or
//! from a command's standard output. A reader thread parses each line as it comes and keeps the
//! steps in a [`Feed`] that the screen's replays read from.
//!
//! Two bounds keep a viewer responsive whatever the writer does. The reader never runs more than
//! [`AHEAD`] steps ahead of the furthest replay: past that it stops reading, so a command writing
//! to a pipe blocks in its own write until the screen asks for more (its pipe is shrunk to one
//! page, so a paused viewer holds a command within [`AHEAD`] steps and one page of lines). And
//! only the last [`WINDOW`] steps before the furthest replay are kept, the board before them
//! folded into one, so a ten-million-step file takes the memory of a window, not of the file.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::read::{Header, TraceLine, TraceStep, header, line};
use crate::board::Puzzle;

/// Steps the reader may be ahead of the furthest replay.
pub const AHEAD: u64 = 64;
/// Steps kept behind the furthest replay, for rewinding.
pub const WINDOW: u64 = 100_000;
/// Lines of a command's standard error kept for its exit message.
const STDERR_LINES: usize = 8;
/// The longest line read; a longer one is an error, never a buffer without bound.
const MAX_LINE: usize = 1 << 20;

/// What the trace comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum SourceSpec {
    /// A file, read to its end, or followed as it grows.
    File {
        /// The file.
        path: PathBuf,
        /// Keep reading as it grows, until its closing line.
        follow: bool,
    },
    /// Standard input.
    Stdin,
    /// A command whose standard output is the trace.
    Command(Vec<String>),
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
            SourceSpec::Command(argv) => {
                let words: Vec<String> = argv.iter().map(|a| shell_word(a)).collect();
                format!("-- {}", words.join(" "))
            }
        }
    }
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
/// steps (a malformed line, a command's own output, the end of the stream).
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A step.
    Step(TraceStep),
    /// A line for the step log.
    Note(String),
}

/// How the stream ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Closed {
    /// The closing line: the outcome in the search's words.
    End(String),
    /// The stream ended without a closing line (with why, for a command that failed).
    Cut(String),
}

struct State {
    /// Steps from `first` on.
    steps: VecDeque<TraceStep>,
    /// Notes, each with the index of the step it comes before, in order.
    notes: VecDeque<(u64, String)>,
    /// The index of the first step in `steps`.
    first: u64,
    /// Steps received.
    received: u64,
    /// The furthest step a replay has reached.
    consumed: u64,
    /// The board before `first` (the start board, with every dropped step applied).
    base: Vec<u8>,
    closed: Option<Closed>,
}

/// The steps of one trace, as far as they have arrived.
pub struct Feed {
    /// The header.
    pub header: Header,
    /// Where it comes from.
    pub source: SourceSpec,
    state: Mutex<State>,
    changed: Condvar,
}

impl std::fmt::Debug for Feed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Feed({}, {})", self.header.algorithm, self.source.args())
    }
}

/// A view of the feed's items from one step on, for a replay.
pub struct Window<'a> {
    guard: MutexGuard<'a, State>,
}

impl Window<'_> {
    /// The index of the first step kept.
    pub fn first(&self) -> u64 {
        self.guard.first
    }

    /// The board before the first step kept.
    pub fn base(&self) -> &[u8] {
        &self.guard.base
    }

    /// Step `index`, when it has come and is still kept.
    pub fn step(&self, index: u64) -> Option<&TraceStep> {
        let i = index.checked_sub(self.guard.first)?;
        self.guard.steps.get(usize::try_from(i).ok()?)
    }

    /// The notes that came just before step `index`.
    pub fn notes_before(&self, index: u64) -> impl Iterator<Item = &String> {
        let notes = &self.guard.notes;
        let from = notes.partition_point(|(i, _)| *i < index);
        notes
            .range(from..)
            .take_while(move |(i, _)| *i == index)
            .map(|(_, n)| n)
    }

    /// Steps received so far.
    pub fn received(&self) -> u64 {
        self.guard.received
    }

    /// Whether the stream has ended, and how.
    pub fn closed(&self) -> Option<&Closed> {
        self.guard.closed.as_ref()
    }
}

impl Feed {
    fn new(header: Header, source: SourceSpec) -> Feed {
        let base = header.puzzle.givens.cells().to_vec();
        Feed {
            header,
            source,
            state: Mutex::new(State {
                steps: VecDeque::new(),
                notes: VecDeque::new(),
                first: 0,
                received: 0,
                consumed: 0,
                base,
                closed: None,
            }),
            changed: Condvar::new(),
        }
    }

    /// The puzzle the trace is of.
    pub fn puzzle(&self) -> &Puzzle {
        &self.header.puzzle
    }

    /// The items as they stand; waits up to `wait` for a step past `index` when there is none
    /// yet and the stream goes on.
    pub fn window(&self, index: u64, wait: Duration) -> Window<'_> {
        let mut guard = self.state.lock().expect("the feed's lock");
        if index > guard.consumed {
            guard.consumed = index;
            self.changed.notify_all();
        }
        if guard.received <= index && guard.closed.is_none() && !wait.is_zero() {
            guard = self
                .changed
                .wait_timeout(guard, wait)
                .expect("the feed's lock")
                .0;
        }
        Window { guard }
    }

    /// Steps received so far.
    pub fn received(&self) -> u64 {
        self.state.lock().expect("the feed's lock").received
    }

    /// The board a replay starts from at the beginning: the step-0 board once it has come (the
    /// first step line when it is numbered 0 and has a whole board), else the givens.
    pub fn start_board(&self) -> Vec<u8> {
        self.state.lock().expect("the feed's lock").base.clone()
    }

    /// Add an item; false when no one reads the feed any more (only the reader holds it), so
    /// the reader stops instead of waiting for a replay that will never come.
    fn push(self: &Arc<Self>, item: Item) -> bool {
        let mut s = self.state.lock().expect("the feed's lock");
        match item {
            Item::Note(n) => {
                let at = s.received;
                s.notes.push_back((at, n));
            }
            Item::Step(step) => {
                // a step numbered 0 with a whole board, before any step: the start board
                if s.received == 0
                    && step.step == Some(0)
                    && step.changed.is_empty()
                    && let Some(b) = &step.board
                {
                    s.base = b.clone();
                    drop(s);
                    self.changed.notify_all();
                    return true;
                }
                // wait while far enough ahead of every replay (a paused screen stops the writer)
                while s.received >= s.consumed + AHEAD {
                    s = self
                        .changed
                        .wait_timeout(s, Duration::from_millis(200))
                        .expect("the feed's lock")
                        .0;
                    if Arc::strong_count(self) <= 1 {
                        return false;
                    }
                }
                s.received += 1;
                s.steps.push_back(step);
            }
        }
        // forget what no rewind reaches, folding it into the base board
        while s.first + WINDOW < s.consumed {
            let Some(step) = s.steps.pop_front() else {
                break;
            };
            apply(&mut s.base, &step);
            s.first += 1;
        }
        while s.notes.front().is_some_and(|(i, _)| *i < s.first) {
            s.notes.pop_front();
        }
        drop(s);
        self.changed.notify_all();
        true
    }

    fn close(&self, how: Closed) {
        let mut s = self.state.lock().expect("the feed's lock");
        if s.closed.is_none() {
            s.closed = Some(how);
        }
        drop(s);
        self.changed.notify_all();
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

/// The last lines of a command's standard error, kept as they come.
type StderrTail = Arc<Mutex<VecDeque<String>>>;

/// A command started for its trace: killed with its whole process group when dropped.
pub struct Child {
    child: std::process::Child,
}

impl Child {
    /// The command's process id (its process group's too).
    pub fn id(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        if let Ok(Some(_)) = self.child.try_wait() {
            return;
        }
        let group = -(self.child.id() as i32);
        // SAFETY: kill(2) with a negative pid signals that process group; no memory is touched
        unsafe { libc::kill(group, libc::SIGTERM) };
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        // SAFETY: as above
        unsafe { libc::kill(group, libc::SIGKILL) };
        let _ = self.child.wait();
    }
}

/// Why a trace could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file or command could not be read or started.
    #[error("{0}")]
    Io(String),
    /// The first line is not a header.
    #[error("{what}: {error}")]
    Header {
        /// The file or command.
        what: String,
        /// What is wrong with its header.
        error: super::read::TraceError,
    },
    /// The command ended before writing a header.
    #[error("{what} wrote no trace header{status}{stderr}")]
    NoHeader {
        /// The command.
        what: String,
        /// How it ended.
        status: String,
        /// The last lines of its standard error.
        stderr: String,
    },
}

/// Open a trace: read its header, then keep reading on a thread of its own. `resolve` reads a
/// puzzle reference for a header without givens. For a command, the returned [`Child`] ends it
/// (and its process group) when dropped.
pub fn open(
    source: SourceSpec,
    resolve: fn(&str) -> Result<Puzzle, String>,
) -> Result<(Arc<Feed>, Option<Child>), OpenError> {
    let what = match &source {
        SourceSpec::File { path, .. } => path.display().to_string(),
        SourceSpec::Stdin => "standard input".into(),
        SourceSpec::Command(argv) => argv.join(" "),
    };
    let io = |e: std::io::Error| OpenError::Io(format!("{what}: {e}"));
    let (reader, child, stderr): (Box<dyn Read + Send>, Option<Child>, Option<StderrTail>) =
        match &source {
            SourceSpec::File { path, .. } => {
                (Box::new(std::fs::File::open(path).map_err(io)?), None, None)
            }
            SourceSpec::Stdin => (Box::new(std::io::stdin()), None, None),
            SourceSpec::Command(argv) => {
                let Some((program, args)) = argv.split_first() else {
                    return Err(OpenError::Io("watch --: give the command to run".into()));
                };
                let mut cmd = Command::new(program);
                cmd.args(args)
                    .stdin(Stdio::null())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .env("SUDOSCOPE_WATCH", "1");
                #[cfg(unix)]
                std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
                let mut child = cmd.spawn().map_err(io)?;
                let stdout = child.stdout.take().expect("piped");
                shrink_pipe(&stdout);
                let tail = Arc::new(Mutex::new(VecDeque::new()));
                if let Some(err) = child.stderr.take() {
                    let tail = Arc::clone(&tail);
                    std::thread::spawn(move || {
                        for l in BufReader::new(err).lines().map_while(Result::ok) {
                            let mut t = tail.lock().expect("stderr lines");
                            if t.len() == STDERR_LINES {
                                t.pop_front();
                            }
                            t.push_back(l);
                        }
                    });
                }
                (Box::new(stdout), Some(Child { child }), Some(tail))
            }
        };
    let mut lines = Lines::new(
        reader,
        matches!(source, SourceSpec::File { follow: true, .. }),
    );
    // the header: the first line that is not blank
    let (number, text) = loop {
        match lines.next() {
            Some((_, Ok(t))) if t.trim().is_empty() => continue,
            Some((n, Ok(t))) if !t.trim_start().starts_with('{') && child.is_some() => {
                // a command's own output before its header
                let _ = (n, t);
                continue;
            }
            Some((n, Ok(t))) => break (n, t),
            Some((n, Err(e))) => {
                return Err(OpenError::Header {
                    what,
                    error: super::read::TraceError {
                        line: n,
                        column: 1,
                        message: e,
                    },
                });
            }
            None => {
                let mut child = child;
                let status = child
                    .as_mut()
                    .and_then(|c| c.child.wait().ok())
                    .map_or(String::new(), |s| format!(" ({s})"));
                let tail = stderr
                    .map(|t| {
                        t.lock()
                            .expect("stderr lines")
                            .iter()
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(" | ")
                    })
                    .filter(|t| !t.is_empty())
                    .map_or(String::new(), |t| format!(": {t}"));
                return Err(OpenError::NoHeader {
                    what,
                    status,
                    stderr: tail,
                });
            }
        }
    };
    let h = header(&text, number, &resolve).map_err(|error| OpenError::Header {
        what: what.clone(),
        error,
    })?;
    let feed = Arc::new(Feed::new(h, source));
    let exit = child.as_ref().map(|c| c.id());
    // the line after the header is read here, so that a start board (step 0) is in place before
    // any replay begins
    loop {
        match lines.next() {
            Some((_, Ok(t))) if t.trim().is_empty() => continue,
            Some((n, text)) => {
                if handle(&feed, n, text, exit.is_some()) {
                    return Ok((feed, child));
                }
            }
            None => feed.close(Closed::Cut(
                "the trace holds a header and nothing else".into(),
            )),
        }
        break;
    }
    let reading = Arc::clone(&feed);
    std::thread::Builder::new()
        .name("trace-reader".into())
        .spawn(move || read_on(&reading, lines, stderr, exit))
        .expect("a reader thread");
    Ok((feed, child))
}

/// The reader thread: every line after the header into the feed, then how the stream ended.
fn read_on(feed: &Arc<Feed>, mut lines: Lines, stderr: Option<StderrTail>, command: Option<u32>) {
    if feed.state.lock().expect("the feed's lock").closed.is_some() {
        return;
    }
    while let Some((n, text)) = lines.next() {
        if handle(feed, n, text, command.is_some()) {
            return;
        }
    }
    let why = match (command, stderr) {
        (Some(pid), Some(tail)) => {
            let status = exit_status(pid);
            // give the stderr reader a moment to collect the last lines
            std::thread::sleep(Duration::from_millis(50));
            let t: Vec<String> = tail.lock().expect("stderr lines").iter().cloned().collect();
            let mut why = match status {
                Some(s) => format!("the command {s} without a closing line"),
                None => "the command's output ended without a closing line".to_string(),
            };
            if !t.is_empty() {
                why.push_str(&format!("; its last words: {}", t.join(" | ")));
            }
            why
        }
        _ => "the trace ended without a closing line".to_string(),
    };
    feed.close(Closed::Cut(why));
}

/// Put one line into the feed; says whether reading stops (the closing line came, or no one
/// reads the feed any more).
fn handle(feed: &Arc<Feed>, n: usize, text: Result<String, String>, command: bool) -> bool {
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            return !feed.push(Item::Note(format!("line {n}: {e}")));
        }
    };
    let t = text.trim();
    if t.is_empty() {
        return false;
    }
    if command && !t.starts_with('{') {
        return !feed.push(Item::Note(format!("output: {t}")));
    }
    let puzzle = &feed.header.puzzle;
    match line(t, n, puzzle) {
        Ok(TraceLine::Step(s)) => {
            if !s.changed_givens.is_empty() {
                let cells: Vec<String> = s
                    .changed_givens
                    .iter()
                    .map(|&c| puzzle.geometry().cell_name(c as usize).to_string())
                    .collect();
                feed.push(Item::Note(format!(
                    "line {n}: this step changes the given at {}",
                    cells.join(", ")
                )));
            }
            !feed.push(Item::Step(s))
        }
        Ok(TraceLine::End(e)) => {
            feed.close(Closed::End(e.outcome));
            true
        }
        Err(e) => !feed.push(Item::Note(e.to_string())),
    }
}

/// How a command ended, once it has (waiting up to a second after its output closed): "exited
/// with status 1", "was killed by signal 9".
fn exit_status(pid: u32) -> Option<String> {
    #[cfg(unix)]
    for _ in 0..40 {
        let mut status = 0;
        // SAFETY: waitpid on our own child, with a valid pointer to an int
        let r = unsafe { libc::waitpid(pid as i32, &mut status, libc::WNOHANG) };
        if r == pid as i32 {
            return Some(if libc::WIFEXITED(status) {
                format!("exited with status {}", libc::WEXITSTATUS(status))
            } else if libc::WIFSIGNALED(status) {
                format!("was killed by signal {}", libc::WTERMSIG(status))
            } else {
                "ended".to_string()
            });
        }
        if r < 0 {
            return None;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    #[cfg(not(unix))]
    let _ = pid;
    None
}

/// Numbered lines of a reader, each at most [`MAX_LINE`] bytes; following a growing file, the
/// end of the file is waited out rather than taken as the end.
struct Lines {
    reader: BufReader<Box<dyn Read + Send>>,
    follow: bool,
    number: usize,
    buf: Vec<u8>,
}

impl Lines {
    fn new(reader: Box<dyn Read + Send>, follow: bool) -> Lines {
        Lines {
            reader: BufReader::with_capacity(1 << 16, reader),
            follow,
            number: 0,
            buf: Vec::new(),
        }
    }

    fn next(&mut self) -> Option<(usize, Result<String, String>)> {
        self.buf.clear();
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.number += 1;
                    return Some((self.number, Err(e.to_string())));
                }
            };
            if chunk.is_empty() {
                if self.follow {
                    std::thread::sleep(Duration::from_millis(100));
                    continue;
                }
                if self.buf.is_empty() {
                    return None;
                }
                break;
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    let take = i.min(MAX_LINE.saturating_sub(self.buf.len()));
                    self.buf.extend_from_slice(&chunk[..take]);
                    self.reader.consume(i + 1);
                    break;
                }
                None => {
                    let n = chunk.len();
                    let take = n.min(MAX_LINE.saturating_sub(self.buf.len()));
                    self.buf.extend_from_slice(&chunk[..take]);
                    self.reader.consume(n);
                }
            }
        }
        self.number += 1;
        if self.buf.len() >= MAX_LINE {
            return Some((
                self.number,
                Err(format!(
                    "longer than {MAX_LINE} bytes: not a line of a trace"
                )),
            ));
        }
        Some((
            self.number,
            String::from_utf8(std::mem::take(&mut self.buf))
                .map_err(|_| "not UTF-8 text".to_string()),
        ))
    }
}

/// A command's pipe holds one page, so that a paused viewer stops it soon (Linux).
fn shrink_pipe(stdout: &std::process::ChildStdout) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: fcntl on a descriptor this process owns; a failure only leaves the size as it was
        unsafe { libc::fcntl(stdout.as_raw_fd(), libc::F_SETPIPE_SZ, 4096) };
    }
    #[cfg(not(target_os = "linux"))]
    let _ = stdout;
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
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word("a/b.py"), "a/b.py");
    }
}
