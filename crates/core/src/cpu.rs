//! Which instructions the hot loops run, chosen once at run time.
//!
//! One build runs on every x86-64 processor and still runs fast on a recent one: the hot loops
//! are compiled twice, once for baseline x86-64 and once for x86-64-v3 (AVX2, BMI1, BMI2,
//! POPCNT, LZCNT: Intel since Haswell, 2013; AMD since Excavator, 2015), and the second copy runs
//! when the processor has those instructions. Both copies compute the same thing bit for bit, so
//! a run replays identically whichever copy ran it; only the speed differs.
//!
//! The 9x9 triad solver has a third copy, for AVX-512 with BITALG (Intel since Ice Lake, 2019;
//! AMD since Zen 4, 2022), and runs only where the processor has x86-64-v3 at least.
//!
//! `SUDOSCOPE_ISA=portable` forces the baseline copies, `SUDOSCOPE_ISA=x86-64-v3` stops at the
//! x86-64-v3 ones: to measure them or to compare.

use std::sync::OnceLock;

/// The instruction set a hot loop is compiled for. A value of a type other than [`Portable`]
/// exists only once the processor has been found to have its instructions, which is what makes
/// calling that type's copy of a loop sound.
pub trait Isa: Copy {
    /// Position of the `r`-th (from 0) set bit of `x`, which has more than `r`.
    fn select(self, x: u32, r: u32) -> u32;
    /// How many of these bits are set: bit `v` of `wa`, bit `32 + u` of `wa`, bit `u` of `wb`
    /// and bit `32 + v` of `wb` (`u`, `v` < 32).
    fn crossed_bits(self, wa: u64, wb: u64, v: u32, u: u32) -> u32;
    /// This level as a [`V3`], when it is one: the way to a loop's v3 copy (a function with
    /// `#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]`, the features `V3` stands for).
    #[cfg(target_arch = "x86_64")]
    fn as_v3(self) -> Option<V3>;
}

/// Baseline x86-64 (or any other architecture): no instruction beyond the target's own.
#[derive(Clone, Copy, Debug)]
pub struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn select(self, x: u32, r: u32) -> u32 {
        // WebAssembly has no deposit instruction and the page's loops are slower: a table
        #[cfg(target_arch = "wasm32")]
        return select_by_table(x, r);
        #[cfg(not(target_arch = "wasm32"))]
        select_by_bytes(x, r)
    }
    #[inline(always)]
    fn crossed_bits(self, wa: u64, wb: u64, v: u32, u: u32) -> u32 {
        // WebAssembly counts bits in one instruction, as x86-64-v3 does
        #[cfg(target_arch = "wasm32")]
        return crossed_by_counts(wa, wb, v, u);
        #[cfg(not(target_arch = "wasm32"))]
        crossed_by_shifts(wa, wb, v, u)
    }
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn as_v3(self) -> Option<V3> {
        None
    }
}

/// x86-64-v3: a processor with AVX2, BMI1, BMI2, POPCNT and LZCNT. Only [`V3::detect`] makes one.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct V3(());

#[cfg(target_arch = "x86_64")]
impl V3 {
    /// A `V3` when this processor has its instructions and `SUDOSCOPE_ISA` does not ask for the
    /// portable copy. Detected once; later calls read a cached answer.
    #[inline]
    pub fn detect() -> Option<V3> {
        (level() >= Level::V3).then_some(V3(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Isa for V3 {
    #[inline(always)]
    fn select(self, x: u32, r: u32) -> u32 {
        // SAFETY: a V3 exists only on a processor with BMI2 (see `detect`).
        unsafe { core::arch::x86_64::_pdep_u32(1 << r, x) }.trailing_zeros()
    }
    #[inline(always)]
    fn crossed_bits(self, wa: u64, wb: u64, v: u32, u: u32) -> u32 {
        crossed_by_counts(wa, wb, v, u)
    }
    #[inline(always)]
    fn as_v3(self) -> Option<V3> {
        Some(self)
    }
}

/// Which copy of the hot loops runs in this process, in order: each level has every
/// instruction of the one before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Baseline x86-64 (and every other processor).
    Portable,
    /// x86-64-v3: AVX2, BMI2, POPCNT.
    V3,
    /// x86-64-v3 with AVX-512 F, VL, BW and BITALG.
    V4,
}

impl Level {
    /// The name `SUDOSCOPE_ISA` takes and the benchmarks print.
    pub fn name(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::V3 => "x86-64-v3",
            Level::V4 => "avx512-bitalg",
        }
    }
}

impl Level {
    /// The level `SUDOSCOPE_ISA` names, if it names one.
    pub fn from_name(name: &str) -> Option<Level> {
        [Level::Portable, Level::V3, Level::V4]
            .into_iter()
            .find(|l| l.name() == name.trim())
    }
}

/// For the tests that compare the copies of a loop: whether `level` runs in this process. When
/// it does not, the test skips, and says so on standard error with `what` it skips; but when
/// `SUDOSCOPE_EXPECT_ISA` names `level` or a higher one (CI sets it from the processor's own
/// flags), a missing level is a failure, not a skip, so CI never passes a comparison it did not
/// make.
pub fn runs_or_skip(level: Level, what: &str) -> bool {
    if self::level() >= level {
        return true;
    }
    let missing = format!(
        "{what} needs {}; this run has {}",
        level.name(),
        self::level().name()
    );
    if let Ok(expected) = std::env::var("SUDOSCOPE_EXPECT_ISA") {
        let expected = Level::from_name(&expected)
            .unwrap_or_else(|| panic!("SUDOSCOPE_EXPECT_ISA={expected:?} names no level"));
        assert!(
            expected < level,
            "not run: {missing}, but SUDOSCOPE_EXPECT_ISA={} says this run has it",
            expected.name()
        );
    }
    let skip = format!("skipped: {missing}");
    eprintln!("{skip}");
    false
}

/// The level in use: the best the processor has, or less when `SUDOSCOPE_ISA` names a lower
/// one (`portable`, `x86-64-v3`).
pub fn level() -> Level {
    static LEVEL: OnceLock<Level> = OnceLock::new();
    *LEVEL.get_or_init(|| {
        let cap = match std::env::var("SUDOSCOPE_ISA").as_deref() {
            Ok("portable") => Level::Portable,
            Ok("x86-64-v3") => Level::V3,
            _ => Level::V4,
        };
        let found = if !has_v3() {
            Level::Portable
        } else if has_v4() {
            Level::V4
        } else {
            Level::V3
        };
        found.min(cap)
    })
}

#[cfg(target_arch = "x86_64")]
fn has_v3() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
}

#[cfg(target_arch = "x86_64")]
fn has_v4() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512vl")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512bitalg")
}

#[cfg(not(target_arch = "x86_64"))]
fn has_v3() -> bool {
    false
}

#[cfg(not(target_arch = "x86_64"))]
fn has_v4() -> bool {
    false
}

/// [`Isa::select`] without a deposit instruction: the byte holding the bit from running byte
/// totals compared all at once, then a table within the byte.
#[cfg(any(not(target_arch = "wasm32"), test))]
#[inline(always)]
fn select_by_bytes(x: u32, r: u32) -> u32 {
    // byte j of `upto`: set bits in bytes 0..=j (at most 32, so no byte overflows)
    let upto = byte_counts(x).wrapping_mul(0x0101_0101);
    // high bit of byte j: upto_j ≤ r (no borrow crosses a byte since r, upto_j ≤ 32)
    let done = ((r * 0x0101_0101) | 0x8080_8080).wrapping_sub(upto) & 0x8080_8080;
    // bytes wholly before the r-th bit form a prefix, so their number is the byte's index
    let byte = ((done >> 7).wrapping_mul(0x0101_0101) >> 24) * 8;
    let before = (upto << 8) >> byte & 0xff;
    byte + SELECT_IN_BYTE[((x >> byte & 0xff) << 3 | (r - before)) as usize & 2047] as u32
}

/// [`Isa::select`] from one table for masks of 9 bits or fewer (a 9x9 box's free cells: every
/// mask the annealing's draw asks about on a 9x9 grid), by [`select_by_counts`] past them. In
/// WebAssembly the page's annealing made 11 % more proposals a second with it than with
/// [`select_by_bytes`] (20.7 million against 18.6 in Node's V8, BENCHMARKS.md).
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
fn select_by_table(x: u32, r: u32) -> u32 {
    if x < 1 << 9 {
        SELECT_IN_9[(x << 4 | r) as usize & (SELECT_IN_9.len() - 1)] as u32
    } else {
        select_by_counts(x, r)
    }
}

/// [`Isa::select`] with a population count: the byte holding the bit from the counts of the
/// low one, two and three bytes, each compared with `r` apart, then the table within the byte.
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
fn select_by_counts(x: u32, r: u32) -> u32 {
    let below = |bits: u32| (r >= (x & bits).count_ones()) as u32;
    let byte = 8 * (below(0xff) + below(0xffff) + below(0x00ff_ffff));
    // (a shift of 32 would overflow: byte is 24 at most)
    let before = (x & ((1u32 << byte) - 1)).count_ones();
    byte + SELECT_IN_BYTE[((x >> byte & 0xff) << 3 | (r - before)) as usize & 2047] as u32
}

/// Set bits of each byte of `x`.
#[cfg(any(not(target_arch = "wasm32"), test))]
#[inline(always)]
fn byte_counts(x: u32) -> u32 {
    let a = x - ((x >> 1) & 0x5555_5555);
    let b = (a & 0x3333_3333) + ((a >> 2) & 0x3333_3333);
    (b + (b >> 4)) & 0x0f0f_0f0f
}

/// `SELECT_IN_BYTE[b << 3 | r]`: position of the r-th set bit of byte b.
const SELECT_IN_BYTE: [u8; 2048] = select_table::<2048>(8, 3);

/// `SELECT_IN_9[b << 4 | r]`: position of the r-th set bit of the 9-bit mask b.
#[cfg(any(target_arch = "wasm32", test))]
const SELECT_IN_9: [u8; 8192] = select_table::<8192>(9, 4);

/// The table of the r-th set bit of every mask of `bits` bits, at `mask << shift | r`.
const fn select_table<const LEN: usize>(bits: u32, shift: u32) -> [u8; LEN] {
    let mut t = [0u8; LEN];
    let mut b = 0;
    while b < 1 << bits {
        let (mut r, mut p) = (0, 0);
        while p < bits {
            if b >> p & 1 == 1 {
                t[b << shift | r] = p as u8;
                r += 1;
            }
            p += 1;
        }
        b += 1;
    }
    t
}

/// [`Isa::crossed_bits`] with two population counts (x86-64-v3, WebAssembly): the mask for `wb`
/// is the one for `wa` with its halves exchanged. (Other processors' portable copy shifts.)
#[cfg(any(target_arch = "x86_64", target_arch = "wasm32", test))]
#[inline(always)]
fn crossed_by_counts(wa: u64, wb: u64, v: u32, u: u32) -> u32 {
    let mask = 1u64 << v | 1u64 << (32 + u);
    (wa & mask).count_ones() + (wb & mask.rotate_left(32)).count_ones()
}

/// [`Isa::crossed_bits`] bit by bit: no population count, which baseline x86-64 lacks.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn crossed_by_shifts(wa: u64, wb: u64, v: u32, u: u32) -> u32 {
    ((wa >> v & 1) + (wa >> (32 + u) & 1) + (wb >> u & 1) + (wb >> (32 + v) & 1)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Each level against a plain scan, and (where the processor has it) V3 against Portable.
    fn levels() -> Vec<Box<dyn Fn(u32, u32) -> u32>> {
        let mut v: Vec<Box<dyn Fn(u32, u32) -> u32>> = vec![
            Box::new(|x, r| Portable.select(x, r)),
            // both portable ways, whichever this target takes
            Box::new(select_by_bytes),
            Box::new(select_by_counts),
            Box::new(select_by_table),
        ];
        #[cfg(target_arch = "x86_64")]
        if let Some(v3) = V3::detect() {
            v.push(Box::new(move |x, r| v3.select(x, r)));
        }
        v
    }

    #[test]
    fn select_agrees_with_a_plain_scan_at_every_level() {
        let mut rng = Rng::new(9);
        let selects = levels();
        for _ in 0..20_000 {
            let x = rng.next_u64() as u32 >> (rng.below(32) as u32);
            let set: Vec<u32> = (0..32).filter(|&p| x >> p & 1 == 1).collect();
            for (r, &p) in set.iter().enumerate() {
                for select in &selects {
                    assert_eq!(select(x, r as u32), p, "x={x:#x} r={r}");
                }
            }
        }
    }

    /// Every mask the table answers for, every rank, against a plain scan.
    #[test]
    fn the_table_answers_every_9_bit_mask() {
        for x in 1..512u32 {
            let set: Vec<u32> = (0..9).filter(|&p| x >> p & 1 == 1).collect();
            for (r, &p) in set.iter().enumerate() {
                assert_eq!(select_by_table(x, r as u32), p, "x={x:#x} r={r}");
            }
        }
    }

    #[test]
    fn crossed_bits_agree_with_the_definition_at_every_level() {
        let mut rng = Rng::new(4);
        for _ in 0..20_000 {
            let (wa, wb) = (rng.next_u64(), rng.next_u64());
            let (v, u) = (rng.below(32) as u32, rng.below(32) as u32);
            let bit = |w: u64, k: u32| (w >> k & 1) as u32;
            let want = bit(wa, v) + bit(wa, 32 + u) + bit(wb, u) + bit(wb, 32 + v);
            assert_eq!(Portable.crossed_bits(wa, wb, v, u), want);
            // both ways of counting, whichever this target's portable copy takes
            assert_eq!(crossed_by_counts(wa, wb, v, u), want);
            #[cfg(not(target_arch = "wasm32"))]
            assert_eq!(crossed_by_shifts(wa, wb, v, u), want);
            #[cfg(target_arch = "x86_64")]
            if let Some(v3) = V3::detect() {
                assert_eq!(v3.crossed_bits(wa, wb, v, u), want);
            }
        }
    }
}
