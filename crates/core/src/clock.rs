//! The clock a program reads: the system's monotonic clock, or, in a web page (WebAssembly with
//! no operating system beneath, where `std::time::Instant::now` panics), the page's
//! `performance.now()`, which the page hands the module as its import `sudoscope.now_ms`.
//! Everything that times something (a runner's pace, a budget in seconds, a frame) reads this
//! one.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use page::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod page {
    use std::cell::Cell;
    use std::ops::{Add, AddAssign, Sub, SubAssign};
    use std::time::Duration;

    #[link(wasm_import_module = "sudoscope")]
    unsafe extern "C" {
        /// Milliseconds since the page began (`performance.now()`).
        fn now_ms() -> f64;
    }

    thread_local! {
        /// The latest time read: the clock never goes back.
        static LATEST: Cell<Duration> = const { Cell::new(Duration::ZERO) };
    }

    /// A moment of the page's life, as `std::time::Instant` is of the system's.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            // SAFETY: the page's import takes nothing and returns a number.
            let ms = unsafe { now_ms() };
            let read = if ms.is_finite() && ms > 0.0 {
                Duration::from_secs_f64(ms / 1000.0)
            } else {
                Duration::ZERO
            };
            let t = LATEST.with(|l| {
                let t = l.get().max(read);
                l.set(t);
                t
            });
            Instant(t)
        }

        /// Time since this moment.
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        /// Time from `earlier` to this moment (zero when `earlier` is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }

        /// Time from `earlier` to this moment, zero when `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }

        /// Time from `earlier` to this moment, if `earlier` is not later.
        pub fn checked_duration_since(&self, earlier: Instant) -> Option<Duration> {
            self.0.checked_sub(earlier.0)
        }

        /// This moment moved on by `d`.
        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            self.0.checked_add(d).map(Instant)
        }

        /// This moment moved back by `d`, if the page had begun by then.
        pub fn checked_sub(&self, d: Duration) -> Option<Instant> {
            self.0.checked_sub(d).map(Instant)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0.saturating_add(d))
        }
    }

    impl AddAssign<Duration> for Instant {
        fn add_assign(&mut self, d: Duration) {
            *self = *self + d;
        }
    }

    impl Sub<Duration> for Instant {
        type Output = Instant;
        /// Moved back by `d`, no further than the page's beginning.
        fn sub(self, d: Duration) -> Instant {
            Instant(self.0.saturating_sub(d))
        }
    }

    impl SubAssign<Duration> for Instant {
        fn sub_assign(&mut self, d: Duration) {
            *self = *self - d;
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.saturating_duration_since(earlier)
        }
    }
}
