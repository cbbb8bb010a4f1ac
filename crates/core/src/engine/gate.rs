//! The compute gate: when a process serves many screens at once (`sudoscope serve`), at most a
//! set number of searches compute at the same moment, each for a short slice, taking turns in
//! the order they asked. Searches run on threads of their own as always; the gate only decides
//! which of them may step now, so that eighty sessions at full speed share the machine's cores
//! fairly and leave the threads that draw screens the CPU they need (every search of the
//! process also runs at a lower scheduling priority). A search outside the turns, the
//! lecturer's own, keeps a permit while it runs at full speed ([`keep`]). Without [`install`]
//! there is no gate and [`slice`] costs one atomic load: `solve`, `experiment` and the local
//! visualiser work as before.

#[cfg(feature = "native")]
use std::collections::VecDeque;
#[cfg(feature = "native")]
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(feature = "native")]
use std::sync::{Arc, Mutex, OnceLock};
#[cfg(feature = "native")]
use std::thread::Thread;
use std::time::Duration;

/// The longest turn at the gate (a step that takes longer ends its turn).
pub const SLICE: Duration = Duration::from_millis(1);

/// The shortest: below it, the hand-overs (each a wait of about a quarter of a millisecond for
/// a core, on a busy two-core machine) would leave too little of a round to compute in.
pub const MIN_SLICE: Duration = Duration::from_micros(150);

/// How often every search should get a turn, hand-overs aside: turns shrink from [`SLICE`]
/// towards [`MIN_SLICE`] as more searches wait, so that each comes round within this time plus
/// the hand-overs (80 searches on one permit, the lecturer's search keeping the other core: a
/// round of about 35 ms, a new frame for every screen 28 times a second), while the searches
/// that wait, over the permits, are at most `ROUND / MIN_SLICE` = 100 a permit. A round of
/// 25 ms gave those screens 23 frames a second and the searches 9% more steps.
pub const ROUND: Duration = Duration::from_millis(15);

/// The niceness every search's thread runs at when a gate is installed (Linux): the threads
/// drawing screens and serving SSH and browsers come first.
#[cfg(all(target_os = "linux", feature = "native"))]
const NICE: i32 = 10;

#[cfg(feature = "native")]
static GATE: OnceLock<Gate> = OnceLock::new();

#[cfg(feature = "native")]
/// A fair counting semaphore: permits are handed to waiters in the order they asked.
pub struct Gate {
    permits: usize,
    state: Mutex<State>,
}

#[cfg(feature = "native")]
struct State {
    free: usize,
    queue: VecDeque<Arc<Waiter>>,
    /// Permits kept by searches outside the gate's turns (see [`keep`]).
    kept: usize,
}

#[cfg(feature = "native")]
struct Waiter {
    granted: AtomicBool,
    thread: Thread,
}

#[cfg(feature = "native")]
/// One turn at the gate; the next waiter's turn starts when it is dropped.
pub struct Permit {
    gate: &'static Gate,
}

#[cfg(feature = "native")]
impl Permit {
    /// How long this turn should last: [`ROUND`] shared among the searches at the gate now
    /// (holding a turn or waiting for one), between [`MIN_SLICE`] and [`SLICE`].
    pub fn budget(&self) -> Duration {
        self.gate.budget()
    }
}

#[cfg(feature = "native")]
impl Drop for Permit {
    fn drop(&mut self) {
        let mut s = self.gate.state.lock().unwrap_or_else(|e| e.into_inner());
        match s.queue.pop_front() {
            Some(w) => {
                w.granted.store(true, Ordering::Release);
                w.thread.unpark();
            }
            None => s.free += 1,
        }
    }
}

#[cfg(feature = "native")]
/// A permit kept, not taken in turns: see [`keep`]. Given back when dropped.
pub struct Kept {
    permit: Option<Permit>,
}

#[cfg(feature = "native")]
impl Drop for Kept {
    fn drop(&mut self) {
        if let Some(permit) = self.permit.take() {
            let mut s = permit.gate.state.lock().unwrap_or_else(|e| e.into_inner());
            s.kept -= 1;
            drop(s);
            drop(permit);
        }
    }
}

#[cfg(feature = "native")]
/// For a search that does not take turns (the lecturer's own, under `--mirror`) while it runs
/// at full speed: a permit kept for as long as the [`Kept`] lives, so that it has a core of
/// its own and the class's searches share the others, rather than all of them competing for
/// every core at once, which would hold each hand-over of a turn back behind it. `None` when
/// there is no gate, or when keeping one would leave the class fewer than one permit: the
/// search then runs as before, beside the turns.
pub fn keep() -> Option<Kept> {
    GATE.get()?.keep()
}

#[cfg(feature = "native")]
/// Put a gate of `permits` turns (at least one) in front of every search of this process, once.
/// Returns false when a gate was already installed (the first one stays).
pub fn install(permits: usize) -> bool {
    GATE.set(Gate::new(permits)).is_ok()
}

#[cfg(feature = "native")]
/// The number of searches that may compute at once, when a gate is installed.
pub fn permits() -> Option<usize> {
    GATE.get().map(|g| g.permits)
}

#[cfg(feature = "native")]
/// Wait for a turn, when a gate is installed; `None` (at once) when there is none.
pub fn slice() -> Option<Permit> {
    GATE.get().map(Gate::acquire)
}

#[cfg(feature = "native")]
impl Gate {
    /// A gate of `permits` turns at once (at least one).
    pub fn new(permits: usize) -> Gate {
        let permits = permits.max(1);
        Gate {
            permits,
            state: Mutex::new(State {
                free: permits,
                queue: VecDeque::new(),
                kept: 0,
            }),
        }
    }

    /// Wait for a turn: at once when one is free and no one waits, else after those who asked
    /// first.
    pub fn acquire(&'static self) -> Permit {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.free > 0 && s.queue.is_empty() {
            s.free -= 1;
            return Permit { gate: self };
        }
        let me = Arc::new(Waiter {
            granted: AtomicBool::new(false),
            thread: std::thread::current(),
        });
        s.queue.push_back(Arc::clone(&me));
        drop(s);
        while !me.granted.load(Ordering::Acquire) {
            std::thread::park();
        }
        Permit { gate: self }
    }

    /// A permit kept until the [`Kept`] is dropped (see [`keep`]); `None` when that would
    /// leave fewer than one for the turns.
    pub fn keep(&'static self) -> Option<Kept> {
        {
            let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if self.permits < s.kept + 2 {
                return None;
            }
            s.kept += 1;
        }
        // waits its turn once, as any search does, then keeps it
        Some(Kept {
            permit: Some(self.acquire()),
        })
    }

    /// A turn's length when the searches now at the gate share [`ROUND`] over the permits
    /// not kept.
    pub fn budget(&self) -> Duration {
        let s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let at_gate = self.permits - s.free + s.queue.len();
        let kept = s.kept;
        drop(s);
        turn_length(self.permits - kept, at_gate.saturating_sub(kept).max(1))
    }

    /// How many are waiting for a turn.
    pub fn waiting(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .queue
            .len()
    }
}

#[cfg(feature = "native")]
/// A turn's length for `at_gate` searches sharing `permits` turns at once.
fn turn_length(permits: usize, at_gate: usize) -> Duration {
    (ROUND * permits as u32 / at_gate.max(1) as u32).clamp(MIN_SLICE, SLICE)
}

#[cfg(feature = "native")]
/// Lower this thread's scheduling priority when a gate is installed (a search's thread calls it
/// as it starts), so that screens are drawn first. Does nothing elsewhere or without a gate.
pub fn lower_priority() {
    if GATE.get().is_none() {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority on this thread's own id changes only its niceness (Linux applies
    // PRIO_PROCESS with a thread id to that thread alone); failure is harmless and ignored. The
    // id comes from the system call itself: glibc's gettid() wrapper is 2.30's, and the wheel
    // links against glibc 2.28.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid);
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, NICE);
    }
}

#[cfg(all(test, feature = "native"))]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Six workers queue, one after the other, behind the gate's held permits; returns the
    /// order their turns came in and the most that were ever inside at once.
    fn queue_six(permits: usize) -> (Vec<usize>, usize) {
        let gate: &'static Gate = Box::leak(Box::new(Gate::new(permits)));
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let order = Arc::new(Mutex::new(Vec::new()));
        let held: Vec<Permit> = (0..permits).map(|_| gate.acquire()).collect();
        let mut workers = Vec::new();
        for i in 0..6 {
            let (inside, most, order) = (inside.clone(), most.clone(), order.clone());
            workers.push(std::thread::spawn(move || {
                let _turn = gate.acquire();
                let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                order.lock().unwrap().push(i);
                std::thread::sleep(Duration::from_millis(2));
                inside.fetch_sub(1, Ordering::SeqCst);
            }));
            // the next worker asks only once this one waits in the queue
            while gate.waiting() < i + 1 {
                std::thread::yield_now();
            }
        }
        drop(held);
        for w in workers {
            w.join().unwrap();
        }
        let got = order.lock().unwrap().clone();
        (got, most.load(Ordering::SeqCst))
    }

    #[test]
    fn turns_shrink_as_more_searches_wait_so_each_comes_round_in_time() {
        // few searches: the longest turn
        assert_eq!(turn_length(2, 1), SLICE);
        assert_eq!(turn_length(2, 30), SLICE);
        // eighty on two permits: each comes round within ROUND
        let t = turn_length(2, 80);
        assert!(t < SLICE && t * 80 / 2 <= ROUND, "{t:?}");
        // never shorter than the shortest turn
        assert_eq!(turn_length(2, 10_000), MIN_SLICE);
        // a real gate of one permit: alone, then with 99 waiting
        let gate: &'static Gate = Box::leak(Box::new(Gate::new(1)));
        let turn = gate.acquire();
        assert_eq!(turn.budget(), SLICE);
        let waiters: Vec<_> = (0..99)
            .map(|_| std::thread::spawn(move || drop(gate.acquire())))
            .collect();
        while gate.waiting() < 99 {
            std::thread::yield_now();
        }
        assert_eq!(
            turn.budget(),
            MIN_SLICE,
            "100 at a gate of one: 150 µs each"
        );
        drop(turn);
        for w in waiters {
            w.join().unwrap();
        }
    }

    #[test]
    fn turns_go_in_the_order_asked() {
        let (order, most) = queue_six(1);
        assert_eq!(order, [0, 1, 2, 3, 4, 5]);
        assert_eq!(most, 1);
    }

    #[test]
    fn never_more_inside_at_once_than_its_permits() {
        let (order, most) = queue_six(2);
        assert_eq!(order.len(), 6);
        assert!(most <= 2, "{most} inside at once with two permits");
    }

    #[test]
    fn a_kept_permit_leaves_the_class_the_others_and_their_whole_round() {
        let gate: &'static Gate = Box::leak(Box::new(Gate::new(2)));
        let kept = gate.keep().expect("two permits: one may be kept");
        assert!(gate.keep().is_none(), "a second would leave the class none");
        // forty searches at the one permit left share the whole round: 375 µs each, not the
        // longest turn they would be given were the kept permit counted as theirs
        let turn = gate.acquire();
        let waiters: Vec<_> = (0..39)
            .map(|_| std::thread::spawn(move || drop(gate.acquire())))
            .collect();
        while gate.waiting() < 39 {
            std::thread::yield_now();
        }
        assert_eq!(turn.budget(), turn_length(1, 40));
        assert_eq!(turn.budget(), ROUND / 40);
        drop(turn);
        for w in waiters {
            w.join().unwrap();
        }
        // given back when dropped: both permits are free again, and one may be kept again
        drop(kept);
        let both = [gate.acquire(), gate.acquire()];
        drop(both);
        assert!(gate.keep().is_some());
        // one permit is never kept: the class would have none
        let single: &'static Gate = Box::leak(Box::new(Gate::new(1)));
        assert!(single.keep().is_none());
    }
}

/// Without threads (a web page) there is no gate: searches take turns on the page's one thread
/// ([`super::local`]).
#[cfg(not(feature = "native"))]
mod alone {
    use std::time::Duration;

    /// A turn at the gate: there is none without threads.
    pub enum Permit {}

    impl Permit {
        /// Never called: there is no permit.
        pub fn budget(&self) -> Duration {
            match *self {}
        }
    }

    /// (as a permit is given back when dropped where there are threads)
    impl Drop for Permit {
        fn drop(&mut self) {
            match *self {}
        }
    }

    /// A permit kept: there is none without threads.
    pub enum Kept {}

    /// No gate: `None`.
    pub fn keep() -> Option<Kept> {
        None
    }

    /// No gate can be installed without threads.
    pub fn install(_permits: usize) -> bool {
        false
    }

    /// No gate: `None`.
    pub fn permits() -> Option<usize> {
        None
    }

    /// No gate: `None`, at once.
    pub fn slice() -> Option<Permit> {
        None
    }

    /// Nothing to lower.
    pub fn lower_priority() {}
}
#[cfg(not(feature = "native"))]
pub use alone::*;
