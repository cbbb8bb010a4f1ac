//! The permutation engine: simulated annealing on a representation where each box (or row)
//! stays a permutation, behind tuned annealing and both presets of annealing with a tabu list.
//!
//! After Lewis (2007), with our additions: a move swaps two free cells of one box (row), its
//! delta comes from unit counts ([`super::permutation`]). The first cell is drawn among
//! conflicting cells with probability `min_conflicts`. With propagation (`propagate`), the cells
//! it fixes are locked and the partner keeps both values within their candidates, but for a
//! share `escape` of the draws, which take any partner so that no arrangement of a box is out of
//! reach. T0 is the spread (standard deviation) of
//! the deltas of random moves unless set; T ← α·T after each Markov chain of Σ(free cells)²
//! proposals (or after every proposal); after `reheat_after` chains without a new best, T goes
//! back to `reheat`·T0. An optional tabu list forbids revisiting recent states.
//!
//! This is the program's hottest loop: [`Search::advance`] runs it compiled for the processor's
//! instruction set ([`crate::cpu`]), and an accepted move's bookkeeping stays out of line so the
//! loop of mostly rejected proposals stays small.

use super::permutation::{Draw, Pair, PermState};
use super::tabu_list::TabuList;
use crate::board::Geometry;
#[cfg(target_arch = "x86_64")]
use crate::cpu::V3;
use crate::cpu::{Isa, Portable};
use crate::rng::{LeanRng, Rng};
use crate::search::acceptance::{below_of, metropolis, uphill};
use crate::search::contract::{
    Build, Change, Decision, Event, Landscape, Outcome, Progress, Search, Secondary, Snapshot,
    Step, metric,
};
use crate::search::local::start::{self, PermLayout, PermUnit, Propagation};
use crate::search::local::zobrist::Zobrist;

/// Settings of the permutation engine, read from parameters by each preset
/// ([`super::presets`]).
#[derive(Clone, Copy, Debug)]
pub struct PermSettings {
    /// The unit kept a permutation: box (annealing) or row (the article's tabu).
    pub unit: PermUnit,
    /// The starting temperature; 0: the spread of random move deltas.
    pub t0: f64,
    /// T is multiplied by this at the end of each chain.
    pub alpha: f64,
    /// Cool after each chain of Σ(free)²·chain_factor proposals; 0: after every proposal.
    pub chain_factor: f64,
    /// Chains without a new best before reheating; 0: never.
    pub reheat_after: u64,
    /// Reheat to this fraction of the starting temperature.
    pub reheat: f64,
    /// Stop (stuck) when T falls below this and reheating is off.
    pub freeze: f64,
    /// Probability that a move's first cell is drawn among conflicting cells.
    pub min_conflicts: f64,
    /// Tabu list length; 0: none.
    pub tabu: usize,
    /// What to propagate before the first move: the cells it determines are locked, and values
    /// stay within candidates unless nothing is propagated.
    pub propagate: Propagation,
    /// When values stay within candidates, the probability that a move's partner is drawn
    /// among every free cell of the box instead.
    pub escape: f64,
}

/// Simulated annealing on a permutation representation.
pub struct PermAnnealing {
    geo: &'static Geometry,
    settings: PermSettings,
    state: PermState,
    draw: Draw,
    progress: Progress,
    rng: LeanRng,
    t0: f64,
    t: f64,
    /// exp(−d/T) for d = 0..TABLE at the current T, kept when T changes once per chain;
    /// `table_len` is 0 when T changes after every proposal (computed directly then).
    table: [f64; TABLE],
    /// The same as [`below_of`] them.
    below: [u64; TABLE],
    table_len: u32,
    chain_len: u64,
    /// Proposals left in the current chain.
    chain_left: u64,
    chains_since_best: u64,
    reheats: u64,
    /// Accepted proposals, all told.
    accepted: u64,
    /// Steps and acceptances at the start of the current acceptance window, and the rate over
    /// the last complete window (`None` before the first one ends).
    window: (u64, u64),
    acceptance: Option<f64>,
    zobrist: Option<Zobrist>,
    hash: u64,
    tabu: TabuList,
    tabu_hits: u64,
}

/// One proposal of the permutation engine: its two cells, the cost change, whether it was
/// taken, and why. (The loop reads `accepted` alone: deriving it from `verdict` again cost
/// 13 million instructions in 2 million proposals in the run-time-dispatched build.)
struct Proposal {
    a: usize,
    b: usize,
    /// The values of `a` and `b` before the proposal.
    va: u8,
    vb: u8,
    d: i32,
    accepted: bool,
    decision: Decision,
}

const TABLE: usize = 16;

/// The acceptance rate is reported over windows of at least this many proposals, each closed
/// at the end of a chain.
const WINDOW: u64 = 1000;

impl PermAnnealing {
    /// The engine with `settings`, from `build`'s puzzle, seed and starting board (its
    /// preset and parameters are in the settings already).
    pub fn new(build: &Build, settings: PermSettings) -> Self {
        let mut rng = Rng::new(build.seed);
        let puzzle = build.puzzle;
        let (locked, cand) = start::locked(puzzle, settings.propagate);
        let puzzle = &locked;
        let grid = match (build.start, settings.propagate.restricts()) {
            (Some(g), _) => start::repair_perm(puzzle, settings.unit, g, &mut rng),
            (None, true) => start::candidate_perm(puzzle, settings.unit, &cand, &mut rng),
            (None, false) => start::random_perm(puzzle, settings.unit, &mut rng),
        };
        let layout = PermLayout::new(puzzle, settings.unit);
        let state = PermState::new(&grid, &layout, settings.unit, &cand);
        let zobrist = (settings.tabu > 0).then(|| Zobrist::new(puzzle.geometry()));
        let hash = zobrist.as_ref().map_or(0, |z| z.hash(&state.cells));
        let chain_len = if settings.chain_factor > 0.0 {
            ((layout.chain_length() as f64 * settings.chain_factor).ceil() as u64).max(1)
        } else {
            1
        };
        let mut s = PermAnnealing {
            geo: puzzle.geometry(),
            progress: Progress::new(&state.cells, state.cost()),
            state,
            draw: Draw::new(
                settings.min_conflicts,
                settings.propagate.restricts(),
                settings.escape,
            ),
            settings,
            t0: 1.0,
            t: 1.0,
            table: [0.0; TABLE],
            below: [0; TABLE],
            table_len: if chain_len > 1 { TABLE as u32 } else { 0 },
            chain_len,
            chain_left: chain_len,
            chains_since_best: 0,
            reheats: 0,
            accepted: 0,
            window: (0, 0),
            acceptance: None,
            zobrist,
            hash,
            tabu: TabuList::new(settings.tabu),
            tabu_hits: 0,
            rng: LeanRng::from(&mut rng),
        };
        if s.state.movable() == 0 && s.progress.ended.is_none() {
            s.progress.ended = Some(Outcome::Stuck);
        }
        s.t0 = if settings.t0 > 0.0 {
            settings.t0
        } else {
            s.delta_spread()
        };
        s.set_temperature(s.t0);
        s.tabu.push(s.hash);
        s
    }

    /// Standard deviation of the deltas of 200 random moves from the start (Lewis's T0).
    fn delta_spread(&mut self) -> f64 {
        if self.state.movable() == 0 {
            return 1.0;
        }
        let mut rng = self.rng.clone();
        let (mut sum, mut sq) = (0.0, 0.0);
        let k = 200;
        for _ in 0..k {
            let pair = self.state.draw(self.draw, &mut rng, Portable);
            let d = self.state.delta(pair, Portable) as f64;
            sum += d;
            sq += d * d;
        }
        let mean = sum / k as f64;
        (sq / k as f64 - mean * mean).sqrt().max(0.1)
    }

    /// exp(−d/T) for an uphill d, and [`below_of`] it.
    #[inline(always)]
    fn acceptance_of(&self, d: i32) -> (f64, u64) {
        if (d as u32) < self.table_len {
            let k = d as usize & (TABLE - 1);
            (self.table[k], self.below[k])
        } else {
            uphill(d, self.t)
        }
    }

    fn set_temperature(&mut self, t: f64) {
        self.t = t;
        // with cooling after every proposal the table would be rebuilt each time
        if self.table_len > 0 {
            for (k, e) in self.table.iter_mut().enumerate() {
                *e = libm::exp(-(k as f64) / t);
                self.below[k] = below_of(*e);
            }
        }
    }

    /// The acceptance rate over the last complete window, or so far before the first one ends.
    fn acceptance(&self) -> f64 {
        match self.acceptance {
            Some(rate) => rate,
            None if self.progress.steps > 0 => self.accepted as f64 / self.progress.steps as f64,
            None => 1.0,
        }
    }

    /// One proposal, accepted or not: the cells, the cost change and the verdict. The caller
    /// lends the generator (a local copy stays in registers through a batch), says whether
    /// there is a tabu list (`TABU` = `settings.tabu > 0`), so the loop without one carries
    /// none of its work, and which instructions to use.
    #[inline(always)]
    fn propose<const TABU: bool, I: Isa>(&mut self, rng: &mut LeanRng, isa: I) -> Proposal {
        let pair = self.state.draw(self.draw, rng, isa);
        let ((a, va), (b, vb)) = self.state.cells_of(pair);
        let d = self.state.delta(pair, isa);
        let new_hash = match (TABU, &self.zobrist) {
            (true, Some(z)) => z.after_swap(self.hash, a, va, b, vb),
            _ => 0,
        };
        let (accepted, decision) = if TABU && self.tabu.contains(new_hash, isa) {
            self.tabu_hits += 1;
            (false, Decision::Tabu)
        } else {
            // (p itself only for the verdict, which `advance` drops); the draw's 32 spare bits
            // as a 53-bit number: accepted with probability ⌈p·2³²⌉/2³², within 2⁻³² of p
            metropolis(
                d,
                self.t,
                || self.acceptance_of(d),
                || (pair.rest as u64) << 21,
            )
        };
        self.accepted += accepted as u64;
        if accepted {
            #[cfg(target_arch = "x86_64")]
            if let Some(v3) = isa.as_v3() {
                self.accept_v3::<TABU>(pair, d, new_hash, v3);
                return Proposal {
                    a,
                    b,
                    va,
                    vb,
                    d,
                    accepted,
                    decision,
                };
            }
            self.accept::<TABU>(pair, d, new_hash);
        }
        Proposal {
            a,
            b,
            va,
            vb,
            d,
            accepted,
            decision,
        }
    }

    /// [`Self::accept`] compiled for x86-64-v3 (the group's masks are updated 8 lanes at a time),
    /// kept out of the loop as `accept` is. rustc drops `#[inline(never)]` from a function with
    /// `#[target_feature]`, and LLVM then inlined it into the loop (4% slower), so the boundary is
    /// this plain function, into which the v3 body cannot be inlined; it ends in a jump to it.
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    fn accept_v3<const TABU: bool>(&mut self, pair: Pair, d: i32, new_hash: u64, v3: V3) {
        // SAFETY: a V3 exists only on a processor with its instructions.
        unsafe { self.accept_v3_body::<TABU>(pair, d, new_hash, v3) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn accept_v3_body<const TABU: bool>(&mut self, pair: Pair, d: i32, new_hash: u64, _: V3) {
        self.accept_body::<TABU>(pair, d, new_hash);
    }

    /// Make an accepted move and keep the best grid. Out of line, so that the loop of draws
    /// and tests that are mostly rejected stays small: with this inlined, the whole loop ran
    /// at 28-31 million proposals per second against 38-41 million, alternating builds.
    #[inline(never)]
    fn accept<const TABU: bool>(&mut self, pair: Pair, d: i32, new_hash: u64) {
        self.accept_body::<TABU>(pair, d, new_hash);
    }

    #[inline(always)]
    fn accept_body<const TABU: bool>(&mut self, pair: Pair, d: i32, new_hash: u64) {
        self.state.swap(pair, d);
        if TABU {
            self.hash = new_hash;
            self.tabu.push(new_hash);
        }
        if self
            .progress
            .best
            .offer(&self.state.cells, self.state.cost())
        {
            self.chains_since_best = 0;
        }
        if self.state.cost() == 0 {
            self.progress.ended = Some(Outcome::Solved);
        }
    }

    /// Up to `n` proposals within the current chain (`n` ≤ `chain_left`), fewer only when the
    /// puzzle is solved; returns how many were made. Steps and chain are counted by the caller.
    #[inline(always)]
    fn run<const TABU: bool, I: Isa>(&mut self, n: u64, rng: &mut LeanRng, isa: I) -> u64 {
        let mut left = n;
        while left > 0 {
            left -= 1;
            // (only an accepted move can end the run)
            if self.propose::<TABU, I>(rng, isa).accepted && self.progress.ended.is_some() {
                break;
            }
        }
        n - left
    }

    /// [`Search::advance`] with the given instructions: the same proposals whichever they are.
    #[inline(always)]
    pub(crate) fn advance_with<I: Isa>(&mut self, n: u64, isa: I) -> u64 {
        let mut rng = self.rng.clone();
        let (start, end) = (self.progress.steps, self.progress.steps.saturating_add(n));
        while self.progress.ended.is_none() && self.progress.steps < end {
            // to the end of the chain or of the budget, whichever comes first
            let n = self.chain_left.min(end - self.progress.steps);
            let made = if self.settings.tabu > 0 {
                self.run::<true, I>(n, &mut rng, isa)
            } else {
                self.run::<false, I>(n, &mut rng, isa)
            };
            self.made(made);
        }
        self.rng = rng;
        self.progress.steps - start
    }

    /// [`Self::advance_with`] compiled for x86-64-v3.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn advance_v3(&mut self, n: u64, isa: V3) -> u64 {
        self.advance_with(n, isa)
    }

    /// Count `n` proposals made; at the end of a chain, cool.
    fn made(&mut self, n: u64) {
        self.progress.steps += n;
        self.chain_left -= n;
        if self.chain_left == 0 && self.progress.ended.is_none() {
            self.chain_left = self.chain_len;
            self.cool();
        }
    }

    /// The end of a chain: cool (or reheat), and close the acceptance window if it is long
    /// enough.
    fn cool(&mut self) {
        let mut t = self.t * self.settings.alpha;
        self.chains_since_best += 1;
        if self.settings.reheat_after > 0 && self.chains_since_best >= self.settings.reheat_after {
            t = self.t0 * self.settings.reheat;
            self.chains_since_best = 0;
            self.reheats += 1;
        } else if self.settings.reheat_after == 0 && t < self.settings.freeze {
            self.progress.ended = Some(Outcome::Stuck);
        }
        self.set_temperature(t);
        let (since, accepted) = self.window;
        let steps = self.progress.steps;
        if steps - since >= WINDOW {
            self.acceptance = Some((self.accepted - accepted) as f64 / (steps - since) as f64);
            self.window = (steps, self.accepted);
        }
    }
}

impl Search for PermAnnealing {
    fn secondary(&self) -> Option<Secondary> {
        Some(Secondary::temperature(self.t))
    }

    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.state.cost(), self.progress.ended);
        }
        let mut rng = self.rng.clone();
        // one proposal: the portable instructions are as fast as any here, and make the same
        // moves
        let Proposal {
            a,
            b,
            va,
            vb,
            d: delta,
            decision,
            ..
        } = if self.settings.tabu > 0 {
            self.propose::<true, _>(&mut rng, Portable)
        } else {
            self.propose::<false, _>(&mut rng, Portable)
        };
        self.rng = rng;
        self.made(1);
        Step {
            event: Event::Move {
                change: Change::Swap {
                    a: a as u16,
                    b: b as u16,
                    a_value: va,
                    b_value: vb,
                },
                delta,
                decision,
            },
            cost: self.state.cost(),
            ended: self.progress.ended,
        }
    }

    fn advance(&mut self, n: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = V3::detect() {
            // SAFETY: a V3 exists only on a processor with its instructions.
            return unsafe { self.advance_v3(n, v3) };
        }
        self.advance_with(n, Portable)
    }

    fn snapshot(&self) -> Snapshot {
        let mut metrics = vec![
            metric("temperature", self.t),
            metric("T0", self.t0),
            metric("acceptance", self.acceptance()),
            metric("chain length", self.chain_len as f64),
            metric("reheats", self.reheats as f64),
        ];
        if self.settings.tabu > 0 {
            metrics.push(metric("tabu size", self.tabu.len() as f64));
            metrics.push(metric("tabu hits", self.tabu_hits as f64));
        }
        Snapshot::of(
            self.geo,
            &self.state.cells,
            self.state.cost(),
            &self.progress,
            metrics,
        )
    }

    /// Every swap the engine may propose from here (within candidates when it keeps to them
    /// without escapes), at the current temperature.
    fn landscape(&self) -> Option<Landscape> {
        let restrict = self.settings.propagate.restricts() && self.settings.escape == 0.0;
        let deltas = self
            .state
            .pairs(restrict)
            .map(|pair| self.state.delta(pair, Portable));
        Some(Landscape::moves(deltas, Some(self.t)))
    }

    fn cost(&self) -> u32 {
        self.state.cost()
    }
    fn cells(&self) -> &[u8] {
        &self.state.cells
    }
    fn progress(&self) -> &Progress {
        &self.progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Puzzle;
    use crate::catalog;
    use crate::search::anneal::presets::{tuned_params, tuned_settings};
    use crate::search::params::{Params, Preset};

    /// The engine with `settings` on `puzzle` from `seed`.
    fn engine(puzzle: &Puzzle, settings: PermSettings, seed: u64) -> PermAnnealing {
        let params = Params::defaults(tuned_params());
        let build = Build {
            puzzle,
            preset: Preset::Tuned,
            params: &params,
            seed,
            start: None,
        };
        PermAnnealing::new(&build, settings)
    }

    fn metric_of(s: &impl Search, name: &str) -> f64 {
        let snap = s.snapshot();
        snap.metrics.iter().find(|m| m.name == name).unwrap().value
    }

    /// The portable copy of the loop and the x86-64-v3 copy (where this processor has it) make
    /// the same proposals and reach the same boards, with and without a tabu list, at 9x9 and
    /// 25x25 (where a group's masks are 32 lanes wide).
    #[test]
    fn both_instruction_sets_make_the_same_moves() {
        #[cfg(target_arch = "x86_64")]
        let Some(v3) = crate::cpu::V3::detect() else {
            // nothing to compare with: said on standard error, and a failure where CI expects
            // the processor to have x86-64-v3
            assert!(!crate::cpu::runs_or_skip(
                crate::cpu::Level::V3,
                "the annealing loop's x86-64-v3 copy against the portable one"
            ));
            return;
        };
        #[cfg(not(target_arch = "x86_64"))]
        return;
        #[cfg(target_arch = "x86_64")]
        for (name, tabu) in [("top95:7", 0), ("top95:7", 50), ("la25:1", 0)] {
            let puzzle = catalog::resolve_one(name).unwrap();
            let mut tuned = Params::defaults(tuned_params());
            tuned.set("reheat_after", "3").unwrap();
            let settings = PermSettings {
                tabu,
                ..tuned_settings(&tuned)
            };
            for seed in 1..=3 {
                let mut a = engine(&puzzle, settings, seed);
                let mut b = engine(&puzzle, settings, seed);
                for round in 0..20 {
                    let made = a.advance_with(5_000, Portable);
                    // SAFETY: `v3` exists, so this processor has its instructions
                    assert_eq!(unsafe { b.advance_v3(5_000, v3) }, made);
                    assert_eq!(
                        a.state.cells, b.state.cells,
                        "{name} seed {seed} round {round}"
                    );
                    assert_eq!(
                        (a.cost(), a.best_cost(), a.t),
                        (b.cost(), b.best_cost(), b.t)
                    );
                }
            }
        }
    }

    /// The acceptance metric: the rate so far until the first window closes, then the rate
    /// over the last window closed, windows closing at the first chain end at least `WINDOW`
    /// proposals after the previous close.
    #[test]
    fn acceptance_is_reported_over_whole_chains_of_at_least_a_window() {
        // propagation leaves top95:7 to the search (it settles top95:1 before any move)
        let puzzle = catalog::resolve_one("top95:7").unwrap();
        let settings = tuned_settings(&Params::defaults(tuned_params()));
        let mut s = engine(&puzzle, settings, 5);
        let chain = metric_of(&s, "chain length") as u64;
        assert!(chain > 1 && chain < WINDOW, "chain {chain}");
        assert_eq!(metric_of(&s, "acceptance"), 1.0);
        let (mut accepted, mut mark, mut expected) = (0u64, (0u64, 0u64), None);
        let mut closed = 0;
        for k in 1..=6 * WINDOW {
            let step = s.step();
            assert!(step.ended.is_none(), "top95:7 is not solved this early");
            accepted +=
                matches!(step.event, Event::Move { decision, .. } if decision.accepted()) as u64;
            if k % chain == 0 && k - mark.0 >= WINDOW {
                expected = Some((accepted - mark.1) as f64 / (k - mark.0) as f64);
                mark = (k, accepted);
                closed += 1;
            }
            let want = expected.unwrap_or(accepted as f64 / k as f64);
            assert_eq!(metric_of(&s, "acceptance"), want, "step {k}");
        }
        assert!(closed >= 4, "{closed} windows closed");
    }
}
