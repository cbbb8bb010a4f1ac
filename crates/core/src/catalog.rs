//! Built-in puzzle sets (embedded in the binary) and puzzle references.
//!
//! A reference works everywhere a puzzle is asked for: a built-in name (`sudoku_7`), a set
//! (`top95`) or one of its puzzles (`top95:12`, 1-based), a file path (optionally `path:index`;
//! gzip-compressed files are read as they are), the puzzle text itself, `-` for standard
//! input (optionally `-:index`), or `generate[:DIFFICULTY][:SIZE][:SEED]` for a new puzzle.

use std::path::Path;

use crate::board::{Grid, ParseError, Puzzle, parse_boards, parse_puzzles};

/// One embedded set: its name, a line about it, and the text.
pub struct BuiltinSet {
    /// The name references use (`top95`).
    pub name: &'static str,
    /// Where it comes from and what it holds, in a line.
    pub about: &'static str,
    /// The puzzles, one a line.
    pub text: &'static str,
}

macro_rules! builtin {
    ($name:literal, $file:literal, $about:literal) => {
        BuiltinSet {
            name: $name,
            about: $about,
            text: include_str!(concat!("../../../assets/puzzles/", $file)),
        }
    };
}

/// Every embedded set, in the order `sudoscope puzzles` lists them.
pub const SETS: &[BuiltinSet] = &[
    builtin!(
        "course",
        "course.txt",
        "the course puzzles: sudoku_7, optuna, tiny4"
    ),
    builtin!(
        "easy50",
        "easy50.txt",
        "Norvig's easy 50 (Project Euler 96's first 50)"
    ),
    builtin!("top95", "top95.txt", "Norvig's top 95 hard puzzles"),
    builtin!("hardest", "hardest.txt", "Norvig's 11 hardest"),
    builtin!("euler96", "euler96.txt", "Project Euler problem 96"),
    builtin!("top1465", "top1465.txt", "magictour top 1465"),
    builtin!(
        "forum1106",
        "forum1106.txt",
        "forum hardest of June 2011 (1106 is its date; tdoku's copy, 375 puzzles)"
    ),
    builtin!(
        "la16",
        "la16.txt",
        "Lloyd-Amos 16x16 instances, 40-50% given"
    ),
    builtin!(
        "la25",
        "la25.txt",
        "Lloyd-Amos 25x25 instances, 40-50% given"
    ),
];

/// Named puzzles: (name, set, 1-based index).
pub const NAMED: &[(&str, &str, usize)] = &[
    ("sudoku_7", "course", 1),
    ("optuna", "course", 2),
    ("tiny4", "course", 3),
];

/// The program's default puzzle.
pub const DEFAULT_PUZZLE: &str = "sudoku_7";

/// Why a reference could not be turned into puzzles.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RefError {
    /// The text or file is not puzzles.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A file could not be read.
    #[error("cannot read {path}: {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why, in words.
        reason: String,
    },
    /// A directory was named where a file was wanted.
    #[error("{path} is a directory; give a puzzle file")]
    Directory {
        /// The directory.
        path: String,
    },
    /// `set:N` past the set's end.
    #[error("{what} holds {count} puzzles; there is no puzzle {index} (use 1 to {count})")]
    OutOfRange {
        /// The set or file.
        what: String,
        /// The number asked for.
        index: usize,
        /// How many it holds.
        count: usize,
    },
    /// One puzzle was wanted and the reference names several.
    #[error("{what} holds {count} puzzles; pick one as {what}:N")]
    NotOne {
        /// The set or file.
        what: String,
        /// How many it holds.
        count: usize,
    },
    /// A served session asked for something that is not built in (a file, standard input).
    #[error(
        "{:?}: a served session opens no file on the server; give a built-in name ({}), a set ({}) with :N, generate:hard or the puzzle's text",
        .0,
        builtin_names(),
        set_names()
    )]
    NoFiles(String),
    /// The reference is nothing known.
    #[error(
        "unknown puzzle {:?}{}: not a built-in name ({}), a set ({}), an existing file, or a puzzle string",
        .0,
        crate::suggest::hint(.0, known_names()),
        builtin_names(),
        set_names()
    )]
    Unknown(String),
    /// `generate:` could not make the puzzle asked for.
    #[error("{0}")]
    Generate(String),
}

impl RefError {
    /// The process exit code for this error (2: bad input).
    pub fn exit_code(&self) -> i32 {
        2
    }
}

/// The embedded set of that name (names ignore case: `TOP95` is `top95`).
pub fn builtin_set(name: &str) -> Option<&'static BuiltinSet> {
    SETS.iter().find(|s| s.name.eq_ignore_ascii_case(name))
}

/// Every name a reference may use: the named puzzles and the sets.
/// The built-in puzzles' names, for messages.
pub fn builtin_names() -> String {
    NAMED.iter().map(|n| n.0).collect::<Vec<_>>().join(", ")
}

/// The built-in sets' names, for messages.
pub fn set_names() -> String {
    SETS.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
}

/// Every name a reference may start with, for "did you mean".
pub fn known_names() -> impl Iterator<Item = &'static str> {
    NAMED.iter().map(|n| n.0).chain(SETS.iter().map(|s| s.name))
}

/// All puzzles of an embedded set, named `set:1`, `set:2`, ...
pub fn load_set(set: &BuiltinSet) -> Vec<Puzzle> {
    let mut puzzles =
        parse_puzzles(set.text.as_bytes(), set.name).expect("built-in sets are valid");
    for (i, p) in puzzles.iter_mut().enumerate() {
        p.name = format!("{}:{}", set.name, i + 1);
    }
    puzzles
}

/// The name standard input goes by in puzzle names and messages.
pub const STDIN: &str = "stdin";

/// The puzzles a reference names: one, or all of a set or file.
pub fn resolve(reference: &str) -> Result<Vec<Puzzle>, RefError> {
    resolve_with(reference, true)
}

/// Exactly one puzzle from what the program holds, reading no file and no input: a built-in
/// name, `set:N`, `generate:…` or the puzzle's text (what a served session may open).
pub fn resolve_builtin(reference: &str) -> Result<Puzzle, RefError> {
    one_of(reference, resolve_with(reference, false)?)
}

/// A reference's puzzles; files and standard input only when `files` allows them.
fn resolve_with(reference: &str, files: bool) -> Result<Vec<Puzzle>, RefError> {
    let reference = reference.trim();
    let text = looks_like_puzzle_text(reference);
    let builtin = generated(reference).is_some()
        || NAMED.iter().any(|n| n.0.eq_ignore_ascii_case(reference))
        || builtin_set(reference).is_some()
        || split_index(reference).is_some_and(|(head, _)| builtin_set(head).is_some());
    if !files && !text && !builtin {
        return Err(RefError::NoFiles(reference.to_string()));
    }
    if reference == "-" {
        return read_stdin();
    }
    if let Some(index) = reference.strip_prefix("-:").and_then(|i| i.parse().ok()) {
        return Ok(vec![pick(read_stdin()?, "-", index)?]);
    }
    if let Some(spec) = generated(reference) {
        return Ok(vec![spec?]);
    }
    if let Some(&(name, set, index)) = NAMED.iter().find(|n| n.0.eq_ignore_ascii_case(reference)) {
        let mut p = pick(
            load_set(builtin_set(set).expect("named sets exist")),
            set,
            index,
        )?;
        p.name = name.to_string();
        return Ok(vec![p]);
    }
    if let Some(set) = builtin_set(reference) {
        return Ok(load_set(set));
    }
    if let Some((head, index)) = split_index(reference) {
        if let Some(set) = builtin_set(head) {
            return Ok(vec![pick(load_set(set), set.name, index)?]);
        }
        if files && Path::new(head).exists() && !Path::new(reference).exists() {
            return Ok(vec![pick(read_file(head)?, head, index)?]);
        }
    }
    if files && Path::new(reference).exists() {
        return read_file(reference);
    }
    if looks_like_puzzle_text(reference) {
        return Ok(parse_puzzles(reference.as_bytes(), "puzzle")?);
    }
    if reference.contains(['/', '\\']) || reference.ends_with(".txt") {
        return Err(RefError::Unreadable {
            path: reference.to_string(),
            reason: "no such file".into(),
        });
    }
    Err(RefError::Unknown(reference.to_string()))
}

/// `generate[:DIFFICULTY][:SIZE][:SEED]`, such as `generate:hard`, `generate:16x16:3`: a new
/// puzzle with one solution, the same for the same reference. `None` when the reference is not
/// of that form.
fn generated(reference: &str) -> Option<Result<Puzzle, RefError>> {
    let mut parts = reference.split(':');
    if !parts.next()?.eq_ignore_ascii_case("generate") {
        return None;
    }
    let mut req = crate::generate::Request::default();
    let mut seed = 1;
    for part in parts {
        let part = part.trim();
        if let Some(g) = crate::generate::Grade::from_name(part) {
            req.difficulty = Some(g);
        } else if part.eq_ignore_ascii_case("minimal") {
            req.minimal = true;
        } else if let Some(side) = part
            .split_once(['x', 'X'])
            .and_then(|(a, b)| (a == b).then_some(a))
            .and_then(|a| a.parse::<usize>().ok())
        {
            req.box_size = (side as f64).sqrt() as usize;
            if req.box_size * req.box_size != side {
                return Some(Err(RefError::Generate(format!(
                    "{reference}: {part} is not a square size (4x4, 9x9, 16x16)"
                ))));
            }
        } else if let Ok(s) = part.parse::<u64>() {
            seed = s;
        } else {
            return Some(Err(RefError::Generate(format!(
                "{reference}: {part:?} is neither a difficulty (easy, medium, hard), a size \
                 (9x9), \"minimal\" nor a seed"
            ))));
        }
    }
    Some(
        crate::generate::one(&req, seed, 0)
            .map(|mut p| {
                p.name = reference.to_string();
                p
            })
            .map_err(|e| RefError::Generate(format!("{reference}: {e}"))),
    )
}

/// Exactly one puzzle: a set or file of several needs an index.
pub fn resolve_one(reference: &str) -> Result<Puzzle, RefError> {
    one_of(reference, resolve(reference)?)
}

fn one_of(reference: &str, mut puzzles: Vec<Puzzle>) -> Result<Puzzle, RefError> {
    if puzzles.len() != 1 {
        return Err(RefError::NotOne {
            what: reference.trim().to_string(),
            count: puzzles.len(),
        });
    }
    Ok(puzzles.remove(0))
}

/// A board to start a search from: the text of one board (which, unlike a puzzle, may hold
/// conflicts), or any puzzle reference, whose givens are the board.
pub fn resolve_board(reference: &str) -> Result<Grid, RefError> {
    let text = reference.trim();
    if looks_like_puzzle_text(text) && !Path::new(text).exists() {
        let mut boards = parse_boards(text.as_bytes(), "board")?;
        if boards.len() != 1 {
            return Err(RefError::NotOne {
                what: "the board text".into(),
                count: boards.len(),
            });
        }
        return Ok(boards.remove(0).givens);
    }
    Ok(resolve_one(text)?.givens)
}

/// Read and parse standard input.
fn read_stdin() -> Result<Vec<Puzzle>, RefError> {
    let bytes = read_bounded(std::io::stdin().lock(), STDIN)?;
    Ok(parse_puzzles(&bytes, STDIN)?)
}

/// Read and parse a puzzle file; errors name the file.
pub fn read_file(path: &str) -> Result<Vec<Puzzle>, RefError> {
    let p = Path::new(path);
    if p.is_dir() {
        return Err(RefError::Directory {
            path: path.to_string(),
        });
    }
    let file = std::fs::File::open(p).map_err(|e| RefError::Unreadable {
        path: path.to_string(),
        reason: io_reason(&e),
    })?;
    let bytes = read_bounded(file, path)?;
    Ok(parse_puzzles(&bytes, path)?)
}

/// The longest line a puzzle text may have: far more than any puzzle line (a 25x25 puzzle with a
/// separator after every symbol is 1,250 characters), so only what is no puzzle is refused.
pub const MAX_LINE: usize = 1 << 16;

/// All of a reader's text, gunzipped when it is gzip (by its first two bytes), refusing a line
/// longer than [`MAX_LINE`] as soon as it is read: a file of one enormous line costs a line's
/// memory, not the file's.
fn read_bounded(r: impl std::io::Read, name: &str) -> Result<Vec<u8>, RefError> {
    use std::io::{BufRead, BufReader, Read};
    let unreadable = |reason: String| RefError::Unreadable {
        path: name.to_string(),
        reason,
    };
    let mut head = BufReader::with_capacity(1 << 16, r);
    let gz = head
        .fill_buf()
        .map_err(|e| unreadable(io_reason(&e)))?
        .starts_with(&[0x1f, 0x8b]);
    let mut reader: Box<dyn Read> = if gz {
        Box::new(flate2::read::MultiGzDecoder::new(head))
    } else {
        Box::new(head)
    };
    let mut text = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let (mut line, mut line_len) = (1usize, 0usize);
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) if gz => return Err(unreadable(format!("not a valid gzip file ({e})"))),
            Err(e) => return Err(unreadable(io_reason(&e))),
        };
        let mut rest = &chunk[..n];
        loop {
            let end = rest.iter().position(|&b| b == b'\n');
            line_len += end.unwrap_or(rest.len());
            if line_len > MAX_LINE {
                return Err(RefError::Parse(ParseError {
                    source_name: name.to_string(),
                    location: Some(crate::board::parse::Location {
                        line,
                        column: Some(MAX_LINE + 1),
                    }),
                    kind: Box::new(crate::board::parse::ParseErrorKind::LineTooLong(MAX_LINE)),
                }));
            }
            match end {
                Some(e) => {
                    line += 1;
                    line_len = 0;
                    rest = &rest[e + 1..];
                }
                None => break,
            }
        }
        text.extend_from_slice(&chunk[..n]);
    }
    Ok(text)
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

fn split_index(reference: &str) -> Option<(&str, usize)> {
    let (head, tail) = reference.rsplit_once(':')?;
    let index = tail.parse().ok()?;
    Some((head, index))
}

fn pick(mut puzzles: Vec<Puzzle>, what: &str, index: usize) -> Result<Puzzle, RefError> {
    if index == 0 || index > puzzles.len() {
        return Err(RefError::OutOfRange {
            what: what.to_string(),
            index,
            count: puzzles.len(),
        });
    }
    Ok(puzzles.swap_remove(index - 1))
}

/// A puzzle typed on the command line: long, and made of puzzle symbols and separators only.
fn looks_like_puzzle_text(s: &str) -> bool {
    s.chars().filter(|c| !c.is_whitespace()).count() >= 16
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || ".|+-*# \t\n\r".contains(c))
        && s.chars().any(|c| c == '.' || c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_set_parses_with_the_documented_counts() {
        let counts: Vec<(&str, usize)> = SETS.iter().map(|s| (s.name, load_set(s).len())).collect();
        assert_eq!(
            counts,
            vec![
                ("course", 3),
                ("easy50", 50),
                ("top95", 95),
                ("hardest", 11),
                ("euler96", 50),
                ("top1465", 1465),
                ("forum1106", 375),
                ("la16", 30),
                ("la25", 30)
            ]
        );
    }

    #[test]
    fn references_of_every_kind() {
        let p = resolve_one("sudoku_7").unwrap();
        assert_eq!(p.name, "sudoku_7");
        assert_eq!(p.givens.filled(), 38);
        assert_eq!(resolve_one("top95:12").unwrap().name, "top95:12");
        assert_eq!(resolve("top95").unwrap().len(), 95);
        let inline = resolve_one(&p.givens.to_line()).unwrap();
        assert_eq!(inline.givens, p.givens);
        assert_eq!(resolve_one("tiny4").unwrap().geometry().n, 4);
        let e = resolve_one("top95:96").unwrap_err().to_string();
        assert_eq!(
            e,
            "top95 holds 95 puzzles; there is no puzzle 96 (use 1 to 95)"
        );
        let e = resolve_one("top95").unwrap_err().to_string();
        assert_eq!(e, "top95 holds 95 puzzles; pick one as top95:N");
        let e = resolve_one("nonsense").unwrap_err().to_string();
        assert!(e.starts_with("unknown puzzle \"nonsense\""), "{e}");
        let e = resolve_one("missing/file.txt").unwrap_err().to_string();
        assert_eq!(e, "cannot read missing/file.txt: no such file");
    }

    #[test]
    fn names_ignore_case_and_typos_get_a_suggestion() {
        let p = resolve_one("Sudoku_7").unwrap();
        assert_eq!(p.name, "sudoku_7");
        assert_eq!(p.givens, resolve_one("sudoku_7").unwrap().givens);
        assert_eq!(resolve_one("TOP95:3").unwrap().name, "top95:3");
        assert_eq!(resolve("Hardest").unwrap().len(), 11);
        let e = resolve_one("sudoku7").unwrap_err().to_string();
        assert!(
            e.starts_with("unknown puzzle \"sudoku7\" (did you mean sudoku_7?):"),
            "{e}"
        );
        let e = resolve_one("tpo95").unwrap_err().to_string();
        assert!(e.contains("(did you mean top95?)"), "{e}");
        let e = resolve_one("banana").unwrap_err().to_string();
        assert!(!e.contains("did you mean"), "{e}");
    }

    #[test]
    fn gzip_files_read_as_their_text_and_broken_ones_say_so() {
        use std::io::Write;
        let dir = std::env::temp_dir().join(format!("sudoscope-gz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = load_set(builtin_set("top95").unwrap())
            .iter()
            .map(|p| p.givens.to_line() + "\n")
            .collect::<String>();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes()).unwrap();
        let bytes = gz.finish().unwrap();
        let path = dir.join("top95.txt.gz");
        std::fs::write(&path, &bytes).unwrap();
        let path = path.to_str().unwrap();
        let puzzles = resolve(path).unwrap();
        assert_eq!(puzzles.len(), 95);
        assert_eq!(puzzles[2].givens, resolve_one("top95:3").unwrap().givens);
        assert_eq!(
            resolve_one(&format!("{path}:3")).unwrap().givens,
            puzzles[2].givens
        );
        let cut = dir.join("cut.gz");
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
        let e = resolve(cut.to_str().unwrap()).unwrap_err().to_string();
        assert!(e.contains("cut.gz: not a valid gzip file"), "{e}");
    }
}
