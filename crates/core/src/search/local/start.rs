//! Starting fills: how a search fills the free cells, and how it takes over any grid.
//!
//! The classic representation lets every free cell hold any value. A permutation per box (or per
//! row) keeps each box (row) holding every value once, so only the other units can clash. When a
//! search starts from a grid on screen it repairs that grid into its representation with the
//! fewest changes: in each box (row), one cell of each value not already given stays as it is, and
//! only the repeated, given-clashing or empty cells receive the missing values.

use crate::board::{EMPTY, Geometry, Grid, Puzzle};
use crate::rng::Rng;

/// Which unit a permutation representation keeps valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PermUnit {
    /// Each box holds every value once.
    Box,
    /// Each row holds every value once.
    Row,
}

/// How much of the puzzle the tuned permutation searches settle before their first move: the
/// cells it determines become givens, and every other cell keeps only its candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Propagation {
    /// Nothing: every free cell may take any value.
    None,
    /// A cell's last candidate and a value's last place in a unit (naked and hidden singles).
    Singles,
    /// Singles, each unit's all-different constraint kept arc consistent (naked and hidden
    /// subsets of every size), and locked candidates where a box meets a row or column.
    Matching,
}

impl Propagation {
    /// The level a `propagate` parameter names: 0, 1 or 2 (anything above 2 counts as 2).
    pub fn from_level(level: f64) -> Propagation {
        match level as u32 {
            0 => Propagation::None,
            1 => Propagation::Singles,
            _ => Propagation::Matching,
        }
    }

    /// Whether moves keep values within candidates.
    pub fn restricts(self) -> bool {
        self != Propagation::None
    }
}

/// The free cells of each permuted unit, for drawing moves quickly.
#[derive(Clone, Debug)]
pub struct PermLayout {
    /// `groups[g]`: the free cells of box (or row) g, possibly fewer than two.
    pub groups: Vec<Vec<u16>>,
    /// Groups with at least two free cells: the only ones a swap can use.
    pub movable: Vec<u16>,
}

impl PermLayout {
    /// The free cells of each box (row) of `puzzle`.
    pub fn new(puzzle: &Puzzle, unit: PermUnit) -> PermLayout {
        let geo = puzzle.geometry();
        let groups: Vec<Vec<u16>> = (0..geo.n)
            .map(|g| {
                let cells = &geo.units[group_unit(geo, unit, g)];
                cells
                    .iter()
                    .copied()
                    .filter(|&c| !puzzle.is_given(c as usize))
                    .collect()
            })
            .collect();
        let movable = (0..geo.n as u16)
            .filter(|&g| groups[g as usize].len() >= 2)
            .collect();
        PermLayout { groups, movable }
    }

    /// Σ over groups of (free cells)²: Lewis's Markov chain length.
    pub fn chain_length(&self) -> usize {
        self.groups
            .iter()
            .map(|g| g.len() * g.len())
            .sum::<usize>()
            .max(1)
    }

    /// Number of distinct swaps.
    pub fn swap_count(&self) -> usize {
        self.groups
            .iter()
            .map(|g| g.len() * g.len().saturating_sub(1) / 2)
            .sum()
    }
}

fn group_unit(geo: &Geometry, unit: PermUnit, g: usize) -> usize {
    match unit {
        PermUnit::Row => g,
        PermUnit::Box => 2 * geo.n + g,
    }
}

/// Givens kept, every free cell a uniformly random value (the course's initial state).
pub fn random_fill(puzzle: &Puzzle, rng: &mut Rng) -> Grid {
    let mut g = puzzle.givens.clone();
    let n = puzzle.geometry().n;
    for c in puzzle.free_cells().collect::<Vec<_>>() {
        g.set(c, 1 + rng.below(n) as u8);
    }
    g
}

/// Any grid into the classic representation: givens restored, empty free cells filled at random,
/// everything else kept.
pub fn repair_free(puzzle: &Puzzle, start: &Grid, rng: &mut Rng) -> Grid {
    let n = puzzle.geometry().n;
    let mut g = start.clone();
    for c in 0..g.cells().len() {
        let given = puzzle.givens.get(c);
        if given != EMPTY {
            g.set(c, given);
        } else if g.get(c) == EMPTY {
            g.set(c, 1 + rng.below(n) as u8);
        }
    }
    g
}

/// A search's starting grid: the board on screen repaired into the representation (free values
/// when `unit` is `None`, a permutation per box or row otherwise), or a random one.
pub fn initial(
    puzzle: &Puzzle,
    unit: Option<PermUnit>,
    start: Option<&Grid>,
    rng: &mut Rng,
) -> Grid {
    match (unit, start) {
        (None, Some(g)) => repair_free(puzzle, g, rng),
        (None, None) => random_fill(puzzle, rng),
        (Some(u), Some(g)) => repair_perm(puzzle, u, g, rng),
        (Some(u), None) => random_perm(puzzle, u, rng),
    }
}

/// Each box (row) a random arrangement of the values its givens leave.
pub fn random_perm(puzzle: &Puzzle, unit: PermUnit, rng: &mut Rng) -> Grid {
    repair_perm(puzzle, unit, &puzzle.givens, rng)
}

/// Any grid into a permutation per box (row) with the fewest changes (see the module notes).
/// The values handed to the cells that must change are shuffled.
pub fn repair_perm(puzzle: &Puzzle, unit: PermUnit, start: &Grid, rng: &mut Rng) -> Grid {
    let geo = puzzle.geometry();
    let mut g = puzzle.givens.clone();
    for group in 0..geo.n {
        let cells = &geo.units[group_unit(geo, unit, group)];
        let mut used = vec![false; geo.n + 1];
        for &c in cells {
            used[puzzle.givens.get(c as usize) as usize] = true;
        }
        let mut to_fill = Vec::new();
        for &c in cells {
            let c = c as usize;
            if puzzle.is_given(c) {
                continue;
            }
            let v = start.get(c);
            if v != EMPTY && !used[v as usize] {
                used[v as usize] = true;
                g.set(c, v);
            } else {
                to_fill.push(c);
            }
        }
        let mut missing: Vec<u8> = (1..=geo.n as u8).filter(|&v| !used[v as usize]).collect();
        rng.shuffle(&mut missing);
        for (c, v) in to_fill.into_iter().zip(missing) {
            g.set(c, v);
        }
    }
    g
}

/// A puzzle whose givens include every cell that propagation (`how`) determines, with the
/// candidate mask of every cell: the reduced space the tuned permutation searches move in.
/// Givens that contradict each other lock nothing and allow every value.
pub fn locked(puzzle: &Puzzle, how: Propagation) -> (Puzzle, Vec<u32>) {
    let geo = puzzle.geometry();
    let cand = match how {
        Propagation::None => None,
        Propagation::Singles => {
            crate::search::exact::stepping::ExactSolver::root_candidates(puzzle)
        }
        Propagation::Matching => crate::search::exact::matching::root_candidates(puzzle),
    };
    let Some(cand) = cand else {
        return (puzzle.clone(), vec![geo.all_values_mask(); geo.cells]);
    };
    let values = cand
        .iter()
        .map(|&m| match m.count_ones() {
            1 => m.trailing_zeros() as u8 + 1,
            _ => EMPTY,
        })
        .collect();
    let givens = Grid::from_cells(geo, values).expect("propagated values fit");
    (Puzzle::new(puzzle.name.clone(), givens), cand)
}

/// Each box (row) filled with its missing values so that, where possible, every cell gets one of
/// its candidates (a random maximum matching, by augmenting paths); cells left over take the
/// remaining values at random.
pub fn candidate_perm(puzzle: &Puzzle, unit: PermUnit, cand: &[u32], rng: &mut Rng) -> Grid {
    let geo = puzzle.geometry();
    let mut g = puzzle.givens.clone();
    for group in 0..geo.n {
        let mut cells: Vec<usize> = geo.units[group_unit(geo, unit, group)]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !puzzle.is_given(c))
            .collect();
        let used = geo.units[group_unit(geo, unit, group)]
            .iter()
            .fold(0u32, |m, &c| match puzzle.givens.get(c as usize) {
                EMPTY => m,
                v => m | 1 << (v - 1),
            });
        let mut values: Vec<u8> = (1..=geo.n as u8)
            .filter(|v| used & 1 << (v - 1) == 0)
            .collect();
        rng.shuffle(&mut cells);
        rng.shuffle(&mut values);
        // owner[k]: index into `cells` holding values[k]
        let mut owner: Vec<Option<usize>> = vec![None; values.len()];
        for ci in 0..cells.len() {
            let mut seen = vec![false; values.len()];
            augment(ci, &cells, &values, cand, &mut owner, &mut seen);
        }
        let mut value_of: Vec<Option<u8>> = vec![None; cells.len()];
        for (k, o) in owner.iter().enumerate() {
            if let Some(ci) = o {
                value_of[*ci] = Some(values[k]);
            }
        }
        let mut spare = values
            .iter()
            .enumerate()
            .filter(|(k, _)| owner[*k].is_none())
            .map(|(_, &v)| v);
        for (ci, &c) in cells.iter().enumerate() {
            let v = value_of[ci]
                .or_else(|| spare.next())
                .expect("as many values as cells");
            g.set(c, v);
        }
    }
    g
}

fn augment(
    ci: usize,
    cells: &[usize],
    values: &[u8],
    cand: &[u32],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for k in 0..values.len() {
        if seen[k] || cand[cells[ci]] & 1 << (values[k] - 1) == 0 {
            continue;
        }
        seen[k] = true;
        if owner[k].is_none_or(|other| augment(other, cells, values, cand, owner, seen)) {
            owner[k] = Some(ci);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::cost::{Counted, cost};
    use crate::catalog::resolve_one;

    #[test]
    fn repair_keeps_what_it_can_and_makes_boxes_permutations() {
        let p = resolve_one("sudoku_7").unwrap();
        let mut rng = Rng::new(1);
        let start = random_fill(&p, &mut rng);
        for unit in [PermUnit::Box, PermUnit::Row] {
            let g = repair_perm(&p, unit, &start, &mut rng);
            assert!(g.keeps_givens(&p.givens));
            let counted = match unit {
                PermUnit::Box => Counted {
                    rows: false,
                    columns: false,
                    boxes: true,
                },
                PermUnit::Row => Counted {
                    rows: true,
                    columns: false,
                    boxes: false,
                },
            };
            assert_eq!(cost(&g, counted), 0, "every {unit:?} is a permutation");
            // a grid already in the representation is left unchanged
            assert_eq!(repair_perm(&p, unit, &g, &mut rng), g);
        }
        // the solution is in every representation already
        let sol = resolve_one(
            "374561928185429763962378415827613549649257831531984672496832157218745396753196284",
        )
        .unwrap();
        assert_eq!(
            repair_perm(&p, PermUnit::Box, &sol.givens, &mut rng),
            sol.givens
        );
        assert_eq!(repair_free(&p, &sol.givens, &mut rng), sol.givens);
    }

    /// Each propagation level keeps every value of a solution and narrows the level below it,
    /// and what it locks are that solution's values; the matching narrows singles on some
    /// puzzles.
    #[test]
    fn each_propagation_level_narrows_the_last_and_keeps_the_solution() {
        let mut puzzles = crate::catalog::resolve("top95").unwrap();
        puzzles.extend(crate::catalog::resolve("la16").unwrap().into_iter().take(5));
        let mut narrower = 0;
        for p in &puzzles {
            let (answer, _) = crate::search::exact::solve_fastest(p, 2);
            let solution = answer.grid().expect("the puzzle has a solution");
            let all = p.geometry().all_values_mask();
            let (same, none) = locked(p, Propagation::None);
            assert_eq!(same.givens, p.givens);
            assert!(none.iter().all(|&m| m == all));
            let (_, singles) = locked(p, Propagation::Singles);
            let (fixed, matching) = locked(p, Propagation::Matching);
            for c in 0..p.geometry().cells {
                let bit = 1 << (solution.get(c) - 1);
                assert!(matching[c] & bit != 0, "{} cell {c} lost its value", p.name);
                assert_eq!(matching[c] & !singles[c], 0, "{} cell {c}", p.name);
                match fixed.givens.get(c) {
                    EMPTY => assert!(matching[c].count_ones() > 1),
                    v => assert_eq!(v, solution.get(c), "{} cell {c}", p.name),
                }
            }
            assert!(fixed.givens.keeps_givens(&p.givens));
            narrower += usize::from(matching != singles);
        }
        assert!(narrower > 0, "the matching never narrowed singles");
    }

    /// Givens that contradict each other lock nothing and allow every value, at every level.
    #[test]
    fn contradictory_givens_lock_nothing() {
        // A1 can only be 1 (the rest of row A is 2-9), but I1 holds 1
        let p = resolve_one(&format!(".23456789{}1........", ".".repeat(63))).unwrap();
        for how in [Propagation::Singles, Propagation::Matching] {
            let (same, cand) = locked(&p, how);
            assert_eq!(same.givens, p.givens, "{how:?}");
            assert!(cand.iter().all(|&m| m == 0x1ff), "{how:?}");
        }
    }
}
