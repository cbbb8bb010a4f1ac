//! The signals that end the program (SIGINT, SIGTERM, SIGHUP, and SIGQUIT as SIGTERM): caught, so that the terminal is
//! given back and every command started is ended first, and remembered, so that the program
//! then exits with 128 + the signal's number as a shell expects (143 after `kill -TERM`). The
//! visualiser, `watch --check` and `experiment` look at [`caught`] as they go.

use std::sync::atomic::{AtomicI32, Ordering};

/// The signal caught, 0 for none.
static CAUGHT: AtomicI32 = AtomicI32::new(0);

#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    // only an atomic store: nothing else is safe in a signal handler
    CAUGHT.store(signal, Ordering::SeqCst);
}

/// Catch SIGINT, SIGTERM, SIGHUP and SIGQUIT from now on (SIGQUIT ends the program as SIGTERM
/// does, terminal given back and commands ended, rather than leaving a core and a raw terminal).
pub fn catch() {
    #[cfg(unix)]
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
        // SAFETY: the handler only stores to an atomic, which is async-signal-safe; the struct
        // is zeroed (no flags, an empty mask) before the handler is set
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The signal that arrived, if one did.
pub fn caught() -> Option<i32> {
    match CAUGHT.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}
