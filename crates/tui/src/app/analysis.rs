//! What the screen knows of a puzzle before any search runs: its solution, or why there is none
//! to compare with.

use sudoscope_core::board::{Grid, Puzzle};
use sudoscope_core::search::exact::Solutions;
use sudoscope_core::search::params::fmt_num;
use sudoscope_i18n::Lang;

/// Steps the exact solver may take to settle a puzzle before the screen opens: under a second at
/// 25x25 (every la25 instance settles within a third of it), where a puzzle can take far longer.
const ANALYSIS_STEPS: u64 = 100_000;

/// Why a puzzle has no solution to compare with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleNote {
    /// The exact solver did not settle it within [`ANALYSIS_STEPS`].
    Unsettled,
    /// It has more than one solution.
    Several,
    /// It has none.
    NoSolution,
}

impl PuzzleNote {
    /// The note in `lang`.
    pub fn words(self, lang: Lang) -> String {
        match self {
            PuzzleNote::Unsettled => tr!(
                lang,
                "puzzle-unsettled",
                steps = fmt_num(ANALYSIS_STEPS as f64)
            ),
            PuzzleNote::Several => tr!(lang, "puzzle-several"),
            PuzzleNote::NoSolution => tr!(lang, "puzzle-none"),
        }
    }
}

/// The unique solution, or a note saying why there is none.
pub fn analyse(puzzle: &Puzzle) -> (Option<Grid>, Option<PuzzleNote>) {
    let Some((solutions, _)) =
        sudoscope_core::search::exact::solve_fastest_within(puzzle, 2, ANALYSIS_STEPS)
    else {
        return (None, Some(PuzzleNote::Unsettled));
    };
    match solutions {
        Solutions::Unique(g) => (Some(g), None),
        Solutions::Several(_) => (None, Some(PuzzleNote::Several)),
        Solutions::None => (None, Some(PuzzleNote::NoSolution)),
    }
}

/// Speeds a person can pick, in steps per second; `None` is unlimited.
pub const SPEEDS: &[Option<f64>] = &[
    Some(1.0),
    Some(2.0),
    Some(5.0),
    Some(10.0),
    Some(30.0),
    Some(100.0),
    Some(1000.0),
    Some(10_000.0),
    Some(100_000.0),
    None,
];

/// The next listed speed above (`faster`) or below `speed`, or `speed` itself at the end of
/// the list. A speed given on the command line stays as given until `+` or `-`.
pub fn next_speed(speed: Option<f64>, faster: bool) -> Option<f64> {
    let rank = |s: Option<f64>| s.unwrap_or(f64::INFINITY);
    if faster {
        SPEEDS
            .iter()
            .copied()
            .find(|&s| rank(s) > rank(speed))
            .unwrap_or(speed)
    } else {
        SPEEDS
            .iter()
            .rev()
            .copied()
            .find(|&s| rank(s) < rank(speed))
            .unwrap_or(speed)
    }
}
