//! How hard a puzzle is, by what solving it needs: a solver that reasons as a person does, with
//! named techniques in order of difficulty, and never guesses.
//!
//! - `easy`: singles alone (a cell with one candidate left; a value with one place left in a
//!   row, column or box) solve it;
//! - `medium`: it also needs locked candidates (a value confined to one line inside a box, or to
//!   one box inside a line) or naked and hidden pairs;
//! - `hard`: those techniques stall before the end: solving it needs a guess.

use crate::board::{EMPTY, Geometry, Puzzle};

/// A difficulty, from what solving needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Singles only.
    Easy,
    /// Locked candidates or pairs, no guess.
    Medium,
    /// A guess is needed.
    Hard,
}

impl Grade {
    /// The grade's name, as `--difficulty` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
        }
    }

    /// The grade of that name.
    pub fn from_name(name: &str) -> Option<Grade> {
        [Grade::Easy, Grade::Medium, Grade::Hard]
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Candidates per cell as bit masks (bit v-1 for value v), with the geometry.
struct Marks {
    geo: &'static Geometry,
    cand: Vec<u32>,
    value: Vec<u8>,
}

impl Marks {
    /// The pencil marks of the givens; `None` when two givens clash.
    fn new(puzzle: &Puzzle) -> Option<Marks> {
        let geo = puzzle.geometry();
        let mut m = Marks {
            geo,
            cand: vec![geo.all_values_mask(); geo.cells],
            value: vec![EMPTY; geo.cells],
        };
        for c in 0..geo.cells {
            let v = puzzle.givens.get(c);
            if v != EMPTY && !m.place(c, v) {
                return None;
            }
        }
        Some(m)
    }

    /// Set `cell` to `v` and remove `v` from its peers; false on a contradiction.
    fn place(&mut self, cell: usize, v: u8) -> bool {
        let bit = 1u32 << (v - 1);
        if self.cand[cell] & bit == 0 {
            return false;
        }
        self.value[cell] = v;
        self.cand[cell] = bit;
        for &p in &self.geo.peers[cell] {
            let p = p as usize;
            if self.value[p] == v {
                return false;
            }
            self.cand[p] &= !bit;
        }
        true
    }

    fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != EMPTY)
    }

    fn broken(&self) -> bool {
        self.cand
            .iter()
            .zip(&self.value)
            .any(|(&c, &v)| v == EMPTY && c == 0)
    }

    /// Naked and hidden singles until none is left; false on a contradiction.
    fn singles(&mut self) -> bool {
        loop {
            let mut progress = false;
            for c in 0..self.geo.cells {
                if self.value[c] == EMPTY && self.cand[c].count_ones() == 1 {
                    let v = self.cand[c].trailing_zeros() as u8 + 1;
                    if !self.place(c, v) {
                        return false;
                    }
                    progress = true;
                }
            }
            for unit in &self.geo.units {
                for v in 1..=self.geo.n as u8 {
                    let bit = 1u32 << (v - 1);
                    if unit.iter().any(|&c| self.value[c as usize] == v) {
                        continue;
                    }
                    let mut places = unit.iter().filter(|&&c| self.cand[c as usize] & bit != 0);
                    match (places.next(), places.next()) {
                        (None, _) => return false,
                        (Some(&c), None) => {
                            if !self.place(c as usize, v) {
                                return false;
                            }
                            progress = true;
                        }
                        _ => {}
                    }
                }
            }
            if !progress {
                return !self.broken();
            }
        }
    }

    /// Remove `bit` from `cell` if it is open there; says whether it did.
    fn eliminate(&mut self, cell: usize, bit: u32) -> bool {
        if self.value[cell] == EMPTY && self.cand[cell] & bit != 0 && self.cand[cell] != bit {
            self.cand[cell] &= !bit;
            true
        } else {
            false
        }
    }

    /// Locked candidates, both ways: a value whose places in one unit all lie in a second unit
    /// is removed from the rest of the second. Says whether anything was removed.
    fn locked_candidates(&mut self) -> bool {
        let geo = self.geo;
        let mut progress = false;
        for (u, unit) in geo.units.iter().enumerate() {
            for v in 1..=geo.n as u8 {
                let bit = 1u32 << (v - 1);
                let places: Vec<usize> = unit
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.value[c] == EMPTY && self.cand[c] & bit != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                // the other units every place shares
                for k in 0..3 {
                    let other = geo.cell_units[places[0]][k] as usize;
                    if other == u
                        || !places
                            .iter()
                            .all(|&c| geo.cell_units[c][k] as usize == other)
                    {
                        continue;
                    }
                    for &c in &geo.units[other] {
                        let c = c as usize;
                        if !places.contains(&c) {
                            progress |= self.eliminate(c, bit);
                        }
                    }
                }
            }
        }
        progress
    }

    /// Naked pairs (two cells of a unit with the same two candidates) and hidden pairs (two
    /// values with the same two places in a unit). Says whether anything was removed.
    fn pairs(&mut self) -> bool {
        let geo = self.geo;
        let mut progress = false;
        for unit in &geo.units {
            let open: Vec<usize> = unit
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| self.value[c] == EMPTY)
                .collect();
            for (i, &a) in open.iter().enumerate() {
                if self.cand[a].count_ones() != 2 {
                    continue;
                }
                for &b in &open[i + 1..] {
                    if self.cand[b] == self.cand[a] {
                        let pair = self.cand[a];
                        for &c in &open {
                            if c != a && c != b && self.cand[c] & pair != 0 {
                                self.cand[c] &= !pair;
                                progress = true;
                            }
                        }
                    }
                }
            }
            // hidden pairs: the places of each value as a mask over the unit's positions
            let places: Vec<u64> = (0..geo.n)
                .map(|v| {
                    open.iter().enumerate().fold(0u64, |m, (k, &c)| {
                        if self.cand[c] & (1 << v) != 0 {
                            m | 1 << k
                        } else {
                            m
                        }
                    })
                })
                .collect();
            for x in 0..geo.n {
                if places[x].count_ones() != 2 {
                    continue;
                }
                for y in x + 1..geo.n {
                    if places[y] != places[x] {
                        continue;
                    }
                    let keep = (1u32 << x) | (1u32 << y);
                    for (k, &c) in open.iter().enumerate() {
                        if places[x] & (1 << k) != 0 && self.cand[c] & !keep != 0 {
                            self.cand[c] &= keep;
                            progress = true;
                        }
                    }
                }
            }
        }
        progress
    }
}

/// The grade of a puzzle with a unique solution (a puzzle with none or several is `Hard`: no
/// chain of deductions settles it).
pub fn grade(puzzle: &Puzzle) -> Grade {
    deduce(puzzle).0
}

/// The grade, and the grid the deductions filled (complete unless `Hard`).
fn deduce(puzzle: &Puzzle) -> (Grade, Vec<u8>) {
    let Some(mut m) = Marks::new(puzzle) else {
        return (Grade::Hard, Vec::new());
    };
    let mut needed = Grade::Easy;
    loop {
        if !m.singles() {
            return (Grade::Hard, m.value);
        }
        if m.solved() {
            return (needed, m.value);
        }
        if m.locked_candidates() || m.pairs() {
            needed = Grade::Medium;
            continue;
        }
        return (Grade::Hard, m.value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::resolve_one;

    /// Singles are what the exact solver propagates: a puzzle is easy exactly when that
    /// solver needs no guess. Checked over whole sets of every kind.
    #[test]
    fn easy_means_the_exact_solver_needs_no_guess() {
        use crate::search::exact::{Solutions, Strategy, solve};
        let mut seen = [0; 3];
        for set in ["easy50", "top95", "hardest", "euler96"] {
            for p in crate::catalog::resolve(set).unwrap() {
                let (g, filled) = deduce(&p);
                seen[g as usize] += 1;
                let (solutions, stats) = solve(&p, Strategy::FULL, 2);
                let guesses = stats.guesses;
                if g != Grade::Hard {
                    // every deduction was sound: what it filled is the solution
                    let Solutions::Unique(sol) = solutions else {
                        panic!("{}", p.name)
                    };
                    assert_eq!(filled, sol.cells(), "{}", p.name);
                }
                assert_eq!(
                    g == Grade::Easy,
                    guesses == 0,
                    "{} is {g:?}: {guesses} guesses",
                    p.name
                );
            }
        }
        assert!(seen.iter().all(|&k| k > 0), "every grade met: {seen:?}");
        assert_eq!(grade(&resolve_one("euler96:1").unwrap()), Grade::Easy);
        // top95:1, hard for backtracking (100 guesses), falls to locked candidates and pairs
        assert_eq!(grade(&resolve_one("top95:1").unwrap()), Grade::Medium);
        assert_eq!(Grade::from_name("Medium"), Some(Grade::Medium));
    }
}
