//! A race in a notebook: one built-in search, stepped by the page that shows it (the notebook
//! view's `view.js`), from the board a student's traced run starts from. The same module as the
//! page's visualiser, so the search is the one every other front end runs: the same puzzle,
//! parameters and seed give the same steps as `sudoscope solve` on any machine.
//!
//! The view writes the race's settings as text (`algo=`, `preset=`, `seed=`, `puzzle=`,
//! `start=`, `max-steps=`, a line each) and calls [`sudoscope_race_start`]; then, every
//! animation frame, [`sudoscope_race_advance`] with a share of the frame, and reads where the
//! race stands from the text buffer ([`sudoscope_race_state`]) and its board from the output
//! buffer. One race at a time in a module's instance: the view instantiates the module once per
//! race.

use std::cell::RefCell;
use std::time::Duration;

use sudoscope_core::board::{Grid, Puzzle};
use sudoscope_core::catalog;
use sudoscope_core::clock::Instant;
use sudoscope_core::engine::result::Ending;
use sudoscope_core::search::{ALGORITHMS, Preset, Search, build};

use super::{OUT, budget_of, say, taken, text_of};

/// The steps a race takes when the view does not say (`max-steps=`): a search that neither
/// solves nor gets stuck stops there as "budget spent", as `sudoscope solve --max-steps` does.
pub const MAX_STEPS: u64 = 2_000_000;

/// Points the race's history keeps at most: when it has twice as many, every other goes and
/// the stride doubles.
pub const POINTS: usize = 1000;

struct Race {
    search: Box<dyn Search>,
    max_steps: u64,
    budget_spent: bool,
    /// (steps, cost, best) every `stride` steps from the start, and at the last step taken.
    history: Vec<(u64, u32, u32)>,
    stride: u64,
}

impl Race {
    /// Where the race stands now, kept in its history (the point of a step already kept is
    /// replaced: the last point is always the last step).
    fn keep(&mut self) {
        let s = &self.search;
        let point = (s.steps(), s.cost(), s.best_cost());
        match self.history.last_mut() {
            Some(last) if last.0 == point.0 => *last = point,
            _ => self.history.push(point),
        }
        if self.history.len() >= 2 * POINTS {
            let last = *self.history.last().expect("points are kept");
            let mut i = 0;
            self.history.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            if self.history.last() != Some(&last) {
                self.history.push(last);
            }
            self.stride *= 2;
        }
    }

    /// Step for about `budget`, until the race ends or takes its last step: whether it has
    /// ended.
    fn run(&mut self, budget: Duration) -> bool {
        let began = Instant::now();
        loop {
            if self.search.ended().is_some() || self.budget_spent {
                return true;
            }
            let steps = self.search.steps();
            let left = self.max_steps.saturating_sub(steps);
            if left == 0 {
                self.budget_spent = true;
                return true;
            }
            // to the next multiple of the stride, where the history keeps a point
            self.search
                .advance((self.stride - steps % self.stride).min(left));
            self.keep();
            if began.elapsed() >= budget {
                return false;
            }
        }
    }
}

thread_local! {
    static RACE: RefCell<Option<Race>> = const { RefCell::new(None) };
}

/// What the view asked for, read from its text.
#[derive(Debug, PartialEq)]
struct Settings {
    algo: String,
    preset: Preset,
    seed: u64,
    puzzle: String,
    start: Option<String>,
    max_steps: u64,
}

fn settings(text: &str) -> Result<Settings, String> {
    let mut s = Settings {
        algo: String::new(),
        preset: Preset::Classic,
        seed: 1,
        puzzle: String::new(),
        start: None,
        max_steps: MAX_STEPS,
    };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("a race's setting is `name=value`, not {line:?}"))?;
        let value = value.trim();
        match key.trim() {
            "algo" => s.algo = value.to_string(),
            "preset" => {
                s.preset = Preset::from_name(value)
                    .ok_or_else(|| format!("preset {value:?}: valid are classic, tuned"))?;
            }
            "seed" => {
                s.seed = value
                    .parse()
                    .map_err(|_| format!("seed {value:?}: a whole number from 0 is needed"))?;
            }
            "puzzle" => s.puzzle = value.to_string(),
            "start" => s.start = Some(value.to_string()).filter(|v| !v.is_empty()),
            "max-steps" => {
                s.max_steps = value
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("max-steps {value:?}: a whole number from 1"))?;
            }
            other => return Err(format!("a race has no setting {other:?}")),
        }
    }
    if s.puzzle.is_empty() {
        return Err("a race needs its puzzle (`puzzle=` and the board's symbols)".into());
    }
    Ok(s)
}

/// The search the settings describe, built from the start board when there is one.
fn race_of(s: &Settings) -> Result<Race, String> {
    let givens = catalog::resolve_board(&s.puzzle).map_err(|e| format!("the puzzle: {e}"))?;
    let puzzle = Puzzle::new("notebook", givens);
    let start: Option<Grid> = match &s.start {
        Some(text) => {
            let board =
                catalog::resolve_board(text).map_err(|e| format!("the start board: {e}"))?;
            if let Some(why) = puzzle.start_error(&board) {
                return Err(why);
            }
            Some(board)
        }
        None => None,
    };
    let search = build(&s.algo, s.preset, &[], &puzzle, s.seed, start.as_ref())
        .map_err(|e| e.to_string())?;
    let mut race = Race {
        search,
        max_steps: s.max_steps,
        budget_spent: false,
        history: Vec::new(),
        stride: 1,
    };
    race.keep();
    Ok(race)
}

/// The built-in algorithms a race may run, one a line: the name and what it does, apart by a
/// tab; in the text buffer.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_race_algorithms() {
    say(ALGORITHMS
        .iter()
        .map(|a| format!("{}\t{}", a.name, a.about))
        .collect::<Vec<_>>()
        .join("\n"));
}

/// Start the race the settings at `ptr` describe (see the module's words): 0 when it started,
/// 1 with the reason in the text buffer when it cannot.
///
/// # Safety
/// `ptr` is from [`super::sudoscope_alloc`] with `len` bytes written, and is taken.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoscope_race_start(ptr: *mut u8, len: usize) -> u32 {
    // SAFETY: as the caller promises.
    let text = text_of(unsafe { taken(ptr, len) });
    match settings(&text).and_then(|s| race_of(&s)) {
        Ok(race) => {
            RACE.with(|r| *r.borrow_mut() = Some(race));
            0
        }
        Err(why) => {
            RACE.with(|r| r.borrow_mut().take());
            say(why);
            1
        }
    }
}

/// Step the race for about `budget_ms` milliseconds (at most one second), until it ends or
/// takes its last step: 1 when it has ended, 0 while it runs on (and 1 with no race).
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_race_advance(budget_ms: f64) -> u32 {
    let budget = budget_of(budget_ms);
    RACE.with(|r| {
        let mut r = r.borrow_mut();
        r.as_mut().map_or(1, |race| u32::from(race.run(budget)))
    })
}

/// Where the race stands, in the text buffer: `steps cost best end` apart by spaces (`end` is
/// `running`, or how it ended: `solved`, `stuck`, `budget_spent`, `unsolvable`); its board's
/// cells (one byte each, 0 for a blank) in the output buffer. Nothing with no race.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_race_state() {
    RACE.with(|r| {
        let r = r.borrow();
        let Some(race) = r.as_ref() else {
            say(String::new());
            return;
        };
        let s = &race.search;
        let end = match s.ended() {
            Some(o) => Ending::of(o).key(),
            None if race.budget_spent => Ending::BudgetSpent.key(),
            None => "running",
        };
        say(format!(
            "{} {} {} {end}",
            s.steps(),
            s.cost(),
            s.best_cost()
        ));
        OUT.with(|o| *o.borrow_mut() = s.cells().to_vec());
    })
}

/// The race's history, in the text buffer: `steps cost best` a line, from its start to its last
/// step, a point every so many steps (at most [`POINTS`] x 2 of them).
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_race_history() {
    RACE.with(|r| {
        let text = r.borrow().as_ref().map_or_else(String::new, |race| {
            let mut out = String::with_capacity(race.history.len() * 16);
            for (steps, cost, best) in &race.history {
                out.push_str(&format!("{steps} {cost} {best}\n"));
            }
            out
        });
        say(text);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUDOKU_7: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn settings_are_read_and_wrong_ones_named() {
        let s = settings("algo=annealing\npreset=tuned\nseed=7\npuzzle=x\nmax-steps=10\n").unwrap();
        assert_eq!(
            (s.algo.as_str(), s.preset, s.seed, s.max_steps),
            ("annealing", Preset::Tuned, 7, 10)
        );
        assert!(
            settings("algo=a\nseed=-1\npuzzle=x")
                .unwrap_err()
                .contains("seed")
        );
        assert!(
            settings("algo=a\ncolour=red\npuzzle=x")
                .unwrap_err()
                .contains("colour")
        );
        assert!(settings("algo=a").unwrap_err().contains("puzzle"));
        assert!(
            settings("algo=a\npuzzle=x\nmax-steps=0")
                .unwrap_err()
                .contains("max-steps")
        );
    }

    #[test]
    fn a_race_is_the_search_the_program_runs() {
        let s = settings(&format!("algo=annealing\nseed=3\npuzzle={SUDOKU_7}")).unwrap();
        let mut race = race_of(&s).unwrap();
        let puzzle = Puzzle::new("x", catalog::resolve_board(SUDOKU_7).unwrap());
        let mut same = build("annealing", Preset::Classic, &[], &puzzle, 3, None).unwrap();
        race.search.advance(5000);
        same.advance(5000);
        assert_eq!(race.search.cells(), same.cells());
        assert_eq!(race.search.cost(), same.cost());
    }

    #[test]
    fn the_history_runs_from_the_start_to_the_last_step_and_stays_small() {
        // the course's tabu search on top95's fourth runs to the steps it is given
        let hard = catalog::resolve_one("top95:4").unwrap().givens.to_line();
        let s = settings(&format!(
            "algo=tabu\nseed=1\npuzzle={hard}\nmax-steps=300000"
        ))
        .unwrap();
        let mut race = race_of(&s).unwrap();
        assert_eq!(
            race.history,
            vec![(0, race.search.cost(), race.search.best_cost())]
        );
        while !race.run(Duration::from_secs(60)) {}
        let h = &race.history;
        assert!(h.len() < 2 * POINTS, "{} points", h.len());
        assert_eq!(h.last().unwrap().0, 300_000, "it ran to its last step");
        assert!(h.windows(2).all(|w| w[0].0 < w[1].0), "steps rise");
        assert!(
            h.windows(2).all(|w| w[0].2 >= w[1].2),
            "the best never rises"
        );
        assert!(h.len() >= POINTS, "{} points over 300,000 steps", h.len());
    }

    #[test]
    fn a_start_board_that_changes_a_given_is_refused_with_the_cell() {
        let mut start: Vec<char> = SUDOKU_7.chars().collect();
        start[2] = '4';
        let start: String = start.into_iter().collect();
        let s = settings(&format!("algo=steepest\npuzzle={SUDOKU_7}\nstart={start}")).unwrap();
        let why = race_of(&s).err().unwrap();
        assert!(why.contains("r1c3"), "{why}");
        let s = settings(&format!("algo=nosuch\npuzzle={SUDOKU_7}")).unwrap();
        assert!(race_of(&s).err().unwrap().contains("unknown algorithm"));
    }
}
