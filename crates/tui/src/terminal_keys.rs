//! This terminal's keys, clicks and resizes, read by the program itself on Unix rather than by
//! crossterm's event reader, whose loop spins at a full core on a terminal that fails every
//! read (a hung-up line, a process group in the background) and cannot be told to stop.
//!
//! Here a read waits at most 50 ms at a time, so `stop` is seen within that; the bytes go
//! through the same [`Parser`] the served terminals' go through. A read that fails is tried
//! again after a pause that doubles (10 ms up to half a second): the thread never spins. The
//! end of input, a hang-up, or [`FAILURES`] failed reads in a row mean the terminal is gone:
//! the channel closes, and the screen's loop ends and gives the terminal back as on a hang-up.
//! A resize is seen by asking the terminal's size every tenth of a second.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::event::Event;
use crossbeam_channel::Sender;

/// Failed reads in a row after which the terminal counts as gone.
pub const FAILURES: u32 = 10;

/// Read this terminal's events into `tx` until `stop` is raised, the receiver goes or the
/// terminal does.
#[cfg(unix)]
pub fn read(stop: &AtomicBool, tx: &Sender<Event>) {
    use std::io::IsTerminal;
    use std::os::fd::AsRawFd;

    // keys come from standard input, or from the terminal itself when that holds a trace
    let own = (!std::io::stdin().is_terminal())
        .then(|| {
            std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .open("/dev/tty")
        })
        .transpose();
    let Ok(own) = own else { return };
    let fd = own.as_ref().map_or(0, |f| f.as_raw_fd());
    let mut keys = Keys::new();
    while !stop.load(Ordering::SeqCst) {
        let got = wait_and_read(fd);
        if !keys.take(got, tx) {
            return;
        }
        keys.resized(tx);
    }
}

/// What one wait on the terminal gave.
#[cfg(unix)]
enum Got {
    /// Nothing within the wait.
    Nothing,
    /// These bytes.
    Bytes(Vec<u8>),
    /// The end of input, or a hang-up: the terminal is gone.
    Gone,
    /// The read failed.
    Failed,
}

/// Wait up to 50 ms for the terminal, and read what it has.
#[cfg(unix)]
fn wait_and_read(fd: i32) -> Got {
    let mut p = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: poll on one descriptor this process holds open, with a valid pollfd
    let r = unsafe { libc::poll(&mut p, 1, 50) };
    if r < 0 {
        let e = std::io::Error::last_os_error();
        return if e.kind() == std::io::ErrorKind::Interrupted {
            Got::Nothing
        } else {
            Got::Failed
        };
    }
    if r == 0 {
        return Got::Nothing;
    }
    if p.revents & libc::POLLNVAL != 0 {
        return Got::Gone;
    }
    if p.revents & libc::POLLIN == 0 {
        return if p.revents & libc::POLLHUP != 0 {
            Got::Gone
        } else {
            Got::Failed
        };
    }
    let mut buf = [0u8; 1024];
    // SAFETY: read into a buffer of its length from a descriptor this process holds open
    let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
    match n {
        0 => Got::Gone,
        n if n > 0 => Got::Bytes(buf[..n as usize].to_vec()),
        _ => match std::io::Error::last_os_error().kind() {
            std::io::ErrorKind::Interrupted | std::io::ErrorKind::WouldBlock => Got::Nothing,
            _ => Got::Failed,
        },
    }
}

/// Failed reads in a row, and the pause after the next.
pub struct Backoff {
    failures: u32,
    pause: Duration,
}

impl Backoff {
    fn new() -> Backoff {
        Backoff {
            failures: 0,
            pause: Duration::from_millis(10),
        }
    }

    /// A read went through.
    #[cfg(unix)]
    fn reset(&mut self) {
        *self = Backoff::new();
    }

    /// A failed read: a pause that doubles each time; false after [`FAILURES`] in a row.
    fn failed(&mut self) -> bool {
        self.failures += 1;
        if self.failures >= FAILURES {
            return false;
        }
        std::thread::sleep(self.pause);
        self.pause = (self.pause * 2).min(Duration::from_millis(500));
        true
    }
}

/// The reader's state: the parser, the back-off, the size last seen.
#[cfg(unix)]
pub struct Keys {
    parser: crate::input::Parser,
    backoff: Backoff,
    size: Option<(u16, u16)>,
    looked: std::time::Instant,
}

#[cfg(unix)]
impl Keys {
    fn new() -> Keys {
        Keys {
            parser: crate::input::Parser::default(),
            backoff: Backoff::new(),
            size: ratatui::crossterm::terminal::size().ok(),
            looked: std::time::Instant::now(),
        }
    }

    /// Take what a wait gave; false when reading is over (the terminal or the receiver gone,
    /// or too many failures in a row).
    fn take(&mut self, got: Got, tx: &Sender<Event>) -> bool {
        match got {
            Got::Nothing => true,
            Got::Gone => false,
            Got::Bytes(b) => {
                self.backoff.reset();
                self.parser.feed(&b).into_iter().all(|e| tx.send(e).is_ok())
            }
            Got::Failed => self.backoff.failed(),
        }
    }

    /// Send a resize when the terminal's size has changed (looked at every tenth of a second).
    fn resized(&mut self, tx: &Sender<Event>) {
        if self.looked.elapsed() < Duration::from_millis(100) {
            return;
        }
        self.looked = std::time::Instant::now();
        let now = ratatui::crossterm::terminal::size().ok();
        if now.is_some() && now != self.size {
            self.size = now;
            if let Some((w, h)) = now {
                let _ = tx.send(Event::Resize(w, h));
            }
        }
    }
}

/// Read this terminal's events into `tx` (crossterm's reader, elsewhere than Unix).
#[cfg(not(unix))]
pub fn read(stop: &AtomicBool, tx: &Sender<Event>) {
    use ratatui::crossterm::event;
    let mut backoff = Backoff::new();
    while !stop.load(Ordering::SeqCst) {
        match event::poll(Duration::from_millis(50)) {
            Ok(true) => match event::read() {
                Ok(e) => {
                    // crossterm's event, as the visualiser's own
                    let Some(e) = crate::event::from_crossterm(e) else {
                        continue;
                    };
                    if tx.send(e).is_err() {
                        return;
                    }
                }
                Err(_) => {
                    if !backoff.failed() {
                        return;
                    }
                }
            },
            Ok(false) => {}
            Err(_) => {
                if !backoff.failed() {
                    return;
                }
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn failed_reads_back_off_and_then_end_the_reading() {
        let (tx, _rx) = crossbeam_channel::bounded(8);
        let mut keys = Keys::new();
        let began = std::time::Instant::now();
        let mut taken = 0;
        while keys.take(Got::Failed, &tx) {
            taken += 1;
            assert!(taken < 100, "the failures never ended the reading");
        }
        assert_eq!(taken, FAILURES - 1);
        // 10 + 20 + 40 + ... + 320 + 3 × 500 ms: the thread waited rather than spun
        assert!(began.elapsed() >= Duration::from_millis(2130));
        let mut keys = Keys::new();
        assert!(keys.take(Got::Failed, &tx));
        assert!(
            keys.take(Got::Bytes(b"q".to_vec()), &tx),
            "a key resets the count"
        );
        assert_eq!(keys.backoff.failures, 0);
        assert!(!keys.take(Got::Gone, &tx), "the end of input ends it");
    }
}
