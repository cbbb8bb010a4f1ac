//! Counting solutions with every unit's all-different constraint kept arc consistent.
//!
//! A unit of n cells and n values is a permutation: a value may stay in a cell only when some
//! assignment of all the unit's values to its cells (a perfect matching between cells and their
//! candidates) puts it there. One matching is found by augmenting paths; then, in the graph where
//! a cell points to the cell matched to each of its candidates, a candidate is kept exactly when
//! its matched cell lies in the same strongly connected component as the cell (Régin's rule).
//! With at most 25 cells to a unit, a graph is a row of 32-bit masks and its components come
//! from a transitive closure in masks. This reasoning subsumes naked and hidden singles, pairs
//! and every larger subset within a unit.
//!
//! Locked candidates (a value a box keeps to its meeting with a row or column leaves the rest of
//! that line, and the other way round) add what one unit alone cannot see. It all costs more per
//! node than singles alone, and near the hard phase transition of 16x16 and 25x25 puzzles it
//! saves far more in nodes. The search guesses on the cell with fewest candidates per weight of
//! its units, a unit's weight counting the contradictions found in it (dom/wdeg); ties and the
//! order of values are in index order, or at random for restarts.

use super::solutions::{ExactStats, Solutions};
use std::sync::OnceLock;

use crate::board::geometry::MAX_BOX;
use crate::board::{EMPTY, Geometry, Grid, Puzzle};
use crate::rng::Rng;

/// A cell index within a unit, or none.
const NONE: u8 = u8::MAX;

/// Prune every candidate of a unit's cells (`masks`, one per cell) that no perfect matching
/// uses. `Some(changed)`, or `None` when the cells cannot take distinct values at all.
fn prune_unit(masks: &mut [u32]) -> Option<bool> {
    let n = masks.len();
    // owner[v]: the cell matched to value v; value[i]: the value matched to cell i
    let mut owner = [NONE; 32];
    let mut value = [NONE; 32];
    let mut taken = 0u32;
    for i in 0..n {
        // a free candidate first, which settles most cells without a path
        let free = masks[i] & !taken;
        if free != 0 {
            let v = free.trailing_zeros() as usize;
            owner[v] = i as u8;
            value[i] = v as u8;
            taken |= 1 << v;
        }
    }
    for i in 0..n {
        if value[i] == NONE {
            let mut visited = 0u32;
            if !augment(i, masks, &mut owner, &mut value, &mut visited) {
                return None;
            }
        }
    }
    // reach[i]: the cells reachable from cell i (itself included), closed transitively
    let mut reach = [0u32; 32];
    for i in 0..n {
        let mut r = 1u32 << i;
        let mut m = masks[i];
        while m != 0 {
            r |= 1 << owner[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        reach[i] = r;
    }
    for k in 0..n {
        let from_k = reach[k];
        for r in reach.iter_mut().take(n) {
            if *r & (1 << k) != 0 {
                *r |= from_k;
            }
        }
    }
    let mut changed = false;
    for i in 0..n {
        // the cells in i's component, and the values matched to them
        let mut values = 0u32;
        let mut r = reach[i];
        while r != 0 {
            let j = r.trailing_zeros() as usize;
            r &= r - 1;
            if reach[j] & (1 << i) != 0 {
                values |= 1 << value[j];
            }
        }
        let kept = masks[i] & values;
        if kept != masks[i] {
            masks[i] = kept;
            changed = true;
        }
    }
    Some(changed)
}

/// Match cell `i` along an augmenting path (Kuhn's search); `visited` marks values tried.
fn augment(
    i: usize,
    masks: &[u32],
    owner: &mut [u8; 32],
    value: &mut [u8; 32],
    visited: &mut u32,
) -> bool {
    let mut m = masks[i] & !*visited;
    while m != 0 {
        let v = m.trailing_zeros() as usize;
        m &= m - 1;
        *visited |= 1 << v;
        let o = owner[v];
        if o == NONE || augment(o as usize, masks, owner, value, visited) {
            owner[v] = i as u8;
            value[i] = v as u8;
            return true;
        }
        m &= !*visited;
    }
    false
}

/// A node of the search: candidates per cell, and which cells are settled (their value taken
/// from their peers).
#[derive(Clone, Debug)]
struct Node {
    cand: Vec<u32>,
    settled: Vec<bool>,
}

/// Where a box meets a line (row or column): the cells they share, the rest of each, and the
/// other meetings that make up the rest of each (their masks give the rest's values cheaply).
#[derive(Clone, Debug)]
struct Meet {
    inside: Vec<u16>,
    box_rest: Vec<u16>,
    line_rest: Vec<u16>,
    box_siblings: Vec<u16>,
    line_siblings: Vec<u16>,
}

/// Every meeting of a box with a row or column of `geo`, worked out once per box size.
fn meets(geo: &Geometry) -> &'static [Meet] {
    static BY_BOX: [OnceLock<Vec<Meet>>; MAX_BOX + 1] = [const { OnceLock::new() }; MAX_BOX + 1];
    BY_BOX[geo.box_size].get_or_init(|| find_meets(geo))
}

fn find_meets(geo: &Geometry) -> Vec<Meet> {
    let lines = &geo.units[..2 * geo.n];
    let mut found: Vec<(usize, usize, Vec<u16>)> = Vec::new();
    for (b, cells) in geo.units.iter().enumerate().skip(2 * geo.n) {
        for (l, line) in lines.iter().enumerate() {
            let inside: Vec<u16> = cells.iter().copied().filter(|c| line.contains(c)).collect();
            if !inside.is_empty() {
                found.push((b, l, inside));
            }
        }
    }
    let is_row = |l: usize| l < geo.n;
    // the other meetings (not `k`) that `keep` picks by box and line
    let others = |k: usize, keep: &dyn Fn(usize, usize) -> bool| -> Vec<u16> {
        (0..found.len())
            .filter(|&m| m != k && keep(found[m].0, found[m].1))
            .map(|m| m as u16)
            .collect()
    };
    let mut all = Vec::with_capacity(found.len());
    for (k, (b, l, inside)) in found.iter().enumerate() {
        let outside = |unit: &[u16]| -> Vec<u16> {
            unit.iter()
                .copied()
                .filter(|c| !inside.contains(c))
                .collect()
        };
        all.push(Meet {
            inside: inside.clone(),
            box_rest: outside(&geo.units[*b]),
            line_rest: outside(&geo.units[*l]),
            // the box's other meetings with lines of the same kind cover the rest of the box
            box_siblings: others(k, &|b2, l2| b2 == *b && is_row(l2) == is_row(*l)),
            line_siblings: others(k, &|_, l2| l2 == *l),
        });
    }
    all
}

/// The search: what it looks for, its budget, what it found, and its working space.
struct Search {
    geo: &'static Geometry,
    limit: u32,
    budget: u64,
    stats: ExactStats,
    found: u32,
    first: Option<Vec<u8>>,
    shuffle: Option<Rng>,
    scratch: Vec<u32>,
    /// The open cells of the unit being pruned, beside their masks in `scratch`.
    open: Vec<u16>,
    /// Cells left with one candidate, to settle.
    queue: Vec<u16>,
    /// Where each box meets each row and column.
    meets: &'static [Meet],
    /// Per meeting, the values its cells can take (refreshed by each pass of locked candidates).
    inside: Vec<u32>,
    /// Per unit, one plus the contradictions found in it: guesses go where failures cluster.
    weight: Vec<u32>,
}

impl Search {
    /// Settle every cell left with one candidate (taking its value from its peers), and keep
    /// every unit arc consistent, starting from the units marked in `dirty` and the cells in
    /// `queue`; false on a contradiction.
    fn propagate(&mut self, node: &mut Node, dirty: &mut u128) -> bool {
        let geo = self.geo;
        loop {
            // singles first: cheap, and the matching below must see every settled value gone
            // from the open cells of its unit
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                if node.settled[cell] {
                    continue;
                }
                node.settled[cell] = true;
                let bit = node.cand[cell];
                for &p in &geo.peers[cell] {
                    let p = p as usize;
                    // most peers no longer hold the value: test before the call
                    if node.cand[p] & bit != 0 && self.remove(node, dirty, p, bit).is_none() {
                        return false;
                    }
                }
            }
            if *dirty == 0 {
                match self.locked(node, dirty) {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => continue,
                }
            }
            let u = dirty.trailing_zeros() as usize;
            *dirty &= *dirty - 1;
            self.open.clear();
            self.scratch.clear();
            for &c in &geo.units[u] {
                let m = node.cand[c as usize];
                if m & (m - 1) != 0 {
                    self.open.push(c);
                    self.scratch.push(m);
                }
            }
            match prune_unit(&mut self.scratch) {
                None => {
                    self.weight[u] += 1;
                    return false;
                }
                Some(false) => {}
                Some(true) => {
                    for i in 0..self.open.len() {
                        // the matching keeps a value in every open cell: nothing is wiped out
                        let c = self.open[i] as usize;
                        let gone = node.cand[c] & !self.scratch[i];
                        self.remove(node, dirty, c, gone);
                    }
                }
            }
        }
    }

    /// Take the values of `gone` from `cell`: `Some(whether any was there)`, or `None` when the
    /// cell is left with none (its units gain weight). A cell that loses a value marks its units
    /// for the matching, and is queued to settle when one value is left. Inlined: settling a
    /// single calls it for every peer, and as a call it cost a fifth of the search (`bench exact
    /// --puzzle la25`).
    #[inline(always)]
    fn remove(
        &mut self,
        node: &mut Node,
        dirty: &mut u128,
        cell: usize,
        gone: u32,
    ) -> Option<bool> {
        let m = node.cand[cell];
        if m & gone == 0 {
            return Some(false);
        }
        let m = m & !gone;
        let units = &self.geo.cell_units[cell];
        if m == 0 {
            for &u in units {
                self.weight[u as usize] += 1;
            }
            return None;
        }
        node.cand[cell] = m;
        for &u in units {
            *dirty |= 1 << u;
        }
        if m & (m - 1) == 0 {
            self.queue.push(cell as u16);
        }
        Some(true)
    }

    /// Locked candidates: where a box meets a row or column, a value found in the meeting cells
    /// and nowhere else in one of the two units is taken from the rest of the other. `Some(any
    /// taken)`, or `None` on a contradiction (a cell left with no value).
    fn locked(&mut self, node: &mut Node, dirty: &mut u128) -> Option<bool> {
        let meets = self.meets;
        let mut any = false;
        self.inside.clear();
        for meet in meets {
            let of = meet
                .inside
                .iter()
                .fold(0u32, |m, &c| m | node.cand[c as usize]);
            self.inside.push(of);
        }
        for (k, meet) in meets.iter().enumerate() {
            let of = |siblings: &[u16]| {
                siblings
                    .iter()
                    .fold(0u32, |m, &s| m | self.inside[s as usize])
            };
            let inside = self.inside[k];
            let box_rest = of(&meet.box_siblings);
            let line_rest = of(&meet.line_siblings);
            for (only, clear) in [
                (inside & !box_rest, &meet.line_rest),
                (inside & !line_rest, &meet.box_rest),
            ] {
                if only == 0 {
                    continue;
                }
                for &c in clear {
                    any |= self.remove(node, dirty, c as usize, only)?;
                }
            }
        }
        Some(any)
    }

    /// The open cell with fewest candidates per weight of its units (a tie broken at random
    /// when shuffling), or `None` when every cell is settled.
    fn choose(&mut self, cand: &[u32]) -> Option<usize> {
        let (mut best, mut best_k, mut best_w, mut ties) = (None, 1u64, 0u64, 0);
        for (c, &m) in cand.iter().enumerate() {
            let k = u64::from(m.count_ones());
            if k < 2 {
                continue;
            }
            let w: u64 = self.geo.cell_units[c]
                .iter()
                .map(|&u| u64::from(self.weight[u as usize]))
                .sum();
            // k / w < best_k / best_w, without division
            let (lhs, rhs) = (k * best_w, best_k * w);
            if best.is_none() || lhs < rhs {
                (best, best_k, best_w, ties) = (Some(c), k, w, 1);
            } else if lhs == rhs
                && let Some(rng) = &mut self.shuffle
            {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = Some(c);
                }
            }
        }
        best
    }

    /// Count below this node (after placing what `queue` and `dirty` hold); false when the
    /// budget ran out.
    fn descend(&mut self, node: &mut Node, mut dirty: u128, depth: u32) -> bool {
        self.stats.propagations += 1;
        if !self.propagate(node, &mut dirty) {
            return true;
        }
        let Some(cell) = self.choose(&node.cand) else {
            self.found += 1;
            if self.first.is_none() {
                let values = node.cand.iter().map(|m| m.trailing_zeros() as u8 + 1);
                self.first = Some(values.collect());
                self.stats.solution_depth = Some(depth);
            }
            return true;
        };
        // the alternatives: each value of the cell
        let mut branches: Vec<(u16, u32)> = Vec::with_capacity(self.geo.n);
        let mut options = node.cand[cell];
        while options != 0 {
            let v = self.pick(options);
            options &= !(1 << v);
            branches.push((cell as u16, v));
        }
        let saved = node.clone();
        for (c, v) in branches {
            if self.found >= self.limit {
                return true;
            }
            if self.stats.guesses >= self.budget {
                return false;
            }
            self.stats.guesses += 1;
            self.stats.max_depth = self.stats.max_depth.max(depth + 1);
            node.clone_from(&saved);
            node.cand[c as usize] = 1 << v;
            self.queue.clear();
            self.queue.push(c);
            if !self.descend(node, 0, depth + 1) {
                return false;
            }
            self.stats.backtracks += 1;
        }
        true
    }

    /// The value (a bit index) of `options` to try next: the lowest, or one at random when
    /// shuffling.
    fn pick(&mut self, options: u32) -> u32 {
        let mut options = options;
        if let Some(rng) = &mut self.shuffle {
            for _ in 0..rng.below(options.count_ones() as usize) {
                options &= options - 1;
            }
        }
        options.trailing_zeros()
    }
}

/// How a count is searched: the guesses allowed, and optionally a seed for random ties and value
/// order, and a grid whose values guesses try first.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// Seed for breaking ties and ordering values at random (`None`: in order).
    pub seed: Option<u64>,
    /// Unit weights learnt by an earlier count of the same puzzle.
    pub weight: Option<&'a [u32]>,
}

/// What one bounded count found: the answer when the search ended within its guesses, and in
/// any case the first solution it met.
#[derive(Clone, Debug)]
pub struct Count {
    /// The answer, when the search ended within its budget.
    pub settled: Option<Solutions>,
    /// The first solution met (also when the budget ran out after it).
    pub first: Option<Grid>,
    /// The counters.
    pub stats: ExactStats,
    /// The unit weights at the end, for the next restart.
    pub weight: Vec<u32>,
}

/// The search on `puzzle` before its first propagation: its root node with the givens queued,
/// and every unit marked for the matching.
fn start(
    puzzle: &Puzzle,
    limit: u32,
    max_guesses: u64,
    options: Options<'_>,
) -> (Search, Node, u128) {
    let geo = puzzle.geometry();
    let full = geo.all_values_mask();
    let cand: Vec<u32> = puzzle
        .givens
        .cells()
        .iter()
        .map(|&v| if v == EMPTY { full } else { 1 << (v - 1) })
        .collect();
    let mut search = Search {
        geo,
        limit: limit.max(1),
        budget: max_guesses,
        stats: ExactStats::default(),
        found: 0,
        first: None,
        shuffle: options.seed.map(Rng::new),
        scratch: Vec::with_capacity(geo.n),
        open: Vec::with_capacity(geo.n),
        queue: Vec::with_capacity(geo.cells),
        meets: meets(geo),
        inside: Vec::new(),
        weight: options
            .weight
            .map_or_else(|| vec![1; geo.units.len()], <[u32]>::to_vec),
    };
    search
        .queue
        .extend((0..geo.cells as u16).filter(|&c| puzzle.givens.get(c as usize) != EMPTY));
    let node = Node {
        cand,
        settled: vec![false; geo.cells],
    };
    let every_unit = (1u128 << geo.units.len()) - 1;
    (search, node, every_unit)
}

/// The candidates left once the givens are propagated without a guess (singles, every unit's
/// all-different kept arc consistent, locked candidates); `None` when the givens contradict
/// each other.
pub fn root_candidates(puzzle: &Puzzle) -> Option<Vec<u32>> {
    let (mut search, mut node, mut dirty) = start(puzzle, 1, 0, Options::default());
    search.propagate(&mut node, &mut dirty).then_some(node.cand)
}

/// Count `puzzle`'s solutions up to `limit` with at most `max_guesses` guesses.
pub fn count(puzzle: &Puzzle, limit: u32, max_guesses: u64, options: Options<'_>) -> Count {
    let geo = puzzle.geometry();
    let (mut search, mut node, dirty) = start(puzzle, limit, max_guesses, options);
    let ended = search.descend(&mut node, dirty, 0);
    let first = search
        .first
        .map(|v| Grid::from_cells(geo, v).expect("solver grids fit"));
    let settled = (ended || search.found >= search.limit).then(|| match (search.found, &first) {
        (0, _) | (_, None) => Solutions::None,
        (1, Some(g)) => Solutions::Unique(g.clone()),
        (_, Some(g)) => Solutions::Several(g.clone()),
    });
    Count {
        settled,
        first,
        stats: search.stats,
        weight: search.weight,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every candidate a brute-force search over permutations can use is kept, and no other.
    #[test]
    fn pruning_keeps_exactly_the_values_some_matching_uses() {
        let mut rng = Rng::new(7);
        for _ in 0..2_000 {
            let n = 2 + rng.below(5);
            let full = (1u32 << n) - 1;
            let masks: Vec<u32> = (0..n)
                .map(|_| (rng.next_u64() as u32 & full) | (1 << rng.below(n)))
                .collect();
            let mut supported = vec![0u32; n];
            let mut any = false;
            permutations(n, &mut Vec::new(), &mut |p| {
                if p.iter().enumerate().all(|(i, &v)| masks[i] & (1 << v) != 0) {
                    any = true;
                    for (i, &v) in p.iter().enumerate() {
                        supported[i] |= 1 << v;
                    }
                }
            });
            let mut pruned = masks.clone();
            match prune_unit(&mut pruned) {
                None => assert!(!any, "{masks:?} has a matching"),
                Some(changed) => {
                    assert!(any, "{masks:?} has no matching");
                    assert_eq!(pruned, supported, "{masks:?}");
                    assert_eq!(changed, pruned != masks);
                }
            }
        }
    }

    fn permutations(n: usize, prefix: &mut Vec<usize>, visit: &mut impl FnMut(&[usize])) {
        if prefix.len() == n {
            visit(prefix);
            return;
        }
        for v in 0..n {
            if !prefix.contains(&v) {
                prefix.push(v);
                permutations(n, prefix, visit);
                prefix.pop();
            }
        }
    }
}
