//! The terminal given back even when the screen's loop cannot: a signal that should end the
//! program (SIGINT, SIGTERM, SIGHUP, SIGQUIT) is answered by the loop within a frame; if the
//! loop has not given the terminal back a second after the signal (a drawing stuck on numbers
//! no one foresaw, a lock held for good), this thread does it with plain system calls (mouse
//! reporting off, the normal screen, the cursor shown, the terminal's modes as they were),
//! ends every command's process group and exits with 128 + the signal's number.

#[cfg(unix)]
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long the loop has to answer a signal.
pub const PATIENCE: Duration = Duration::from_secs(1);

/// Raised once the loop has given the terminal back: the watchdog stands down.
static RESTORED: AtomicBool = AtomicBool::new(false);

/// The terminal's modes before raw mode, and the descriptor they belong to.
#[cfg(unix)]
static MODES: OnceLock<(i32, libc::termios)> = OnceLock::new();

/// Keep the terminal's modes as they are now (before raw mode), for [`force_restore`].
pub fn keep_modes() {
    #[cfg(unix)]
    {
        use std::io::IsTerminal;
        let fd = if std::io::stdin().is_terminal() {
            0
        } else {
            // SAFETY: open a path given as a C string; the descriptor is kept for the process
            unsafe { libc::open(c"/dev/tty".as_ptr(), libc::O_RDWR | libc::O_CLOEXEC) }
        };
        if fd < 0 {
            return;
        }
        // SAFETY: tcgetattr fills a zeroed termios for a descriptor this process holds
        unsafe {
            let mut t: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(fd, &mut t) == 0 {
                let _ = MODES.set((fd, t));
            }
        }
    }
}

/// The loop has given the terminal back.
pub fn restored() {
    RESTORED.store(true, Ordering::SeqCst);
}

/// Watch for a signal the loop does not answer, on a thread of its own.
pub fn start() {
    RESTORED.store(false, Ordering::SeqCst);
    let _ = std::thread::Builder::new()
        .name("watchdog".into())
        .spawn(|| {
            let mut since: Option<Instant> = None;
            loop {
                std::thread::sleep(Duration::from_millis(50));
                if RESTORED.load(Ordering::SeqCst) {
                    return;
                }
                let Some(signal) = sudoscope_core::signals::caught() else {
                    continue;
                };
                let at = *since.get_or_insert_with(Instant::now);
                if at.elapsed() >= PATIENCE {
                    force_restore();
                    sudoscope_core::engine::trace::child::end_all();
                    // SAFETY: _exit ends the process at once; nothing is unwound
                    unsafe { exit_now(128 + signal) };
                }
            }
        });
}

/// Give the terminal back with plain writes and one `tcsetattr`, taking no lock.
fn force_restore() {
    const BACK: &[u8] =
        b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1049l\x1b[?25h";
    #[cfg(unix)]
    // SAFETY: a write of a constant buffer to standard output, and tcsetattr with the modes
    // read before raw mode, on the descriptor they were read from
    unsafe {
        libc::write(1, BACK.as_ptr().cast(), BACK.len());
        if let Some((fd, t)) = MODES.get() {
            libc::tcsetattr(*fd, libc::TCSANOW, t);
        }
    }
    #[cfg(not(unix))]
    {
        use std::io::Write;
        let _ = std::io::stdout().write_all(BACK);
        let _ = ratatui::crossterm::terminal::disable_raw_mode();
    }
}

/// End the process now with `code`.
///
/// # Safety
/// Nothing is unwound and no destructor runs.
unsafe fn exit_now(code: i32) -> ! {
    #[cfg(unix)]
    // SAFETY: as the caller agreed
    unsafe {
        libc::_exit(code)
    }
    #[cfg(not(unix))]
    std::process::exit(code)
}
