//! Golden values: the generator's first outputs for fixed seeds, and a hash of the trajectory of
//! every algorithm and preset for three seeds. A run must replay identically on every machine,
//! build and thread count, forever; an accidental change to any random stream, move order or
//! acceptance test changes a hash here and fails this test.
//!
//! A deliberate change of behaviour updates `tests/data/golden_trajectories.txt`: run
//! `SUDOSCOPE_BLESS=1 cargo test -p sudoscope-core --test golden` and say in the commit why the runs changed.

use sudoscope_core::catalog::resolve_one;
use sudoscope_core::rng::{LeanRng, Rng, derive_seed, splitmix64};
use sudoscope_core::search::{ALGORITHMS, Preset, Search, build};

/// SplitMix64 and xoshiro256++ as published: the seeding and the stream every run is made from.
/// The first two lists are what Vigna's reference C code (`splitmix64.c`, `xoshiro256plusplus.c`)
/// prints for these seeds; the rest pin our draws on top of them.
#[test]
fn generators_give_their_published_first_outputs() {
    // SplitMix64 from state 0 (the sequence every implementation of it documents)
    let mut x = 0u64;
    let first: Vec<u64> = (0..4).map(|_| splitmix64(&mut x)).collect();
    assert_eq!(
        first,
        [
            0xe220_a839_7b1d_cdaf,
            0x6e78_9e6a_a1b9_65f4,
            0x06c4_5d18_8009_454f,
            0xf88b_b8a8_724c_81ec
        ]
    );
    // xoshiro256++ seeded with those four words: Rng::new(0)
    let mut r = Rng::new(0);
    let got: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
    assert_eq!(
        got,
        [
            0x5317_5d61_490b_23df,
            0x61da_6f3d_c380_d507,
            0x5c0f_df91_ec9a_7bfc,
            0x02ee_bf8c_3bbe_5e1a
        ]
    );
    let mut r = Rng::new(2026);
    let got: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
    assert_eq!(got, GOLDEN_2026);
    // the draws built on it
    let mut r = Rng::new(7);
    let draws: Vec<usize> = (0..8).map(|_| r.below(10)).collect();
    assert_eq!(draws, GOLDEN_BELOW);
    let mut r = Rng::new(7);
    let lean = LeanRng::from(&mut r).next_u64();
    assert_eq!(lean, GOLDEN_LEAN);
    assert_eq!(derive_seed(&[1, 2, 3]), GOLDEN_DERIVED);
}

const GOLDEN_2026: [u64; 3] = [
    0x6d4f_f061_9c33_9b97,
    0x9d34_f449_7825_b7a7,
    0xb8d2_5ad9_6777_0acd,
];
const GOLDEN_BELOW: [usize; 8] = [0, 1, 7, 4, 9, 4, 7, 3];
const GOLDEN_LEAN: u64 = 0xd3e8_63fa_8951_05b4;
const GOLDEN_DERIVED: u64 = 0xca94_91af_d196_6653;

/// FNV-1a, 64 bits: a hash anyone can recompute, with no dependency on the standard library's
/// hashers (which may change between versions).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 = (self.0 ^ x as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn u64(&mut self, x: u64) {
        self.bytes(&x.to_le_bytes());
    }
}

/// What a trajectory is made of, whatever the types that carry it: after each step the cost,
/// the best cost, how the search ended (if it has) and the board; then, after a long batch
/// through `advance` (the path experiments and the visualiser at full speed take), the same.
fn trajectory_hash(s: &mut dyn Search, steps: u64) -> u64 {
    let mut h = Fnv::new();
    let note = |s: &dyn Search, h: &mut Fnv| {
        h.u64(s.cost() as u64);
        h.u64(s.best_cost() as u64);
        h.u64(s.steps());
        h.bytes(format!("{:?}", s.ended()).as_bytes());
        h.bytes(s.cells());
    };
    note(s, &mut h);
    for _ in 0..steps {
        s.step();
        note(s, &mut h);
    }
    s.advance(steps * 20);
    note(s, &mut h);
    h.0
}

/// Steps hashed one by one: population methods do far more work per step.
fn steps_for(algo: &str) -> u64 {
    match algo {
        "genetic" | "beam" => 4,
        _ => 1500,
    }
}

const SEEDS: [u64; 3] = [1, 2, 3];
const PUZZLE: &str = "top95:7";
/// Larger grids, for the algorithms whose code differs with the grid's size (the ant colony's
/// sets of cells are one 128-bit word up to 9x9, 4 words at 16x16, 10 at 25x25), with fewer
/// steps.
const LARGE: [(&str, &str, u64); 2] = [("ants", "la16:7", 50), ("ants", "la25:3", 50)];
const GOLDEN: &str = "tests/data/golden_trajectories.txt";

fn measured() -> Vec<String> {
    let mut lines = Vec::new();
    for algo in ALGORITHMS {
        hash_runs(&mut lines, algo.name, PUZZLE, steps_for(algo.name), "");
    }
    for (algo, puzzle, steps) in LARGE {
        hash_runs(&mut lines, algo, puzzle, steps, &format!(" {puzzle}"));
    }
    lines
}

/// A line for each preset and seed of `algo` on `puzzle`: `algo preset seed hash`, then `tail`.
fn hash_runs(lines: &mut Vec<String>, algo: &str, puzzle: &str, steps: u64, tail: &str) {
    let p = resolve_one(puzzle).unwrap();
    for preset in [Preset::Classic, Preset::Tuned] {
        for seed in SEEDS {
            let mut s = build(algo, preset, &[], &p, seed, None).unwrap();
            let h = trajectory_hash(s.as_mut(), steps);
            lines.push(format!("{algo} {preset} {seed} {h:016x}{tail}"));
        }
    }
}

#[test]
fn every_algorithm_replays_its_golden_trajectory() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    let got = measured();
    if std::env::var_os("SUDOSCOPE_BLESS").is_some() {
        let text = format!(
            "# algorithm preset seed hash [puzzle]: crates/core/tests/golden.rs hashes each run, on {PUZZLE} \
                 unless named\n{}\n",
            got.join("\n")
        );
        std::fs::write(&path, text).unwrap();
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let want: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let changed: Vec<String> = got
        .iter()
        .zip(&want)
        .filter(|(g, w)| g != w)
        .map(|(g, w)| format!("  was {w}\n  now {g}"))
        .collect();
    assert_eq!(got.len(), want.len(), "the list of algorithms changed");
    assert!(
        changed.is_empty(),
        "runs no longer replay their recorded trajectories:\n{}",
        changed.join("\n")
    );
}
