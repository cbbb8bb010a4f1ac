//! Steps of descent, annealing, tabu and the ant colony never allocate: a counting global allocator watches
//! 20,000 steps of each preset, each search after a warm-up of ten steps. Only the watching
//! thread's allocations count: the test harness's own thread may allocate at any moment (it did,
//! once, in the middle of a window).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use sudoscope_core::catalog::resolve_one;
use sudoscope_core::search::{Preset, build};

struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);
thread_local! {
    /// Set on the test's thread while it watches (const-initialised: reading it never allocates).
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

fn watching() -> bool {
    WATCHING.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if watching() {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if watching() {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Steps watched per preset, as BENCHMARKS.md states.
const WATCHED: usize = 20_000;

#[test]
fn hot_loops_do_not_allocate() {
    // 25x25: a descent takes hundreds of steps before it stops; seeds follow one another until
    // 20,000 steps have been watched
    let p = resolve_one("la25:1").unwrap();
    let cases = [
        ("steepest", Preset::Classic),
        ("stochastic", Preset::Classic),
        ("plateau", Preset::Classic),
        ("steepest", Preset::Tuned),
        ("plateau", Preset::Tuned),
        ("annealing", Preset::Classic),
        ("annealing", Preset::Tuned),
        ("tabu", Preset::Classic),
        ("tabu", Preset::Tuned),
        ("ants", Preset::Classic),
        ("ants", Preset::Tuned),
    ];
    for (name, preset) in cases {
        let mut taken = 0;
        let mut seeds = 0;
        while taken < WATCHED {
            seeds += 1;
            assert!(
                seeds < 1000,
                "{name} {preset}: {taken} steps from 1000 seeds"
            );
            let mut s = build(name, preset, &[], &p, seeds, None).unwrap();
            for _ in 0..10 {
                s.step(); // warm-up: buffers reach their working size
            }
            ALLOCS.store(0, Ordering::SeqCst);
            WATCHING.with(|w| w.set(true));
            let before = taken;
            while taken < WATCHED && s.ended().is_none() {
                s.step();
                taken += 1;
            }
            WATCHING.with(|w| w.set(false));
            let n = ALLOCS.load(Ordering::SeqCst);
            assert_eq!(
                n,
                0,
                "{name} {preset} seed {seeds}: {n} allocations in {} steps",
                taken - before
            );
        }
        assert_eq!(taken, WATCHED, "{name} {preset}");
    }
}
