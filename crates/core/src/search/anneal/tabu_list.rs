//! The tabu list: the hashes of the last few states visited, in a ring. A move to a state on
//! the list is refused. Beside the ring, a count per bucket of hashes (by their top bits) says
//! when a hash cannot be on the list, which is nearly always: then no scan is needed. Otherwise
//! the ring is scanned, so the answer is exact either way.

use crate::cpu::Isa;

/// Buckets per state the list holds: with 16, a hash not on the list finds its bucket empty
/// about 15 times in 16.
const BUCKETS_PER_STATE: usize = 16;
/// At most this many buckets (256 KB of counts), however long the list.
const MAX_BUCKETS: usize = 1 << 16;

/// The last `capacity` state hashes, in a ring, with a count per bucket of them.
#[derive(Clone, Debug)]
pub struct TabuList {
    ring: Vec<u64>,
    capacity: usize,
    next: usize,
    /// `buckets[h >> shift]`: hashes `h` on the list in that bucket (a power of two of them).
    buckets: Vec<u32>,
    shift: u32,
}

impl TabuList {
    /// An empty list holding at most `capacity` states (0: none, nothing is ever refused).
    pub fn new(capacity: usize) -> TabuList {
        let buckets = (capacity.saturating_mul(BUCKETS_PER_STATE))
            .clamp(1, MAX_BUCKETS)
            .next_power_of_two();
        TabuList {
            ring: Vec::with_capacity(capacity),
            capacity,
            next: 0,
            buckets: vec![0; buckets],
            // 64 − log2(buckets); a shift by 64 would overflow, so one bucket keeps bit 63
            shift: 64 - buckets.trailing_zeros().max(1),
        }
    }

    /// States on the list.
    pub fn len(&self) -> usize {
        self.ring.len()
    }

    /// True when no state is on the list.
    pub fn is_empty(&self) -> bool {
        self.ring.is_empty()
    }

    #[inline(always)]
    fn bucket(&self, h: u64) -> usize {
        (h >> self.shift) as usize & (self.buckets.len() - 1)
    }

    /// Whether the state of hash `h` is on the list. With AVX2 the scan compares four hashes
    /// an instruction and is faster alone (tabu 5 % slower with the buckets); with 128-bit
    /// vectors (WebAssembly, baseline x86-64) the buckets make tabu 10 to 15 % faster
    /// (BENCHMARKS.md, "The page"). Both give the same answer.
    #[inline(always)]
    pub fn contains(&self, h: u64, isa: impl Isa) -> bool {
        #[cfg(target_arch = "x86_64")]
        if isa.as_v3().is_some() {
            return self.ring.contains(&h);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = isa;
        self.buckets[self.bucket(h)] != 0 && self.ring.contains(&h)
    }

    /// Put a state on the list, forgetting the oldest when it is full.
    #[inline]
    pub fn push(&mut self, h: u64) {
        if self.capacity == 0 {
            return;
        }
        if self.ring.len() < self.capacity {
            self.ring.push(h);
        } else {
            let old = self.bucket(self.ring[self.next]);
            self.buckets[old] -= 1;
            self.ring[self.next] = h;
        }
        let new = self.bucket(h);
        self.buckets[new] += 1;
        self.next = (self.next + 1) % self.capacity;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::Portable;
    use crate::rng::Rng;

    #[test]
    fn the_ring_forgets_the_oldest() {
        let mut t = TabuList::new(3);
        for h in 1..=4 {
            t.push(h);
        }
        assert!(!t.contains(1, Portable));
        assert!(t.contains(2, Portable) && t.contains(4, Portable));
        assert_eq!(t.len(), 3);
    }

    /// The buckets never change an answer: against a plain list of the last `capacity` hashes,
    /// over long runs with repeats (hashes drawn from a small set, so buckets and the ring both
    /// hold duplicates) and without, at every length from none to more buckets than allowed.
    #[test]
    fn answers_as_a_plain_scan_of_the_last_states_does() {
        let mut rng = Rng::new(8);
        for capacity in [0, 1, 2, 3, 50, 200, 5000] {
            for distinct in [Some(40u64), None] {
                let mut t = TabuList::new(capacity);
                let mut plain = std::collections::VecDeque::new();
                for _ in 0..20_000 {
                    let h = match distinct {
                        // spread over the top bits too, so that buckets are shared
                        Some(n) => {
                            (rng.below(n as usize) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                        }
                        None => rng.next_u64(),
                    };
                    let want = plain.contains(&h);
                    assert_eq!(t.contains(h, Portable), want, "capacity {capacity}");
                    #[cfg(target_arch = "x86_64")]
                    if let Some(v3) = crate::cpu::V3::detect() {
                        assert_eq!(t.contains(h, v3), want, "capacity {capacity}");
                    }
                    t.push(h);
                    if capacity > 0 {
                        plain.push_back(h);
                        if plain.len() > capacity {
                            plain.pop_front();
                        }
                    }
                    assert_eq!(t.len(), plain.len());
                }
                assert_eq!(
                    t.buckets.iter().map(|&c| c as usize).sum::<usize>(),
                    plain.len()
                );
            }
        }
    }
}
