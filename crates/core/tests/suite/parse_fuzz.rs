//! The puzzle reader under hostile input: random bytes, near-valid puzzles and blocks, huge
//! inputs, non-UTF-8. It must never panic, every rejection must say where and why, and every
//! puzzle it accepts must be the one written: random puzzles are written in each format and read
//! back, and accepted near-valid lines are compared with an independent reading.
//! `crates/core/tests/corpus/parse/` holds inputs that once broke (or nearly broke) the reader, each `X.txt`
//! with `X.expected`: the exact message, or `ok: LINE` per puzzle read. Add any new failing input
//! there with what it should say.

use proptest::prelude::*;
use sudoscope_core::board::{Puzzle, parse_puzzles};

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A rejection must name the text and give a reason; accepted puzzles must be well-formed.
fn check(bytes: &[u8]) {
    match parse_puzzles(bytes, "fuzz.txt") {
        Ok(puzzles) => {
            assert!(!puzzles.is_empty());
            for p in puzzles {
                let n = p.geometry().n;
                assert_eq!(p.givens.cells().len(), n * n);
                assert!(p.givens.cells().iter().all(|&v| v as usize <= n));
            }
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.starts_with("fuzz.txt"), "{msg}");
            assert!(msg.len() > "fuzz.txt: ".len() + 5, "a reason: {msg}");
            assert!(!msg.contains('\n'), "one line: {msg:?}");
        }
    }
}

fn edit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        Just('.'),
        Just('0'),
        Just(' '),
        Just('|'),
        Just('\n'),
        Just('#'),
        Just(':'),
        Just('é'),
        Just('\0'),
        Just('\t'),
        proptest::char::range('1', '9'),
        proptest::char::range('A', 'Z'),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check(&bytes);
    }

    #[test]
    fn near_valid_lines(edits in proptest::collection::vec((0usize..90, edit_char()), 0..5), copies in 1usize..4) {
        let mut line: Vec<char> = TOP95_1.chars().collect();
        for (pos, c) in edits {
            if pos < line.len() { line[pos] = c } else { line.push(c) }
        }
        let one: String = line.into_iter().collect();
        let text = vec![one; copies].join("\n");
        check(text.as_bytes());
        if let (Ok(read), Some(expected)) = (parse_puzzles(text.as_bytes(), "fuzz.txt"), lines_of(&text)) {
            let read: Vec<String> = read.iter().map(|p| p.givens.to_line()).collect();
            prop_assert_eq!(read, expected);
        }
    }

    /// A random puzzle of any size, written as a line, as a grid block with separators, as a
    /// Lloyd–Amos instance (and, at 9x9, as Project Euler writes it), reads back as written.
    #[test]
    fn every_format_reads_back_what_was_written(b in 2usize..=5, seed in any::<u64>(), density in 0.05f64..0.6) {
        let cells = random_puzzle(b, seed, density);
        let n = b * b;
        let line: String = cells.iter().map(|&v| symbol(v)).collect();
        let mut block = String::new();
        let rule = vec!["-".repeat(2 * b); b].join("+");
        for (r, row) in cells.chunks(n).enumerate() {
            if r % b == 0 { block.push_str(&format!("+{rule}+\n")); }
            let parts: Vec<String> = row.chunks(b).map(|c| c.iter().map(|&v| format!("{} ", symbol(v))).collect()).collect();
            block.push_str(&format!("|{}|\n", parts.join("|")));
        }
        let mut instance = format!("{b}\n1\n");
        for row in cells.chunks(n) {
            let vals: Vec<String> = row.iter().map(|&v| if v == 0 { "-1".into() } else { v.to_string() }).collect();
            instance.push_str(&vals.join("\t"));
            instance.push('\n');
        }
        let mut texts = vec![line.clone(), block, instance];
        if n == 9 {
            let rows: Vec<String> = cells.chunks(9).map(|r| r.iter().map(|v| v.to_string()).collect()).collect();
            texts.push(format!("Grid 07\n{}\n", rows.join("\n")));
        }
        for text in texts {
            let read: Vec<Puzzle> = parse_puzzles(text.as_bytes(), "gen.txt")
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(read.len(), 1);
            prop_assert_eq!(read[0].givens.to_line(), line.clone(), "{}", text);
        }
    }

    /// A line of nothing but symbols is read by a fast path; the same line with a trailing space
    /// goes through the general reader. Both must read the same puzzles or give the same error,
    /// with lower-case letters, `0` for a blank, symbols too large for the grid and the bytes
    /// either side of each range of symbols among them.
    #[test]
    fn the_fast_path_reads_as_the_general_reader(b in 3usize..=5, seed in any::<u64>(), density in 0.05f64..0.6, edits in proptest::collection::vec((0usize..625, prop_oneof![Just('0'), Just('a'), Just('p'), Just('Q'), Just('G'), Just('/'), Just(':'), Just('@'), Just('`'), Just('q'), Just('9'), Just('A')]), 0..3), lower in any::<bool>()) {
        let cells = random_puzzle(b, seed, density);
        let mut line: Vec<char> = cells.iter().map(|&v| symbol(v)).collect();
        for (pos, c) in edits {
            if pos < line.len() { line[pos] = c }
        }
        let mut line: String = line.into_iter().collect();
        if lower { line = line.to_lowercase(); }
        let show = |r: Result<Vec<Puzzle>, sudoscope_core::board::ParseError>| match r {
            Ok(ps) => ps.iter().map(|p| format!("{} {}", p.name, p.givens.to_line())).collect::<Vec<_>>().join("\n"),
            Err(e) => e.to_string(),
        };
        let fast = show(parse_puzzles(format!("{line}\n{line}").as_bytes(), "f.txt"));
        let general = show(parse_puzzles(format!("{line} \n{line} ").as_bytes(), "f.txt"));
        prop_assert_eq!(fast, general);
    }

    #[test]
    fn near_valid_blocks(edits in proptest::collection::vec((0usize..200, edit_char()), 0..5), drop_row in 0usize..12) {
        let mut text = String::new();
        for (r, row) in TOP95_1.as_bytes().chunks(9).enumerate() {
            if r % 3 == 0 { text.push_str("+-------+-------+-------+\n"); }
            if r == drop_row { continue; }
            let s: Vec<String> = row.chunks(3).map(|c| c.iter().map(|&b| format!("{} ", b as char)).collect()).collect();
            text.push_str(&format!("| {}|\n", s.join("| ")));
        }
        let mut chars: Vec<char> = text.chars().collect();
        for (pos, c) in edits {
            if pos < chars.len() { chars[pos] = c }
        }
        check(chars.into_iter().collect::<String>().as_bytes());
    }

    #[test]
    fn near_valid_instances(n in 2usize..=5, rows_off in 0usize..3, junk in proptest::option::of(edit_char())) {
        let side = n * n;
        let mut text = format!("{n}\n1\n");
        for r in 0..side.saturating_sub(rows_off) {
            let row: Vec<String> = (0..side).map(|c| if (r + c) % 3 == 0 { ((r * n + r / n + c) % side + 1).to_string() } else { "-1".into() }).collect();
            text.push_str(&row.join("\t"));
            text.push('\n');
        }
        if let Some(c) = junk { text.push(c); }
        check(text.as_bytes());
    }
}

/// Symbols as the line format writes them.
fn symbol(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        _ => (b'A' + v - 10) as char,
    }
}

/// A puzzle of box size `b` with no repeated given: a shuffled solution grid (a pattern
/// relabelled, rows and columns permuted within bands), a share of its cells kept.
fn random_puzzle(b: usize, seed: u64, density: f64) -> Vec<u8> {
    let n = b * b;
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut label: Vec<u8> = (1..=n as u8).collect();
    for i in (1..n).rev() {
        label.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut rows: Vec<usize> = (0..n).collect();
    for band in 0..b {
        for i in (1..b).rev() {
            rows.swap(band * b + i, band * b + (next() % (i as u64 + 1)) as usize);
        }
    }
    let mut cells = vec![0u8; n * n];
    for (r, &pr) in rows.iter().enumerate() {
        for c in 0..n {
            let v = (pr * b + pr / b + c) % n;
            if (next() % 1000) as f64 / 1000.0 < density {
                cells[r * n + c] = label[v];
            }
        }
    }
    cells
}

/// An independent reading of a text of puzzle lines: comments cut at `#`, blank lines skipped,
/// each line a whole puzzle of 16, 81, 256 or 625 symbols (`None` for anything else).
fn lines_of(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let len = line.chars().count();
        let ok = line.chars().all(|c| c == '.' || c.is_ascii_alphanumeric());
        if !ok || ![16, 81, 256, 625].contains(&len) {
            return None;
        }
        out.push(line.replace('0', "."));
    }
    (!out.is_empty()).then_some(out)
}

/// Each file of the corpus says exactly what it said when it was added.
#[test]
fn regression_corpus() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/parse");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "expected") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let expected = std::fs::read_to_string(path.with_extension("expected"))
            .unwrap_or_else(|_| panic!("{name} has no .expected beside it"));
        let bytes = std::fs::read(&path).unwrap();
        check(&bytes);
        let said = match parse_puzzles(&bytes, &name) {
            Ok(ps) => ps
                .iter()
                .map(|p| format!("ok: {}\n", p.givens.to_line()))
                .collect(),
            Err(e) => format!("{e}\n"),
        };
        assert_eq!(said, expected, "{name}");
        n += 1;
    }
    assert!(n >= 12, "the corpus is there: {n} files");
}

#[test]
fn a_one_megabyte_line_is_rejected_with_its_length() {
    let line = "1".repeat(1 << 20);
    let e = parse_puzzles(line.as_bytes(), "big.txt")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("big.txt:1: 1048576 symbols"), "{e}");
}

#[test]
fn a_hundred_megabytes_of_junk_fails_at_its_first_line() {
    let junk = "not a puzzle at all\n".repeat(5_000_000); // 100 MB
    let e = parse_puzzles(junk.as_bytes(), "junk.txt")
        .unwrap_err()
        .to_string();
    // n and o are 25x25 values (23, 24): t is the first symbol no order uses
    assert!(e.starts_with("junk.txt:1:3: unknown symbol 't'"), "{e}");
}

#[test]
fn a_large_valid_file_parses_completely() {
    let text = format!("{TOP95_1}\n").repeat(200_000); // 16 MB, 200,000 puzzles
    let puzzles = parse_puzzles(text.as_bytes(), "many.txt").unwrap();
    assert_eq!(puzzles.len(), 200_000);
    assert_eq!(puzzles[199_999].name, "many.txt:200000");
}
