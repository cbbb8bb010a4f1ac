//! The random generators every run is made from, and our draws on top of them.
//!
//! The generator is `rand`'s xoshiro256++ seeded through SplitMix64 (`seed_from_u64`), whose
//! stream is the one published by its authors; `crates/core/tests/golden.rs` pins its first outputs, so a
//! change of that stream in a new `rand` fails a test instead of silently changing every run.
//! The draws a search makes (`below`, the 53-bit threshold of the Metropolis test, the shuffle)
//! are ours: `rand` documents that its distributions may change output between versions, and
//! these must not. Both generators implement `rand`'s traits, so rand-based code can use them.

use std::convert::Infallible;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng as _, SeedableRng, TryRng};

/// xoshiro256++ (Blackman & Vigna): fast, 256-bit state, passes BigCrush.
#[derive(Clone, Debug)]
pub struct Rng {
    inner: Xoshiro256PlusPlus,
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
    /// The generator of a seed: xoshiro256++ with its state filled by SplitMix64 from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng {
            inner: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// Uniform in `0..n` (n > 0), by Lemire's multiply-shift; the bias is below 2⁻³² for n < 2³².
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((self.next_u64() >> 32).wrapping_mul(n as u64) >> 32) as usize
    }

    /// 53 random bits: x, standing for the uniform draw x·2⁻⁵³ that [`Rng::unit`] returns (as
    /// [`crate::search::metropolis`] takes it, compared on integers).
    #[inline]
    pub fn bits53(&mut self) -> u64 {
        self.next_u64() >> 11
    }

    /// Uniform in [0, 1).
    #[inline]
    pub fn unit(&mut self) -> f64 {
        self.bits53() as f64 * (1.0 / (1u64 << 53) as f64)
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

/// xoroshiro128++ (Blackman & Vigna): two words of state where [`Rng`] has four, so that in
/// the permutation engine's inner loop the state stays in registers beside everything else
/// (with four words, the compiler kept three on the stack). Period 2¹²⁸ − 1; seeded from a
/// run's [`Rng`], so a run still replays from its one seed.
#[derive(Clone, Debug)]
pub struct LeanRng {
    s: [u64; 2],
}

impl LeanRng {
    /// Two words from `rng` (the all-zero state, which would stay zero, is avoided).
    pub fn from(rng: &mut Rng) -> LeanRng {
        let s = [rng.next_u64(), rng.next_u64()];
        LeanRng {
            s: if s == [0, 0] { [1, 0] } else { s },
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let [s0, mut s1] = self.s;
        let result = s0.wrapping_add(s1).rotate_left(17).wrapping_add(s0);
        s1 ^= s0;
        self.s = [s0.rotate_left(49) ^ s1 ^ (s1 << 21), s1.rotate_left(28)];
        result
    }
}

/// Our generators are `rand` generators: code written against `rand::Rng` draws from the same
/// stream our own draws use (bytes little-endian, 32-bit draws the high half of a word).
macro_rules! rand_generator {
    ($($t:ty),*) => {$(
        impl TryRng for $t {
            type Error = Infallible;
            #[inline]
            fn try_next_u32(&mut self) -> Result<u32, Infallible> {
                Ok((self.next_u64() >> 32) as u32)
            }
            #[inline]
            fn try_next_u64(&mut self) -> Result<u64, Infallible> {
                Ok(self.next_u64())
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
                for chunk in dst.chunks_mut(8) {
                    let bytes = self.next_u64().to_le_bytes();
                    chunk.copy_from_slice(&bytes[..chunk.len()]);
                }
                Ok(())
            }
        }
    )*};
}

rand_generator!(Rng, LeanRng);

/// Scale 32 random bits to `0..n` (n > 0) and keep what the scaling left over: the low half of
/// the product, 32 bits again, spread evenly (in steps of n) whatever the draw, so the caller
/// can draw from them once more. One generator word then serves several small draws.
#[inline]
pub fn scale_and_rest(bits: u32, n: usize) -> (usize, u32) {
    let x = bits as u64 * n as u64;
    ((x >> 32) as usize, x as u32)
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

    /// The first outputs from state {1, 2}, as the authors' C code (xoroshiro128plusplus.c)
    /// prints them.
    #[test]
    fn lean_generator_matches_the_reference_implementation() {
        let mut r = LeanRng { s: [1, 2] };
        let want = [
            0x0000_0000_0006_0001,
            0x0002_60c0_0066_0007,
            0x180a_cc04_7186_06d3,
            0x9e22_6d35_036f_c4c7,
        ];
        for w in want {
            assert_eq!(r.next_u64(), w);
        }
        let mut zero = Rng::new(0);
        assert_ne!(LeanRng::from(&mut zero).s, [0, 0]);
    }

    /// Through `rand`'s traits, the same stream: rand-based code sees our generator.
    #[test]
    fn rand_traits_draw_from_the_same_stream() {
        use rand::Rng as _;
        let (mut a, mut b) = (Rng::new(5), Rng::new(5));
        assert_eq!(rand::Rng::next_u64(&mut a), b.next_u64());
        let mut bytes = [0u8; 12];
        a.fill_bytes(&mut bytes);
        assert_eq!(bytes[..8], b.next_u64().to_le_bytes());
        let mut lean = LeanRng::from(&mut Rng::new(1));
        let mut again = lean.clone();
        assert_eq!(rand::Rng::next_u64(&mut lean), again.next_u64());
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
