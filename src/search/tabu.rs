//! Annealing with a tabu list (the Portuguese article), and the tabu list itself.
//!
//! Classic: each row is a permutation (free cells get the row's missing values), the cost counts
//! columns and boxes, a move swaps two free cells of one row, a list of the last 200 states
//! (cyclic) forbids revisits, and T cools geometrically every proposal from 10⁹ until it falls
//! below 10⁻⁹ (the article's "below 1/temperature") or a million steps pass. The cooling factor
//! is not given in the article; 0.99996 takes T from 10⁹ to 10⁻⁹ in about a million steps.
//!
//! Tuned: the same list on the box representation with the tuned annealing schedule (T0 from the
//! delta spread, cooling per chain, reheats, min-conflicts).

use super::annealing::{PermSettings, tuned_params};
use super::params::{ParamSpec, Params, Preset};
use super::repr::PermUnit;

/// The last `capacity` state hashes, in a ring; lookups scan it (200 words fit in cache).
#[derive(Clone, Debug)]
pub struct TabuList {
    ring: Vec<u64>,
    capacity: usize,
    next: usize,
}

impl TabuList {
    pub fn new(capacity: usize) -> TabuList {
        TabuList {
            ring: Vec::with_capacity(capacity),
            capacity,
            next: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.ring.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ring.is_empty()
    }

    #[inline]
    pub fn contains(&self, h: u64) -> bool {
        self.ring.contains(&h)
    }

    #[inline]
    pub fn push(&mut self, h: u64) {
        if self.capacity == 0 {
            return;
        }
        if self.ring.len() < self.capacity {
            self.ring.push(h);
        } else {
            self.ring[self.next] = h;
        }
        self.next = (self.next + 1) % self.capacity;
    }
}

pub fn params(preset: Preset) -> Vec<ParamSpec> {
    let tabu = ParamSpec::int(
        "tabu",
        "length of the tabu list (recent states forbidden)",
        200.0,
        0.0,
        100_000.0,
    );
    match preset {
        Preset::Classic => vec![
            ParamSpec::real("t0", "initial temperature", 1e9, 1e-9, 1e15),
            ParamSpec::real(
                "cooling",
                "T is multiplied by this after every proposal",
                0.99996,
                0.5,
                1.0,
            ),
            ParamSpec::real("freeze", "stop when T falls below this", 1e-9, 0.0, 1e6),
            tabu,
        ],
        Preset::Tuned => {
            let mut p = tuned_params();
            p.push(ParamSpec::int(
                "tabu",
                "length of the tabu list (recent states forbidden)",
                50.0,
                0.0,
                100_000.0,
            ));
            p
        }
    }
}

pub fn settings(preset: Preset, params: &Params) -> PermSettings {
    match preset {
        Preset::Classic => PermSettings {
            unit: PermUnit::Row,
            t0: params.get("t0"),
            alpha: params.get("cooling"),
            chain_factor: 0.0,
            reheat_after: 0,
            reheat: 1.0,
            freeze: params.get("freeze"),
            min_conflicts: 0.0,
            tabu: params.usize("tabu"),
            propagate: false,
        },
        Preset::Tuned => PermSettings {
            tabu: params.usize("tabu"),
            ..super::annealing::tuned_settings(params)
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ring_forgets_the_oldest() {
        let mut t = TabuList::new(3);
        for h in 1..=4 {
            t.push(h);
        }
        assert!(!t.contains(1));
        assert!(t.contains(2) && t.contains(4));
        assert_eq!(t.len(), 3);
    }
}
