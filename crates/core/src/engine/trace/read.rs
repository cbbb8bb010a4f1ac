//! Reading a trace line by line. Each line is checked as it comes: a malformed one is an error
//! that names the line, the column and what was expected, and the reader goes on with the next,
//! so one bad line never hides the rest of a run. Boards are checked against the puzzle: a board
//! of the wrong size is an error, a board that changes a given is flagged.

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use serde_json::Value;

use super::{HEADER_KEY, MAJOR};
use crate::board::grid::value_of;
use crate::board::{EMPTY, Geometry, Grid, Puzzle};
use crate::search::Moves;

/// What is wrong with a line of a trace, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceError {
    /// The line, counted from 1.
    pub line: usize,
    /// The column, counted from 1 (1 when the whole line is at fault).
    pub column: usize,
    /// What was expected.
    pub message: String,
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for TraceError {}

/// A trace's header: the run it describes.
#[derive(Clone, Debug)]
pub struct Header {
    /// The version written, `MAJOR.MINOR`.
    pub version: String,
    /// The puzzle: from `givens` when given, else the reference in `puzzle`.
    pub puzzle: Puzzle,
    /// The algorithm's name as the search calls itself.
    pub algorithm: String,
    /// The moves it makes.
    pub neighbourhood: Moves,
    /// The whole header as written (for the run spec: preset, params, seed, start).
    pub json: Value,
}

/// One step of a trace.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TraceStep {
    /// The step's number, when written.
    pub step: Option<u64>,
    /// The whole board, when written.
    pub board: Option<Vec<u8>>,
    /// The cells that changed and their new values.
    pub changed: Vec<(u16, u8)>,
    /// The cost, when the search knows it (in its own units: the course's notebooks count a
    /// tenth per missing pair).
    pub cost: Option<f64>,
    /// Whether the proposal was taken.
    pub accepted: Option<bool>,
    /// The move in words.
    pub words: Option<String>,
    /// Named numbers: temperature, generation, population best/mean/worst.
    pub metrics: Vec<(String, f64)>,
    /// Givens this step changed (a mistake of the search: the viewer shows it).
    pub changed_givens: Vec<u16>,
    /// The population or beam the step stands on (format 1.1), reduced as it was read.
    /// Boxed: most steps have none, and a step is kept by the thousand.
    pub population: Option<Box<Population>>,
}

/// The members of a population or beam a step carries (format 1.1: `members`, `member_costs`),
/// reduced as the line is read to what the screen shows of them, so a step stays small however
/// many boards it held: each member's cost counted from its board, how many distinct values the
/// members hold in each cell, and the costs the search gives them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Population {
    /// Each member's cost as the viewer counts it, in the order written (empty when the step
    /// gave only costs).
    pub costs: Vec<u32>,
    /// The cheapest, the mean and the dearest of `costs`, when there are any: worked out once
    /// as the line is read, for every look the screen takes at the step.
    pub counted: Option<(u32, f64, u32)>,
    /// Per cell, how many distinct values the members hold (empty without boards).
    pub per_cell: Vec<u8>,
    /// How many of the members are distinct boards.
    pub distinct: u32,
    /// How many members change a given.
    pub breaking: u32,
    /// The costs the search gives its members, in its own units, in the order written.
    pub reported: Vec<f64>,
    /// How many members the population has; the first [`MAX_MEMBERS`] at most are kept.
    pub total: u64,
}

/// Members of one step kept (boards and costs alike); a writer says how many more there were
/// with `members_total`.
pub const MAX_MEMBERS: usize = 1000;

impl Population {
    /// Read `boards` (each as in `givens`) and `reported` costs of a population on `puzzle`; the
    /// cheapest member's cells come back too, the board a step without one stands on. What is
    /// wrong names the member.
    fn read(
        boards: &[std::borrow::Cow<'_, str>],
        reported: Vec<f64>,
        total: Option<u64>,
        puzzle: &Puzzle,
    ) -> Result<(Population, Option<Vec<u8>>), String> {
        let geo = puzzle.geometry();
        let mut pop = Population {
            total: total
                .unwrap_or(0)
                .max(boards.len() as u64)
                .max(reported.len() as u64),
            reported,
            ..Population::default()
        };
        pop.reported.truncate(MAX_MEMBERS);
        if pop.reported.iter().any(|c| !c.is_finite()) {
            return Err("member_costs: expected finite numbers".into());
        }
        let mut seen = vec![0u32; geo.cells];
        let mut distinct = std::collections::HashSet::new();
        let mut cheapest: Option<(u32, Vec<u8>)> = None;
        let givens = puzzle.givens.cells();
        for (i, text) in boards.iter().take(MAX_MEMBERS).enumerate() {
            let cells = board_cells(text, geo).map_err(|e| format!("members[{i}]: {e}"))?;
            for (mask, &v) in seen.iter_mut().zip(&cells) {
                *mask |= 1 << v;
            }
            if givens
                .iter()
                .zip(&cells)
                .any(|(&g, &c)| g != EMPTY && g != c)
            {
                pop.breaking += 1;
            }
            let grid = Grid::from_cells(geo, cells).expect("checked above");
            let c = crate::board::cost::cost(&grid, crate::board::Counted::ALL);
            pop.costs.push(c);
            let cells = grid.cells();
            distinct.insert(cells.to_vec());
            if cheapest.as_ref().is_none_or(|(best, _)| c < *best) {
                cheapest = Some((c, cells.to_vec()));
            }
        }
        if !pop.costs.is_empty() {
            // an empty cell is no value: it counts as none of the members' values
            pop.per_cell = seen
                .iter()
                .map(|m| (m & !1).count_ones().max(1) as u8)
                .collect();
            pop.distinct = distinct.len() as u32;
            let sum: u64 = pop.costs.iter().map(|&c| u64::from(c)).sum();
            pop.counted = Some((
                pop.costs.iter().copied().min().unwrap_or(0),
                sum as f64 / pop.costs.len() as f64,
                pop.costs.iter().copied().max().unwrap_or(0),
            ));
        }
        Ok((pop, cheapest.map(|(_, cells)| cells)))
    }

    /// The share of distinct boards among the members, when they were boards to count.
    pub fn diversity(&self) -> Option<f64> {
        self.counted
            .map(|_| f64::from(self.distinct) / self.costs.len() as f64)
    }

    /// About the bytes it takes in memory.
    fn weight(&self) -> usize {
        std::mem::size_of::<Population>()
            + self.costs.len() * 4
            + self.per_cell.len()
            + self.reported.len() * 8
    }
}

/// The closing line.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceEnd {
    /// How it ended, in the search's words (`solved`, `stuck`, `budget_spent`, ...).
    pub outcome: String,
    /// Steps taken, when written.
    pub steps: Option<u64>,
    /// The final cost, when written (in the search's own units).
    pub cost: Option<f64>,
    /// The board the search returns, when it says (the course's annealing returns its best
    /// state, which need not be the last board): success is judged on it.
    pub result: Option<Vec<u8>>,
    /// What went wrong, for a search that ended `failed` (format 1.2): the exception's name and
    /// message, as the Python helper writes them.
    pub error: Option<String>,
}

impl TraceEnd {
    /// Whether the search says it did not end by itself: `interrupted` (Ctrl-C, a kernel's
    /// interrupt) or `failed` (it raised), format 1.2: the run was cut short, in its own words.
    pub fn broken(&self) -> bool {
        matches!(self.outcome.as_str(), "interrupted" | "failed")
    }
}

/// The longest move in words kept (the step log shows one line).
const WORDS_CHARS: usize = 200;
/// Metrics kept of one step.
const MAX_METRICS: usize = 32;
/// The longest metric name kept.
const NAME_CHARS: usize = 40;

impl TraceStep {
    /// Make the step small whatever its line held: the words cut to a line, at most
    /// [`MAX_METRICS`] metrics with short names, and each cell changed at most once (the last
    /// value written for it stands), so a step costs a few kilobytes at most.
    fn trim(&mut self, cells: usize) {
        if let Some(w) = &mut self.words
            && w.chars().count() > WORDS_CHARS
        {
            *w = format!("{}…", w.chars().take(WORDS_CHARS).collect::<String>());
        }
        self.metrics.truncate(MAX_METRICS);
        for (name, _) in &mut self.metrics {
            if name.chars().count() > NAME_CHARS {
                *name = name.chars().take(NAME_CHARS).collect();
            }
        }
        if self.changed.len() > 8 {
            let mut last = vec![None; cells];
            let mut order = Vec::new();
            for &(c, v) in &self.changed {
                if last[c as usize].is_none() {
                    order.push(c);
                }
                last[c as usize] = Some(v);
            }
            self.changed = order
                .into_iter()
                .map(|c| (c, last[c as usize].expect("seen")))
                .collect();
            self.changed_givens.sort_unstable();
            self.changed_givens.dedup();
        }
    }

    /// About the bytes the step takes in memory, for the feed's bounds.
    pub fn weight(&self) -> usize {
        std::mem::size_of::<TraceStep>()
            + self.board.as_ref().map_or(0, Vec::len)
            + self.changed.len() * 4
            + self.changed_givens.len() * 2
            + self.words.as_ref().map_or(0, String::len)
            + self
                .metrics
                .iter()
                .map(|(k, _)| k.len() + 40)
                .sum::<usize>()
            + self.population.as_deref().map_or(0, Population::weight)
    }
}

/// A line of a trace after the header.
#[derive(Clone, Debug, PartialEq)]
pub enum TraceLine {
    /// A step.
    Step(TraceStep),
    /// The closing line.
    End(TraceEnd),
}

/// A number as a trace writes one: a JSON number, or (format 1.2) one JSON cannot hold written
/// as a word, `"inf"`, `"-inf"` or `"nan"` (a search's `best = float('inf')` before its first
/// board), read as that number.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Num(f64);

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Num, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Num;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number (or \"inf\", \"-inf\", \"nan\")")
            }
            fn visit_f64<E>(self, v: f64) -> Result<Num, E> {
                Ok(Num(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Num, E> {
                match v {
                    "inf" | "Infinity" => Ok(Num(f64::INFINITY)),
                    "-inf" | "-Infinity" => Ok(Num(f64::NEG_INFINITY)),
                    "nan" | "NaN" => Ok(Num(f64::NAN)),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Str(v), &self)),
                }
            }
        }
        d.deserialize_any(Visit)
    }
}

/// Every key a line may have; the kind of line is told by which are there.
#[derive(Deserialize)]
struct RawLine<'a> {
    #[serde(rename = "sudoscope_trace")]
    version: Option<Value>,
    step: Option<u64>,
    #[serde(borrow)]
    board: Option<std::borrow::Cow<'a, str>>,
    changed: Option<Vec<(u32, u32)>>,
    cost: Option<Num>,
    accepted: Option<bool>,
    #[serde(rename = "move")]
    words: Option<String>,
    metrics: Option<BTreeMap<String, Num>>,
    end: Option<String>,
    error: Option<String>,
    steps: Option<u64>,
    #[serde(borrow)]
    result: Option<std::borrow::Cow<'a, str>>,
    #[serde(borrow)]
    members: Option<Vec<std::borrow::Cow<'a, str>>>,
    member_costs: Option<Vec<f64>>,
    members_total: Option<u64>,
}

fn at(line: usize, column: usize, message: impl Into<String>) -> TraceError {
    TraceError {
        line,
        column: column.max(1),
        message: message.into(),
    }
}

fn json_error(line: usize, e: serde_json::Error) -> TraceError {
    let what = e.to_string();
    // serde's message ends with " at line L column C": the column is said apart
    let what = what.split(" at line ").next().unwrap_or(&what).to_string();
    at(
        line,
        e.column(),
        format!("expected a JSON object of a trace: {what}"),
    )
}

/// Read the header line (line `number`). `resolve` reads a puzzle reference when the header
/// gives no `givens`.
pub fn header(
    text: &str,
    number: usize,
    resolve: &dyn Fn(&str) -> Result<Puzzle, String>,
) -> Result<Header, TraceError> {
    let json: Value = serde_json::from_str(text).map_err(|e| json_error(number, e))?;
    let Some(version) = json.get(HEADER_KEY) else {
        return Err(at(
            number,
            1,
            format!("expected the header first: an object with \"{HEADER_KEY}\": \"1.0\""),
        ));
    };
    let version = match version {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let major = version
        .split('.')
        .next()
        .and_then(|m| m.trim().parse::<u32>().ok());
    if major != Some(MAJOR) {
        return Err(at(
            number,
            1,
            format!(
                "trace format version {version} is not one this program reads (it reads {MAJOR}.x): a newer sudoscope may"
            ),
        ));
    }
    let text_of = |k: &str| json.get(k).and_then(Value::as_str).map(str::to_string);
    let puzzle = match (text_of("givens"), text_of("puzzle")) {
        (Some(g), name) => {
            let grid = board_of(&g).ok_or_else(|| {
                at(
                    number,
                    1,
                    format!("givens {g:?}: expected n² symbols, n = 4, 9, 16 or 25"),
                )
            })?;
            Puzzle::new(name.as_deref().unwrap_or("trace"), grid)
        }
        (None, Some(name)) => {
            resolve(&name).map_err(|e| at(number, 1, format!("puzzle {name:?}: {e}")))?
        }
        (None, None) => {
            return Err(at(
                number,
                1,
                "the header names no puzzle: give \"givens\" (n² symbols) or \"puzzle\"",
            ));
        }
    };
    let neighbourhood = match text_of("neighbourhood").as_deref() {
        None | Some("none") => Moves::None,
        Some("course") => Moves::Course,
        Some("set") => Moves::Set,
        Some("swap_row") => Moves::SwapRow,
        Some("swap_box") => Moves::SwapBox,
        Some(other) => {
            return Err(at(
                number,
                1,
                format!(
                    "neighbourhood {other:?}: expected course, set, swap_row, swap_box or none"
                ),
            ));
        }
    };
    Ok(Header {
        version,
        algorithm: text_of("algorithm").unwrap_or_else(|| "unnamed search".into()),
        puzzle,
        neighbourhood,
        json,
    })
}

/// A board written as n² symbols.
fn board_of(text: &str) -> Option<Grid> {
    let cells: Option<Vec<u8>> = text.chars().map(value_of).collect();
    let cells = cells?;
    let n = (cells.len() as f64).sqrt() as usize;
    let geo = Geometry::for_side(n)?;
    Grid::from_cells(geo, cells)
}

/// Read a line after the header (line `number`) of a trace of `puzzle`.
pub fn line(text: &str, number: usize, puzzle: &Puzzle) -> Result<TraceLine, TraceError> {
    let raw: RawLine = serde_json::from_str(text).map_err(|e| json_error(number, e))?;
    if raw.version.is_some() {
        return Err(at(
            number,
            1,
            "a second header: expected a step or the closing line",
        ));
    }
    let geo = puzzle.geometry();
    let n = geo.n as u32;
    let size = geo.cells as u32;
    let column_of = |key: &str| text.find(&format!("\"{key}\"")).map_or(1, |i| i + 1);
    if let Some(outcome) = raw.end {
        let result = match raw.result {
            Some(b) => Some(
                board_cells(&b, geo)
                    .map_err(|e| at(number, column_of("result"), format!("result: {e}")))?,
            ),
            None => None,
        };
        return Ok(TraceLine::End(TraceEnd {
            outcome,
            steps: raw.steps,
            cost: raw.cost.map(|n| n.0),
            result,
            error: raw.error.map(|e| e.chars().take(500).collect()),
        }));
    }
    let mut step = TraceStep {
        step: raw.step,
        cost: raw.cost.map(|n| n.0),
        accepted: raw.accepted,
        words: raw.words,
        metrics: raw
            .metrics
            .map(|m| m.into_iter().map(|(k, n)| (k, n.0)).collect())
            .unwrap_or_default(),
        ..TraceStep::default()
    };
    let mut members_board = None;
    if raw.members.is_some() || raw.member_costs.is_some() {
        let (pop, cheapest) = Population::read(
            raw.members.as_deref().unwrap_or_default(),
            raw.member_costs.unwrap_or_default(),
            raw.members_total,
            puzzle,
        )
        .map_err(|e| {
            let key = if e.starts_with("member_costs") {
                "member_costs"
            } else {
                "members"
            };
            at(number, column_of(key), e)
        })?;
        step.population = Some(Box::new(pop));
        // a step of members alone stands on its cheapest member
        if raw.board.is_none() && raw.changed.is_none() {
            members_board = cheapest;
        }
    }
    let board = match raw.board {
        Some(b) => Some(
            board_cells(&b, geo)
                .map_err(|e| at(number, column_of("board"), format!("board: {e}")))?,
        ),
        None => members_board,
    };
    if let Some(cells) = board {
        step.changed_givens = puzzle
            .givens
            .cells()
            .iter()
            .zip(&cells)
            .enumerate()
            .filter(|(_, (g, c))| **g != EMPTY && g != c)
            .map(|(i, _)| i as u16)
            .collect();
        step.board = Some(cells);
    }
    for (cell, value) in raw.changed.unwrap_or_default() {
        if cell >= size || value > n {
            return Err(at(
                number,
                column_of("changed"),
                format!(
                    "changed: [{cell}, {value}] is not [cell, value] with cell 0 to {} and value 0 to {n}",
                    size - 1
                ),
            ));
        }
        if puzzle.givens.get(cell as usize) != EMPTY
            && puzzle.givens.get(cell as usize) != value as u8
        {
            step.changed_givens.push(cell as u16);
        }
        step.changed.push((cell as u16, value as u8));
    }
    step.trim(size as usize);
    if step.board.is_none()
        && step.changed.is_empty()
        && step.cost.is_none()
        && step.step.is_none()
        && step.population.is_none()
    {
        return Err(at(
            number,
            1,
            "expected a step (\"board\" or \"changed\", and \"cost\"), the closing line (\"end\"), or the header",
        ));
    }
    Ok(TraceLine::Step(step))
}

/// A board written as the symbols of a grid of `geo`; what is wrong names the symbol and its
/// cell.
fn board_cells(text: &str, geo: &Geometry) -> Result<Vec<u8>, String> {
    let n = geo.n;
    let mut cells = Vec::with_capacity(geo.cells);
    for (i, ch) in text.chars().enumerate() {
        match value_of(ch).filter(|&v| (v as usize) <= n) {
            Some(v) if i < geo.cells => cells.push(v),
            Some(_) => {}
            None => {
                let place = if i < geo.cells {
                    format!(" at cell {}", geo.cell_name(i))
                } else {
                    String::new()
                };
                return Err(format!(
                    "symbol {} ({ch:?}){place} is not one of a {n}x{n} grid (1 to {}, '.' or 0 for empty)",
                    i + 1,
                    crate::board::grid::symbol(n as u8)
                ));
            }
        }
    }
    let count = text.chars().count();
    if count != geo.cells {
        return Err(format!(
            "expected {} symbols of a {n}x{n} grid ('.' for empty), found {count}",
            geo.cells
        ));
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::resolve_one;

    fn resolve(name: &str) -> Result<Puzzle, String> {
        resolve_one(name).map_err(|e| e.to_string())
    }

    #[test]
    fn a_header_names_its_puzzle_and_version() {
        let h = header(r#"{"sudoscope_trace":"1.3","puzzle":"sudoku_7","algorithm":"mine","neighbourhood":"swap_box","extra":1}"#, 1, &resolve).unwrap();
        assert_eq!(
            (h.algorithm.as_str(), h.neighbourhood),
            ("mine", Moves::SwapBox)
        );
        assert_eq!(h.puzzle.givens, resolve("sudoku_7").unwrap().givens);
        let e = header(
            r#"{"sudoscope_trace":"2.0","puzzle":"sudoku_7"}"#,
            1,
            &resolve,
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1, column 1: trace format version 2.0 is not one"),
            "{e}"
        );
        let e = header(r#"{"step":1}"#, 1, &resolve).unwrap_err();
        assert!(e.message.contains("expected the header first"), "{e}");
    }

    #[test]
    fn steps_are_checked_against_the_puzzle() {
        let p = resolve("sudoku_7").unwrap();
        let ok = line(r#"{"step":3,"changed":[[1,7],[2,9]],"cost":12,"accepted":true,"move":"swap","metrics":{"temperature":0.5},"unknown":[1]}"#, 4, &p).unwrap();
        let TraceLine::Step(s) = ok else { panic!() };
        assert_eq!(s.changed, vec![(1, 7), (2, 9)]);
        assert_eq!(s.changed_givens, vec![2], "cell 2 is the given 4");
        assert_eq!(s.metrics, vec![("temperature".to_string(), 0.5)]);
        // numbers JSON cannot hold, as the helper writes them
        let odd = line(
            r#"{"step":4,"cost":"inf","metrics":{"best":"inf","t":"-inf","x":"nan","big":1e300}}"#,
            5,
            &p,
        )
        .unwrap();
        let TraceLine::Step(s) = odd else { panic!() };
        assert_eq!(s.cost, Some(f64::INFINITY));
        let m: BTreeMap<String, f64> = s.metrics.into_iter().collect();
        assert_eq!(
            (m["best"], m["t"], m["big"]),
            (f64::INFINITY, f64::NEG_INFINITY, 1e300)
        );
        assert!(m["x"].is_nan());
        let e = line(r#"{"step":4,"metrics":{"best":"lots"}}"#, 5, &p).unwrap_err();
        assert!(e.message.contains("inf"), "it says what would do: {e}");
        let e = line(r#"{"step":3,"board":"123"}"#, 7, &p).unwrap_err();
        assert_eq!((e.line, e.column), (7, 11));
        assert!(e.message.starts_with("board: expected 81 symbols"), "{e}");
        let e = line(r#"{"step":3,"board":"12x"}"#, 7, &p).unwrap_err();
        assert_eq!(
            e.message,
            "board: symbol 3 ('x') at cell r1c3 is not one of a 9x9 grid (1 to 9, '.' or 0 for empty)"
        );
        let end = line(r#"{"end":"stuck","result":"1.3"}"#, 9, &p).unwrap_err();
        assert!(
            end.message.starts_with("result: expected 81 symbols"),
            "{end}"
        );
        let e = line(r#"{"step":3,"changed":[[81,1]]}"#, 2, &p).unwrap_err();
        assert!(e.message.contains("cell 0 to 80"), "{e}");
        let e = line(r#"{"step":3, "cost": "x"}"#, 5, &p).unwrap_err();
        assert_eq!(e.line, 5);
        assert!(e.column > 10, "{e}");
        let end = line(r#"{"end":"solved","steps":9,"cost":0}"#, 9, &p).unwrap();
        assert_eq!(
            end,
            TraceLine::End(TraceEnd {
                outcome: "solved".into(),
                steps: Some(9),
                cost: Some(0.0),
                result: None,
                error: None,
            })
        );
    }
}
