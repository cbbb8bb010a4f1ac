//! The colony's memory: pheromone per (cell, value), how an ant reads it, and how it is laid
//! and evaporated.

use crate::rng::Rng;

/// Pheromone per (cell, value).
#[derive(Clone, Debug)]
pub struct Pheromone {
    n: usize,
    tau: Vec<f64>,
    /// The starting level, which the local update pulls towards.
    tau0: f64,
}

impl Pheromone {
    /// Every (cell, value) at `tau0`.
    pub fn new(cells: usize, n: usize, tau0: f64) -> Pheromone {
        Pheromone {
            n,
            tau: vec![tau0; cells * n],
            tau0,
        }
    }

    /// Every (cell, value) back at the starting level.
    pub fn reset(&mut self) {
        self.tau.fill(self.tau0);
    }

    /// The level of `value` at `cell`.
    #[inline]
    pub fn get(&self, cell: usize, value: u8) -> f64 {
        self.tau[cell * self.n + value as usize - 1]
    }

    /// A value among `candidates` (a non-empty mask): with probability `q0` the one with the
    /// most pheromone (the lowest on a tie), otherwise one drawn with probability proportional
    /// to its pheromone.
    #[inline]
    pub fn choose(&self, cell: usize, candidates: u32, q0: f64, rng: &mut Rng) -> u8 {
        debug_assert!(candidates != 0);
        let row = &self.tau[cell * self.n..(cell + 1) * self.n];
        if candidates & (candidates - 1) == 0 {
            return candidates.trailing_zeros() as u8 + 1;
        }
        if rng.unit() < q0 {
            let (mut best, mut best_tau) = (0, f64::NEG_INFINITY);
            let mut m = candidates;
            while m != 0 {
                let w = m.trailing_zeros() as usize;
                m &= m - 1;
                if row[w] > best_tau {
                    (best, best_tau) = (w, row[w]);
                }
            }
            return best as u8 + 1;
        }
        let mut total = 0.0;
        let mut m = candidates;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            total += row[w];
        }
        let mut x = rng.unit() * total;
        let mut m = candidates;
        let mut last = 0;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            last = w;
            if x < row[w] {
                return w as u8 + 1;
            }
            x -= row[w];
        }
        last as u8 + 1
    }

    /// The local update of an ant that chose `value` at `cell`: the level moves a fraction `xi`
    /// of the way back to the starting level, so the next ants are less drawn to the same choice.
    #[inline]
    pub fn wear(&mut self, cell: usize, value: u8, xi: f64) {
        let t = &mut self.tau[cell * self.n + value as usize - 1];
        *t = (1.0 - xi) * *t + xi * self.tau0;
    }

    /// The global update: every value of `cells` (0 = none) moves a fraction `rho` of the way
    /// to `amount`.
    pub fn deposit(&mut self, cells: &[u8], rho: f64, amount: f64) {
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                let t = &mut self.tau[c * self.n + v as usize - 1];
                *t = (1.0 - rho) * *t + rho * amount;
            }
        }
    }

    /// Per cell, the share of its pheromone on its strongest value, and that value.
    pub fn strongest(&self) -> impl Iterator<Item = (f64, u8)> + '_ {
        self.tau.chunks(self.n).map(|row| {
            let total: f64 = row.iter().sum();
            let (w, &top) =
                row.iter().enumerate().fold(
                    (0, &f64::NEG_INFINITY),
                    |a, b| if b.1 > a.1 { b } else { a },
                );
            (top / total, w as u8 + 1)
        })
    }

    /// The mean over `cells` of the entropy of the pheromone's distribution on the values, as
    /// a fraction of its largest possible value (1 = no preference, 0 = one value only).
    pub fn entropy(&self, cells: impl Iterator<Item = usize>) -> f64 {
        let (mut sum, mut k) = (0.0, 0usize);
        let max = (self.n as f64).ln();
        for c in cells {
            let row = &self.tau[c * self.n..(c + 1) * self.n];
            let total: f64 = row.iter().sum();
            let h: f64 = row
                .iter()
                .filter(|&&t| t > 0.0)
                .map(|&t| {
                    let p = t / total;
                    -p * p.ln()
                })
                .sum();
            sum += h / max;
            k += 1;
        }
        if k == 0 { 0.0 } else { sum / k as f64 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_takes_the_strongest_and_roulette_follows_the_levels() {
        let mut p = Pheromone::new(1, 4, 1.0);
        p.deposit(&[3], 1.0, 9.0); // value 3 at 9, the others at 1
        let mut rng = Rng::new(1);
        assert!((0..100).all(|_| p.choose(0, 0b1111, 1.0, &mut rng) == 3));
        assert!((0..100).all(|_| p.choose(0, 0b1011, 1.0, &mut rng) != 3));
        let draws = 60_000;
        let threes = (0..draws)
            .filter(|_| p.choose(0, 0b1111, 0.0, &mut rng) == 3)
            .count() as f64;
        // expected share 9/12 = 0.75; sd = sqrt(0.75·0.25/60000) ≈ 0.0018: 5 sd below
        assert!((threes / draws as f64 - 0.75).abs() < 0.009, "{threes}");
    }

    #[test]
    fn wear_pulls_back_towards_the_start_and_entropy_measures_preference() {
        let mut p = Pheromone::new(2, 4, 0.5);
        assert!((p.entropy(0..2) - 1.0).abs() < 1e-12);
        p.deposit(&[1, 0], 0.5, 10.5); // cell 0 value 1 at 5.5
        assert_eq!(p.get(0, 1), 5.5);
        p.wear(0, 1, 0.1);
        assert!((p.get(0, 1) - (0.9 * 5.5 + 0.1 * 0.5)).abs() < 1e-12);
        assert!(p.entropy(0..1) < 0.6);
        assert!((p.entropy(1..2) - 1.0).abs() < 1e-12);
        let (share, v) = p.strongest().next().unwrap();
        assert_eq!(v, 1);
        assert!((share - 5.0 / 6.5).abs() < 1e-12, "{share}");
    }
}
