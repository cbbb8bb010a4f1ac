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
//! slot the masks of its group's slots holding a value it may take and of those it can exchange
//! with, both values staying within their candidates; accepted swaps keep them up to date, so a
//! proposal reads one word instead of scanning the group (or combining two tables, a load
//! longer on the path to the cost change). The cost is the number of values missing from the
//! counted units, as [`crate::board::cost`] counts it.

use crate::board::cost::cost;
use crate::board::{Counted, Grid};
use crate::cpu::Isa;
use crate::rng::{LeanRng, scale_and_rest};
use crate::search::local::start::{PermLayout, PermUnit};

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

/// The state of a permutation representation, laid out for the inner loop (see the module
/// notes).
#[derive(Clone, Debug)]
pub struct PermState {
    /// Every cell's value, givens included (kept equal to the slots' values).
    pub cells: Vec<u8>,
    /// Movable groups.
    groups: usize,
    /// Slots of a group that a swap's update of `wanted` and `fits` covers: 8, 16 or 32, the
    /// narrowest that holds the widest group's free cells (a fixed width, so it vectorises;
    /// the padding slots hold no candidates and want nothing; 8 for most 9x9 puzzles once
    /// propagation has locked some cells). 0 when every free cell may take every value: then
    /// no swap changes them.
    follow: u8,
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
    /// Per slot: its value's bit (`1 << val`; 0 past a group's end), so that whether a
    /// candidate mask holds it is an AND: a swap's update of a group then vectorises on
    /// processors without a shift per lane (baseline x86-64's SSE2, WebAssembly's 128-bit
    /// vectors), as it does with AVX2's.
    bit: [u32; SLOTS],
    /// Free cells of each movable group.
    lens: [u8; 32],
    /// `takers[g << 5 | v]`: the slots of group g that have v among their candidates.
    takers: [u32; SLOTS],
    /// `wanted[s]`: the slots of s's group holding a value among s's candidates.
    wanted: [u32; SLOTS],
    /// `fits[s]`: the other slots of s's group that s can exchange with, keeping both values
    /// within their candidates (`takers` of s's value and `wanted[s]`, without s).
    fits: [u32; SLOTS],
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
/// of each of the two cells, so four, each as its `index` in 16 bits of one register.
#[derive(Default)]
struct Flips {
    at: u64,
    n: u32,
}

impl Flips {
    /// Keep the pair at `index` if `yes` (no branch). A swap notes at most four pairs in each
    /// list, so no note lands on another.
    #[inline(always)]
    fn note(&mut self, index: usize, yes: bool) {
        self.at |= (index as u64 * yes as u64) << (16 * (self.n & 3));
        self.n += yes as u32;
    }

    /// The pairs kept, as indices.
    #[inline(always)]
    fn pairs(&self) -> impl Iterator<Item = usize> {
        let at = self.at;
        (0..self.n).map(move |k| (at >> (16 * k)) as usize & (PAIRS - 1))
    }
}

/// Two slots of one group: a proposed exchange, with what its draw left of the generator's word.
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    a: usize,
    b: usize,
    /// 32 bits spread evenly whatever the pair (in steps of at most 24), for the acceptance
    /// test: one word per proposal in all.
    pub rest: u32,
}

/// How a pair is drawn: the first cell with probability `min_conflicts` among the group's
/// clashing cells; with `restrict`, the partner keeps both values within their candidates,
/// except with probability `escape`.
#[derive(Clone, Copy, Debug)]
pub struct Draw {
    /// A 16-bit coin below this takes the clashing-cell rule.
    conflict_coin: u32,
    restrict: bool,
    /// Another 16-bit coin below this lets the partner be any other cell.
    escape_coin: u32,
}

impl Draw {
    /// The draw with the min-conflicts probability, restricted to candidates (but for the
    /// escape probability) or not.
    pub fn new(min_conflicts: f64, restrict: bool, escape: f64) -> Draw {
        // coin < p·65536 for an integer coin
        let coin = |p: f64| (p * 65536.0).ceil() as u32;
        Draw {
            conflict_coin: coin(min_conflicts),
            restrict,
            escape_coin: coin(escape),
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
            follow: 0,
            t: Box::new(Tables {
                val: [0; SLOTS],
                bit: [0; SLOTS],
                cell: [0; SLOTS],
                units: [[NO_UNIT; 2]; SLOTS],
                places: [[0; 2]; SLOTS],
                cand: [0; SLOTS],
                lens: [0; 32],
                takers: [0; SLOTS],
                wanted: [0; SLOTS],
                fits: [0; SLOTS],
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
        let free = || layout.movable.iter().map(|&g| &layout.groups[g as usize]);
        if free()
            .flatten()
            .any(|&c| cand[c as usize] != geo.all_values_mask())
        {
            let widest = free().map(|cells| cells.len()).max().unwrap_or(0);
            s.follow = match widest {
                0..=8 => 8,
                9..=16 => 16,
                _ => 32,
            };
        }
        for (g, &group) in layout.movable.iter().enumerate() {
            let cells = &layout.groups[group as usize];
            s.t.lens[g] = cells.len() as u8;
            for (k, &c) in cells.iter().enumerate() {
                let (slot, c) = (g << 5 | k, c as usize);
                s.t.val[slot] = grid.get(c);
                s.t.bit[slot] = 1 << grid.get(c);
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
                s.refit(slot);
            }
        }
        s
    }

    /// The cost of the counted units.
    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// Groups with two free cells or more.
    pub fn movable(&self) -> usize {
        self.groups
    }

    /// Every pair a draw can propose: two slots of one movable group, and with `restrict`
    /// (when the first slot has partners that keep both values within their candidates) only
    /// those partners. Each unordered pair once.
    pub fn pairs(&self, restrict: bool) -> impl Iterator<Item = Pair> + '_ {
        (0..self.groups).flat_map(move |g| {
            let len = self.t.lens[g] as usize;
            (0..len).flat_map(move |i| {
                let a = g << 5 | i;
                let fits = self.t.fits[a];
                (i + 1..len)
                    .filter(move |&k| !restrict || fits == 0 || fits >> k & 1 == 1)
                    .map(move |k| Pair {
                        a,
                        b: g << 5 | k,
                        rest: 0,
                    })
            })
        })
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
    /// `restrict`, among the slots whose exchange keeps both values within their candidates
    /// when there are any, unless a second coin says escape. One generator word for the draws
    /// and the acceptance test: the high half gives group, cell and the two coins (the top and
    /// bottom 16 bits of what the cell leaves), each from what the one before left over; the low
    /// half gives the partner, and what that leaves is the pair's `rest`.
    #[inline(always)]
    pub fn draw(&self, draw: Draw, rng: &mut LeanRng, isa: impl Isa) -> Pair {
        let x = rng.next_u64();
        let (g, cell_bits) = scale_and_rest((x >> 32) as u32, self.groups);
        let len = self.t.lens[g & 31] as usize;
        let start = g << 5;
        let (mut i, coin) = scale_and_rest(cell_bits, len);
        let partner_bits = x as u32;
        // a coin toss: no branch for the predictor to miss
        let guided = (coin >> 16) < draw.conflict_coin;
        let clashing = std::hint::select_unpredictable(guided, self.t.clashing[g & 31], 0);
        // the first clashing slot at or after i, wrapping round; i itself when there is none
        let turned = (clashing >> i) | (clashing << (len - i));
        i += turned.trailing_zeros() as usize & 0usize.wrapping_sub((clashing != 0) as usize);
        i -= len * (i >= len) as usize;
        let a = start | i;
        let (j, rest) = scale_and_rest(partner_bits, len - 1);
        let k = j + (j >= i) as usize;
        let pair = Pair {
            a,
            b: start | k,
            rest,
        };
        if !draw.restrict {
            return pair;
        }
        // an escape draws from every cell, as when no partner fits: a box's arrangements within
        // candidates need not be linked by swaps within candidates (three cells whose values
        // go round), and a search could be shut out of the one holding the solution
        let escape = (coin & 0xffff) < draw.escape_coin;
        let fits = self.t.fits[a & (SLOTS - 1)] * !escape as u32;
        // (select needs a set bit: 1 stands in for none, and is not taken)
        let (n, fit_rest) = scale_and_rest(partner_bits, fits.count_ones() as usize);
        let one_of = isa.select(fits | (fits == 0) as u32, n as u32) as usize;
        Pair {
            a,
            b: start | if fits != 0 { one_of } else { k },
            rest: if fits != 0 { fit_rest } else { rest },
        }
    }

    /// Cost change if the pair's slots exchanged values: per counted unit, +1 when the
    /// outgoing value was there once, −1 when the incoming one was missing; a unit both cells
    /// lie in keeps its counts.
    #[inline(always)]
    pub fn delta(&self, pair: Pair, isa: impl Isa) -> i32 {
        let (a, b) = (pair.a & (SLOTS - 1), pair.b & (SLOTS - 1));
        let (ua, ub) = (self.t.units[a], self.t.units[b]);
        let (va, vb) = (self.t.val[a] as u32, self.t.val[b] as u32);
        let mut d = 0;
        for k in 0..2 {
            let (wa, wb) = (self.word(ua[k]), self.word(ub[k]));
            // once(old) + present(new) − 1, for each of the two cells
            let change = isa.crossed_bits(wa, wb, va, vb);
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
        self.t.bit[a] = 1 << vb;
        self.t.bit[b] = 1 << va;
        self.cells[self.t.cell[a] as usize] = vb;
        self.cells[self.t.cell[b] as usize] = va;
        self.cost = self.cost.wrapping_add_signed(delta);
        // every slot of the group: does it want the values now at a and b, can it exchange
        // with them
        let start = a & (SLOTS - 32);
        let (va32, vb32) = (va as u32, vb as u32);
        if self.follow != 0 {
            match self.follow {
                8 => follow_group::<8>(&mut self.t, start, a, b, va32, vb32),
                16 => follow_group::<16>(&mut self.t, start, a, b, va32, vb32),
                _ => follow_group::<32>(&mut self.t, start, a, b, va32, vb32),
            }
            self.refit(a);
            self.refit(b);
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
        // that many groups, so its bits are written and never read, and no test is needed.
        for pair in gained.pairs() {
            // a value now held twice: both holders clash
            let places = self.t.holders[pair];
            for place in [places, places & places.wrapping_sub(1)] {
                let slot = self.t.unit_slot[pair & !31 | place.trailing_zeros() as usize & 31];
                self.t.clashing[slot as usize >> 5 & 31] |= 1 << (slot & 31);
            }
        }
        for pair in lost.pairs() {
            // a value now held once: its holder may still clash in its other unit
            let place = self.t.holders[pair].trailing_zeros() as usize & 31;
            self.refresh(self.t.unit_slot[pair & !31 | place] as usize);
        }
    }

    /// Place `p` of `unit` goes from `old` to `new`: counts, words and holders follow; a value
    /// that becomes repeated there is noted in `gained`, one that stops being in `lost`.
    #[inline(always)]
    fn replace(&mut self, unit: u8, p: u8, old: u8, new: u8, gained: &mut Flips, lost: &mut Flips) {
        self.t.holders[index(unit, old)] &= !(1 << p);
        self.t.holders[index(unit, new)] |= 1 << p;
        let left = self.add(unit, old, -1);
        lost.note(index(unit, old), left == 1);
        let now = self.add(unit, new, 1);
        gained.note(index(unit, new), now == 2);
    }

    /// Recompute the slots `slot` can exchange with.
    #[inline(always)]
    fn refit(&mut self, slot: usize) {
        let slot = slot & (SLOTS - 1);
        let takers = self.t.takers[(slot & !31) | self.t.val[slot] as usize & 31];
        self.t.fits[slot] = takers & self.t.wanted[slot] & !(1 << (slot & 31));
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
        let both = (1u64 << PRESENT | 1) << value;
        *w = (*w & !both) | STATUS[c as usize & 31] << value;
        c
    }
}

/// The first `W` slots of the group from `start` after the values `va` and `vb` changed
/// places between slots `a` and `b`: which of them each slot wants, and which it can exchange
/// with (right for every slot but `a` and `b`, which the caller refits).
#[inline(always)]
fn follow_group<const W: usize>(
    t: &mut Tables,
    start: usize,
    a: usize,
    b: usize,
    va: u32,
    vb: u32,
) {
    let (at_a, at_b) = (1u32 << (a & 31), 1u32 << (b & 31));
    let (cand_a, cand_b) = (t.cand[a & (SLOTS - 1)], t.cand[b & (SLOTS - 1)]);
    let keep = !(at_a | at_b);
    let wanted: &mut [u32; W] = (&mut t.wanted[start..][..W]).try_into().unwrap();
    let fits: &mut [u32; W] = (&mut t.fits[start..][..W]).try_into().unwrap();
    let cand: &[u32; W] = (&t.cand[start..][..W]).try_into().unwrap();
    let bit: &[u32; W] = (&t.bit[start..][..W]).try_into().unwrap();
    for k in 0..W {
        // slot k wants a's new value vb, and a can take k's value
        let want_a = cand[k] >> vb & 1;
        let want_b = cand[k] >> va & 1;
        let takes_a = (cand_a & bit[k] != 0) as u32;
        let takes_b = (cand_b & bit[k] != 0) as u32;
        wanted[k] = (wanted[k] & keep) | (want_a * at_a) | (want_b * at_b);
        fits[k] = (fits[k] & keep) | ((want_a & takes_a) * at_a) | ((want_b & takes_b) * at_b);
    }
}

/// A unit word's bits for one value held `c` times, at value 0: "once" and "there".
const STATUS: [u64; 32] = {
    let mut t = [1 << PRESENT; 32];
    t[0] = 0;
    t[1] = 1 << PRESENT | 1;
    t
};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Puzzle;
    use crate::board::cost::conflicts;
    use crate::catalog;
    use crate::cpu::Portable;
    use crate::rng::Rng;
    use crate::search::local::start;

    /// A random start on `puzzle`, with moves restricted to candidates or not.
    fn random_state(puzzle: &Puzzle, unit: PermUnit, restrict: bool, rng: &mut Rng) -> PermState {
        let how = match restrict {
            true => start::Propagation::Singles,
            false => start::Propagation::None,
        };
        let (locked, cand) = start::locked(puzzle, how);
        let grid = start::candidate_perm(&locked, unit, &cand, rng);
        let layout = PermLayout::new(&locked, unit);
        PermState::new(&grid, &layout, unit, &cand)
    }

    /// Random swaps (restricted or not) keep every incremental table equal to a recount.
    /// Returns the width of the swaps' pass over the masks.
    fn check_against_recount(puzzle: &Puzzle, unit: PermUnit, restrict: bool, seed: u64) -> u8 {
        let mut rng = Rng::new(seed);
        let mut s = random_state(puzzle, unit, restrict, &mut rng);
        let geo = puzzle.geometry();
        let mut lean = LeanRng::from(&mut rng);
        let draw = Draw::new(0.5, restrict, 0.1);
        for step in 0..3000 {
            let pair = s.draw(draw, &mut lean, Portable);
            let ((a, va), (b, vb)) = s.cells_of(pair);
            assert!(a != b && s.cells[a] == va && s.cells[b] == vb);
            let d = s.delta(pair, Portable);
            s.swap(pair, d);
            let g = Grid::from_cells(geo, s.cells.clone()).unwrap();
            assert_eq!(s.cost(), cost(&g, counted_units(unit)), "step {step}");
            // clashing masks: a cell repeats a value in a counted unit
            let clash = counted_conflicts(&g, unit);
            for (m, &len) in s.t.lens[..s.groups].iter().enumerate() {
                for k in 0..len as usize {
                    let slot = m << 5 | k;
                    let c = s.t.cell[slot] as usize;
                    assert_eq!(s.t.bit[slot], 1 << s.t.val[slot], "step {step} slot {slot}");
                    assert_eq!(
                        s.t.clashing[m] >> k & 1 == 1,
                        clash[c],
                        "step {step} cell {c}"
                    );
                    let wanted = (0..len as usize)
                        .filter(|&x| s.t.cand[slot] >> s.t.val[m << 5 | x] & 1 == 1)
                        .fold(0, |w, x| w | 1 << x);
                    assert_eq!(s.t.wanted[slot], wanted, "step {step} slot {slot}");
                    let fits = (0..len as usize)
                        .filter(|&x| x != k && wanted >> x & 1 == 1)
                        .filter(|&x| s.t.cand[m << 5 | x] >> s.t.val[slot] & 1 == 1)
                        .fold(0, |w, x| w | 1 << x);
                    assert_eq!(s.t.fits[slot], fits, "step {step} slot {slot}");
                }
            }
        }
        s.follow
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

    /// The probability of each (first, partner) pair of slots, from the definition in
    /// [`PermState::draw`].
    fn pair_probabilities(
        s: &PermState,
        min_conflicts: f64,
        restrict: bool,
        escape: f64,
    ) -> Vec<f64> {
        let mut p = vec![0.0; SLOTS * SLOTS];
        for g in 0..s.groups {
            let len = s.t.lens[g] as usize;
            let clashing = s.t.clashing[g];
            for i in 0..len {
                // the first clashing slot at or after i, cyclically
                let turned = (0..len)
                    .map(|k| (i + k) % len)
                    .find(|&k| clashing >> k & 1 == 1);
                let firsts = [
                    (i, 1.0 - min_conflicts),
                    (turned.unwrap_or(i), min_conflicts),
                ];
                for (a, weight) in firsts {
                    let slot = g << 5 | a;
                    let fits = (0..len)
                        .filter(|&k| k != a)
                        .filter(|&k| {
                            let (b, va, vb) = (g << 5 | k, s.t.val[slot], s.t.val[g << 5 | k]);
                            s.t.cand[b] >> va & 1 == 1 && s.t.cand[slot] >> vb & 1 == 1
                        })
                        .collect::<Vec<_>>();
                    let every: Vec<usize> = (0..len).filter(|&k| k != a).collect();
                    let choices = if restrict && !fits.is_empty() {
                        vec![(fits, 1.0 - escape), (every, escape)]
                    } else {
                        vec![(every, 1.0)]
                    };
                    for (partners, share) in choices {
                        for &k in &partners {
                            p[slot * SLOTS + (g << 5 | k)] +=
                                weight * share / (s.groups * len * partners.len()) as f64;
                        }
                    }
                }
            }
        }
        p
    }

    /// Draws follow their definition: every (first, partner) pair comes up within five
    /// standard deviations of its expected count, and no impossible pair comes up; the rest
    /// left for the acceptance test is even whatever the pair (below one half as often as not
    /// for each pair, below 2⁻¹⁰ as often as that over all).
    #[test]
    fn draws_follow_their_definition() {
        let puzzle = catalog::resolve_one("top95:1").unwrap();
        for (min_conflicts, restrict, escape) in [
            (0.0, true, 0.0),
            (0.6, true, 0.0),
            (0.6, true, 0.3),
            (0.6, false, 0.3),
        ] {
            let mut rng = Rng::new(11);
            let mut s = random_state(&puzzle, PermUnit::Box, restrict, &mut rng);
            let mut lean = LeanRng::from(&mut rng);
            // some way into a search, so that some cells clash and others do not
            for _ in 0..200 {
                let pair = s.draw(Draw::new(0.5, restrict, 0.0), &mut lean, Portable);
                let d = s.delta(pair, Portable);
                if d <= 0 {
                    s.swap(pair, d);
                }
            }
            let expected = pair_probabilities(&s, min_conflicts, restrict, escape);
            let n = 400_000;
            let mut seen = vec![0u32; SLOTS * SLOTS];
            let mut low_half = vec![0u32; SLOTS * SLOTS];
            let mut tiny = 0;
            let draw = Draw::new(min_conflicts, restrict, escape);
            for _ in 0..n {
                let pair = s.draw(draw, &mut lean, Portable);
                seen[pair.a * SLOTS + pair.b] += 1;
                low_half[pair.a * SLOTS + pair.b] += (pair.rest < 1 << 31) as u32;
                tiny += (pair.rest < 1 << 22) as u32;
            }
            let within = |count: u32, trials: u32, p: f64| {
                let (mean, sd) = (p * trials as f64, (p * (1.0 - p) * trials as f64).sqrt());
                assert!(
                    (count as f64 - mean).abs() <= 5.0 * sd,
                    "mc {min_conflicts} restrict {restrict} escape {escape}: rest below {p} in {count} of \
                     {trials} draws, expected {mean:.0} ± {sd:.0}"
                );
            };
            within(tiny, n, 1.0 / 1024.0);
            for (&c, &h) in seen.iter().zip(&low_half) {
                within(h, c, 0.5);
            }
            let mut pairs = 0;
            for (k, (&p, &c)) in expected.iter().zip(&seen).enumerate() {
                let mean = p * n as f64;
                let sd = (mean * (1.0 - p)).sqrt();
                assert!(
                    (c as f64 - mean).abs() <= 5.0 * sd,
                    "mc {min_conflicts} restrict {restrict} escape {escape}: pair ({}, {}) seen {c} times, \
                     expected {mean:.0} ± {sd:.0}",
                    k / SLOTS,
                    k % SLOTS
                );
                pairs += (p > 0.0) as usize;
            }
            assert!(pairs > 100, "{pairs} possible pairs");
        }
    }

    #[test]
    fn incremental_tables_match_a_recount_after_every_swap() {
        let mut widths = vec![];
        for (name, unit) in [
            ("top95:1", PermUnit::Box),
            ("top95:13", PermUnit::Box),
            ("top95:7", PermUnit::Row),
            ("la16:1", PermUnit::Box),
            ("la25:1", PermUnit::Row),
        ] {
            let p = catalog::resolve_one(name).unwrap();
            for restrict in [false, true] {
                widths.push(check_against_recount(&p, unit, restrict, 3));
            }
        }
        // every width of the pass, and none when moves are not restricted
        widths.sort();
        widths.dedup();
        assert_eq!(widths, [0, 8, 16, 32]);
    }
}
