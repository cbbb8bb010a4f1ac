//! Bit tricks of the permutation engine's inner loop, each with the one-instruction form where
//! the target has it (`popcnt`, BMI2's `pdep`: x86-64 since 2013, enabled by the repository's
//! `.cargo/config.toml`, which builds for the machine it runs on) and a portable form where it
//! does not. Both forms are compiled and tested against each other on every build.

/// How many bits of `x` are set.
#[inline(always)]
pub fn count(x: u32) -> u32 {
    x.count_ones()
}

/// Position of the `r`-th (from 0) set bit of `x`, which has more than `r`.
#[inline(always)]
pub fn select(x: u32, r: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: this line is compiled only for targets with BMI2.
    let at = unsafe { core::arch::x86_64::_pdep_u32(1 << r, x) }.trailing_zeros();
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    let at = select_by_bytes(x, r);
    at
}

/// [`select`] without a deposit instruction: the byte holding the bit from running byte
/// totals compared all at once, then a table within the byte.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
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

/// Set bits of each byte of `x`.
#[inline(always)]
fn byte_counts(x: u32) -> u32 {
    let a = x - ((x >> 1) & 0x5555_5555);
    let b = (a & 0x3333_3333) + ((a >> 2) & 0x3333_3333);
    (b + (b >> 4)) & 0x0f0f_0f0f
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

/// Of two 64-bit words, how many of these bits are set: bit `v` of `wa`, bit `32 + u` of `wa`,
/// bit `u` of `wb` and bit `32 + v` of `wb` (`u`, `v` < 32).
#[inline(always)]
pub fn crossed_bits(wa: u64, wb: u64, v: u32, u: u32) -> u32 {
    if cfg!(target_feature = "popcnt") {
        crossed_by_count(wa, wb, v, u)
    } else {
        crossed_by_shifts(wa, wb, v, u)
    }
}

/// [`crossed_bits`] as two masks and two population counts: the mask for `wb` is the one for
/// `wa` with its halves exchanged.
#[inline(always)]
fn crossed_by_count(wa: u64, wb: u64, v: u32, u: u32) -> u32 {
    let mask = 1u64 << v | 1u64 << (32 + u);
    (wa & mask).count_ones() + (wb & mask.rotate_left(32)).count_ones()
}

/// [`crossed_bits`] bit by bit.
#[inline(always)]
fn crossed_by_shifts(wa: u64, wb: u64, v: u32, u: u32) -> u32 {
    ((wa >> v & 1) + (wa >> (32 + u) & 1) + (wb >> u & 1) + (wb >> (32 + v) & 1)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn select_and_count_agree_with_a_plain_scan() {
        let mut rng = Rng::new(9);
        for _ in 0..20_000 {
            let x = rng.next_u64() as u32 >> (rng.below(32) as u32);
            let set: Vec<u32> = (0..32).filter(|&p| x >> p & 1 == 1).collect();
            assert_eq!(count(x) as usize, set.len());
            for (r, &p) in set.iter().enumerate() {
                assert_eq!(select(x, r as u32), p, "x={x:#x} r={r}");
                assert_eq!(select_by_bytes(x, r as u32), p, "x={x:#x} r={r}");
            }
        }
    }

    #[test]
    fn crossed_bits_agree_both_ways_with_the_definition() {
        let mut rng = Rng::new(4);
        for _ in 0..20_000 {
            let (wa, wb) = (rng.next_u64(), rng.next_u64());
            let (v, u) = (rng.below(32) as u32, rng.below(32) as u32);
            let bit = |w: u64, k: u32| (w >> k & 1) as u32;
            let want = bit(wa, v) + bit(wa, 32 + u) + bit(wb, u) + bit(wb, 32 + v);
            assert_eq!(crossed_by_count(wa, wb, v, u), want);
            assert_eq!(crossed_by_shifts(wa, wb, v, u), want);
            assert_eq!(crossed_bits(wa, wb, v, u), want);
        }
    }
}
