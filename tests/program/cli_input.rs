//! Bad input through the real binary: one clear line on stderr, exit code 2, no panic.

use crate::common;

use common::{check_solution, repo, stderr, stdout, sudoscope};

fn write_temp(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("sudoscope-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_string_lossy().into_owned()
}

const SUDOKU_7: &str =
    "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8.";

/// Each malformed input is rejected with exit code 2 and a message naming where and why.
#[test]
fn malformed_inputs_are_rejected_with_their_reason() {
    let mut dup = SUDOKU_7.to_string();
    dup.replace_range(19..20, "7"); // C2 = 7, and C5 holds 7 already
    let cases: Vec<(&str, Vec<u8>, String)> = vec![
        (
            "empty.txt",
            vec![],
            "no puzzle found (the text is empty)".into(),
        ),
        (
            "comments.txt",
            b"# nothing\n".to_vec(),
            "no puzzle found (only comments)".into(),
        ),
        (
            "short.txt",
            SUDOKU_7.as_bytes()[..79].to_vec(),
            ":1: 79 symbols".into(),
        ),
        (
            "symbol.txt",
            format!("# c\n{}x", &SUDOKU_7[..80]).into_bytes(),
            ":2:81: unknown symbol 'x'".into(),
        ),
        (
            "dup.txt",
            dup.into_bytes(),
            ": puzzle 1: row 3: 7 at r3c2 and r3c5".into(),
        ),
        (
            "binary.bin",
            vec![0x7f, b'E', b'L', b'F', 0, 1, 2],
            ":1:5: binary data".into(),
        ),
        (
            "latin1.txt",
            b"3.4\xe9".to_vec(),
            ":1:4: not UTF-8 text".into(),
        ),
        (
            "block.txt",
            b"1 2 | 3 4\n3 4 | 1 2\n".to_vec(),
            ":1: grid block ends after 2 of its 4 rows".into(),
        ),
    ];
    for (name, bytes, expected) in cases {
        let path = write_temp(name, &bytes);
        let out = sudoscope(&["solve", "--puzzle", &path]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&expected),
            "{name}: {err:?} lacks {expected:?}"
        );
        assert!(err.contains(&path), "{name}: the file is named: {err:?}");
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err:?}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
}

#[test]
fn missing_files_directories_and_unknown_references() {
    let cases = [
        (
            "no/such/file.txt",
            "cannot read no/such/file.txt: no such file",
        ),
        ("nonsense", "unknown puzzle \"nonsense\""),
        ("top95:0", "top95 holds 95 puzzles; there is no puzzle 0"),
    ];
    for (reference, expected) in cases {
        let out = sudoscope(&["solve", "--puzzle", reference]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(expected), "{}", stderr(&out));
    }
    let dir = std::env::temp_dir();
    let out = sudoscope(&["solve", "--puzzle", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a directory"), "{}", stderr(&out));
}

/// `--format lines` prints one checkable line per puzzle of a set, in order.
#[test]
fn lines_format_answers_every_puzzle_of_a_file() {
    let file = repo("assets/puzzles/top95.txt");
    let out = sudoscope(&[
        "solve",
        "--puzzle",
        file.to_str().unwrap(),
        "--format",
        "lines",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let puzzles = common::lines_of("assets/puzzles/top95.txt");
    let answers: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(answers.len(), 95);
    for (p, a) in puzzles.iter().zip(&answers) {
        check_solution(p, a).unwrap();
    }
    // a file index, an unsolvable and a multiple puzzle
    let out = sudoscope(&[
        "solve",
        "-p",
        &format!("{}:3", file.display()),
        "-f",
        "lines",
    ]);
    assert_eq!(stdout(&out).trim(), answers[2]);
    let unsolvable = format!(".23456789{}1........", ".".repeat(63));
    let path = write_temp(
        "mixed.txt",
        format!("{unsolvable}\n{}\n", ".".repeat(81)).as_bytes(),
    );
    let out = sudoscope(&["solve", "-p", &path, "-f", "lines"]);
    assert_eq!(stdout(&out), "unsolvable\nmultiple\n");
    assert_eq!(
        out.status.code(),
        Some(1),
        "not every puzzle had one solution"
    );
}

#[test]
fn json_format_is_one_object_per_puzzle() {
    let out = sudoscope(&["solve", "-p", "hardest", "-f", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 11);
    for r in &rows {
        assert_eq!(r["outcome"], "solved");
        assert!(r["metrics"]["guesses"].is_number());
        assert!(r["metrics"]["max_depth"].is_number());
    }
}

#[test]
fn puzzles_lists_sets_and_prints_one() {
    let out = sudoscope(&["puzzles"]);
    let text = stdout(&out);
    assert!(
        text.contains("top95") && text.contains("   95  9x9"),
        "{text}"
    );
    assert!(text.contains("la25") && text.contains("25x25"), "{text}");
    let out = sudoscope(&["puzzles", "top95:3", "--lines"]);
    assert_eq!(
        stdout(&out).trim(),
        common::lines_of("assets/puzzles/top95.txt")[2]
    );
}

/// Every command-line error is one line on stderr with the documented exit code (docs/commands.md).
#[test]
fn command_line_errors_and_exit_codes() {
    let unsolvable = format!(".23456789{}1........", ".".repeat(63));
    // checked before any screen opens: the file, the line and the problem
    let bad_lesson = write_temp(
        "bad.toml",
        b"title = \"x\"\n[[scene]]\ncaption = \"one\"\nalgo = \"hillclimb\"\n",
    );
    let changed_given = format!("4{}", &SUDOKU_7[1..]);
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        (
            vec!["solve", "--algo", "hillclimb"],
            2,
            "invalid value 'hillclimb' for '--algo <ALGO>'",
        ),
        (
            vec!["solve", "--algo", "beam", "--set", "k=0"],
            2,
            "beam (classic): k = 0 is out of range: valid values are 1 to 1000",
        ),
        (
            vec!["solve", "--algo", "beam", "--set", "k"],
            2,
            "parameter \"k\" must be written name=value",
        ),
        (
            vec!["solve", "--puzzle", "/no/such/file.txt"],
            2,
            "cannot read /no/such/file.txt: no such file",
        ),
        (vec!["solve", "--puzzle", "/tmp"], 2, "/tmp is a directory"),
        (vec!["solve", "--puzzle", &unsolvable], 1, ""),
        (
            vec![
                "solve",
                "--puzzle",
                &unsolvable,
                "--algo",
                "annealing",
                "--max-steps",
                "10000",
            ],
            1,
            "",
        ),
        (
            vec!["tui", "--speed", "fast"],
            2,
            "--speed \"fast\": give steps per second",
        ),
        (
            vec!["experiment", "--algo", "beam", "--threads", "0"],
            2,
            "--threads must be at least 1",
        ),
        (vec!["solve", "--format", "xml"], 2, "invalid value 'xml'"),
        (
            vec!["solve", "--puzzle", "Sudoku7"],
            2,
            "unknown puzzle \"Sudoku7\" (did you mean sudoku_7?)",
        ),
        (
            vec!["solve", "--algo", "beam", "--set", "kk=3"],
            2,
            "unknown parameter \"kk\" (did you mean k?)",
        ),
        (
            vec!["tui", "--lesson", &bad_lesson],
            2,
            "bad.toml:4: scene 1: unknown algorithm \"hillclimb\"",
        ),
        (
            vec!["tui", "--lesson", "/no/such/lesson.toml"],
            2,
            "/no/such/lesson.toml: no such file",
        ),
        (
            vec!["tui", "--race", "beam:warm"],
            2,
            "--race beam:warm: unknown preset \"warm\"",
        ),
        (
            vec!["tui", "--start", "1234341221434321"],
            2,
            "--start: the start board is 4x4; the puzzle is 9x9",
        ),
        (
            vec!["solve", "--algo", "steepest", "--start", &changed_given],
            2,
            "--start: the start board has 4 at r1c1, where the puzzle gives 3",
        ),
        (
            vec!["solve", "--start", SUDOKU_7],
            2,
            "--start is a board for a search to continue from: give it with --algo",
        ),
        (
            vec![
                "record", "--steps", "5", "--size", "10x5", "--out", "x.cast",
            ],
            2,
            "--size 10x5: give columns x rows between 40x12 and 400x200",
        ),
        (
            vec!["bench", "families", "--seconds", "0"],
            2,
            "bench --seconds 0: give seconds above 0 and at most 3600",
        ),
        (
            vec!["bench", "exact", "--algo", "beam"],
            2,
            "bench --algo: only `bench families` measures algorithms one by one",
        ),
        (
            vec!["bench", "families", "--algo", "hillclimb"],
            2,
            "invalid value 'hillclimb' for '--algo <ALGO>'",
        ),
        (
            vec!["record", "--steps", "5", "--out", "x.gif"],
            2,
            "x.gif: write a .cast (asciicast v2) or a .svg (an animation)",
        ),
    ];
    for (args, code, expected) in cases {
        let out = sudoscope(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(
            err.contains(expected),
            "{args:?}: {err:?} lacks {expected:?}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if expected.starts_with("invalid value") {
            // clap's own message: the valid values follow
            assert!(err.contains("[possible values:"), "{args:?}: {err}");
        } else if code == 2 {
            assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err:?}");
        }
    }
    // a start board keeps the givens; the search continues from it (steepest stops at once on
    // a board it cannot improve, and a solved board is solved at step 0)
    let solved = stdout(&sudoscope(&["solve", "sudoku_7", "--format", "lines"]));
    let out = sudoscope(&[
        "solve",
        "sudoku_7",
        "--algo",
        "steepest",
        "--start",
        solved.trim(),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rec: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (rec["solved"].as_bool(), rec["steps"].as_u64()),
        (Some(true), Some(0))
    );
    // a puzzle with several solutions: the exact solver says so and exits 1
    let out = sudoscope(&["solve", "--puzzle", &".".repeat(81)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("several solutions"),
        "{}",
        stdout(&out)
    );
}

/// A file of one enormous line is refused as it is read, with its place, before the rest of it
/// is held (round two: 50 MB took 1.6 GB). Here 8 MB, the same path.
#[test]
fn one_enormous_line_is_refused_as_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("one.txt");
    let line: String = "123456789.".repeat(800_000);
    std::fs::write(&path, &line).unwrap();
    let out = sudoscope(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(
            "one.txt:1:65537: a line longer than 65536 characters; no puzzle line is that long"
        ),
        "{err}"
    );
}

/// The core's typed errors are said in the user's language at the command line: a parameter out
/// of range, an unknown one, an unknown puzzle.
#[test]
fn typed_errors_speak_the_chosen_language() {
    for (args, lang, expected) in [
        (
            &["solve", "--algo", "beam", "--set", "k=0"][..],
            "es",
            "k = 0 está fuera de rango",
        ),
        (
            &["solve", "--algo", "beam", "--set", "k=0"][..],
            "en",
            "k = 0 is out of range",
        ),
        (
            &["solve", "--algo", "beam", "--set", "kk=3"][..],
            "pt",
            "parâmetro desconhecido \"kk\"",
        ),
        (
            &["solve", "Sudoku7"][..],
            "es",
            "(¿quisiste decir sudoku_7?)",
        ),
        // the language's name in capitals, as a page's lang=ES; a speed in Spanish too
        (
            &["tui", "--speed", "fast"][..],
            "ES",
            "indicá pasos por segundo",
        ),
    ] {
        let mut all = args.to_vec();
        all.extend(["--lang", lang]);
        let out = common::sudoscope(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = common::stderr(&out);
        assert!(err.contains(expected), "{all:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    }
}

/// In Spanish and Portuguese a `--set` value takes the decimal comma people write; in English a
/// comma is still refused, saying why.
#[test]
fn set_values_take_the_languages_decimal_comma() {
    for lang in ["es", "pt"] {
        let o = sudoscope(&[
            "experiment",
            "--lang",
            lang,
            "-p",
            "sudoku_7",
            "-a",
            "annealing",
            "--set",
            "cooling=0,5",
            "--runs",
            "1",
        ]);
        assert!(o.status.success(), "{lang}: {}", stderr(&o));
        // the arm's label writes the setting as --set takes it back
        assert!(stdout(&o).contains("cooling=0.5"), "{}", stdout(&o));
    }
    let o = sudoscope(&[
        "solve",
        "sudoku_7",
        "-a",
        "annealing",
        "--set",
        "cooling=0,5",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("\"0,5\" is not a number"),
        "{}",
        stderr(&o)
    );
}

/// A lesson scene's setting that does not check is said where it is, as the file has it, and
/// why in the user's language (a Spanish-speaking lecturer's typo in a scene).
#[test]
fn a_lesson_scenes_mistake_is_said_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("clase.toml");
    std::fs::write(&path, "[[scene]]\ncaption = \"x\"\nalgo = \"annealling\"\n").unwrap();
    let out = common::sudoscope(&["tui", "--lesson", path.to_str().unwrap(), "--lang", "es"]);
    assert_eq!(out.status.code(), Some(2));
    let err = common::stderr(&out);
    assert!(err.contains("clase.toml:3: "), "where: {err}");
    assert!(
        err.contains("algoritmo desconocido \"annealling\" (¿quisiste decir annealing?)"),
        "why, in Spanish: {err}"
    );
}
