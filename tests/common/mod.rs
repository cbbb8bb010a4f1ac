//! Helpers shared by the integration tests, written without the library's own checks so they
//! can catch its mistakes.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// A file of this repository: the built-in sets (`assets/puzzles/`) and the test data
/// (`tests/data/`). Tests read nothing outside the repository.
pub fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Puzzle lines of a one-puzzle-per-line file of the repository: comments and blank lines
/// skipped.
pub fn lines_of(path: &str) -> Vec<String> {
    std::fs::read_to_string(repo(path))
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

mod check;
#[allow(unused_imports)] // not every test file checks a solution
pub use check::check_solution;

/// Run the real binary with arguments.
pub fn sudoscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoscope"))
        .args(args)
        .output()
        .expect("the binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// An asciicast v2 recording read back: the header's width and height, the time of the last
/// event, and every output event's text joined. Asserts the format as it goes: version 2, events
/// `[seconds, "o", text]` in time order.
pub struct Cast {
    pub size: (u64, u64),
    pub last: f64,
    pub output: String,
}

pub fn read_cast(path: &std::path::Path) -> Cast {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(header["version"], 2);
    let size = (
        header["width"].as_u64().unwrap(),
        header["height"].as_u64().unwrap(),
    );
    let mut last = 0.0;
    let mut output = String::new();
    for line in lines {
        let ev: serde_json::Value = serde_json::from_str(line).unwrap();
        let t = ev[0].as_f64().unwrap();
        assert!(t >= last, "events in time order");
        last = t;
        assert_eq!(ev[1], "o");
        output.push_str(ev[2].as_str().unwrap());
    }
    Cast { size, last, output }
}
