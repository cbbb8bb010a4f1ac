//! The state of a permutation representation (each box, or each row, holds a permutation of
//! its values), laid out for the annealing inner loop.
//!
//! The free cells of each group that can move (two free cells or more) are its slots: slot
//! `g << 5 | k` is the k-th free cell of movable group g, so a group's slots sit side by side
//! and every table below is indexed by a shifted small number, masked to a power of two (no
//! bound checks in the loop). A slot lies in two counted units (row and column for boxes;
//! column and box for rows — its group's own unit is complete by construction).
//!
//! Each counted unit keeps its value counts and one word: bit v says value v is there exactly
//! once, bit 32 + v that it is there at all. A swap's cost change is then four word loads with
//! no branch. Each group keeps a mask of its clashing slots (value repeated in a unit) and each
//! slot the mask of its group's slots holding a value it may take; accepted swaps keep them up
//! to date, so a proposal reads them instead of scanning the group. The cost is the number of
//! values missing from the counted units, as [`crate::board::cost`] counts it.

use super::repr::{PermLayout, PermUnit};
use crate::board::cost::cost;
use crate::board::{Counted, Grid};
use crate::rng::{Rng, scale};

/// Units (3·25 < 128), (unit, value) and (unit, place) pairs, and slots: table sizes.
const UNITS: usize = 128;
const PAIRS: usize = UNITS << 5;
const SLOTS: usize = 32 << 5;
/// The unit of the padding slots past a group's end: never counted, its word stays 0.
const NO_UNIT: u8 = UNITS as u8 - 1;
/// `unit_slot` of a cell that never moves.
const NO_SLOT: u16 = u16::MAX;
/// A value's bit in the "present" half of a unit word.
const PRESENT: u8 = 32;

const _: () = assert!(crate::board::geometry::MAX_BOX == 5 && 3 * 25 < NO_UNIT as usize);

#[derive(Clone, Debug)]
pub struct PermState {
    /// Every cell's value, givens included (kept equal to the slots' values).
    pub cells: Vec<u8>,
    /// Movable groups.
    groups: usize,
    /// The longest group, rounded up to whole lanes of four (so the update of `wanted`
    /// vectorises; the padding slots hold no candidates and want nothing).
    width: usize,
    /// All the tables in one allocation, so the loop reaches each at a fixed offset from one
    /// base.
    t: Box<Tables>,
    cost: u32,
}

#[derive(Clone, Debug)]
struct Tables {
    /// Per slot: its value (0 past a group's end), cell, counted units and places in them,
    /// and candidates shifted so that bit v stands for value v.
    val: [u8; SLOTS],
    cell: [u16; SLOTS],
    units: [[u8; 2]; SLOTS],
    places: [[u8; 2]; SLOTS],
    cand: [u32; SLOTS],
    /// Free cells of each movable group.
    lens: [u8; 32],
    /// `takers[g << 5 | v]`: the slots of group g that have v among their candidates.
    takers: [u32; SLOTS],
    /// `wanted[s]`: the slots of s's group holding a value among s's candidates.
    wanted: [u32; SLOTS],
    /// Per movable group, bit k: slot k holds a value repeated in one of its units.
    clashing: [u32; 32],
    /// `counts[u << 5 | v]`: cells of unit u holding v.
    counts: [u8; PAIRS],
    /// Per unit: bit v = value v there once, bit 32 + v = value v there.
    words: [u64; UNITS],
    /// `holders[u << 5 | v]`: the places in unit u holding v.
    holders: [u32; PAIRS],
    /// `unit_slot[u << 5 | p]`: the slot at place p of unit u (`NO_SLOT` if it never moves).
    unit_slot: [u16; PAIRS],
}

/// (unit, value) pairs whose "repeated" status a swap changed: at most one per counted unit
/// of each of the two cells.
#[derive(Default)]
struct Flips {
    at: [(u8, u8); 4],
    n: usize,
}

impl Flips {
    /// Keep `pair` if `yes` (written either way, so no branch). A swap notes at most four
    /// pairs in each list, so `n` stays within `at`.
    #[inline(always)]
    fn note(&mut self, pair: (u8, u8), yes: bool) {
        self.at[self.n & 3] = pair;
        self.n += yes as usize;
    }

    #[inline(always)]
    fn pairs(&self) -> &[(u8, u8)] {
        &self.at[..self.n]
    }
}

/// Two slots of one group: a proposed exchange.
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    a: usize,
    b: usize,
}

/// How a pair is drawn: the first cell with probability `min_conflicts` among the group's
/// clashing cells; with `restrict`, the partner keeps both values within their candidates.
#[derive(Clone, Copy, Debug)]
pub struct Draw {
    /// A 16-bit coin below this takes the clashing-cell rule.
    conflict_coin: u32,
    restrict: bool,
}

impl Draw {
    pub fn new(min_conflicts: f64, restrict: bool) -> Draw {
        Draw {
            // coin < min_conflicts·65536 for an integer coin
            conflict_coin: (min_conflicts * 65536.0).ceil() as u32,
            restrict,
        }
    }
}

impl PermState {
    /// The state of `grid`, which holds a permutation in each group of `layout`; `cand` holds
    /// each cell's candidates, bit v−1 for value v (all values when moves are not restricted).
    pub fn new(grid: &Grid, layout: &PermLayout, unit: PermUnit, cand: &[u32]) -> PermState {
        let geo = grid.geometry();
        // kinds 0, 1, 2: row, column, box
        let kinds = match unit {
            PermUnit::Box => [0, 1],
            PermUnit::Row => [1, 2],
        };
        let units_of = |c: usize| kinds.map(|k| geo.cell_units[c][k] as u8);
        let place = |u: u8, c: usize| {
            let cells = &geo.units[u as usize];
            cells.iter().position(|&x| x as usize == c).unwrap_or(0) as u8
        };
        let mut s = PermState {
            cells: grid.cells().to_vec(),
            groups: layout.movable.len(),
            width: 0,
            t: Box::new(Tables {
                val: [0; SLOTS],
                cell: [0; SLOTS],
                units: [[NO_UNIT; 2]; SLOTS],
                places: [[0; 2]; SLOTS],
                cand: [0; SLOTS],
                lens: [0; 32],
                takers: [0; SLOTS],
                wanted: [0; SLOTS],
                clashing: [0; 32],
                counts: [0; PAIRS],
                words: [0; UNITS],
                holders: [0; PAIRS],
                unit_slot: [NO_SLOT; PAIRS],
            }),
            cost: cost(grid, counted_units(unit)),
        };
        for (c, &v) in grid.cells().iter().enumerate() {
            for u in units_of(c) {
                s.t.holders[index(u, v)] |= 1 << place(u, c);
                s.add(u, v, 1);
            }
        }
        for (g, &group) in layout.movable.iter().enumerate() {
            let cells = &layout.groups[group as usize];
            s.t.lens[g] = cells.len() as u8;
            s.width = s.width.max(cells.len().next_multiple_of(4));
            for (k, &c) in cells.iter().enumerate() {
                let (slot, c) = (g << 5 | k, c as usize);
                s.t.val[slot] = grid.get(c);
                s.t.cell[slot] = c as u16;
                s.t.units[slot] = units_of(c);
                s.t.places[slot] = s.t.units[slot].map(|u| place(u, c));
                s.t.cand[slot] = cand[c] << 1;
                for u in 0..2 {
                    s.t.unit_slot[index(s.t.units[slot][u], s.t.places[slot][u])] = slot as u16;
                }
                for v in 1..=geo.n {
                    s.t.takers[g << 5 | v] |= (s.t.cand[slot] >> v & 1) << k;
                }
            }
            for k in 0..cells.len() {
                let slot = g << 5 | k;
                s.refresh(slot);
                for x in 0..cells.len() {
                    s.t.wanted[slot] |= (s.t.cand[slot] >> s.t.val[g << 5 | x] & 1) << x;
                }
            }
        }
        s
    }

    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// Groups with two free cells or more.
    pub fn movable(&self) -> usize {
        self.groups
    }

    /// The cells of a pair and their values.
    #[inline(always)]
    pub fn cells_of(&self, pair: Pair) -> ((usize, u8), (usize, u8)) {
        let (a, b) = (pair.a & (SLOTS - 1), pair.b & (SLOTS - 1));
        (
            (self.t.cell[a] as usize, self.t.val[a]),
            (self.t.cell[b] as usize, self.t.val[b]),
        )
    }

    #[inline(always)]
    fn word(&self, unit: u8) -> u64 {
        self.t.words[unit as usize & (UNITS - 1)]
    }

    /// Two distinct slots of one random movable group. The first is drawn at random; with
    /// probability `min_conflicts` it moves on to the first clashing cell from there
    /// (cyclically), if the group has one. The partner is drawn among the others; with
    /// `restrict`, when that exchange would put a value outside its cell's candidates, it is
    /// drawn again among the slots whose exchange keeps both values within their candidates,
    /// or stays when there is none. Two generator calls, a third only for the redraw.
    #[inline(always)]
    pub fn draw(&self, draw: Draw, rng: &mut Rng) -> Pair {
        let (g, bits) = rng.below_and_bits(self.groups);
        let len = self.t.lens[g & 31] as usize;
        let start = g << 5;
        let mut i = scale(bits, len);
        let (coin, partner_bits) = rng.below_and_bits(1 << 16);
        let guided = 0u32.wrapping_sub(((coin as u32) < draw.conflict_coin) as u32);
        let clashing = self.t.clashing[g & 31] & guided;
        // the first clashing slot at or after i, wrapping round; i itself when there is none
        let turned = (clashing >> i) | (clashing << (len - i));
        i += turned.trailing_zeros() as usize & 0usize.wrapping_sub((clashing != 0) as usize);
        i -= len * (i >= len) as usize;
        let a = start | i;
        let j = scale(partner_bits, len - 1);
        let k = j + (j >= i) as usize;
        let pair = Pair { a, b: start | k };
        if !draw.restrict {
            return pair;
        }
        // the slots that can take a's value and hold a value a can take
        let va = self.t.val[a & (SLOTS - 1)] as usize;
        let fits = self.t.takers[(start | va) & (SLOTS - 1)] & self.t.wanted[a & (SLOTS - 1)];
        let fits = fits & !(1 << i);
        if fits >> k & 1 != 0 || fits == 0 {
            return pair;
        }
        let k = select(
            fits,
            scale(rng.next_u64() as u32, count(fits) as usize) as u32,
        );
        Pair {
            b: start | k as usize,
            ..pair
        }
    }

    /// Cost change if the pair's slots exchanged values: per counted unit, +1 when the
    /// outgoing value was there once, −1 when the incoming one was missing; a unit both cells
    /// lie in keeps its counts.
    #[inline(always)]
    pub fn delta(&self, pair: Pair) -> i32 {
        let (a, b) = (pair.a & (SLOTS - 1), pair.b & (SLOTS - 1));
        let (ua, ub) = (self.t.units[a], self.t.units[b]);
        let (va, vb) = (self.t.val[a] as u32, self.t.val[b] as u32);
        let mut d = 0;
        for k in 0..2 {
            let (wa, wb) = (self.word(ua[k]), self.word(ub[k]));
            // once(old) + present(new) − 1, for each of the two cells
            let change = (wa >> va & 1)
                + (wa >> (PRESENT as u32 + vb) & 1)
                + (wb >> vb & 1)
                + (wb >> (PRESENT as u32 + va) & 1);
            d += (change as i32 - 2) * (ua[k] != ub[k]) as i32;
        }
        d
    }

    /// Exchange the values of the pair's slots, whose cost change is `delta`.
    #[inline(always)]
    pub fn swap(&mut self, pair: Pair, delta: i32) {
        let (a, b) = (pair.a & (SLOTS - 1), pair.b & (SLOTS - 1));
        let (va, vb) = (self.t.val[a], self.t.val[b]);
        self.t.val[a] = vb;
        self.t.val[b] = va;
        self.cells[self.t.cell[a] as usize] = vb;
        self.cells[self.t.cell[b] as usize] = va;
        self.cost = self.cost.wrapping_add_signed(delta);
        // every slot of the group: does it want the values now at a and b
        let (start, at_a, at_b) = (a & !31, 1u32 << (a & 31), 1u32 << (b & 31));
        let end = (start + self.width).min(SLOTS);
        let keep = !(at_a | at_b);
        let wanted = self.t.wanted[start..end].chunks_exact_mut(4);
        for (w, cand) in wanted.zip(self.t.cand[start..end].chunks_exact(4)) {
            for k in 0..4 {
                w[k] = (w[k] & keep) | ((cand[k] >> vb & 1) * at_a) | ((cand[k] >> va & 1) * at_b);
            }
        }
        let (mut gained, mut lost) = (Flips::default(), Flips::default());
        for k in 0..2 {
            let (ua, ub) = (self.t.units[a][k], self.t.units[b][k]);
            let (pa, pb) = (self.t.places[a][k], self.t.places[b][k]);
            if ua == ub {
                // the two values change places; the unit's counts stay
                let both = 1 << pa | 1 << pb;
                self.t.holders[index(ua, va)] ^= both;
                self.t.holders[index(ua, vb)] ^= both;
            } else {
                self.replace(ua, pa, va, vb, &mut gained, &mut lost);
                self.replace(ub, pb, vb, va, &mut gained, &mut lost);
            }
        }
        self.refresh(a);
        self.refresh(b);
        // A place whose cell never moves has `NO_SLOT`, which lands in group 31: no puzzle has
        // that many groups, so its bits are written and never read, and the loops need no test.
        for &(u, v) in gained.pairs() {
            // every holder of a value now repeated clashes
            let mut places = self.t.holders[index(u, v)];
            while places != 0 {
                let slot = self.t.unit_slot[index(u, places.trailing_zeros() as u8)] as usize;
                self.t.clashing[slot >> 5 & 31] |= 1 << (slot & 31);
                places &= places - 1;
            }
        }
        for &(u, v) in lost.pairs() {
            // the one holder left may still clash in its other unit
            let mut places = self.t.holders[index(u, v)];
            while places != 0 {
                self.refresh(self.t.unit_slot[index(u, places.trailing_zeros() as u8)] as usize);
                places &= places - 1;
            }
        }
    }

    /// Place `p` of `unit` goes from `old` to `new`: counts, words and holders follow; a value
    /// that becomes repeated there is noted in `gained`, one that stops being in `lost`.
    #[inline(always)]
    fn replace(&mut self, unit: u8, p: u8, old: u8, new: u8, gained: &mut Flips, lost: &mut Flips) {
        self.t.holders[index(unit, old)] &= !(1 << p);
        self.t.holders[index(unit, new)] |= 1 << p;
        let left = self.add(unit, old, -1);
        lost.note((unit, old), left == 1);
        let now = self.add(unit, new, 1);
        gained.note((unit, new), now == 2);
    }

    /// Recompute whether `slot` holds a value repeated in one of its units.
    #[inline(always)]
    fn refresh(&mut self, slot: usize) {
        let slot = slot & (SLOTS - 1);
        let [p, q] = self.t.units[slot].map(|u| self.word(u));
        // present and not once: more than once
        let repeated = (p >> PRESENT) & !p | (q >> PRESENT) & !q;
        let bit = 1u32 << (slot & 31);
        let m = &mut self.t.clashing[slot >> 5];
        *m = (*m & !bit) | (bit * (repeated >> self.t.val[slot] & 1) as u32);
    }

    /// Count `by` more (or fewer) of `value` in `unit`, refresh the unit's word, and return
    /// the new count.
    #[inline(always)]
    fn add(&mut self, unit: u8, value: u8, by: i8) -> u8 {
        let i = index(unit, value);
        let c = self.t.counts[i].wrapping_add_signed(by);
        self.t.counts[i] = c;
        let w = &mut self.t.words[unit as usize & (UNITS - 1)];
        let (once, present) = (1u64 << value, 1u64 << (PRESENT + value));
        *w = (*w & !(once | present)) | (once * (c == 1) as u64) | (present * (c > 0) as u64);
        c
    }
}

/// The units a permutation representation counts: the ones its groups do not fill.
pub fn counted_units(unit: PermUnit) -> Counted {
    match unit {
        PermUnit::Box => Counted::LINES,
        PermUnit::Row => Counted::COLUMNS_AND_BOXES,
    }
}

/// Index of (unit, value) or (unit, place) in the per-unit tables.
#[inline(always)]
fn index(unit: u8, x: u8) -> usize {
    ((unit as usize) << 5 | x as usize) & (PAIRS - 1)
}

/// Set bits of each byte of `x` (no popcount instruction on the baseline target).
#[inline(always)]
fn byte_counts(x: u32) -> u32 {
    let a = x - ((x >> 1) & 0x5555_5555);
    let b = (a & 0x3333_3333) + ((a >> 2) & 0x3333_3333);
    (b + (b >> 4)) & 0x0f0f_0f0f
}

/// How many bits of `x` are set.
#[inline(always)]
fn count(x: u32) -> u32 {
    byte_counts(x).wrapping_mul(0x0101_0101) >> 24
}

/// Position of the `r`-th (from 0) set bit of `x`, which has more than `r`: the byte holding
/// it from running byte totals compared all at once, then a table within the byte.
#[inline(always)]
fn select(x: u32, r: u32) -> u32 {
    // byte j of `upto`: set bits in bytes 0..=j (at most 32, so no byte overflows)
    let upto = byte_counts(x).wrapping_mul(0x0101_0101);
    // high bit of byte j: upto_j ≤ r (no borrow crosses a byte since r, upto_j ≤ 32)
    let done = ((r * 0x0101_0101) | 0x8080_8080).wrapping_sub(upto) & 0x8080_8080;
    // bytes wholly before the r-th bit form a prefix, so their number is the byte's index
    let byte = ((done >> 7).wrapping_mul(0x0101_0101) >> 24) * 8;
    let before = (upto << 8) >> byte & 0xff;
    byte + SELECT_IN_BYTE[((x >> byte & 0xff) << 3 | (r - before)) as usize & 2047] as u32
}

/// `SELECT_IN_BYTE[b << 3 | r]`: position of the r-th set bit of byte b.
const SELECT_IN_BYTE: [u8; 2048] = {
    let mut t = [0u8; 2048];
    let mut b = 0;
    while b < 256 {
        let (mut r, mut p) = (0, 0);
        while p < 8 {
            if b >> p & 1 == 1 {
                t[b << 3 | r] = p as u8;
                r += 1;
            }
            p += 1;
        }
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Puzzle;
    use crate::board::cost::conflicts;
    use crate::catalog;
    use crate::search::repr;

    #[test]
    fn select_and_count_agree_with_a_plain_scan() {
        let mut rng = Rng::new(9);
        for _ in 0..20_000 {
            let x = rng.next_u64() as u32 >> (rng.below(32) as u32);
            let set: Vec<u32> = (0..32).filter(|&p| x >> p & 1 == 1).collect();
            assert_eq!(count(x) as usize, set.len());
            for (r, &p) in set.iter().enumerate() {
                assert_eq!(select(x, r as u32), p, "x={x:#x} r={r}");
            }
        }
    }

    /// Random swaps (restricted or not) keep every incremental table equal to a recount.
    fn check_against_recount(puzzle: &Puzzle, unit: PermUnit, restrict: bool, seed: u64) {
        let mut rng = Rng::new(seed);
        let (locked, cand) = if restrict {
            repr::locked(puzzle)
        } else {
            let geo = puzzle.geometry();
            (puzzle.clone(), vec![geo.all_values_mask(); geo.cells])
        };
        let grid = repr::candidate_perm(&locked, unit, &cand, &mut rng);
        let layout = PermLayout::new(&locked, unit);
        let mut s = PermState::new(&grid, &layout, unit, &cand);
        let draw = Draw::new(0.5, restrict);
        for step in 0..3000 {
            let pair = s.draw(draw, &mut rng);
            let ((a, va), (b, vb)) = s.cells_of(pair);
            assert!(a != b && s.cells[a] == va && s.cells[b] == vb);
            let d = s.delta(pair);
            s.swap(pair, d);
            let g = Grid::from_cells(grid.geometry(), s.cells.clone()).unwrap();
            assert_eq!(s.cost(), cost(&g, counted_units(unit)), "step {step}");
            // clashing masks: a cell repeats a value in a counted unit
            let clash = counted_conflicts(&g, unit);
            for (m, &len) in s.t.lens[..s.groups].iter().enumerate() {
                for k in 0..len as usize {
                    let slot = m << 5 | k;
                    let c = s.t.cell[slot] as usize;
                    assert_eq!(
                        s.t.clashing[m] >> k & 1 == 1,
                        clash[c],
                        "step {step} cell {c}"
                    );
                    let wanted = (0..len as usize)
                        .filter(|&x| s.t.cand[slot] >> s.t.val[m << 5 | x] & 1 == 1)
                        .fold(0, |w, x| w | 1 << x);
                    assert_eq!(s.t.wanted[slot], wanted, "step {step} slot {slot}");
                }
            }
        }
    }

    /// Cells whose value is repeated in a unit the representation counts.
    fn counted_conflicts(g: &Grid, unit: PermUnit) -> Vec<bool> {
        let geo = g.geometry();
        let all = conflicts(g);
        (0..geo.cells)
            .map(|c| {
                all[c]
                    && geo.cell_units[c].iter().enumerate().any(|(k, &u)| {
                        let counted = match unit {
                            PermUnit::Box => k < 2,
                            PermUnit::Row => k > 0,
                        };
                        counted
                            && geo.units[u as usize]
                                .iter()
                                .filter(|&&x| g.get(x as usize) == g.get(c))
                                .count()
                                > 1
                    })
            })
            .collect()
    }

    #[test]
    fn incremental_tables_match_a_recount_after_every_swap() {
        for (name, unit) in [
            ("top95:1", PermUnit::Box),
            ("top95:7", PermUnit::Row),
            ("la16:1", PermUnit::Box),
            ("la25:1", PermUnit::Row),
        ] {
            let p = catalog::resolve_one(name).unwrap();
            for restrict in [false, true] {
                check_against_recount(&p, unit, restrict, 3);
            }
        }
    }
}
