//! The class board: every student's own search, sent by the Python helper from their laptop
//! (`Trace(..., to=LINK)`), on one page the lecturer projects. A trace arrives as the body of
//! a `POST /trace`, line by line, each checked as `watch` checks it; what the board keeps of
//! it is small (the board now, the cost curve thinned to a bounded number of points, the
//! state) and lives only as long as the server. Traces are data, never code: a line is parsed
//! and nothing else, with limits on its size, on the lines per second, on the bytes of one
//! trace, and on the traces one address may send at once.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use serde::Serialize;

use super::follow::{Followers, Relay, clean_to};
use crate::board::cost::{Counted, conflicts, cost};
use crate::board::{Grid, Puzzle};
use crate::engine::trace::feed::Closed;
use crate::engine::trace::read::{self, TraceLine};

/// Points of a cost curve kept at most (halved, every other point, when full).
const CURVE: usize = 240;
/// Bytes of one trace at most; past them the board stops reading it.
pub const MAX_BYTES: usize = 64 << 20;
/// Lines of one trace read per second at most; a faster sender is held back.
pub const MAX_RATE: u32 = 400;
/// Traces one address may send at once.
pub const PER_ADDRESS: usize = 4;
/// Searches on the board at most (a finished one gives way to a new one when full).
pub const MAX_ENTRIES: usize = 400;
/// A name on the board has at most this many characters.
pub const NAME_CHARS: usize = 40;

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
    /// Its connection ended before its closing line (the program crashed or was stopped).
    Cut,
    /// It sent something that is not a trace.
    Refused,
}

/// One search on the board.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// Its number on the board.
    pub id: u64,
    /// Who sent it (the name the helper gives, else the address).
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
    /// Steps so far.
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
    /// Why it was refused or how it ended, in the trace's own words.
    pub note: String,
    #[serde(skip)]
    ip: Option<IpAddr>,
}

/// Every search on the board.
#[derive(Default)]
pub struct ClassBoard {
    entries: Mutex<BTreeMap<u64, Entry>>,
    sending: Mutex<HashMap<IpAddr, usize>>,
    next: AtomicU64,
    version: AtomicU64,
    keep: Option<PathBuf>,
    /// The sessions that show a name's runs (a student's own, in their browser tab).
    pub followers: Followers,
}

/// Why a trace was turned away before its first line.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// This address already sends [`PER_ADDRESS`] traces.
    TooMany,
}

/// A trace being read into the board; its entry is marked cut if it ends before its closing
/// line, and its address's count given back, however it ends.
pub struct Upload<'a> {
    board: &'a ClassBoard,
    ip: IpAddr,
    name: String,
    id: Option<u64>,
    puzzle: Option<Puzzle>,
    grid: Option<Grid>,
    lines: usize,
    bytes: usize,
    ended: bool,
    window: (Instant, u32),
    kept: Option<BufWriter<File>>,
    relay: Relay,
}

impl ClassBoard {
    /// A board that keeps every trace it reads, as it came, in a file of `keep` (the
    /// lecturer's `--keep DIR`); none is kept without it.
    pub fn keeping(keep: Option<PathBuf>) -> ClassBoard {
        ClassBoard {
            keep,
            ..ClassBoard::default()
        }
    }

    /// A change counter: the board's watchers send a new picture when it moves.
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::Acquire)
    }

    fn touch(&self) {
        self.version.fetch_add(1, Ordering::AcqRel);
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

    /// Start reading a trace from `ip` sent under `name`.
    pub fn upload(&self, ip: IpAddr, name: &str) -> Result<Upload<'_>, Refusal> {
        let mut sending = self.sending.lock().unwrap_or_else(|e| e.into_inner());
        let n = sending.entry(ip).or_default();
        if *n >= PER_ADDRESS {
            return Err(Refusal::TooMany);
        }
        *n += 1;
        let mut name = clean_to(name, NAME_CHARS);
        if name.is_empty() {
            name = ip.to_string();
        }
        Ok(Upload {
            board: self,
            ip,
            relay: Relay::new(&name),
            name,
            id: None,
            puzzle: None,
            grid: None,
            lines: 0,
            bytes: 0,
            ended: false,
            window: (Instant::now(), 0),
            kept: None,
        })
    }

    fn update(&self, id: u64, f: impl FnOnce(&mut Entry)) {
        if let Some(e) = self
            .entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_mut(&id)
        {
            f(e);
        }
        self.touch();
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
                if let Some(id) = self.id {
                    self.board.update(id, |e| {
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
                        e.state = if solved { State::Solved } else { State::Stuck };
                        e.note = end.outcome.clone();
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

    fn header(&mut self, text: &str) -> bool {
        let resolve = |r: &str| crate::catalog::resolve_builtin(r).map_err(|e| e.to_string());
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
        self.place(
            Some(&puzzle),
            h.algorithm.chars().take(NAME_CHARS).collect(),
        );
        self.grid = Some(puzzle.givens.clone());
        self.puzzle = Some(puzzle);
        true
    }

    /// Put this trace on the board: a new run from the same name and address (a notebook's
    /// cell run again) takes the place of the one before.
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
        let entry = Entry {
            id,
            name: self.name.clone(),
            algorithm,
            puzzle: puzzle.map(|p| p.name.clone()).unwrap_or_default(),
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
            ip: Some(self.ip),
        };
        let mut all = board.entries.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|_, e| !(e.ip == Some(self.ip) && e.name == self.name));
        if all.len() >= MAX_ENTRIES {
            // the oldest finished search gives way; if none has finished, the oldest
            let oldest = all
                .iter()
                .find(|(_, e)| e.state != State::Running)
                .or_else(|| all.iter().next())
                .map(|(k, _)| *k);
            if let Some(k) = oldest {
                all.remove(&k);
            }
        }
        all.insert(id, entry);
        drop(all);
        self.id = Some(id);
        board.touch();
    }

    /// Keep the line in this trace's file, when the lecturer keeps traces (the file is opened
    /// with the trace's first line; one that cannot be written is logged once and let go).
    fn keep(&mut self, text: &str) {
        if self.kept.is_none()
            && self.lines == 1
            && let (Some(dir), Some(id)) = (&self.board.keep, self.id)
        {
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
            crate::engine::trace::lines::MAX_LINE
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
                e.note = why;
            });
        }
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
        let mut up = board.upload(ip(), "ana").unwrap();
        assert!(up.line(HEADER));
        let e = &board.entries()[0];
        assert_eq!((e.name.as_str(), e.n, e.state), ("ana", 9, State::Running));
        let start = e.cost;
        assert!(start > 0);
        // a cell filled: the cost falls by the values it brings
        let free = e.board.find('.').unwrap();
        let line = format!(r#"{{"step":1,"changed":[[{free},5]]}}"#);
        assert!(up.line(&line));
        let e = &board.entries()[0];
        assert_eq!(e.step, 1);
        assert!(
            e.cost < start && e.best == e.cost,
            "{} then {}",
            start,
            e.cost
        );
        assert_eq!(e.curve.len(), 2);
        assert!(!up.line(r#"{"end":"stuck","steps":1}"#));
        assert_eq!(board.entries()[0].state, State::Stuck);
        drop(up);
        assert_eq!(
            board.entries()[0].state,
            State::Stuck,
            "an ended trace is not cut"
        );
    }

    #[test]
    fn a_trace_that_stops_midway_is_cut_and_a_rerun_takes_its_place() {
        let board = ClassBoard::default();
        let mut up = board.upload(ip(), "ana").unwrap();
        up.line(HEADER);
        drop(up);
        assert_eq!(board.entries()[0].state, State::Cut);
        let mut again = board.upload(ip(), "ana").unwrap();
        again.line(HEADER);
        let all = board.entries();
        assert_eq!(all.len(), 1, "the rerun replaces the cut run");
        assert_eq!(all[0].state, State::Running);
        let mut other = board.upload(ip(), "bea").unwrap();
        other.line(HEADER);
        assert_eq!(board.entries().len(), 2);
    }

    #[test]
    fn what_is_not_a_trace_is_refused_with_where_and_why() {
        let board = ClassBoard::default();
        let mut up = board.upload(ip(), "eve").unwrap();
        assert!(!up.line("import os; os.system('rm -rf /')"));
        let e = &board.entries()[0];
        assert_eq!(e.state, State::Refused);
        assert!(e.note.starts_with("line 1"), "{}", e.note);
        let mut up = board.upload(ip(), "eve").unwrap();
        up.line(HEADER);
        assert!(!up.line(r#"{"step":1,"board":"12"}"#));
        assert_eq!(board.entries()[0].state, State::Refused);
    }

    #[test]
    fn one_address_sends_a_bounded_number_of_traces_at_once() {
        let board = ClassBoard::default();
        let ups: Vec<_> = (0..PER_ADDRESS)
            .map(|i| board.upload(ip(), &format!("s{i}")).unwrap())
            .collect();
        assert_eq!(board.upload(ip(), "one more").err(), Some(Refusal::TooMany));
        assert!(board.upload("10.0.0.10".parse().unwrap(), "x").is_ok());
        drop(ups);
        assert!(board.upload(ip(), "now").is_ok());
    }

    #[test]
    fn the_curve_stays_bounded_however_long_the_run() {
        let board = ClassBoard::default();
        let mut up = board.upload(ip(), "long").unwrap();
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
    fn with_keep_every_trace_is_kept_as_it_came_in_a_file_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let board = ClassBoard::keeping(Some(dir.path().to_path_buf()));
        let mut up = board.upload(ip(), "ana/../x").unwrap();
        let lines = [
            HEADER,
            r#"{"step":1,"changed":[[1,2]]}"#,
            r#"{"end":"stuck","steps":1}"#,
        ];
        for l in lines {
            up.line(l);
        }
        drop(up);
        let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(files.len(), 1);
        let path = files[0].as_ref().unwrap().path();
        assert_eq!(path.file_name().unwrap(), "0001-ana____x.jsonl");
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            lines.join("\n") + "\n"
        );
    }

    #[test]
    fn names_are_trimmed_and_stripped_of_control_characters() {
        let board = ClassBoard::default();
        let long = format!("a\u{1b}[2J{}", "x".repeat(100));
        let mut up = board.upload(ip(), &long).unwrap();
        up.line(HEADER);
        let e = &board.entries()[0];
        assert!(!e.name.contains('\u{1b}'));
        assert_eq!(e.name.chars().count(), NAME_CHARS);
    }
}
