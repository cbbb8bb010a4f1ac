//! A weighted sample without replacement by Efraimidis and Spirakis's keys, ln(u)/w for a uniform
//! draw u and a weight w, largest first: the order the tuned beam takes its successors in.
//!
//! The beam draws thousands of keys a step and reads a few tens. Each key lies between two bounds
//! that need no logarithm: (u − 1)/w above, and ((u − 1) − (u − 1)²)/w below for u ≥ ½. The
//! lower bound is taken for the draws of 0.9 or more only (a tenth of them; the others count as
//! −∞, still a bound), and the logarithm only for the draws whose upper bound reaches the m-th
//! largest of those: every key among the m largest is one of them. The keys taken are the same
//! numbers in the same order as with every key computed and sorted (ties by index: before this
//! module the beam sorted by key alone, and runs differ from those only where two keys it walked
//! were bit for bit equal, about once in 10¹¹ steps), at a fraction of the cost: the tuned beam made 1.5 times as many steps a second, natively and in
//! the page.

/// The draws and weights of one selection, and the buffers its order is found with.
#[derive(Clone, Debug, Default)]
pub struct SampleOrder {
    /// Per item: its draw u (positive, below 1) and its weight's index in `weights`.
    items: Vec<(f64, u32)>,
    /// The weights items refer to, and their inverses.
    weights: Vec<f64>,
    inverses: Vec<f64>,
    /// The lower bounds' bits (every bound is below zero, so their order as integers is the
    /// reverse of theirs as numbers).
    lows: Vec<u64>,
    /// The items whose upper bound reaches the bound.
    passing: Vec<u32>,
    keys: Vec<(f64, u32)>,
}

/// Relative room around a bound, far wider than the rounding of the logarithm, the bounds and
/// the divisions (a few units in the last place), and far narrower than the gap between bounds
/// that matters (the keys of the beam's first successors differ in their third digit).
const ROOM: f64 = 1e-9;

impl SampleOrder {
    /// Start a selection over `weights` (each finite and at least 1e-300, so that its inverse,
    /// which the bounds take, is finite too: the beam's are).
    pub fn start(&mut self, weights: impl Iterator<Item = f64>) {
        self.items.clear();
        self.weights.clear();
        self.weights.extend(weights);
        debug_assert!(self.weights.iter().all(|w| (1e-300..=f64::MAX).contains(w)));
        self.inverses.clear();
        self.inverses.extend(self.weights.iter().map(|w| 1.0 / w));
    }

    /// Add the item drawn `u` (0 < u < 1) with the weight at `weight`; items are numbered in the
    /// order they are added.
    #[inline]
    pub fn add(&mut self, u: f64, weight: u32) {
        self.items.push((u, weight));
    }

    /// Items added so far.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when no item was added.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The `m` largest keys (all of them if there are fewer) with their items, largest first,
    /// ties by item.
    pub fn first(&mut self, m: usize) -> &[(f64, u32)] {
        let n = self.items.len();
        let m = m.min(n);
        if m == 0 {
            return &[];
        }
        let inverses = &self.inverses;
        // the lower bounds of the draws of 0.9 or more, gathered with no branch (`near` of them)
        self.lows.resize(n, 0);
        let mut near = 0;
        for &(u, k) in &self.items {
            let x = u - 1.0;
            // (a bound is never above 0: widening it is a product; and it stays below 0, so its
            // bits order it)
            let low = (x - x * x) * inverses[k as usize] * (1.0 + ROOM) - f64::MIN_POSITIVE;
            self.lows[near] = low.to_bits();
            near += (u >= 0.9) as usize;
        }
        let bound = if m < n && m <= near {
            // the m-th largest bound: the m-th smallest as integers, compared as integers
            f64::from_bits(*self.lows[..near].select_nth_unstable(m - 1).1)
        } else {
            f64::NEG_INFINITY
        };
        // the items whose upper bound reaches it, gathered with no branch; then their keys (two
        // loops: the first stays small, the logarithm's code out of it, which the page's
        // compiler needs to keep it fast)
        self.passing.resize(n, 0);
        let passing = gather(&self.items, inverses, bound, &mut self.passing);
        let weights = &self.weights;
        self.keys.clear();
        for &i in &self.passing[..passing] {
            let (u, k) = self.items[i as usize];
            self.keys.push((libm::log(u) / weights[k as usize], i));
        }
        // largest first, ties by item: every key is below zero (u < 1), so the order of its bits
        // as an integer, smallest first, is the one `total_cmp` gives, largest first
        self.keys
            .sort_unstable_by_key(|&(key, i)| (key.to_bits(), i));
        &self.keys[..m]
    }
}

/// Into `out`, in order, the items whose upper bound (u − 1)/w reaches `bound`; how many.
#[inline(always)]
fn gather(items: &[(f64, u32)], inverses: &[f64], bound: f64, out: &mut [u32]) -> usize {
    let mut n = 0;
    for (i, &(u, k)) in items.iter().enumerate() {
        let high = (u - 1.0) * inverses[k as usize] * (1.0 - ROOM) + f64::MIN_POSITIVE;
        out[n] = i as u32;
        n += (high >= bound) as usize;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Every key computed and sorted, as the beam did before.
    fn full(items: &[(f64, u32)], weights: &[f64]) -> Vec<(f64, u32)> {
        let mut keys: Vec<(f64, u32)> = items
            .iter()
            .enumerate()
            .map(|(i, &(u, k))| (libm::log(u) / weights[k as usize], i as u32))
            .collect();
        keys.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        keys
    }

    #[test]
    fn the_first_keys_are_those_of_a_full_sort() {
        let mut rng = Rng::new(11);
        let mut order = SampleOrder::default();
        for round in 0..300 {
            let buckets = 1 + rng.below(12);
            let tau = [0.01, 0.3, 1.0, 50.0][round % 4];
            order.start((0..buckets).map(|d| libm::exp(-(d as f64) / tau).max(1e-300)));
            // (one item in some rounds, so that m = n / 2 asks for none)
            let n = if round % 7 == 0 {
                1
            } else {
                1 + rng.below(3000)
            };
            for _ in 0..n {
                // draws close to 1, close to 0, repeated (below 0.9 and above), and anywhere
                let u = match rng.below(5) {
                    0 => 1.0 - rng.unit() * 1e-12,
                    1 => (rng.unit() * 1e-300).max(f64::MIN_POSITIVE),
                    2 => 0.75,
                    3 => 0.95,
                    _ => rng.unit().max(f64::MIN_POSITIVE),
                };
                let u = if u >= 1.0 { 0.5 } else { u };
                order.add(u, rng.below(buckets) as u32);
            }
            let want = full(&order.items, &order.weights);
            for m in [0, 1, 2, 40, n / 2, n, n + 5] {
                let got = order.first(m).to_vec();
                let m = m.min(n);
                assert_eq!(got.len(), m);
                for (g, w) in got.iter().zip(&want[..m]) {
                    assert_eq!((g.0.to_bits(), g.1), (w.0.to_bits(), w.1), "round {round}");
                }
            }
        }
    }
}
