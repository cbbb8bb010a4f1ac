//! Propagation and search of the triad solver, compiled twice: for x86-64-v3 (AVX2) and for
//! AVX-512 with BITALG, where three-input logic, one-instruction lane counts and the wider
//! register file make a node about a tenth cheaper. The two copies run the same steps, so they
//! find the same solutions with the same counters; [`super::solve`] picks one at run time.

/// One compiled copy: every function carries `$features`; `$counts` names the lane count to use.
macro_rules! compiled_copy {
    ($features:literal, $counts:ident) => {
        use super::super::lanes::{ALL, V8, V16, v8};
        use super::super::tables::*;
        use super::super::{Dead, State, Tally, fewest_choices, record};

        #[target_feature(enable = $features)]
        pub fn run(cells: &[u8], tally: &mut Tally) {
            tally.stats.propagations += 1;
            if let Ok(mut s) = start(cells) {
                search(&mut s, tally, 0);
            }
        }

        /// The state with the givens placed and propagated.
        #[target_feature(enable = $features)]
        fn start(cells: &[u8]) -> Result<State, Dead> {
            let mut s = State {
                boxes: [FULL_BOX; 9],
                perms: [FULL_BAND; 6],
                drop: [v8([0; 8]); 6],
            };
            let mut givens = given_cells(cells);
            while givens != 0 {
                let cell = givens.trailing_zeros() as usize;
                givens &= givens - 1;
                let [bx, at, i, j, r, c] = CELL_PLACE[cell].map(usize::from);
                let bit = 1u16 << (cells[cell] - 1);
                let [own, peers] = GIVEN_AT[at];
                let value = V16(core::arch::x86_64::_mm256_set1_epi16(bit as i16));
                s.boxes[bx] = s.boxes[bx].minus(peers.and(value).or(own.minus(value)));
                let value = V8::splat(bit);
                s.drop[i] = s.drop[i].or(NOT_THROUGH[r][j].and(value));
                s.drop[3 + j] = s.drop[3 + j].or(NOT_THROUGH[c][i].and(value));
            }
            for band in 0..6 {
                update_band(&mut s, band)?;
            }
            Ok(s)
        }

        /// The cells holding a given, as bits of a 128-bit mask (three 32-byte compares).
        #[target_feature(enable = $features)]
        fn given_cells(cells: &[u8]) -> u128 {
            use core::arch::x86_64::*;
            let mut padded = [0u8; 96];
            padded[..81].copy_from_slice(&cells[..81]);
            let mut blank = 0u128;
            for (k, chunk) in padded.chunks_exact(32).enumerate() {
                let bytes: [u8; 32] = chunk.try_into().expect("32 bytes");
                // SAFETY: both are 32 plain bytes
                let v = unsafe { core::mem::transmute::<[u8; 32], __m256i>(bytes) };
                let zero = _mm256_cmpeq_epi8(v, _mm256_setzero_si256());
                blank |= u128::from(_mm256_movemask_epi8(zero) as u32) << (32 * k);
            }
            !blank & ((1u128 << 81) - 1)
        }

        /// Narrow box `bx` to `allowed` and reason inside it until nothing changes, then tell
        /// its two bands (the band of columns first when `from_rows`: the news came from the
        /// band of rows).
        #[target_feature(enable = $features)]
        #[inline]
        fn restrict_box(
            s: &mut State,
            bx: usize,
            allowed: V16,
            from_rows: bool,
        ) -> Result<(), Dead> {
            let lose = s.boxes[bx].minus(allowed);
            if lose.is_zero() {
                return Ok(());
            }
            narrow_box(s, bx, lose, from_rows)
        }

        /// [`restrict_box`] once the box loses something.
        #[target_feature(enable = $features)]
        #[inline(never)]
        fn narrow_box(
            s: &mut State,
            bx: usize,
            mut lose: V16,
            from_rows: bool,
        ) -> Result<(), Dead> {
            let mut b = s.boxes[bx];
            let (in_row, in_col) = loop {
                b = b.minus(lose);
                let counts = b.$counts();
                if counts.any_below(FEWEST) {
                    return Err(Dead);
                }
                // for each lane, the values the other lanes of its row (column) rule may take
                let in_row = b.others_in_group();
                let in_col = b.others_across_groups();
                let uncovered = ROW_RULES_ALL
                    .minus(b.or(in_row))
                    .or(COL_RULES_ALL.minus(b.or(in_col)));
                if !uncovered.is_zero() {
                    return Err(Dead);
                }
                // what is now certain: a value only one lane of a rule can take, a cell with one
                // value, a missing-set down to six
                let certain = b
                    .minus(in_row)
                    .and(ROW_RULES)
                    .or(b.minus(in_col).and(COL_RULES))
                    .or(b.and(counts.equal(FEWEST)));
                let certain_cells = certain.and(CELLS);
                let in_box = certain_cells.nonzero().or(certain_cells.union_everywhere());
                lose = certain
                    .and(ROW_RULES)
                    .others_in_group()
                    .or(certain.and(COL_RULES).others_across_groups())
                    .or(in_box.minus(certain_cells).and(CELLS))
                    .and(b);
                if lose.is_zero() {
                    break (in_row, in_col);
                }
            };
            s.boxes[bx] = b;
            // the values no cell of row r (column c) can hold: lane 4r + 3 of in_row (lane
            // 12 + c of in_col)
            let absent = ROW_MISSING.minus(in_row).or(COL_MISSING.minus(in_col));
            let (i, j) = (bx / 3, bx % 3);
            let (low, high) = (absent.low(), absent.high());
            let [from_low, from_high] = TO_ROW_BAND[j];
            s.drop[i] = s.drop[i].or(low.pick(from_low)).or(high.pick(from_high));
            s.drop[3 + j] = s.drop[3 + j].or(high.pick(TO_COL_BAND[i]));
            if from_rows {
                update_band(s, 3 + j)?;
                update_band(s, i)
            } else {
                update_band(s, i)?;
                update_band(s, 3 + j)
            }
        }

        /// Drop what band `band` was told to, fix the values of triads down to three, and
        /// narrow its three boxes to what its triads allow.
        #[target_feature(enable = $features)]
        #[inline]
        fn update_band(s: &mut State, band: usize) -> Result<(), Dead> {
            let gone = s.perms[band].and(s.drop[band]);
            if gone.is_zero() {
                return Ok(());
            }
            narrow_band(s, band, gone)
        }

        /// [`update_band`] once the band loses a permutation.
        #[target_feature(enable = $features)]
        #[inline(never)]
        fn narrow_band(s: &mut State, band: usize, gone: V8) -> Result<(), Dead> {
            let mut perms = s.perms[band].minus(gone);
            if perms.union() != ALL {
                return Err(Dead);
            }
            let mut triads = triads_of(perms);
            let counts = triads.$counts();
            if counts.any_below(THREE) {
                return Err(Dead);
            }
            let fixed = triads.and(counts.equal(THREE));
            if !fixed.is_zero() {
                let elsewhere = fixed
                    .quarters::<0b11_00_10_01>()
                    .or(fixed.quarters::<0b11_01_00_10>());
                let (low, high) = (elsewhere.low(), elsewhere.high());
                let out = low
                    .pick(FIXED_ELSEWHERE[0])
                    .or(low.pick(FIXED_ELSEWHERE[1]))
                    .or(high.pick(FIXED_ELSEWHERE[2]));
                if !perms.and(out).is_zero() {
                    perms = perms.minus(out);
                    if perms.union() != ALL {
                        return Err(Dead);
                    }
                    triads = triads_of(perms);
                }
            }
            s.perms[band] = perms;
            let rows = band < 3;
            let at = band % 3;
            let allowed = ALLOWED[!rows as usize];
            for b in 0..3 {
                let own = match b {
                    0 => triads.low(),
                    1 => triads.low().swap_quarters(),
                    _ => triads.high(),
                }
                .twice();
                let bx = if rows { 3 * at + b } else { 3 * b + at };
                restrict_box(s, bx, own.pick(allowed[0]).or(own.pick(allowed[1])), rows)?;
            }
            Ok(())
        }

        /// The band's triads (lane `4b + r`) from its permutations.
        #[target_feature(enable = $features)]
        #[inline]
        fn triads_of(perms: V8) -> V16 {
            let both = perms.twice();
            both.pick(TRIAD_FROM[0])
                .or(both.pick(TRIAD_FROM[1]))
                .or(TRIAD_PAD)
        }

        /// Branch on the band with the fewest permutations left (a settled band has nine, one per
        /// value), or record a solution when every band is settled.
        #[target_feature(enable = $features)]
        fn search(s: &mut State, tally: &mut Tally, depth: u32) {
            tally.stats.max_depth = tally.stats.max_depth.max(depth);
            let mut best = (u32::MAX, usize::MAX);
            for band in 0..6 {
                let n = s.perms[band].count();
                if n > 9 && n < best.0 {
                    best = (n, band);
                }
            }
            if best.1 == usize::MAX {
                record(s, tally, depth);
                return;
            }
            let band = best.1;
            let value = fewest_choices(s.perms[band]);
            branch(s, band, value, tally, depth);
        }

        /// Try one permutation of `value` in `band` on a copy, then the others here: drop that
        /// one and continue, branching again while more than one is left.
        #[target_feature(enable = $features)]
        fn branch(s: &mut State, band: usize, value: u32, tally: &mut Tally, depth: u32) {
            let of_value = V8::splat(1 << value);
            loop {
                let open = s.perms[band].and(of_value);
                let [a, b] = open.halves();
                let first = V8::from_halves(if a != 0 {
                    [a & a.wrapping_neg(), 0]
                } else {
                    [0, b & b.wrapping_neg()]
                });
                tally.stats.guesses += 1;
                tally.stats.propagations += 1;
                let mut child = *s;
                child.drop[band] = child.drop[band].or(open.minus(first));
                match update_band(&mut child, band) {
                    Ok(()) => search(&mut child, tally, depth + 1),
                    Err(Dead) => tally.stats.backtracks += 1,
                }
                if tally.full() {
                    return;
                }
                s.drop[band] = s.drop[band].or(first);
                tally.stats.propagations += 1;
                if update_band(s, band).is_err() {
                    tally.stats.backtracks += 1;
                    return;
                }
                if s.perms[band].and(of_value).count() == 1 {
                    search(s, tally, depth + 1);
                    return;
                }
            }
        }
    };
}

/// The copy for x86-64-v3.
pub mod v3 {
    compiled_copy!("avx2,bmi1,bmi2,popcnt,lzcnt", counts);
}

/// The copy for AVX-512 (F, VL, BW) with BITALG.
pub mod v4 {
    compiled_copy!(
        "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512vl,avx512bw,avx512bitalg",
        counts_wide
    );
}
