//! Text formats → puzzles, with errors that say where and why.
//!
//! Accepted, one or many puzzles per text, `#` starting a comment anywhere on a line:
//! - a line of n² symbols (16, 81, 256 or 625): `1`-`9`, then `A`-`Z` for 10 and above, `.` or `0`
//!   for a blank;
//! - a grid block of n lines (4, 9, 16 or 25 symbols each) where spaces and the separators
//!   `| + - *` are ignored, as the course notebooks print them; lines made only of separators are
//!   skipped;
//! - Project Euler 96: a `Grid NN` line names the block that follows;
//! - Lloyd–Amos instance files: the box order, a line `1`, then n² rows of whitespace-separated
//!   numbers with `-1` for a blank.
//!
//! A 16-symbol line is a whole 4x4 puzzle when written without spaces or separators, and a row of
//! a 16x16 block otherwise (or when a block of that width is already open).

use std::fmt;

use super::geometry::Geometry;
use super::grid::{EMPTY, Grid, Puzzle, SYMBOL_VALUE, value_of};

/// Where in the text a problem is: 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Location {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters, from 1), when the problem is one character.
    pub column: Option<usize>,
}

/// What is wrong with a text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// A NUL byte: not a text file.
    #[error("binary data (a NUL byte); expected a text file of puzzles")]
    Binary,
    /// A byte that is not UTF-8.
    #[error("not UTF-8 text (invalid byte 0x{0:02x}); expected a text file of puzzles")]
    NotUtf8(u8),
    /// Nothing but blanks, comments or separators (which of them, in words).
    #[error("no puzzle found{0}")]
    Empty(&'static str),
    /// A line far longer than any puzzle's (a single line of megabytes): refused as it is read,
    /// before the rest of it is held.
    #[error("a line longer than {0} characters; no puzzle line is that long")]
    LineTooLong(usize),
    /// A character that is no puzzle symbol.
    #[error("unknown symbol {0:?}; use 1-9, then A-P for 10-25, and . or 0 for a blank")]
    UnknownSymbol(char),
    /// A line whose length is no puzzle's and no grid row's.
    #[error(
        "{found} symbols; a puzzle line needs 16, 81, 256 or 625 and a grid row 4, 9, 16 or 25"
    )]
    WrongLength {
        /// Symbols on the line.
        found: usize,
    },
    /// A value beyond the grid's size (an `A` in a 9x9).
    #[error("symbol {symbol:?} means {value}, too large for a {n}x{n} grid (values 1-{n})")]
    ValueTooLarge {
        /// The symbol.
        symbol: char,
        /// The value it means.
        value: usize,
        /// The grid's side.
        n: usize,
    },
    /// A row of a grid block that is not as wide as the block.
    #[error("row of {found} symbols inside a grid block of {expected}-symbol rows")]
    RaggedBlock {
        /// Symbols on this row.
        found: usize,
        /// Symbols on the block's rows.
        expected: usize,
    },
    /// A grid block that ends early.
    #[error("grid block ends after {found} of its {expected} rows")]
    ShortBlock {
        /// Rows read.
        found: usize,
        /// Rows the block needs.
        expected: usize,
    },
    /// A malformed Lloyd–Amos instance file, with what is wrong.
    #[error("{0}")]
    BadInstance(String),
    /// One value given twice in a unit.
    #[error("puzzle {index}: {unit}: {value} at {first} and {second}")]
    DuplicateGiven {
        /// Which puzzle of the text (from 1).
        index: usize,
        /// The unit, in words ("row 3").
        unit: String,
        /// The value repeated.
        value: char,
        /// Its first cell.
        first: String,
        /// Its second cell.
        second: String,
    },
}

/// A problem in a named text (usually a file path), printed as `path:line:column: reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The text's name: a path, or `puzzle` for text typed in.
    pub source_name: String,
    /// Where in the text, when the problem has a place.
    pub location: Option<Location>,
    /// Boxed so that `Result<_, ParseError>` stays small on the happy path.
    pub kind: Box<ParseErrorKind>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source_name)?;
        if let Some(loc) = self.location {
            write!(f, ":{}", loc.line)?;
            if let Some(col) = loc.column {
                write!(f, ":{col}")?;
            }
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for ParseError {}

/// Parse every puzzle in `bytes`. `source_name` names the text in errors and in puzzle names
/// (`name:1`, `name:2`, ... unless the text names them, as Project Euler does).
pub fn parse_puzzles(bytes: &[u8], source_name: &str) -> Result<Vec<Puzzle>, ParseError> {
    parse_grids(bytes, source_name, true)
}

/// Parse boards as [`parse_puzzles`] parses puzzles, except that a value may repeat in a unit:
/// a board a search stands on (to continue from) has conflicts.
pub fn parse_boards(bytes: &[u8], source_name: &str) -> Result<Vec<Puzzle>, ParseError> {
    parse_grids(bytes, source_name, false)
}

fn parse_grids(
    bytes: &[u8],
    source_name: &str,
    givens_distinct: bool,
) -> Result<Vec<Puzzle>, ParseError> {
    let err = |location: Option<Location>, kind| ParseError {
        source_name: source_name.to_string(),
        location,
        kind: Box::new(kind),
    };
    let text = decode(bytes).map_err(|(loc, kind)| err(Some(loc), kind))?;
    // lines are streamed, not collected: a huge input costs no index of its lines
    let content = || {
        text.lines()
            .enumerate()
            .map(|(i, l)| (i + 1, strip_comment(l)))
            .filter(|(_, l)| !l.trim().is_empty())
    };
    let Some((_, first)) = content().next() else {
        let why = if text.trim().is_empty() {
            " (the text is empty)"
        } else {
            " (only comments)"
        };
        return Err(err(None, ParseErrorKind::Empty(why)));
    };
    let mut parser = Parser {
        source_name,
        puzzles: Vec::new(),
        distinct: Vec::new(),
    };
    let result = if is_instance_header(first) {
        // an instance has at most 25 rows after its two header lines; more is reported
        let lines: Vec<(usize, &str)> = content().take(64).collect();
        parser.instance(&lines)
    } else {
        parser.symbols(content())
    };
    result.map_err(|(loc, kind)| err(loc, kind))?;
    for (i, p) in parser.puzzles.iter().enumerate() {
        if !givens_distinct || parser.distinct.get(i) == Some(&true) {
            continue; // not asked, or the fast path saw every unit's givens distinct
        }
        if let Some(kind) = duplicate_given(p, i + 1) {
            return Err(err(None, kind));
        }
    }
    if parser.puzzles.is_empty() {
        return Err(err(None, ParseErrorKind::Empty(" (only separator lines)")));
    }
    Ok(parser.puzzles)
}

fn decode(bytes: &[u8]) -> Result<&str, (Location, ParseErrorKind)> {
    let locate = |offset: usize| {
        let before = &bytes[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        Location {
            line,
            column: Some(offset - line_start + 1),
        }
    };
    // `contains` on bytes is a vectorised search; the position is wanted only for the error
    if bytes.contains(&0)
        && let Some(pos) = bytes.iter().position(|&b| b == 0)
    {
        return Err((locate(pos), ParseErrorKind::Binary));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        (locate(at), ParseErrorKind::NotUtf8(bytes[at]))
    })?;
    // editors on Windows start UTF-8 files with a byte-order mark; it is not part of the text
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

fn strip_comment(line: &str) -> &str {
    line.split('#').next().unwrap_or("")
}

fn is_separator(c: char) -> bool {
    matches!(c, '|' | '+' | '-' | '*') || c.is_whitespace()
}

/// The first line of a Lloyd–Amos file is the box order alone.
fn is_instance_header(line: &str) -> bool {
    matches!(line.trim(), "2" | "3" | "4" | "5")
}

/// A `Grid 07` line (Project Euler) naming the block that follows.
fn grid_title(line: &str) -> Option<&str> {
    let t = line.trim();
    let rest = t.strip_prefix("Grid").or_else(|| t.strip_prefix("grid"))?;
    rest.starts_with(char::is_whitespace).then_some(t)
}

type Failure = (Option<Location>, ParseErrorKind);

struct Parser<'a> {
    source_name: &'a str,
    puzzles: Vec<Puzzle>,
    /// Per puzzle read so far by the fast path (a prefix of `puzzles`, or all of them): whether
    /// it already knows that no unit repeats a given.
    distinct: Vec<bool>,
}

/// A grid block being read: its width, the values so far, where it started and its title.
struct Block {
    n: usize,
    values: Vec<(u8, Location, char)>,
    rows: usize,
    start: usize,
    title: Option<String>,
}

impl Parser<'_> {
    fn next_name(&self, title: Option<String>) -> String {
        title.unwrap_or_else(|| {
            // `source:k`, built by hand: through `format!` the name cost a tenth of the reading
            let mut digits = [0u8; 20];
            let mut k = self.puzzles.len() + 1;
            let mut at = digits.len();
            while k > 0 || at == digits.len() {
                at -= 1;
                digits[at] = b'0' + (k % 10) as u8;
                k /= 10;
            }
            let digits = std::str::from_utf8(&digits[at..]).expect("ASCII digits");
            let mut name = String::with_capacity(self.source_name.len() + 1 + digits.len());
            name.push_str(self.source_name);
            name.push(':');
            name.push_str(digits);
            name
        })
    }

    fn symbols<'t>(
        &mut self,
        lines: impl Iterator<Item = (usize, &'t str)>,
    ) -> Result<(), Failure> {
        let mut block: Option<Block> = None;
        let mut title: Option<String> = None;
        for (line_no, line) in lines {
            if let Some(t) = grid_title(line) {
                if let Some(b) = &block {
                    return Err(short_block(b));
                }
                title = Some(t.to_string());
                continue;
            }
            // the common case, one puzzle per line and nothing else on it, read straight into
            // its cells; any other line takes the general path below, which reads the same
            // line to the same grid
            if block.is_none()
                && let Some((geo, cells, distinct)) = plain_line(line)
            {
                let name = self.next_name(title.take());
                let grid = Grid::from_cells(geo, cells).expect("values and length checked");
                self.distinct.resize(self.puzzles.len(), false);
                self.distinct.push(distinct);
                self.puzzles.push(Puzzle::new(name, grid));
                continue;
            }
            let mut symbols = Vec::new();
            let spaced = line.trim().chars().any(is_separator);
            for (i, ch) in line.chars().enumerate() {
                let loc = Location {
                    line: line_no,
                    column: Some(i + 1),
                };
                if is_separator(ch) {
                    continue;
                }
                let v = value_of(ch).ok_or((Some(loc), ParseErrorKind::UnknownSymbol(ch)))?;
                symbols.push((v, loc, ch));
            }
            if symbols.is_empty() {
                continue; // a rule such as `*-------+-------*`
            }
            let len = symbols.len();
            let open_width = block.as_ref().map(|b| b.n);
            let whole_line = match len {
                81 | 256 | 625 => true,
                16 => !spaced && open_width != Some(16),
                _ => false,
            };
            let here = Some(Location {
                line: line_no,
                column: None,
            });
            if whole_line {
                if let Some(b) = &block {
                    return Err(short_block(b));
                }
                let geo = Geometry::for_cells(len).expect("length checked above");
                let name = self.next_name(title.take());
                self.push(geo, name, &symbols)?;
                continue;
            }
            if let Some(expected) = open_width.filter(|&w| w != len) {
                return Err((
                    here,
                    ParseErrorKind::RaggedBlock {
                        found: len,
                        expected,
                    },
                ));
            }
            if !matches!(len, 4 | 9 | 16 | 25) {
                return Err((here, ParseErrorKind::WrongLength { found: len }));
            }
            let b = block.get_or_insert_with(|| Block {
                n: len,
                values: Vec::with_capacity(len * len),
                rows: 0,
                start: line_no,
                title: title.take(),
            });
            b.values.extend(symbols);
            b.rows += 1;
            if b.rows == b.n {
                let b = block.take().expect("block is open");
                let geo = Geometry::for_side(b.n).expect("width checked above");
                let name = self.next_name(b.title);
                self.push(geo, name, &b.values)?;
            }
        }
        match block {
            Some(b) => Err(short_block(&b)),
            None => Ok(()),
        }
    }

    fn push(
        &mut self,
        geo: &'static Geometry,
        name: String,
        symbols: &[(u8, Location, char)],
    ) -> Result<(), Failure> {
        let mut cells = Vec::with_capacity(geo.cells);
        for &(v, loc, ch) in symbols {
            if v as usize > geo.n {
                return Err((
                    Some(loc),
                    ParseErrorKind::ValueTooLarge {
                        symbol: ch,
                        value: v as usize,
                        n: geo.n,
                    },
                ));
            }
            cells.push(v);
        }
        let grid = Grid::from_cells(geo, cells).expect("values and length checked");
        self.puzzles.push(Puzzle::new(name, grid));
        Ok(())
    }

    /// Lloyd–Amos: order, `1`, then n² rows of n² numbers, `-1` for a blank.
    fn instance(&mut self, lines: &[(usize, &str)]) -> Result<(), Failure> {
        let bad = |line: usize, msg: String| {
            Err((
                Some(Location { line, column: None }),
                ParseErrorKind::BadInstance(msg),
            ))
        };
        let (order_line, order) = lines[0];
        let geo = Geometry::for_box(order.trim().parse().unwrap_or(0)).expect("header checked");
        let n = geo.n;
        match lines.get(1) {
            Some((_, l)) if l.trim() == "1" => {}
            Some(&(no, l)) => {
                return bad(
                    no,
                    format!("expected `1` after the order line, found {:?}", l.trim()),
                );
            }
            None => return bad(order_line, "instance file ends after its order line".into()),
        }
        let rows = &lines[2..];
        if rows.len() != n {
            let line = rows.last().map_or(lines[1].0, |r| r.0);
            return bad(
                line,
                format!(
                    "{} of values; a {n}x{n} instance has {n}",
                    match rows.len() {
                        1 => "1 row".to_string(),
                        k => format!("{k} rows"),
                    }
                ),
            );
        }
        let mut cells = Vec::with_capacity(geo.cells);
        for &(no, row) in rows {
            let fields: Vec<&str> = row.split_whitespace().collect();
            if fields.len() != n {
                return bad(
                    no,
                    format!("{} values in this row; expected {n}", fields.len()),
                );
            }
            for (i, f) in fields.iter().enumerate() {
                let v: i64 = match f.parse() {
                    Ok(v) if v == -1 || (1..=n as i64).contains(&v) => v,
                    _ => {
                        return bad(no, format!("value {} ({f:?}) is not -1 or 1-{n}", i + 1));
                    }
                };
                cells.push(if v == -1 { EMPTY } else { v as u8 });
            }
        }
        let grid = Grid::from_cells(geo, cells).expect("values checked");
        self.puzzles
            .push(Puzzle::new(self.source_name.to_string(), grid));
        Ok(())
    }
}

/// A whole puzzle on one line with nothing but its symbols (no spaces, separators or symbols
/// beyond the grid's values): its geometry, its cells, and whether every row, column and box
/// holds distinct givens (when not, [`duplicate_given`] names the repeat). `None` sends the line
/// to the general path.
///
/// Both loops are free of branches on the cells' contents: where the givens fall is as good as
/// random, and a mispredicted branch per cell cost more than the rest of the reading.
fn plain_line(line: &str) -> Option<(&'static Geometry, Vec<u8>, bool)> {
    let bytes = line.as_bytes();
    if !matches!(bytes.len(), 81 | 256 | 625) {
        return None;
    }
    let geo = Geometry::for_cells(bytes.len())?;
    let n = geo.n;
    let cells: Vec<u8> = bytes.iter().map(|&b| SYMBOL_VALUE[b as usize]).collect();
    if cells.iter().fold(0, |worst, &v| worst.max(v)) as usize > n {
        return None;
    }
    // a mask of the givens seen so far in the row (kept in a register), in each column and in
    // each box; a blank's bit is 0
    let mut columns = [0u32; 25];
    let mut boxes = [0u32; 25];
    let mut repeats = 0u32;
    for (row_cells, row_units) in cells.chunks_exact(n).zip(geo.cell_units.chunks_exact(n)) {
        let mut row = 0u32;
        for ((&v, units), column) in row_cells.iter().zip(row_units).zip(&mut columns) {
            let bit = (1u32 << v) >> 1;
            let in_box = &mut boxes[units[2] as usize - 2 * n];
            repeats |= (row | *column | *in_box) & bit;
            row |= bit;
            *column |= bit;
            *in_box |= bit;
        }
    }
    Some((geo, cells, repeats == 0))
}

fn short_block(b: &Block) -> Failure {
    (
        Some(Location {
            line: b.start,
            column: None,
        }),
        ParseErrorKind::ShortBlock {
            found: b.rows,
            expected: b.n,
        },
    )
}

/// The first unit holding one value twice among the givens, named as a person would say it.
pub fn duplicate_given(puzzle: &Puzzle, index: usize) -> Option<ParseErrorKind> {
    let geo = puzzle.geometry();
    // one pass with a mask per unit says whether there is a repeat at all; only then are the
    // units walked in order, to name the first repeat
    let mut seen_in = [0u32; 75];
    let clash = puzzle.givens.cells().iter().enumerate().any(|(cell, &v)| {
        if v == EMPTY {
            return false;
        }
        let bit = 1u32 << (v - 1);
        geo.cell_units[cell].iter().any(|&u| {
            let m = &mut seen_in[u as usize];
            let again = *m & bit != 0;
            *m |= bit;
            again
        })
    });
    if !clash {
        return None;
    }
    for (u, unit) in geo.units.iter().enumerate() {
        let mut seen = [u16::MAX; 26];
        for &cell in unit {
            let v = puzzle.givens.get(cell as usize);
            if v == EMPTY {
                continue;
            }
            let first = seen[v as usize];
            if first != u16::MAX {
                return Some(ParseErrorKind::DuplicateGiven {
                    index,
                    unit: geo.unit_name(u),
                    value: super::grid::symbol(v),
                    first: geo.cell_name(first as usize).to_string(),
                    second: geo.cell_name(cell as usize).to_string(),
                });
            }
            seen[v as usize] = cell;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUDOKU_7: &str =
        "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8.";

    fn parse(text: &str) -> Result<Vec<Puzzle>, ParseError> {
        parse_puzzles(text.as_bytes(), "t.txt")
    }

    #[test]
    fn a_line_and_the_same_grid_as_a_notebook_block_agree() {
        let line = parse(SUDOKU_7).unwrap();
        let block = parse(
            "*---------+---------+---------*\n\
             | 3  .  4 | 5  6  . | 9  .  . |\n| 1  8  5 | .  .  9 | 7  .  . |\n\
             | .  .  . | .  7  8 | 4  1  5 |\n*---------+---------+---------*\n\
             | .  2  . | .  1  . | .  4  9 |\n| .  4  9 | .  5  . | .  .  . |\n\
             | .  .  1 | 9  8  . | 6  7  . |\n*---------+---------+---------*\n\
             | 4  9  . | .  3  . | .  .  7 |\n| .  1  8 | 7  4  5 | .  .  6 |\n\
             | .  .  . | .  .  . | .  8  . |\n*---------+---------+---------*\n",
        )
        .unwrap();
        assert_eq!(line[0].givens, block[0].givens);
        assert_eq!(line[0].givens.filled(), 38);
    }

    #[test]
    fn comments_many_puzzles_and_names() {
        let text = format!("# a set\n{SUDOKU_7}  # trailing\n\n14.....42..141.3\n");
        let ps = parse(&text).unwrap();
        assert_eq!(ps.len(), 2);
        assert_eq!(ps[1].geometry().n, 4);
        assert_eq!(ps[1].name, "t.txt:2");
    }

    #[test]
    fn euler_titles_name_blocks() {
        let ps = parse("Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n").unwrap();
        assert_eq!(ps[0].name, "Grid 01");
        assert_eq!(ps[0].givens.get(2), 3);
    }

    #[test]
    fn lloyd_amos_instances() {
        let mut text = String::from("2\n1\n");
        for _ in 0..4 {
            text.push_str("-1\t2\t-1\t4\n");
        }
        // 2 and 4 repeat down the columns: rejected with the cells named
        let e = parse(&text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "t.txt: puzzle 1: column 2: 2 at r1c2 and r2c2"
        );
        let ok = "2\n1\n1\t-1\t-1\t-1\n-1\t-1\t1\t-1\n-1\t1\t-1\t-1\n-1\t-1\t-1\t1\n";
        assert_eq!(parse(ok).unwrap()[0].givens.filled(), 4);
        let e = parse("3\n1\n1 2 3\n").unwrap_err();
        assert!(
            e.to_string()
                .contains("1 row of values; a 9x9 instance has 9"),
            "{e}"
        );
    }

    #[test]
    fn sixteen_by_sixteen_uses_letters_up_to_g() {
        // the textbook pattern solution: value(r, c) = (4·(r mod 4) + r div 4 + c) mod 16 + 1
        let mut text = String::new();
        for r in 0..16 {
            for c in 0..16 {
                let v = (4 * (r % 4) + r / 4 + c) % 16 + 1;
                text.push(crate::board::grid::symbol(v as u8));
                text.push(' ');
            }
            text.push('\n');
        }
        let p = &parse(&text).unwrap()[0];
        assert_eq!(p.geometry().n, 16);
        assert_eq!(p.givens.get(15), 16);
        assert!(p.givens.is_valid_solution());
        assert!(text.contains('G'));
    }

    #[test]
    fn every_malformed_case_names_where_and_why() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "t.txt: no puzzle found (the text is empty)"),
            (b"# only\n# comments\n", "t.txt: no puzzle found (only comments)"),
            (b"123\0abc", "t.txt:1:4: binary data"),
            (b"12\n\xff\xfe", "t.txt:2:1: not UTF-8 text (invalid byte 0xff)"),
            (
                &SUDOKU_7.as_bytes()[..80],
                "t.txt:1: 80 symbols; a puzzle line needs 16, 81, 256 or 625",
            ),
            (b"3.456.9..185..97..x", "t.txt:1:19: unknown symbol 'x'"),
            (
                b"3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......A.",
                "t.txt:1:80: symbol 'A' means 10, too large for a 9x9 grid (values 1-9)",
            ),
            (
                b"3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8.\n1234\n",
                "t.txt:2: grid block ends after 1 of its 4 rows",
            ),
            (
                b"12 34\n34 12\n21 43 1\n",
                "t.txt:3: row of 5 symbols inside a grid block of 4-symbol rows",
            ),
        ];
        for (input, expected) in cases {
            let e = parse_puzzles(input, "t.txt").unwrap_err().to_string();
            assert!(
                e.starts_with(expected),
                "{e:?} should start with {expected:?}"
            );
        }
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_text() {
        let with_bom = format!("\u{feff}{SUDOKU_7}\n");
        let p = parse(&with_bom).unwrap();
        assert_eq!(p[0].givens, parse(SUDOKU_7).unwrap()[0].givens);
        // columns are counted as a person sees them, without the mark
        let bad = format!("\u{feff}x{}", &SUDOKU_7[1..]);
        let e = parse(&bad).unwrap_err().to_string();
        assert!(e.starts_with("t.txt:1:1: unknown symbol 'x'"), "{e}");
    }

    #[test]
    fn duplicate_givens_name_both_cells() {
        // put a second 7 in row 3 (r3c2), next to r3c5's 7
        let mut s: Vec<char> = SUDOKU_7.chars().collect();
        s[2 * 9 + 1] = '7';
        let text: String = s.into_iter().collect();
        let e = parse(&text).unwrap_err();
        assert_eq!(e.to_string(), "t.txt: puzzle 1: row 3: 7 at r3c2 and r3c5");
    }
}
