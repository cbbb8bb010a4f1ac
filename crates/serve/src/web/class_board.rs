//! The class board: every student's own search, sent by the Python helper from their laptop
//! (`Trace(..., to=LINK)`), on one page the lecturer projects. A trace arrives as the body of
//! a `POST /trace`, line by line, each checked as `watch` checks it; what the board keeps of
//! it is small (the board now, the cost curve thinned to a bounded number of points, the
//! state) and lives only as long as the server. Traces are data, never code: a line is parsed
//! and nothing else, with limits on its size, on the lines per second, on the bytes of one
//! trace, on the traces one address may send at once and one sender may start a minute, and
//! on the cards one sender may hold.
//!
//! A card is its sender's: the helper keeps a secret of its own (`X-Sudoscope-Key`), and a
//! card is the pair of a name and that secret. A run sent again under it (a notebook cell run
//! again, from any address) replaces the card; another sender under the same name gets a card
//! of its own beside it, never in its place. A sender's cards past its share give way among
//! themselves, oldest first; nobody's card gives way to another's.
//!
//! Watchers get changes, not the board: every change to a card bumps the board's version, and
//! [`ClassBoard::since`] gives the cards changed (and the ones gone) after a version.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::follow::{Followers, Relay};
use super::text::{NAME_CHARS, clean_text};
use sudoscope_core::board::cost::{Counted, conflicts, cost};
use sudoscope_core::board::{Grid, Puzzle};
use sudoscope_core::engine::trace::feed::Closed;
use sudoscope_core::engine::trace::read::{self, TraceLine};

/// Points of a cost curve kept at most (halved, every other point, when full).
const CURVE: usize = 240;
/// Bytes of one trace at most; past them the board stops reading it.
pub const MAX_BYTES: usize = 64 << 20;
/// Lines of one trace read per second at most; a faster sender is held back (the helper then
/// sends its latest step, whole, past the steps it could not send).
pub const MAX_RATE: u32 = 2000;
/// Cards on the board at most; past them a new trace is refused (no card gives way to
/// another sender's).
pub const MAX_ENTRIES: usize = 1000;
/// Any other text of a card (an algorithm, a puzzle, a note) at most this many.
const TEXT_CHARS: usize = 200;
/// Removals remembered for watchers that catch up; one further behind gets the whole board.
const GONE_KEPT: usize = 4096;

/// How much the board takes from whom: the lecturer's options, with defaults that fit a lab of
/// 80 behind one address.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Traces one address may send at once (`--traces-per-address`).
    pub per_address: usize,
    /// Cards one sender may hold; past them its own oldest gives way.
    pub per_sender: usize,
    /// New traces one sender may start in a burst, and one more every this long.
    pub burst: u32,
    /// The pace of new traces past the burst.
    pub refill: Duration,
    /// New senders (secrets never seen before) one address may bring in a burst, and one more
    /// every [`Limits::newcomer_refill`]: a class of 80 arrives at once behind a router, a
    /// script making up a secret for every trace is stopped there.
    pub newcomers: u32,
    /// The pace of new senders from one address past their burst.
    pub newcomer_refill: Duration,
    /// Bytes `--keep` writes at most in all (`--keep-max-mb`).
    pub keep_bytes: u64,
    /// Files `--keep` writes at most (`--keep-max-files`).
    pub keep_files: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            per_address: 200,
            per_sender: 8,
            burst: 10,
            refill: Duration::from_secs(2),
            newcomers: 100,
            newcomer_refill: Duration::from_secs(2),
            keep_bytes: 512 << 20,
            keep_files: 2000,
        }
    }
}

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Steps are arriving.
    Running,
    /// It ended solved.
    Solved,
    /// It ended without a solution (stuck, its budget or time spent, unsolvable).
    Stuck,
    /// Its connection ended before its closing line, or it said it was interrupted or failed.
    Cut,
    /// It sent something that is not a trace.
    Refused,
}

/// One search on the board.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// Its number on the board.
    pub id: u64,
    /// Who sent it (the name the helper gives, else the address), with a number after it when
    /// another sender uses the same name.
    pub name: String,
    /// The algorithm as its header names it.
    pub algorithm: String,
    /// The puzzle's name.
    pub puzzle: String,
    /// The side of the grid.
    pub n: usize,
    /// The board now, one symbol per cell (`.` empty).
    pub board: String,
    /// Which cells are given: `1` for a given, `0` for the others, a character per cell.
    pub givens: String,
    /// Which cells are in conflict now, written as `givens` is.
    pub conflicts: String,
    /// Steps so far, as the sender numbers them.
    pub step: u64,
    /// The canonical cost of the board now (missing values over all units: 0 is solved).
    pub cost: u32,
    /// The lowest cost seen.
    pub best: u32,
    /// The cost curve, thinned.
    pub curve: Vec<u32>,
    /// Steps between two points of the curve.
    pub every: u64,
    /// Where it stands.
    pub state: State,
    /// How it ended, in the trace's own words, or why it was refused.
    pub note: String,
    /// The last error it said (a failed search's exception, the line a refused trace broke on).
    pub error: String,
    #[serde(skip)]
    sender: String,
    /// The board's version at the card's last change.
    #[serde(skip)]
    changed: u64,
    /// When its last line came.
    #[serde(skip)]
    heard: Instant,
}

impl Entry {
    /// Seconds since its last line came.
    pub fn quiet(&self) -> u64 {
        self.heard.elapsed().as_secs()
    }
}

/// What changed on the board after a version.
pub struct Changes {
    /// The board's version now.
    pub version: u64,
    /// The cards changed (every card, when `whole`).
    pub entries: Vec<Entry>,
    /// The cards gone.
    pub gone: Vec<u64>,
    /// The watcher is too far behind for the changes: here is the whole board.
    pub whole: bool,
}

/// A pace: a bucket of a burst, refilled one every so long (a sender's new traces, an
/// address's new senders).
struct Pace {
    tokens: f64,
    at: Instant,
}

/// Senders whose pace is remembered before those long quiet are forgotten.
const MAX_PACES: usize = 20_000;

impl Pace {
    fn full(burst: u32) -> Pace {
        Pace {
            tokens: f64::from(burst),
            at: Instant::now(),
        }
    }

    fn refilled(&self, burst: u32, refill: Duration) -> f64 {
        let refill = refill.as_secs_f64().max(1e-3);
        (self.tokens + self.at.elapsed().as_secs_f64() / refill).min(f64::from(burst))
    }

    /// Take one; false when the bucket is empty.
    fn take(&mut self, burst: u32, refill: Duration) -> bool {
        self.tokens = self.refilled(burst, refill);
        self.at = Instant::now();
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }

    fn full_again(&self, burst: u32, refill: Duration) -> bool {
        self.refilled(burst, refill) >= f64::from(burst)
    }
}

/// Every search on the board.
pub struct ClassBoard {
    entries: Mutex<BTreeMap<u64, Entry>>,
    sending: Mutex<HashMap<IpAddr, usize>>,
    paces: Mutex<HashMap<String, Pace>>,
    /// Each address's pace of new senders.
    newcomers: Mutex<HashMap<IpAddr, Pace>>,
    gone: Mutex<VecDeque<(u64, u64)>>,
    next: AtomicU64,
    version: AtomicU64,
    keep: Option<PathBuf>,
    kept_bytes: AtomicU64,
    kept_files: AtomicUsize,
    keep_full: AtomicBool,
    keep_said: AtomicBool,
    limits: Limits,
    /// The sessions that show a name's runs (a student's own, in their browser tab).
    pub followers: Followers,
}

impl Default for ClassBoard {
    fn default() -> ClassBoard {
        ClassBoard::keeping(None, Limits::default())
    }
}

/// Why a trace was turned away before its first line.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// This address brings new senders faster than [`Limits::newcomers`] allows.
    TooManySenders,
    /// This address already sends [`Limits::per_address`] traces.
    TooMany,
    /// This sender started its [`Limits::burst`] of new traces too fast.
    TooFast,
    /// The board holds [`MAX_ENTRIES`] cards.
    Full,
}

/// A trace being read into the board; its entry is marked cut if it ends before its closing
/// line, and its address's count given back, however it ends.
pub struct Upload<'a> {
    board: &'a ClassBoard,
    ip: IpAddr,
    name: String,
    sender: String,
    id: Option<u64>,
    puzzle: Option<Puzzle>,
    grid: Option<Grid>,
    /// A step has come: the grid is one the search stood on.
    stood: bool,
    lines: usize,
    bytes: usize,
    ended: bool,
    window: (Instant, u32),
    kept: Option<BufWriter<File>>,
    relay: Relay,
}

impl ClassBoard {
    /// A board that keeps every trace it reads, as it came, in a file of `keep` (the
    /// lecturer's `--keep DIR`), within `limits`.
    pub fn keeping(keep: Option<PathBuf>, limits: Limits) -> ClassBoard {
        ClassBoard {
            entries: Mutex::new(BTreeMap::new()),
            sending: Mutex::new(HashMap::new()),
            paces: Mutex::new(HashMap::new()),
            newcomers: Mutex::new(HashMap::new()),
            gone: Mutex::new(VecDeque::new()),
            next: AtomicU64::new(0),
            version: AtomicU64::new(0),
            keep,
            kept_bytes: AtomicU64::new(0),
            kept_files: AtomicUsize::new(0),
            keep_full: AtomicBool::new(false),
            keep_said: AtomicBool::new(false),
            limits,
            followers: Followers::default(),
        }
    }

    /// A change counter: the board's watchers send what changed when it moves.
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::Acquire)
    }

    fn bump(&self) -> u64 {
        self.version.fetch_add(1, Ordering::AcqRel) + 1
    }

    /// Every entry, in the order they came.
    pub fn entries(&self) -> Vec<Entry> {
        self.entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect()
    }

    /// What changed after version `seen` (0: everything).
    pub fn since(&self, seen: u64) -> Changes {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let version = self.version();
        let gone = self.gone.lock().unwrap_or_else(|e| e.into_inner());
        let whole = seen == 0
            || gone.front().is_some_and(|&(v, _)| v > seen + 1) && gone.len() >= GONE_KEPT;
        if whole {
            return Changes {
                version,
                entries: entries.values().cloned().collect(),
                gone: Vec::new(),
                whole: true,
            };
        }
        Changes {
            version,
            entries: entries
                .values()
                .filter(|e| e.changed > seen)
                .cloned()
                .collect(),
            gone: gone
                .iter()
                .filter(|&&(v, _)| v > seen)
                .map(|&(_, id)| id)
                .collect(),
            whole: false,
        }
    }

    /// The lecturer hides a card (it comes back only with a new run).
    pub fn hide(&self, id: u64) {
        let mut all = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if all.remove(&id).is_some() {
            self.forget(id);
        }
    }

    /// The lecturer clears every card whose search has ended.
    pub fn clear_ended(&self) {
        let mut all = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let ended: Vec<u64> = all
            .values()
            .filter(|e| e.state != State::Running)
            .map(|e| e.id)
            .collect();
        for id in ended {
            all.remove(&id);
            self.forget(id);
        }
    }

    fn forget(&self, id: u64) {
        let v = self.bump();
        let mut gone = self.gone.lock().unwrap_or_else(|e| e.into_inner());
        gone.push_back((v, id));
        while gone.len() > GONE_KEPT {
            gone.pop_front();
        }
    }

    /// Whether `--keep` has just reached its caps (said once, to log).
    pub fn keep_refused(&self) -> bool {
        self.keep_full.load(Ordering::Acquire) && !self.keep_said.swap(true, Ordering::AcqRel)
    }

    /// Start reading a trace from `ip` sent under `name` by the sender whose secret is `key`
    /// (none: the address and the name stand for it).
    pub fn upload(&self, ip: IpAddr, name: &str, key: Option<&str>) -> Result<Upload<'_>, Refusal> {
        let mut name = clean_text(name, NAME_CHARS);
        if name.is_empty() {
            name = ip.to_string();
        }
        let sender = match key.map(|k| k.trim()).filter(|k| !k.is_empty()) {
            Some(k) => format!("key:{}", k.chars().take(64).collect::<String>()),
            None => format!("ip:{ip}/{name}"),
        };
        {
            // a full board: the card that ended longest ago gives way (none running ever does)
            let mut all = self.entries.lock().unwrap_or_else(|e| e.into_inner());
            if all.len() >= MAX_ENTRIES {
                let oldest = all
                    .values()
                    .filter(|e| e.state != State::Running)
                    .min_by_key(|e| e.changed)
                    .map(|e| e.id)
                    .ok_or(Refusal::Full)?;
                all.remove(&oldest);
                drop(all);
                self.forget(oldest);
            }
        }
        {
            let mut paces = self.paces.lock().unwrap_or_else(|e| e.into_inner());
            if !paces.contains_key(&sender) {
                // a sender never seen: its address's pace of newcomers
                let mut newcomers = self.newcomers.lock().unwrap_or_else(|e| e.into_inner());
                let n = newcomers
                    .entry(ip)
                    .or_insert_with(|| Pace::full(self.limits.newcomers));
                if !n.take(self.limits.newcomers, self.limits.newcomer_refill) {
                    return Err(Refusal::TooManySenders);
                }
                // the paces of senders long quiet are forgotten (a full bucket is as new)
                if paces.len() >= MAX_PACES {
                    let (burst, refill) = (self.limits.burst, self.limits.refill);
                    paces.retain(|_, p| !p.full_again(burst, refill));
                }
            }
            let pace = paces
                .entry(sender.clone())
                .or_insert_with(|| Pace::full(self.limits.burst));
            if !pace.take(self.limits.burst, self.limits.refill) {
                return Err(Refusal::TooFast);
            }
        }
        let mut sending = self.sending.lock().unwrap_or_else(|e| e.into_inner());
        let n = sending.entry(ip).or_default();
        if *n >= self.limits.per_address {
            return Err(Refusal::TooMany);
        }
        *n += 1;
        Ok(Upload {
            board: self,
            ip,
            relay: Relay::new(&name),
            name,
            sender,
            id: None,
            puzzle: None,
            grid: None,
            stood: false,
            lines: 0,
            bytes: 0,
            ended: false,
            window: (Instant::now(), 0),
            kept: None,
        })
    }

    fn update(&self, id: u64, f: impl FnOnce(&mut Entry)) {
        let mut all = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = all.get_mut(&id) {
            f(e);
            e.changed = self.bump();
            e.heard = Instant::now();
        }
    }
}

impl Upload<'_> {
    /// How long to wait before reading on, so that the trace keeps to [`MAX_RATE`] lines a
    /// second (zero when it does).
    pub fn pace(&mut self) -> Duration {
        let (since, count) = &mut self.window;
        if since.elapsed() >= Duration::from_secs(1) {
            *since = Instant::now();
            *count = 0;
        }
        *count += 1;
        if *count > MAX_RATE {
            Duration::from_secs(1).saturating_sub(since.elapsed())
        } else {
            Duration::ZERO
        }
    }

    /// Read one line. `false` when the board reads no more of this trace (refused, ended, or
    /// over its bytes).
    pub fn line(&mut self, text: &str) -> bool {
        self.lines += 1;
        self.bytes += text.len() + 1;
        if self.ended {
            return false;
        }
        if self.bytes > MAX_BYTES {
            self.refuse(format!("longer than {} MiB", MAX_BYTES >> 20));
            return false;
        }
        if text.trim().is_empty() {
            return true;
        }
        if self.puzzle.is_none() {
            let read = self.header(text);
            self.keep(text);
            return read;
        }
        self.keep(text);
        let Some(puzzle) = &self.puzzle else {
            return false;
        };
        match read::line(text, self.lines, puzzle) {
            Ok(TraceLine::Step(s)) => {
                let grid = self.grid.get_or_insert_with(|| puzzle.givens.clone());
                if let Some(cells) = &s.board {
                    for (i, &v) in cells.iter().enumerate() {
                        grid.set(i, v);
                    }
                }
                for &(c, v) in &s.changed {
                    grid.set(c as usize, v);
                }
                let (line, c, bad) = (
                    grid.to_line(),
                    cost(grid, Counted::ALL),
                    marks(&conflicts(grid)),
                );
                self.relay.step(&s, grid.cells(), &self.board.followers);
                let step = s.step.unwrap_or(self.lines as u64 - 1);
                // the header's point is the givens alone, before the search stood anywhere:
                // the first step's board takes its place on the curve and as the best
                let first = !std::mem::replace(&mut self.stood, true);
                if let Some(id) = self.id {
                    self.board.update(id, |e| {
                        if first {
                            e.curve.clear();
                            e.best = c;
                        }
                        e.board = line;
                        e.conflicts = bad;
                        e.step = step;
                        e.cost = c;
                        e.best = e.best.min(c);
                        push(e, c);
                    });
                }
                true
            }
            Ok(TraceLine::End(end)) => {
                self.ended = true;
                let grid = end
                    .result
                    .as_ref()
                    .and_then(|cells| Grid::from_cells(puzzle.geometry(), cells.clone()))
                    .or_else(|| self.grid.clone());
                let solved = grid.as_ref().is_some_and(|g| puzzle.is_solved_by(g));
                if let Some(id) = self.id {
                    self.board.update(id, |e| {
                        if let Some(g) = &grid {
                            e.board = g.to_line();
                            e.cost = cost(g, Counted::ALL);
                            e.conflicts = marks(&conflicts(g));
                            e.best = e.best.min(e.cost);
                        }
                        e.step = end.steps.unwrap_or(e.step);
                        e.state = if solved {
                            State::Solved
                        } else if end.broken() {
                            State::Cut
                        } else {
                            State::Stuck
                        };
                        e.note = clean_text(&end.outcome, TEXT_CHARS);
                        if let Some(error) = &end.error {
                            e.error = clean_text(error, TEXT_CHARS);
                        }
                    });
                }
                self.relay.end(Closed::End(end));
                false
            }
            Err(e) => {
                self.refuse(e.to_string());
                false
            }
        }
    }

    /// Its runs are shown to the tabs following `key` ([`super::wall::follow_key`]).
    pub fn follow_as(&mut self, key: &str) {
        self.relay = Relay::new(key);
    }

    fn header(&mut self, text: &str) -> bool {
        let resolve =
            |r: &str| sudoscope_core::catalog::resolve_builtin(r).map_err(|e| e.to_string());
        let h = match read::header(text, self.lines, &resolve) {
            Ok(h) => h,
            Err(e) => {
                self.place(None, String::new());
                self.refuse(e.to_string());
                return false;
            }
        };
        let puzzle = h.puzzle.clone();
        self.relay.header(h.clone(), &self.board.followers);
        self.place(Some(&puzzle), clean_text(&h.algorithm, NAME_CHARS));
        self.grid = Some(puzzle.givens.clone());
        self.puzzle = Some(puzzle);
        true
    }

    /// Put this trace on the board: a new run from the same sender under the same name (a
    /// notebook's cell run again, from any address) takes the place of the one before; past
    /// the sender's share, its own oldest card gives way.
    fn place(&mut self, puzzle: Option<&Puzzle>, algorithm: String) {
        let board = self.board;
        let id = board.next.fetch_add(1, Ordering::Relaxed) + 1;
        let (n, line, givens, c) = match puzzle {
            Some(p) => (
                p.geometry().n,
                p.givens.to_line(),
                marks(
                    &(0..p.geometry().cells)
                        .map(|i| p.is_given(i))
                        .collect::<Vec<_>>(),
                ),
                cost(&p.givens, Counted::ALL),
            ),
            None => (0, String::new(), String::new(), 0),
        };
        let mut all = board.entries.lock().unwrap_or_else(|e| e.into_inner());
        let replaced: Vec<u64> = all
            .values()
            .filter(|e| {
                e.sender == self.sender
                    && e.name.starts_with(&self.name)
                    && base_name(&e.name) == self.name
            })
            .map(|e| e.id)
            .collect();
        let mut gone = replaced;
        let mine: Vec<&Entry> = all
            .values()
            .filter(|e| e.sender == self.sender && !gone.contains(&e.id))
            .collect();
        if mine.len() >= board.limits.per_sender {
            let oldest = mine
                .iter()
                .find(|e| e.state != State::Running)
                .or_else(|| mine.first())
                .map(|e| e.id);
            gone.extend(oldest);
        }
        for id in &gone {
            all.remove(id);
        }
        // another sender's card under the same name: this one is told apart by a number
        let taken = |name: &str| {
            all.values()
                .any(|e| e.name == name && e.sender != self.sender)
        };
        let mut shown = self.name.clone();
        let mut k = 2;
        while taken(&shown) {
            shown = format!("{} ({k})", self.name);
            k += 1;
        }
        let entry = Entry {
            id,
            name: shown,
            algorithm,
            puzzle: puzzle
                .map(|p| clean_text(&p.name, TEXT_CHARS))
                .unwrap_or_default(),
            n,
            conflicts: "0".repeat(givens.len()),
            board: line,
            givens,
            step: 0,
            cost: c,
            best: c,
            curve: vec![c],
            every: 1,
            state: State::Running,
            note: String::new(),
            error: String::new(),
            sender: self.sender.clone(),
            changed: board.bump(),
            heard: Instant::now(),
        };
        all.insert(id, entry);
        drop(all);
        for id in gone {
            board.forget(id);
        }
        self.id = Some(id);
    }

    /// Keep the line in this trace's file, when the lecturer keeps traces (the file is opened
    /// with the trace's first line; one that cannot be written is let go), within the caps on
    /// files and bytes: past them nothing more is kept, and the log says so once.
    fn keep(&mut self, text: &str) {
        let board = self.board;
        let Some(dir) = &board.keep else { return };
        if board.keep_full.load(Ordering::Acquire) {
            self.kept = None;
            return;
        }
        if self.kept.is_none() && self.lines == 1 {
            let Some(id) = self.id else { return };
            if board.kept_files.fetch_add(1, Ordering::AcqRel) >= board.limits.keep_files {
                board.keep_full.store(true, Ordering::Release);
                return;
            }
            let safe: String = self
                .name
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            self.kept = File::create(dir.join(format!("{id:04}-{safe}.jsonl")))
                .ok()
                .map(BufWriter::new);
        }
        let bytes = text.len() as u64 + 1;
        if board.kept_bytes.fetch_add(bytes, Ordering::AcqRel) + bytes > board.limits.keep_bytes {
            board.keep_full.store(true, Ordering::Release);
            self.kept = None;
            return;
        }
        if let Some(w) = &mut self.kept
            && writeln!(w, "{text}").is_err()
        {
            self.kept = None;
        }
    }

    /// A line longer than a trace's lines may be: the trace is refused.
    pub fn too_long(&mut self) {
        self.refuse(format!(
            "line {}: longer than {} bytes: not a line of a trace",
            self.lines + 1,
            sudoscope_core::engine::trace::lines::MAX_LINE
        ));
    }

    fn refuse(&mut self, why: String) {
        self.ended = true;
        self.relay.end(Closed::Cut {
            why: why.clone(),
            last_words: None,
        });
        if let Some(id) = self.id {
            self.board.update(id, |e| {
                e.state = State::Refused;
                e.note = clean_text(&why, TEXT_CHARS);
                e.error = e.note.clone();
            });
        }
    }
}

/// A card's name without the number that tells it from another sender's.
fn base_name(name: &str) -> &str {
    match name.rfind(" (") {
        Some(i) if name.ends_with(')') && name[i + 2..name.len() - 1].parse::<u32>().is_ok() => {
            &name[..i]
        }
        _ => name,
    }
}

/// Cells marked `1`, the others `0`.
fn marks(cells: &[bool]) -> String {
    cells.iter().map(|&b| if b { '1' } else { '0' }).collect()
}

/// Add a point to the curve, thinning it to every other point when full.
fn push(e: &mut Entry, cost: u32) {
    if !e.step.is_multiple_of(e.every) {
        return;
    }
    if e.curve.len() >= CURVE {
        e.curve = e.curve.iter().step_by(2).copied().collect();
        e.every *= 2;
        if !e.step.is_multiple_of(e.every) {
            return;
        }
    }
    e.curve.push(cost);
}

impl Drop for Upload<'_> {
    fn drop(&mut self) {
        if !self.ended
            && let Some(id) = self.id
        {
            self.board.update(id, |e| {
                if e.state == State::Running {
                    e.state = State::Cut;
                    e.note = "cut".into();
                }
            });
        }
        let mut sending = self.board.sending.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = sending.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                sending.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = r#"{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"mine","neighbourhood":"course"}"#;

    fn ip() -> IpAddr {
        "10.0.0.9".parse().unwrap()
    }

    #[test]
    fn a_trace_is_read_into_an_entry_that_ends_as_its_closing_line_says() {
        let board = ClassBoard::default();
        let mut up = board.upload(ip(), "ana", Some("k1")).unwrap();
        assert!(up.line(HEADER));
        let e = &board.entries()[0];
        assert_eq!((e.name.as_str(), e.n, e.state), ("ana", 9, State::Running));
        let start = e.cost;
        assert!(start > 0);
        let free = e.board.find('.').unwrap();
        let line = format!(r#"{{"step":1,"changed":[[{free},5]]}}"#);
        assert!(up.line(&line));
        let e = &board.entries()[0];
        assert_eq!(e.step, 1);
        assert!(e.cost < start && e.best == e.cost);
        assert_eq!(
            e.curve,
            [e.cost],
            "the givens alone are no point of the search's curve"
        );
        assert!(!up.line(r#"{"end":"failed","steps":1,"error":"ValueError: \u202eevil"}"#));
        let e = &board.entries()[0];
        assert_eq!(e.state, State::Cut, "a failed search is cut short");
        assert_eq!(e.error, "ValueError: evil", "its last error, cleaned");
        drop(up);
        assert_eq!(board.entries()[0].state, State::Cut);
    }

    #[test]
    fn a_card_is_its_senders_a_rerun_replaces_it_from_anywhere_and_nobody_else_can() {
        let board = ClassBoard::default();
        let mut up = board.upload(ip(), "ana", Some("ana-secret")).unwrap();
        up.line(HEADER);
        drop(up);
        assert_eq!(board.entries()[0].state, State::Cut);
        // the same sender again, from another address: the card is replaced
        let mut again = board
            .upload("10.0.0.77".parse().unwrap(), "ana", Some("ana-secret"))
            .unwrap();
        again.line(HEADER);
        let all = board.entries();
        assert_eq!(all.len(), 1, "the rerun replaces the cut run");
        assert_eq!(all[0].state, State::Running);
        // someone else under the same name, from the same address: a card of its own
        let mut other = board.upload(ip(), "ana", Some("mallory")).unwrap();
        other.line(HEADER);
        let names: Vec<String> = board.entries().into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["ana", "ana (2)"]);
        drop(again);
        drop(other);
    }

    #[test]
    fn one_sender_cannot_push_out_the_class() {
        let board = ClassBoard::keeping(None, Limits::default());
        for k in 0..5 {
            let mut up = board
                .upload(ip(), &format!("real {k}"), Some(&format!("s{k}")))
                .unwrap();
            up.line(HEADER);
        }
        // 400 made-up traces from one sender, as fast as it can
        let mut refused = 0;
        for i in 0..400 {
            match board.upload(ip(), &format!("fake {i}"), Some("flood")) {
                Ok(mut up) => {
                    up.line(HEADER);
                    up.line(r#"{"end":"stuck","steps":0}"#);
                }
                Err(r) => {
                    assert_eq!(r, Refusal::TooFast);
                    refused += 1;
                }
            }
        }
        assert!(refused >= 380, "{refused}");
        let all = board.entries();
        let real = all.iter().filter(|e| e.name.starts_with("real")).count();
        assert_eq!(real, 5, "every real card stays");
        let fake = all.iter().filter(|e| e.name.starts_with("fake")).count();
        assert!(fake <= Limits::default().per_sender, "{fake}");
        // the same, making up a secret for every trace: the address's newcomers run out
        let mut refused = 0;
        for i in 0..400 {
            match board.upload(ip(), &format!("made-up {i}"), Some(&format!("made-up-{i}"))) {
                Ok(mut up) => {
                    up.line(HEADER);
                    up.line(r#"{"end":"solved","steps":0}"#);
                }
                Err(r) => {
                    assert_eq!(r, Refusal::TooManySenders);
                    refused += 1;
                }
            }
        }
        let newcomers = Limits::default().newcomers as usize;
        // (the five real senders and the flood's came first)
        assert!(refused >= 400 - newcomers, "{refused} refused");
        let all = board.entries();
        assert_eq!(all.iter().filter(|e| e.name.starts_with("real")).count(), 5);
        // another address is not held back by it
        let other: IpAddr = "10.0.0.10".parse().unwrap();
        assert!(board.upload(other, "bea", Some("bea-secret")).is_ok());
    }

    #[test]
    fn a_full_board_lets_the_longest_ended_card_go_never_a_running_one() {
        let roomy = Limits {
            newcomers: u32::MAX,
            per_address: usize::MAX,
            ..Limits::default()
        };
        let board = ClassBoard::keeping(None, roomy);
        let mut running = Vec::new();
        for i in 0..MAX_ENTRIES {
            let mut up = board
                .upload(ip(), &format!("s{i}"), Some(&format!("k{i}")))
                .unwrap();
            up.line(HEADER);
            if i % 2 == 0 {
                up.line(r#"{"end":"stuck","steps":0}"#);
            } else {
                running.push(up);
            }
        }
        assert_eq!(board.entries().len(), MAX_ENTRIES);
        let mut up = board.upload(ip(), "late", Some("late-secret")).unwrap();
        up.line(HEADER);
        let all = board.entries();
        assert_eq!(all.len(), MAX_ENTRIES);
        assert!(all.iter().all(|e| e.name != "s0"), "the first to end went");
        assert!(all.iter().any(|e| e.name == "late"));
        assert_eq!(
            all.iter().filter(|e| e.state == State::Running).count(),
            MAX_ENTRIES / 2 + 1,
            "every running card stays"
        );
    }

    #[test]
    fn watchers_get_the_changes_after_their_version() {
        let board = ClassBoard::default();
        let mut a = board.upload(ip(), "ana", Some("a")).unwrap();
        a.line(HEADER);
        let mut b = board.upload(ip(), "bea", Some("b")).unwrap();
        b.line(HEADER);
        let first = board.since(0);
        assert!(first.whole);
        assert_eq!(first.entries.len(), 2);
        let seen = first.version;
        let free = board.entries()[0].board.find('.').unwrap();
        a.line(&format!(r#"{{"step":1,"changed":[[{free},5]]}}"#));
        let next = board.since(seen);
        assert!(!next.whole);
        assert_eq!(next.entries.len(), 1, "only ana's card changed");
        assert_eq!(next.entries[0].name, "ana");
        let id = next.entries[0].id;
        board.hide(id);
        let after = board.since(next.version);
        assert_eq!(after.gone, [id]);
        assert!(after.entries.is_empty());
    }

    #[test]
    fn what_is_not_a_trace_is_refused_with_where_and_why() {
        let board = ClassBoard::default();
        let mut up = board.upload(ip(), "eve", None).unwrap();
        assert!(!up.line("import os; os.system('rm -rf /')"));
        let e = &board.entries()[0];
        assert_eq!(e.state, State::Refused);
        assert!(e.note.starts_with("line 1"), "{}", e.note);
        let mut up = board.upload(ip(), "eve", None).unwrap();
        up.line(HEADER);
        assert!(!up.line(r#"{"step":1,"board":"12"}"#));
        assert_eq!(board.entries()[0].state, State::Refused);
    }

    #[test]
    fn one_address_sends_a_bounded_number_of_traces_at_once() {
        let limits = Limits {
            per_address: 4,
            ..Limits::default()
        };
        let board = ClassBoard::keeping(None, limits);
        let ups: Vec<_> = (0..4)
            .map(|i| {
                board
                    .upload(ip(), &format!("s{i}"), Some(&format!("k{i}")))
                    .unwrap()
            })
            .collect();
        assert_eq!(
            board.upload(ip(), "one more", Some("k9")).err(),
            Some(Refusal::TooMany)
        );
        assert!(
            board
                .upload("10.0.0.10".parse().unwrap(), "x", None)
                .is_ok()
        );
        drop(ups);
        assert!(board.upload(ip(), "now", Some("k8")).is_ok());
    }

    #[test]
    fn the_curve_stays_bounded_however_long_the_run() {
        let board = ClassBoard::default();
        let mut up = board.upload(ip(), "long", None).unwrap();
        up.line(HEADER);
        let free = board.entries()[0].board.find('.').unwrap();
        for step in 1..=10_000u64 {
            let v = 1 + step % 9;
            up.line(&format!(r#"{{"step":{step},"changed":[[{free},{v}]]}}"#));
        }
        let e = &board.entries()[0];
        assert!(e.curve.len() <= CURVE, "{} points", e.curve.len());
        assert!(e.curve.len() > CURVE / 4);
        assert_eq!(e.step, 10_000);
    }

    #[test]
    fn with_keep_every_trace_is_kept_within_its_caps() {
        let dir = tempfile::tempdir().unwrap();
        let limits = Limits {
            keep_files: 2,
            ..Limits::default()
        };
        let board = ClassBoard::keeping(Some(dir.path().to_path_buf()), limits);
        let lines = [
            HEADER,
            r#"{"step":1,"changed":[[1,2]]}"#,
            r#"{"end":"stuck","steps":1}"#,
        ];
        for k in 0..3 {
            let mut up = board
                .upload(ip(), &format!("ana/../x{k}"), Some(&format!("k{k}")))
                .unwrap();
            for l in lines {
                up.line(l);
            }
        }
        let mut files: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|f| f.unwrap().path())
            .collect();
        files.sort();
        assert_eq!(files.len(), 2, "two files at most");
        assert_eq!(files[0].file_name().unwrap(), "0001-ana____x0.jsonl");
        assert_eq!(
            std::fs::read_to_string(&files[0]).unwrap(),
            lines.join("\n") + "\n"
        );
        assert!(board.keep_refused(), "said when it refuses");
        assert!(!board.keep_refused(), "said once");
    }

    #[test]
    fn every_text_of_a_card_is_cleaned_as_the_name_is() {
        let board = ClassBoard::default();
        let long = format!("a\u{1b}[2J\u{202e}{}", "x".repeat(100));
        let mut up = board.upload(ip(), &long, None).unwrap();
        up.line(r#"{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"mi\u202ene\u0007 búsqueda"}"#);
        let e = &board.entries()[0];
        assert!(!e.name.contains('\u{1b}') && !e.name.contains('\u{202e}'));
        assert_eq!(e.name.chars().count(), NAME_CHARS);
        assert_eq!(e.algorithm, "mine búsqueda");
        // a name with an invisible character is the name without it: told apart by a number
        let mut maria = board.upload(ip(), "maria", Some("maria")).unwrap();
        maria.line(HEADER);
        let mut other = board
            .upload(ip(), "maria\u{200b}", Some("someone"))
            .unwrap();
        other.line(HEADER);
        let names: Vec<String> = board.entries().into_iter().map(|e| e.name).collect();
        assert!(names.contains(&"maria (2)".to_string()), "{names:?}");
    }
}
