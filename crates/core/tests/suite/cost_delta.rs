//! Move deltas computed from unit counts equal a full recount, at every order, and the counts
//! are the grid's.

use proptest::prelude::*;
use sudoscope_core::board::cost::{CostTracker, Counted, cost};
use sudoscope_core::board::{Geometry, Grid};

/// A random grid at box size `b` (values 0..=n, so blanks are exercised too) and a list of moves:
/// (is swap, cell a, cell b, new value).
type Move = (bool, usize, usize, u8);

fn case() -> impl Strategy<Value = (usize, Vec<u8>, Vec<Move>, u8)> {
    (2usize..=5).prop_flat_map(|b| {
        let n = b * b;
        let cells = n * n;
        (
            Just(b),
            proptest::collection::vec(0..=n as u8, cells),
            proptest::collection::vec((any::<bool>(), 0..cells, 0..cells, 1..=n as u8), 1..60),
            0u8..3,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn delta_equals_recount((b, cells, moves, which) in case()) {
        let counted = [Counted::ALL, Counted::LINES, Counted::COLUMNS_AND_BOXES][which as usize];
        let geo = Geometry::for_box(b).unwrap();
        let mut grid = Grid::from_cells(geo, cells).unwrap();
        let mut tracker = CostTracker::new(&grid, counted);
        prop_assert_eq!(tracker.cost(), cost(&grid, counted));
        for (swap, a, c, v) in moves {
            let before = cost(&grid, counted) as i32;
            let (va, vc) = (grid.get(a), grid.get(c));
            let predicted = if swap && a != c {
                let d = tracker.delta_swap(a, va, c, vc);
                // the box swaps' own delta, for two cells of one box with the lines counted
                if tracker.counts_lines() && geo.cell_units[a][2] == geo.cell_units[c][2] {
                    prop_assert_eq!(tracker.delta_swap_in_box(a, va, c, vc), d);
                }
                prop_assert_eq!(tracker.apply_swap(a, va, c, vc), d);
                grid.set(a, vc);
                grid.set(c, va);
                d
            } else {
                let d = tracker.delta_set(a, va, v);
                prop_assert_eq!(tracker.apply_set(a, va, v), d);
                grid.set(a, v);
                d
            };
            let after = cost(&grid, counted) as i32;
            prop_assert_eq!(after - before, predicted);
            prop_assert_eq!(tracker.cost() as i32, after);
        }
        // every unit's counts, the empty cells' included, are the grid's
        for (u, unit) in geo.units.iter().enumerate() {
            for v in 0..=geo.n as u8 {
                let held = unit.iter().filter(|&&c| grid.get(c as usize) == v).count();
                prop_assert_eq!(tracker.count(u, v) as usize, held, "unit {}, value {}", u, v);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    /// Steepest descent's choice (the box swaps taken by the lines their cells share) is the
    /// first of the moves with the least delta below 0 that the scan in order finds, at every
    /// order, on grids with repeated values and blanks too.
    #[test]
    fn the_first_best_move_is_the_scans_least((b, cells, moves, which) in case()) {
        use sudoscope_core::board::Puzzle;
        use sudoscope_core::search::local::neighbourhood::{Kind, Neighbourhood, State};
        let counted = [Counted::ALL, Counted::LINES, Counted::COLUMNS_AND_BOXES][which as usize];
        let geo = Geometry::for_box(b).unwrap();
        // the cells the moves name first are givens, so some boxes have few free cells
        let mut givens = vec![0u8; geo.cells];
        for &(_, a, _, _) in moves.iter().take(moves.len() / 2) {
            givens[a] = cells[a];
        }
        let puzzle = Puzzle::new("p", Grid::from_cells(geo, givens).unwrap());
        let state = State::new(&Grid::from_cells(geo, cells).unwrap(), counted);
        for kind in [Kind::BoxSwap, Kind::Classic] {
            let hood = Neighbourhood::new(&puzzle, kind);
            let mut in_order = Vec::new();
            hood.each_delta(&state, |i, d| in_order.push((i, d)));
            let least = in_order.iter().filter(|&&(_, d)| d < 0).min_by_key(|&&(i, d)| (d, i));
            prop_assert_eq!(in_order.len(), hood.len());
            prop_assert_eq!(hood.first_best(&state), least.copied());
        }
    }
}
