//! One pane of a race, as text: what `--race` and a lesson's `race` take, and what `y` prints,
//! so a race on screen can be written down and played again exactly.
//!
//! `NAME[:PRESET[:SEED]][:PARAM=VALUE...][:start=BOARD]`: the algorithm; then, in order, its
//! preset and seed; then any parameters, and the board it starts from (a line of n² symbols)
//! when that is not the first pane's. `beam`, `beam:tuned`, `beam:classic:7:k=5`.

use std::fmt;

use super::Method;
use crate::board::{Grid, Puzzle};
use crate::catalog;
use crate::search::Preset;
use crate::search::registry::{Setting, resolve_params};

/// One pane's search: its method, and its seed and board when it has its own.
#[derive(Clone, Debug, PartialEq)]
pub struct PaneSpec {
    /// The algorithm, preset and parameters.
    pub method: Method,
    /// Its seed; `None` takes the next one after the panes before it.
    pub seed: Option<u64>,
    /// Its own start board; `None` starts as the race says (the first pane's board, or a
    /// random one).
    pub start: Option<Grid>,
}

/// One pane's search with every part settled: what a runner builds, what it reports it built,
/// and what a pane keeps. A [`PaneSpec`] becomes one when its seed is known.
#[derive(Clone, Debug, PartialEq)]
pub struct PaneRun {
    /// The algorithm, preset and parameters.
    pub method: Method,
    /// The seed.
    pub seed: u64,
    /// The board it starts from, when not a fresh one of its seed's.
    pub start: Option<Grid>,
}

impl PaneRun {
    /// The pane as a race writes it, seed included.
    pub fn spec(&self) -> PaneSpec {
        PaneSpec {
            method: self.method.clone(),
            seed: Some(self.seed),
            start: self.start.clone(),
        }
    }

    /// The board its search starts from on `puzzle`: its own board repaired into the search's
    /// representation, or a fresh one from its seed.
    pub fn board(&self, puzzle: &Puzzle) -> Grid {
        let m = &self.method;
        let search = m
            .algo
            .build(puzzle, m.preset, &m.params, self.seed, self.start.as_ref());
        Grid::from_cells(puzzle.geometry(), search.cells().to_vec()).expect("search cells fit")
    }
}

impl PaneSpec {
    /// Read a pane; `preset` is the one it takes unless it names its own.
    pub fn parse(text: &str, preset: Preset) -> Result<PaneSpec, String> {
        let setting = Setting::parse(text).map_err(|e| e.to_string())?;
        let preset = setting
            .preset()
            .map_err(|e| format!("{text}: {e}"))?
            .unwrap_or(preset);
        let seed = match setting.positional.get(1) {
            None => None,
            Some(s) => {
                Some(super::parse_seed(s).map_err(|e| format!("{text}: the seed {s:?}: {e}"))?)
            }
        };
        if setting.positional.len() > 2 {
            return Err(format!(
                "{text}: give NAME[:PRESET[:SEED]][:PARAM=VALUE...]"
            ));
        }
        let mut start = None;
        let mut overrides = Vec::new();
        for &(key, value) in &setting.keyed {
            if key == "start" {
                start =
                    Some(catalog::resolve_board(value).map_err(|e| format!("{text}: start: {e}"))?);
            } else {
                overrides.push(format!("{key}={value}"));
            }
        }
        let params =
            resolve_params(setting.algo, preset, &overrides).map_err(|e| format!("{text}: {e}"))?;
        Ok(PaneSpec {
            method: Method {
                algo: setting.algo,
                preset,
                params,
            },
            seed,
            start,
        })
    }

    /// Why this pane cannot race on `puzzle` (its own start board does not fit).
    pub fn fits(&self, puzzle: &Puzzle) -> Result<(), String> {
        match &self.start {
            Some(board) => puzzle
                .start_error(board)
                .map_or(Ok(()), |e| Err(format!("{}: {e}", self.method.algo.name))),
            None => Ok(()),
        }
    }
}

/// The pane as `parse` reads it back: every part written that is not the default.
impl fmt::Display for PaneSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.method.algo.name, self.method.preset)?;
        if let Some(s) = self.seed {
            write!(f, ":{s}")?;
        }
        for (k, v) in self.method.params.changed_shown() {
            write!(f, ":{k}={v}")?;
        }
        if let Some(g) = &self.start {
            write!(f, ":start={}", g.to_line())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_reads_and_writes_back() {
        let r = PaneSpec::parse("beam", Preset::Tuned).unwrap();
        assert_eq!(
            (r.method.algo.name, r.method.preset, r.seed),
            ("beam", Preset::Tuned, None)
        );
        assert_eq!(r.to_string(), "beam:tuned");
        let r = PaneSpec::parse("Beam:classic:7:k=5", Preset::Tuned).unwrap();
        assert_eq!(
            (r.method.preset, r.seed, r.method.params.get("k")),
            (Preset::Classic, Some(7), 5.0)
        );
        assert_eq!(r.to_string(), "beam:classic:7:k=5");
        let board = catalog::resolve_one("sudoku_7").unwrap().givens.to_line();
        let text = format!("plateau:tuned:3:start={board}");
        let r = PaneSpec::parse(&text, Preset::Classic).unwrap();
        assert_eq!(r.start.as_ref().map(Grid::to_line), Some(board));
        assert_eq!(r.to_string(), text);
        let back = PaneSpec::parse(&r.to_string(), Preset::Classic).unwrap();
        assert_eq!((back.seed, back.start), (r.seed, r.start));
    }

    #[test]
    fn mistakes_say_which_part() {
        let e = |t: &str| PaneSpec::parse(t, Preset::Classic).unwrap_err();
        assert!(e("hillclimb").starts_with("unknown algorithm \"hillclimb\""));
        assert_eq!(
            e("beam:warm"),
            "beam:warm: unknown preset \"warm\"; valid are classic, tuned"
        );
        assert_eq!(
            e("beam:tuned:x"),
            "beam:tuned:x: the seed \"x\": give a whole number, 0 or more"
        );
        assert!(e("beam:k=0").starts_with("beam:k=0: beam (classic): k = 0 is out of range"));
        assert!(e("beam:tuned:1:2").contains("give NAME[:PRESET[:SEED]]"));
        let tiny = catalog::resolve_one("tiny4").unwrap();
        let text = format!("beam:start={}", tiny.givens.to_line());
        let r = PaneSpec::parse(&text, Preset::Classic).unwrap();
        assert!(r.fits(&tiny).is_ok());
        let nine = catalog::resolve_one("sudoku_7").unwrap();
        assert_eq!(
            r.fits(&nine).unwrap_err(),
            "beam: the start board is 4x4; the puzzle is 9x9"
        );
    }
}
