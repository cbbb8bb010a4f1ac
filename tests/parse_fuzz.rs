//! The puzzle reader under hostile input: random bytes, near-valid puzzles and blocks, huge
//! inputs, non-UTF-8. It must never panic, and every rejection must say where and why.
//! `tests/corpus/parse/` holds inputs that once broke (or nearly broke) the reader; each is
//! replayed here. Add any new failing input there.

use proptest::prelude::*;
use sudoscope::board::parse_puzzles;

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
        check(vec![one; copies].join("\n").as_bytes());
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

#[test]
fn regression_corpus() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/parse");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        check(&bytes);
        n += 1;
    }
    assert!(n >= 10, "the corpus is there");
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
fn a_hundred_megabytes_of_junk_fails_fast_at_its_first_line() {
    let junk = "not a puzzle at all\n".repeat(5_000_000); // 100 MB
    let t = std::time::Instant::now();
    let e = parse_puzzles(junk.as_bytes(), "junk.txt")
        .unwrap_err()
        .to_string();
    // n and o are 25x25 values (23, 24): t is the first symbol no order uses
    assert!(e.starts_with("junk.txt:1:3: unknown symbol 't'"), "{e}");
    assert!(
        t.elapsed().as_secs() < 10,
        "rejected without reading everything into structures"
    );
}

#[test]
fn a_large_valid_file_parses_completely() {
    let text = format!("{TOP95_1}\n").repeat(200_000); // 16 MB, 200,000 puzzles
    let puzzles = parse_puzzles(text.as_bytes(), "many.txt").unwrap();
    assert_eq!(puzzles.len(), 200_000);
    assert_eq!(puzzles[199_999].name, "many.txt:200000");
}
