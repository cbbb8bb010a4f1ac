//! A small portable random generator (xoshiro256++ seeded through SplitMix64).
//!
//! Owned here rather than taken from `rand` because a run must replay identically forever: the
//! same seed gives the same trajectory on every machine, thread count and dependency version.
//! `rand` documents that its distributions may change output between versions; these ten lines
//! will not.

/// xoshiro256++ (Blackman & Vigna): fast, 256-bit state, passes BigCrush.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

/// SplitMix64 step: turns any 64-bit value into a well-mixed one.
pub fn splitmix64(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Mix several words into one seed (used to derive a run's seed from base seed, algorithm, index).
pub fn derive_seed(parts: &[u64]) -> u64 {
    let mut state = 0x5EED_5C0B_E000_0001_u64;
    let mut out = 0;
    for &p in parts {
        state ^= p;
        out = splitmix64(&mut state);
    }
    out
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        Rng {
            s: [
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
                splitmix64(&mut x),
            ],
        }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Uniform in `0..n` (n > 0), by Lemire's multiply-shift; the bias is below 2⁻³² for n < 2³².
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((self.next_u64() >> 32).wrapping_mul(n as u64) >> 32) as usize
    }

    /// Two independent draws from one generator call: uniform in `0..a` from the high half of the
    /// word, and the low half (a raw 32-bit value) for the caller to scale with [`scale`].
    #[inline]
    pub fn below_and_bits(&mut self, a: usize) -> (usize, u32) {
        let x = self.next_u64();
        (((x >> 32).wrapping_mul(a as u64) >> 32) as usize, x as u32)
    }

    /// Uniform in [0, 1).
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// True with probability p.
    #[inline]
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A uniformly chosen element; `None` when empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        (!items.is_empty()).then(|| &items[self.below(items.len())])
    }
}

/// Scale 32 random bits to `0..n` (multiply-shift).
#[inline]
pub fn scale(bits: u32, n: usize) -> usize {
    ((bits as u64 * n as u64) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_known_first_value() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = Rng::new(3);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[r.below(7)] += 1;
        }
        // each bucket expects 10,000 with sd ≈ 93; 6 sd is a generous bound
        assert!(
            counts.iter().all(|&c| (9_440..=10_560).contains(&c)),
            "{counts:?}"
        );
    }
}
