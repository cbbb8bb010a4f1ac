//! The vectors the triad solver reasons on: sixteen (a box) or eight (a band) 16-bit lanes, each
//! a set of values (bit `v` for value `v + 1`), and the constants its lane moves are made of.
//!
//! Every function here is compiled for x86-64-v3 (AVX2) and is called only from code compiled
//! for it, which [`super::solve`] enters after checking the processor.

use core::arch::x86_64::*;

/// Nine values.
pub const ALL: u16 = 0x1ff;

/// Sixteen 16-bit lanes.
#[derive(Clone, Copy)]
pub struct V16(pub __m256i);

/// Eight 16-bit lanes.
#[derive(Clone, Copy)]
pub struct V8(pub __m128i);

/// The vector with these lanes (usable in constants).
pub const fn v16(lanes: [u16; 16]) -> V16 {
    // SAFETY: both are 32 plain bytes
    V16(unsafe { core::mem::transmute::<[u16; 16], __m256i>(lanes) })
}

/// The vector with these lanes (usable in constants).
pub const fn v8(lanes: [u16; 8]) -> V8 {
    // SAFETY: both are 16 plain bytes
    V8(unsafe { core::mem::transmute::<[u16; 8], __m128i>(lanes) })
}

/// A byte shuffle that moves whole lanes within each half: lane `l` of a half takes lane
/// `from[l]` of the same half, or becomes 0 where `from[l]` is negative.
pub const fn pick8(from: [i8; 8]) -> V8 {
    let mut bytes = [0u8; 16];
    let mut l = 0;
    while l < 8 {
        if from[l] < 0 {
            bytes[2 * l] = 0x80;
            bytes[2 * l + 1] = 0x80;
        } else {
            bytes[2 * l] = 2 * from[l] as u8;
            bytes[2 * l + 1] = 2 * from[l] as u8 + 1;
        }
        l += 1;
    }
    // SAFETY: 16 plain bytes
    V8(unsafe { core::mem::transmute::<[u8; 16], __m128i>(bytes) })
}

/// [`pick8`] for both halves of a sixteen-lane vector: `from[l]` for `l` ≥ 8 names a lane of the
/// upper half by its place in that half (0..8).
pub const fn pick16(from: [i8; 16]) -> V16 {
    let mut lo = [0i8; 8];
    let mut hi = [0i8; 8];
    let mut l = 0;
    while l < 8 {
        lo[l] = from[l];
        hi[l] = from[8 + l];
        l += 1;
    }
    let (a, b) = (pick8(lo), pick8(hi));
    // SAFETY: two 16-byte halves make the 32 bytes
    V16(unsafe { core::mem::transmute::<[__m128i; 2], __m256i>([a.0, b.0]) })
}

/// Lane masks: 0xffff where `keep(lane)`.
pub const fn mask16(keep: [bool; 16]) -> V16 {
    let mut w = [0u16; 16];
    let mut l = 0;
    while l < 16 {
        if keep[l] {
            w[l] = 0xffff;
        }
        l += 1;
    }
    v16(w)
}

const BYTE_POPCOUNT: V16 = {
    let mut b = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        b[i] = (i % 16).count_ones() as u8;
        i += 1;
    }
    // SAFETY: 32 plain bytes
    V16(unsafe { core::mem::transmute::<[u8; 32], __m256i>(b) })
};

impl V16 {
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn and(self, o: V16) -> V16 {
        V16(_mm256_and_si256(self.0, o.0))
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn or(self, o: V16) -> V16 {
        V16(_mm256_or_si256(self.0, o.0))
    }
    /// The lanes of `self` without those of `o`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn minus(self, o: V16) -> V16 {
        V16(_mm256_andnot_si256(o.0, self.0))
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn is_zero(self) -> bool {
        _mm256_testz_si256(self.0, self.0) != 0
    }
    /// Each half shuffled by lanes, as [`pick16`] made `control`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn pick(self, control: V16) -> V16 {
        V16(_mm256_shuffle_epi8(self.0, control.0))
    }
    /// Every group of four lanes turned by one: lane `4q + x` takes lane `4q + (x + 1) % 4`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn turn1(self) -> V16 {
        const C: V16 = pick16([1, 2, 3, 0, 5, 6, 7, 4, 1, 2, 3, 0, 5, 6, 7, 4]);
        self.pick(C)
    }
    /// Every group of four lanes turned by two.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn turn2(self) -> V16 {
        V16(_mm256_shuffle_epi32::<0b10_11_00_01>(self.0))
    }
    /// The groups of four lanes moved as whole 64-bit quarters: quarter `q` takes quarter
    /// `IMM >> 2q & 3`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn quarters<const IMM: i32>(self) -> V16 {
        V16(_mm256_permute4x64_epi64::<IMM>(self.0))
    }
    /// The union of the three other lanes of each lane's group of four: with `h` the group
    /// turned by two, lane `x` gets `h` there (lane `x + 2`) and `self | h` from lane `x + 1`
    /// (lanes `x + 1` and `x + 3`).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn others_in_group(self) -> V16 {
        let half_turn = self.turn2();
        self.or(half_turn).turn1().or(half_turn)
    }
    /// The union of the lanes at the same place in the three other groups of four: the same
    /// construction with the groups moved instead of the lanes (`h`: the two halves swapped).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn others_across_groups(self) -> V16 {
        let half_turn = self.quarters::<0b01_00_11_10>();
        let both = self.or(half_turn);
        V16(_mm256_shuffle_epi32::<0b01_00_11_10>(both.0)).or(half_turn)
    }
    /// The union of all sixteen lanes, in every lane.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn union_everywhere(self) -> V16 {
        let x = self.or(self.turn2());
        let x = x.or(x.turn1());
        let x = x.or(V16(_mm256_shuffle_epi32::<0b01_00_11_10>(x.0)));
        x.or(x.quarters::<0b01_00_11_10>())
    }
    /// How many values each lane holds (lanes hold at most nine bits).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn counts(self) -> V16 {
        let low = _mm256_and_si256(self.0, _mm256_set1_epi16(0x0f));
        let mid = _mm256_and_si256(_mm256_srli_epi16::<4>(self.0), _mm256_set1_epi16(0x0f));
        let sum = _mm256_add_epi16(
            _mm256_shuffle_epi8(BYTE_POPCOUNT.0, low),
            _mm256_shuffle_epi8(BYTE_POPCOUNT.0, mid),
        );
        V16(_mm256_add_epi16(sum, _mm256_srli_epi16::<8>(self.0)))
    }
    /// [`V16::counts`] in one instruction.
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512bw,avx512bitalg")]
    #[inline]
    pub fn counts_wide(self) -> V16 {
        V16(_mm256_popcnt_epi16(self.0))
    }
    /// 0xffff in the lanes where `self` equals `o`.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn equal(self, o: V16) -> V16 {
        V16(_mm256_cmpeq_epi16(self.0, o.0))
    }
    /// Whether some lane of `self` is below that of `o` (both below 0x8000).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn any_below(self, o: V16) -> bool {
        _mm256_movemask_epi8(_mm256_cmpgt_epi16(o.0, self.0)) != 0
    }
    /// 0xffff in the lanes that are not zero (lanes below 0x8000).
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn nonzero(self) -> V16 {
        V16(_mm256_cmpgt_epi16(self.0, _mm256_setzero_si256()))
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn low(self) -> V8 {
        V8(_mm256_castsi256_si128(self.0))
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn high(self) -> V8 {
        V8(_mm256_extracti128_si256::<1>(self.0))
    }
    #[inline]
    pub fn lanes(self) -> [u16; 16] {
        // SAFETY: both are 32 plain bytes
        unsafe { core::mem::transmute::<__m256i, [u16; 16]>(self.0) }
    }
}

impl V8 {
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn and(self, o: V8) -> V8 {
        V8(_mm_and_si128(self.0, o.0))
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn or(self, o: V8) -> V8 {
        V8(_mm_or_si128(self.0, o.0))
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn minus(self, o: V8) -> V8 {
        V8(_mm_andnot_si128(o.0, self.0))
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn is_zero(self) -> bool {
        _mm_testz_si128(self.0, self.0) != 0
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn pick(self, control: V8) -> V8 {
        V8(_mm_shuffle_epi8(self.0, control.0))
    }
    /// Lanes 4..8 and 0..4 exchanged.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn swap_quarters(self) -> V8 {
        V8(_mm_shuffle_epi32::<0b01_00_11_10>(self.0))
    }
    /// The same eight lanes in both halves of a sixteen-lane vector.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn twice(self) -> V16 {
        V16(_mm256_broadcastsi128_si256(self.0))
    }
    /// Every bit set in some lane.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn union(self) -> u16 {
        let x = _mm_or_si128(self.0, _mm_srli_si128::<8>(self.0));
        let x = _mm_or_si128(x, _mm_srli_si128::<4>(x));
        let x = _mm_or_si128(x, _mm_srli_si128::<2>(x));
        _mm_cvtsi128_si32(x) as u16
    }
    /// Bits set over all lanes.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn count(self) -> u32 {
        let [a, b] = self.halves();
        a.count_ones() + b.count_ones()
    }
    #[inline]
    pub fn halves(self) -> [u64; 2] {
        // SAFETY: both are 16 plain bytes
        unsafe { core::mem::transmute::<__m128i, [u64; 2]>(self.0) }
    }
    #[inline]
    pub fn from_halves(h: [u64; 2]) -> V8 {
        // SAFETY: both are 16 plain bytes
        V8(unsafe { core::mem::transmute::<[u64; 2], __m128i>(h) })
    }
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline]
    pub fn splat(x: u16) -> V8 {
        V8(_mm_set1_epi16(x as i16))
    }
}
