//! Steps of descent, annealing and tabu never allocate: a counting global allocator watches
//! thousands of steps after a warm-up. (This file is its own test binary, so the count is ours.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use sudoscope::catalog::resolve_one;
use sudoscope::search::{Preset, build};

struct Counting;
static ALLOCS: AtomicUsize = AtomicUsize::new(0);
static WATCHING: AtomicBool = AtomicBool::new(false);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if WATCHING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if WATCHING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn hot_loops_do_not_allocate() {
    let p = resolve_one("top95:3").unwrap();
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
    ];
    for (name, preset) in cases {
        let mut s = build(name, preset, &[], &p, 5, None).unwrap();
        for _ in 0..10 {
            s.step(); // warm-up: buffers reach their working size
        }
        ALLOCS.store(0, Ordering::SeqCst);
        WATCHING.store(true, Ordering::SeqCst);
        let mut taken = 0;
        for _ in 0..20_000 {
            if s.ended().is_some() {
                break;
            }
            s.step();
            taken += 1;
        }
        WATCHING.store(false, Ordering::SeqCst);
        let n = ALLOCS.load(Ordering::SeqCst);
        assert!(taken > 0, "{name} {preset} ended during warm-up");
        assert_eq!(n, 0, "{name} {preset}: {n} allocations in {taken} steps");
    }
}
