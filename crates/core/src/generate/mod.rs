//! New puzzles with exactly one solution, for exercises and exams: a random solution grid,
//! thinned given by given while the exact solver proves the puzzle still has one solution.
//!
//! Every puzzle comes from its own seed (the run's seed and the puzzle's index), so the same
//! seed gives the same puzzles in any order and on any number of threads. Thinning visits the
//! cells in a random order and removes a given when the puzzle stays unique: after one pass no
//! given can be removed any more (removing a given only adds solutions, so a given that could
//! not go then cannot go later), which makes the puzzle minimal. Difficulty is graded by
//! [`grade`]: what solving needs, from singles to guessing.

pub mod grade;

#[cfg(feature = "native")]
use rayon::prelude::*;

pub use grade::{Grade, grade};

use crate::board::{EMPTY, Geometry, Grid, Puzzle};
use crate::rng::{Rng, derive_seed};
use crate::search::exact::{Solutions, Strategy, solve, solve_nine};

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Box size: 2 (4x4), 3 (9x9) or 4 (16x16).
    pub box_size: usize,
    /// Exactly this many givens.
    pub clues: Option<usize>,
    /// Of this difficulty.
    pub difficulty: Option<Grade>,
    /// No given can be removed without losing uniqueness (always so without `clues` or
    /// `difficulty`).
    pub minimal: bool,
    /// How long one puzzle may take before the request is given up, with a message that says so.
    pub budget: std::time::Duration,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            box_size: 3,
            clues: None,
            difficulty: None,
            minimal: false,
            budget: std::time::Duration::from_secs(60),
        }
    }
}

/// Tries (fresh solution grids) per puzzle before giving up on a request.
const TRIES: usize = 2000;

/// `count` puzzles from `seed`, in order; the first error if a request cannot be met.
pub fn generate(req: &Request, seed: u64, count: usize) -> Result<Vec<Puzzle>, String> {
    refuse_impossible(req)?;
    #[cfg(feature = "native")]
    let all = (0..count).into_par_iter();
    #[cfg(not(feature = "native"))]
    let all = 0..count;
    all.map(|i| one(req, seed, i as u64)).collect()
}

/// Say what is wrong with a request before any work.
fn refuse_impossible(req: &Request) -> Result<(), String> {
    let geo = Geometry::for_box(req.box_size)
        .filter(|_| (2..=4).contains(&req.box_size))
        .ok_or("generate makes 4x4, 9x9 and 16x16 puzzles")?;
    if let Some(k) = req.clues
        && !(1..=geo.cells).contains(&k)
    {
        return Err(format!(
            "--clues {k}: a {} puzzle has 1 to {} givens",
            geo.label(),
            geo.cells
        ));
    }
    // the fewest givens a puzzle with one solution can have, where it is known: 4 at 4x4, and
    // 17 at 9x9 (McGuire, Tugemann and Civario, 2012, by exhaustive search)
    let fewest = match req.box_size {
        2 => Some(4),
        3 => Some(17),
        _ => None,
    };
    if let (Some(k), Some(least)) = (req.clues, fewest)
        && k < least
    {
        return Err(format!(
            "--clues {k}: no {} puzzle with one solution has fewer than {least} givens",
            geo.label()
        ));
    }
    if req.clues.is_some() && req.difficulty.is_some() {
        return Err("give --clues or --difficulty, not both".into());
    }
    Ok(())
}

/// Puzzle `index` of `seed`.
pub fn one(req: &Request, seed: u64, index: u64) -> Result<Puzzle, String> {
    refuse_impossible(req)?;
    let geo = Geometry::for_box(req.box_size).expect("checked");
    let mut rng = Rng::new(derive_seed(&[seed, index]));
    let started = crate::clock::Instant::now();
    let mut tries = 0;
    while tries < TRIES && started.elapsed() < req.budget {
        tries += 1;
        let solution = random_solution(geo, &mut rng);
        if let Some(givens) = attempt(req, &solution, &mut rng) {
            return Ok(Puzzle::new(
                format!("generated:{seed}:{}", index + 1),
                givens,
            ));
        }
    }
    let spent = if tries < TRIES {
        format!("{} s (--max-seconds)", req.budget.as_secs())
    } else {
        format!("{TRIES} tries")
    };
    Err(match (req.clues, req.difficulty) {
        (Some(k), _) => format!(
            "no {}puzzle with {k} givens found in {spent}{}",
            if req.minimal { "minimal " } else { "" },
            if req.box_size == 3 && k < 20 {
                " (20 givens take seconds, fewer are rare: 17 is the fewest a 9x9 puzzle can have)"
            } else {
                ""
            }
        ),
        (_, Some(g)) => format!("no {} puzzle found in {spent}", g.name()),
        _ => "no puzzle found".into(),
    })
}

/// One try from one solution grid: the thinned puzzle if it meets the request.
fn attempt(req: &Request, solution: &Grid, rng: &mut Rng) -> Option<Grid> {
    let geo = solution.geometry();
    let mut order: Vec<usize> = (0..geo.cells).collect();
    rng.shuffle(&mut order);
    let mut g = solution.clone();
    let mut count = geo.cells;
    // removing stops at the clue count asked for; the difficulty asked for may not be passed
    let ceiling = match req.difficulty {
        Some(Grade::Easy) => Some(Grade::Easy),
        Some(Grade::Medium) => Some(Grade::Medium),
        _ => None,
    };
    for &c in &order {
        if req.clues == Some(count) {
            break;
        }
        let v = g.get(c);
        g.set(c, EMPTY);
        let p = Puzzle::new("", g.clone());
        let keep = unique(&p) && ceiling.is_none_or(|top| grade(&p) <= top);
        if keep {
            count -= 1;
        } else {
            g.set(c, v);
        }
    }
    if let Some(k) = req.clues
        && count > k
    {
        count = fewer(&mut g, solution, k, rng);
    }
    let p = Puzzle::new("", g.clone());
    if let Some(k) = req.clues
        && count != k
    {
        return None;
    }
    if let Some(d) = req.difficulty
        && grade(&p) != d
    {
        return None;
    }
    // a pass that stopped early (clues) or kept givens for the grade's sake need not be minimal
    if req.minimal && (req.clues.is_some() || ceiling.is_some()) && !is_minimal(&p) {
        return None;
    }
    Some(g)
}

/// Uniqueness checks one try spends below a minimal puzzle, looking for fewer givens.
const SWAP_CHECKS: usize = 4000;

/// Fewer givens than a minimal puzzle has, by exchanges: two givens out and one cell of the
/// solution in, kept when the puzzle stays unique (one given fewer each time), until `target`
/// or the budget. Returns the givens left.
fn fewer(g: &mut Grid, solution: &Grid, target: usize, rng: &mut Rng) -> usize {
    let cells = g.cells().len();
    let mut count = g.filled();
    for _ in 0..SWAP_CHECKS {
        if count <= target {
            break;
        }
        let givens: Vec<usize> = (0..cells).filter(|&c| g.get(c) != EMPTY).collect();
        let blanks: Vec<usize> = (0..cells).filter(|&c| g.get(c) == EMPTY).collect();
        let a = givens[rng.below(givens.len())];
        let b = givens[rng.below(givens.len())];
        let c = blanks[rng.below(blanks.len())];
        if a == b {
            continue;
        }
        let (va, vb) = (g.get(a), g.get(b));
        g.set(a, EMPTY);
        g.set(b, EMPTY);
        g.set(c, solution.get(c));
        if unique(&Puzzle::new("", g.clone())) {
            count -= 1;
        } else {
            g.set(a, va);
            g.set(b, vb);
            g.set(c, EMPTY);
        }
    }
    count
}

/// Whether the exact solver finds exactly one solution: the fastest 9x9 solver at 9x9, the plain
/// search elsewhere (the puzzles a generator asks about are nearly unique, where the restarted
/// matching searches `solve` follows a plain search with would only cost time).
pub fn unique(p: &Puzzle) -> bool {
    let answer = solve_nine(p, 2).unwrap_or_else(|| solve(p, Strategy::FULL, 2));
    matches!(answer.0, Solutions::Unique(_))
}

/// Whether every given is needed: without any one of them, the puzzle has several solutions.
pub fn is_minimal(p: &Puzzle) -> bool {
    let mut g = p.givens.clone();
    (0..g.cells().len()).all(|c| {
        let v = g.get(c);
        if v == EMPTY {
            return true;
        }
        g.set(c, EMPTY);
        let needed = !unique(&Puzzle::new("", g.clone()));
        g.set(c, v);
        needed
    })
}

/// A uniformly shuffled search for a full valid grid: the cell with the fewest candidates next,
/// its candidates in random order, backtracking on a dead end.
pub fn random_solution(geo: &'static Geometry, rng: &mut Rng) -> Grid {
    let n = geo.n;
    let all = geo.all_values_mask();
    let mut cand = vec![all; geo.cells];
    let mut value = vec![EMPTY; geo.cells];
    // each frame: the cell, the values still to try, and the candidates before the guess
    let mut stack: Vec<(usize, Vec<u8>, Vec<u32>)> = Vec::new();
    loop {
        // the open cell with the fewest candidates
        let next = (0..geo.cells)
            .filter(|&c| value[c] == EMPTY)
            .min_by_key(|&c| cand[c].count_ones());
        let Some(cell) = next else {
            return Grid::from_cells(geo, value).expect("values fit");
        };
        let mut options: Vec<u8> = (1..=n as u8)
            .filter(|&v| cand[cell] & (1 << (v - 1)) != 0)
            .collect();
        rng.shuffle(&mut options);
        stack.push((cell, options, cand.clone()));
        // try values until one leaves every cell a candidate, backing up when a frame runs dry
        loop {
            let Some((cell, options, saved)) = stack.last_mut() else {
                unreachable!("an empty grid has solutions");
            };
            let cell = *cell;
            let Some(v) = options.pop() else {
                stack.pop();
                let (c, _, s) = stack.last().expect("the first frame never runs dry");
                value[*c] = EMPTY;
                cand.clone_from(s);
                // the frame below tries its next value
                continue;
            };
            cand.clone_from(saved);
            value[cell] = v;
            let bit = 1u32 << (v - 1);
            cand[cell] = bit;
            let mut dead = false;
            for &p in &geo.peers[cell] {
                let p = p as usize;
                if value[p] == EMPTY {
                    cand[p] &= !bit;
                    dead |= cand[p] == 0;
                }
            }
            if !dead {
                break;
            }
            value[cell] = EMPTY;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_solutions_are_valid_and_differ() {
        for b in 2..=4 {
            let geo = Geometry::for_box(b).unwrap();
            let mut rng = Rng::new(7);
            let a = random_solution(geo, &mut rng);
            let c = random_solution(geo, &mut rng);
            assert!(a.is_valid_solution() && c.is_valid_solution(), "{b}");
            assert_ne!(a, c);
        }
    }
}
