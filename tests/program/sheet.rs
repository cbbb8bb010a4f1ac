//! Handouts: `puzzles … --sheet FILE.pdf|.svg` lays the puzzles out a few to an A4 page and ends
//! with the answer key; a puzzle without one solution says so there; bad requests are refused.

use crate::common;

use common::{stderr, stdout, sudoscope};

#[test]
fn a_pdf_handout_has_the_puzzles_four_to_a_page_then_the_answers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hardest.pdf");
    let o = sudoscope(&["puzzles", "hardest", "--sheet", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    // 11 puzzles: three pages of four, one page of answers
    assert!(
        stdout(&o).contains("11 puzzles on 4 pages"),
        "{}",
        stdout(&o)
    );
    let pdf = std::fs::read(&path).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(text.contains("/Count 4"), "four pages");
    assert!(text.contains("/Helvetica-Bold"));
    assert!(text.contains("11. hardest:11"), "the last puzzle's caption");
    assert!(text.contains("(Answers)"));
}

#[test]
fn an_svg_handout_six_to_a_page_and_a_key_that_says_when_there_is_no_unique_answer() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.svg");
    // two puzzles from a set, and one with a single given: many solutions
    let list = dir.path().join("list.txt");
    let several = format!("1{}", ".".repeat(80));
    let sudoku_7 = stdout(&sudoscope(&["puzzles", "sudoku_7", "--lines"]));
    std::fs::write(&list, format!("{}\n{several}\n", sudoku_7.trim())).unwrap();
    let o = sudoscope(&[
        "puzzles",
        list.to_str().unwrap(),
        "--sheet",
        path.to_str().unwrap(),
        "--per-page",
        "6",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&path).unwrap();
    // one page of puzzles, one of answers
    assert_eq!(svg.matches("<g transform").count(), 2);
    assert!(svg.contains("no unique solution"), "the key says so");
    // sudoku_7's answer is in the key: its first row, every value
    let solved = stdout(&sudoscope(&["solve", "sudoku_7", "-f", "lines"]));
    let first_row: Vec<char> = solved.trim().chars().take(9).collect();
    for d in first_row {
        assert!(svg.contains(&format!(">{d}</text>")), "{d} in the key");
    }
}

#[test]
fn a_handout_is_a_pdf_or_an_svg_of_1_2_4_or_6_to_a_page() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("sheet.docx");
    let o = sudoscope(&["puzzles", "hardest", "--sheet", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("write a .pdf or an .svg"),
        "{}",
        stderr(&o)
    );
    let ok = dir.path().join("sheet.pdf");
    let o = sudoscope(&[
        "puzzles",
        "hardest",
        "--sheet",
        ok.to_str().unwrap(),
        "--per-page",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1, 2, 4 or 6"), "{}", stderr(&o));
    assert!(!ok.exists(), "nothing written");
}
