//! The constants of the triad solver: the six permutations of a band, the lane masks of a box,
//! and the shuffles that carry news between a box's lanes and its bands' lanes. All are
//! computed here from the layout the module doc describes.

use super::lanes::{ALL, V8, V16, mask16, pick8, pick16, v8, v16};

/// The six ways to put a value in a band: `PERMS[k][r]` is the box (0..3) of the band that
/// holds it in row (column) `r` of the band.
pub const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
];

/// The row (column) of the band in which permutation `k` puts the value inside box `b`.
pub const fn row_in_box(k: usize, b: usize) -> usize {
    if PERMS[k][0] == b {
        0
    } else if PERMS[k][1] == b {
        1
    } else {
        2
    }
}

/// A box-shaped vector: lane `4r + c` holds `$x` where `$keep` holds for `($r, $c)`, 0
/// elsewhere (the same shape serves a band's triads, lane `4b + r`).
macro_rules! box_lanes {
    (|$r:ident, $c:ident| $keep:expr, $x:expr) => {{
        let mut w = [0u16; 16];
        let mut l = 0;
        while l < 16 {
            let ($r, $c) = (l / 4, l % 4);
            if $keep {
                w[l] = $x;
            }
            l += 1;
        }
        v16(w)
    }};
}

pub const CELLS: V16 = box_lanes!(|r, c| r < 3 && c < 3, 0xffff);
/// Lanes in a row rule: the three cells and the row's missing-set.
pub const ROW_RULES: V16 = box_lanes!(|r, _c| r < 3, 0xffff);
/// Lanes in a column rule.
pub const COL_RULES: V16 = box_lanes!(|_r, c| c < 3, 0xffff);
pub const ROW_RULES_ALL: V16 = box_lanes!(|r, _c| r < 3, ALL);
pub const COL_RULES_ALL: V16 = box_lanes!(|_r, c| c < 3, ALL);
/// The rows' missing-sets, and the columns'.
pub const ROW_MISSING: V16 = box_lanes!(|r, c| r < 3 && c == 3, ALL);
pub const COL_MISSING: V16 = box_lanes!(|r, c| r == 3 && c < 3, ALL);
/// The fewest values a lane may hold: one in a cell, six in a missing-set (three values of nine
/// are present), none in the spare lane.
pub const FEWEST: V16 = {
    let mut w = [6; 16];
    let mut l = 0;
    while l < 16 {
        if l / 4 < 3 && l % 4 < 3 {
            w[l] = 1;
        }
        l += 1;
    }
    w[15] = 0;
    v16(w)
};
pub const FULL_BOX: V16 = v16([ALL; 16]);
pub const FULL_BAND: V8 = v8([ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]);

/// A band's triads come in sixteen lanes, lane `4b + r` for row (column) `r` of box `b`; the
/// lanes `4b + 3` and 12..16 stay full. Each triad is the union of the two permutations that
/// put the value there: `TRIAD_FROM[0]` picks one, `TRIAD_FROM[1]` the other.
pub const TRIAD_FROM: [V16; 2] = {
    let mut from = [[-1i8; 16]; 2];
    let mut lane = 0;
    while lane < 12 {
        let (b, r) = (lane / 4, lane % 4);
        if r < 3 {
            let mut n = 0;
            let mut k = 0;
            while k < 6 {
                if PERMS[k][r] == b {
                    from[n][lane] = k as i8;
                    n += 1;
                }
                k += 1;
            }
        }
        lane += 1;
    }
    [pick16(from[0]), pick16(from[1])]
};
pub const TRIAD_PAD: V16 = box_lanes!(|b, r| b == 3 || r == 3, ALL);
pub const THREE: V16 = v16([3; 16]);

/// A triad down to three values holds them: every permutation that puts one of them in another
/// box of that row is out. With `elsewhere` lane `4b + r` = the values fixed in row `r` of the
/// band's other boxes, permutation `k` loses the union of `elsewhere[4 PERMS[k][r] + r]` over
/// `r`: two of those lanes lie in the low half (boxes 0 and 1), one in the high half (box 2).
pub const FIXED_ELSEWHERE: [V8; 3] = {
    let mut from = [[-1i8; 8]; 3];
    let mut k = 0;
    while k < 6 {
        let mut low = 0;
        let mut r = 0;
        while r < 3 {
            let b = PERMS[k][r];
            if b < 2 {
                from[low][k] = (4 * b + r) as i8;
                low += 1;
            } else {
                from[2][k] = r as i8;
            }
            r += 1;
        }
        k += 1;
    }
    [pick8(from[0]), pick8(from[1]), pick8(from[2])]
};

/// What a band allows in one of its boxes, from that box's three triads in lanes 0..3 (lane 3
/// full), both halves: for a band of rows cell `(r, c)` ⊆ triad `r` and row `r` misses only
/// values of the box's two other triads; for a band of columns the same by columns. Two
/// shuffles, one per other triad, are OR-ed.
pub const ALLOWED: [[V16; 2]; 2] = {
    let mut out = [[[-1i8; 16]; 2]; 2];
    let mut rows = 0;
    while rows < 2 {
        let mut half = 0;
        while half < 2 {
            let mut lane = 0;
            while lane < 16 {
                let (r, c) = (lane / 4, lane % 4);
                let (along, across) = if rows == 0 { (r, c) } else { (c, r) };
                out[rows][half][lane] = if along == 3 {
                    3
                } else if across < 3 {
                    along as i8
                } else {
                    ((along + 1 + half) % 3) as i8
                };
                lane += 1;
            }
            half += 1;
        }
        rows += 1;
    }
    [
        [pick16(out[0][0]), pick16(out[0][1])],
        [pick16(out[1][0]), pick16(out[1][1])],
    ]
};

/// A box's news for its band of rows, by the box's place `b` in it: permutation `k` is out for
/// the values no cell of the box's row `row_in_box(k, b)` can hold, found in the box's lane
/// `4r + 3` (low half for rows 0 and 1, high half for row 2). `[b][0]` picks from the low half,
/// `[b][1]` from the high.
pub const TO_ROW_BAND: [[V8; 2]; 3] = {
    let mut out = [[[-1i8; 8]; 2]; 3];
    let mut b = 0;
    while b < 3 {
        let mut k = 0;
        while k < 6 {
            let r = row_in_box(k, b);
            if r < 2 {
                out[b][0][k] = (4 * r + 3) as i8;
            } else {
                out[b][1][k] = 3;
            }
            k += 1;
        }
        b += 1;
    }
    [
        [pick8(out[0][0]), pick8(out[0][1])],
        [pick8(out[1][0]), pick8(out[1][1])],
        [pick8(out[2][0]), pick8(out[2][1])],
    ]
};

/// The same for the band of columns, from lanes 12..15 (the high half's 4..7).
pub const TO_COL_BAND: [V8; 3] = {
    let mut out = [[-1i8; 8]; 3];
    let mut b = 0;
    while b < 3 {
        let mut k = 0;
        while k < 6 {
            out[b][k] = (4 + row_in_box(k, b)) as i8;
            k += 1;
        }
        b += 1;
    }
    [pick8(out[0]), pick8(out[1]), pick8(out[2])]
};

/// A given at `(r, c)` of a box: its own lane (it keeps only its value) and the lanes that lose
/// its value (the rest of its row and column rules, the box's other cells).
pub const GIVEN_AT: [[V16; 2]; 9] = {
    let mut out = [[v16([0; 16]); 2]; 9];
    let mut at = 0;
    while at < 9 {
        let (gr, gc) = (at / 3, at % 3);
        let mut own = [false; 16];
        let mut peers = [false; 16];
        let mut l = 0;
        while l < 16 {
            let (r, c) = (l / 4, l % 4);
            let same = r == gr && c == gc;
            own[l] = same;
            peers[l] = !same && (r == gr || c == gc || (r < 3 && c < 3));
            l += 1;
        }
        out[at] = [mask16(own), mask16(peers)];
        at += 1;
    }
    out
};

/// Where each cell of the grid lies: its box (`3i + j`), its place in the box (`3r + c`), then
/// `i`, `j`, `r`, `c`.
pub const CELL_PLACE: [[u8; 6]; 81] = {
    let mut out = [[0u8; 6]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let (i, j, r, c) = (row / 3, col / 3, row % 3, col % 3);
        out[cell] = [
            (3 * i + j) as u8,
            (3 * r + c) as u8,
            i as u8,
            j as u8,
            r as u8,
            c as u8,
        ];
        cell += 1;
    }
    out
};

/// Permutations that do not put the value in box `b` in row (column) `r`: `[r][b]`.
pub const NOT_THROUGH: [[V8; 3]; 3] = {
    let mut out = [[v8([0; 8]); 3]; 3];
    let mut r = 0;
    while r < 3 {
        let mut b = 0;
        while b < 3 {
            let mut w = [0u16; 8];
            let mut k = 0;
            while k < 6 {
                if PERMS[k][r] != b {
                    w[k] = 0xffff;
                }
                k += 1;
            }
            out[r][b] = v8(w);
            b += 1;
        }
        r += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_follow_the_rules_of_a_band() {
        // each (row, box) pair is in exactly two permutations, each permutation a bijection
        for r in 0..3 {
            for b in 0..3 {
                assert_eq!(PERMS.iter().filter(|p| p[r] == b).count(), 2);
            }
        }
        for (k, perm) in PERMS.iter().enumerate() {
            let mut boxes = *perm;
            boxes.sort();
            assert_eq!(boxes, [0, 1, 2]);
            for b in 0..3 {
                assert_eq!(perm[row_in_box(k, b)], b);
            }
        }
        let mut all = PERMS;
        all.sort();
        all.windows(2)
            .for_each(|w| assert_ne!(w[0], w[1], "six different permutations"));
    }
}
