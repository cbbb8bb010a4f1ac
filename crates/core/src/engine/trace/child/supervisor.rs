//! The command's supervisor (Linux): a copy of this process, forked by `std::process::Command`
//! and never exec'd, that starts the command and stays beside it until everything the command
//! started has gone.
//!
//! It is named `sudoscope-guard` (what `ps -o comm` and `top` show; its command line is still
//! the viewer's). It makes a session of its own (the command has no controlling terminal), becomes a child
//! subreaper (whatever the command starts and leaves behind becomes its child when its parent
//! goes: a daemon that called `setsid` or forked twice cannot get away), and takes SIGUSR1 as
//! its parent-death signal. Then it forks the command, in a process group of its own, with
//! SIGKILL as *its* parent-death signal and, where the kernel has it, Landlock's rules against
//! terminal devices ([`super::landlock`]).
//!
//! It reports to the viewer through a pipe, in records of eight bytes: the command's pid
//! first, then each time the command stops, continues or ends, with its own status (so the
//! viewer names the signal that ended the program itself, never a wrapper's). It reaps every
//! child it is given. On SIGUSR1 (the viewer's word, or the viewer's death however it died,
//! SIGKILL included) it kills every process under it, a generation at a time as they are handed
//! up to it, and exits; it exits by itself once the command has ended and nothing is left.
//!
//! Everything it does after the fork is a plain system call on memory of its own stack: the
//! copy of a threaded process may not allocate or take a lock.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use super::Exit;

/// The kinds of record.
const PID: u8 = b'P';
const STOPPED: u8 = b'S';
const CONTINUED: u8 = b'C';
const EXITED: u8 = b'X';
const KILLED: u8 = b'K';
const NO_FORK: u8 = b'E';

/// Rounds of killing what is left (each round a generation handed up); then it gives up.
const ROUNDS: usize = 400;

/// What the supervisor says of the command, after its pid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum News {
    /// A signal stopped it.
    Stopped(i32),
    /// It runs again.
    Continued,
    /// It ended.
    Ended(Exit),
}

/// The viewer's end of the reports.
pub struct Reports {
    fd: OwnedFd,
    /// A record read in part.
    partial: Vec<u8>,
    closed: bool,
}

/// The supervisor's end of the reports, held by this process only until the spawn.
pub struct ReportTo(#[allow(dead_code)] OwnedFd);

/// Make `cmd` start under a supervisor; the reports' two ends.
pub fn arrange(cmd: &mut std::process::Command) -> io::Result<(ReportTo, Reports)> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: pipe2 fills the two descriptors, both closed on exec
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just made and are owned here from now on
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // SAFETY: fcntl on a descriptor this process owns
    unsafe {
        let flags = libc::fcntl(read.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(read.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
    let viewer = std::process::id() as libc::pid_t;
    let report = write.as_raw_fd();
    // SAFETY: the closure runs in the forked copy before exec and makes only system calls on
    // its own stack (see `start`)
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(cmd, move || start(viewer, report));
    }
    Ok((
        ReportTo(write),
        Reports {
            fd: read,
            partial: Vec::new(),
            closed: false,
        },
    ))
}

impl Reports {
    /// Wait up to `limit` for the first record: the command's pid, or why it could not start.
    pub fn first(&mut self, limit: Duration) -> io::Result<i32> {
        let until = Instant::now() + limit;
        loop {
            let mut fd = libc::pollfd {
                fd: self.fd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: poll on one descriptor this process owns
            unsafe { libc::poll(&mut fd, 1, 50) };
            let mut rec = [0u8; 8];
            // SAFETY: read into a buffer of its length, from a descriptor this process owns
            let n = unsafe { libc::read(self.fd.as_raw_fd(), rec.as_mut_ptr().cast(), 8) };
            if n == 8 {
                let value = i32::from_le_bytes([rec[4], rec[5], rec[6], rec[7]]);
                return match rec[0] {
                    PID => Ok(value),
                    NO_FORK => Err(io::Error::from_raw_os_error(value)),
                    _ => Err(io::Error::other("the command's supervisor said nonsense")),
                };
            }
            if n == 0 {
                return Err(io::Error::other(
                    "the command's supervisor ended before starting it",
                ));
            }
            if Instant::now() >= until {
                return Err(io::Error::other(
                    "the command's supervisor did not start it in time",
                ));
            }
        }
    }

    /// What has come since the last look; never waits.
    pub fn read(&mut self) -> Vec<News> {
        let mut news = Vec::new();
        if self.closed {
            return news;
        }
        let mut buf = [0u8; 256];
        loop {
            // SAFETY: read into a buffer of its length, from a descriptor this process owns
            let n = unsafe { libc::read(self.fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
            if n == 0 {
                self.closed = true;
                break;
            }
            if n < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                if e.kind() != io::ErrorKind::WouldBlock {
                    self.closed = true;
                }
                break;
            }
            self.partial.extend_from_slice(&buf[..n as usize]);
        }
        let whole = self.partial.len() / 8 * 8;
        for rec in self.partial[..whole].chunks_exact(8) {
            let value = i32::from_le_bytes([rec[4], rec[5], rec[6], rec[7]]);
            news.push(match rec[0] {
                STOPPED => News::Stopped(value),
                CONTINUED => News::Continued,
                EXITED => News::Ended(Exit::Code(value)),
                KILLED => News::Ended(Exit::Signal(value)),
                _ => continue,
            });
        }
        self.partial.drain(..whole);
        news
    }

    /// Whether the supervisor has gone (its end of the pipe closed).
    pub fn closed(&self) -> bool {
        self.closed
    }
}

/// In the forked copy: become the supervisor, fork the command and return in it (std then
/// execs the program there); the supervisor itself never returns.
///
/// # Safety
/// Called only between fork and exec.
unsafe fn start(viewer: libc::pid_t, report: RawFd) -> io::Result<()> {
    // SAFETY (for the whole body): plain system calls on values of this stack
    unsafe {
        if libc::setsid() < 0 {
            return Err(io::Error::last_os_error());
        }
        let mut wake: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut wake);
        libc::sigaddset(&mut wake, libc::SIGCHLD);
        libc::sigaddset(&mut wake, libc::SIGUSR1);
        let mut before: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_BLOCK, &wake, &mut before);
        // named apart from the viewer it was copied from (`ps`, `top`, a test's search)
        libc::prctl(libc::PR_SET_NAME, c"sudoscope-guard".as_ptr(), 0, 0, 0);
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGUSR1, 0, 0, 0);
        if libc::getppid() != viewer {
            // the viewer went before the death signal was set
            libc::_exit(0);
        }
        let me = libc::getpid();
        let command = libc::fork();
        if command == 0 {
            // the command: its own group, killed with its supervisor, no terminal device
            libc::pthread_sigmask(libc::SIG_SETMASK, &before, std::ptr::null_mut());
            libc::setpgid(0, 0);
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            if libc::getppid() != me {
                libc::_exit(127);
            }
            super::landlock::restrict();
            return Ok(());
        }
        if command < 0 {
            say(report, NO_FORK, *libc::__errno_location());
            libc::_exit(0);
        }
        // both sides set the group, so it exists before the viewer hears the pid
        libc::setpgid(command, command);
        keep_only(report);
        for s in [
            libc::SIGTERM,
            libc::SIGINT,
            libc::SIGHUP,
            libc::SIGQUIT,
            libc::SIGPIPE,
        ] {
            libc::signal(s, libc::SIG_IGN);
        }
        say(report, PID, command);
        watch(viewer, command, report, &wake)
    }
}

/// Write one record; a viewer that has gone is not waited for.
///
/// # Safety
/// `report` is the supervisor's end of the reports.
unsafe fn say(report: RawFd, kind: u8, value: i32) {
    let v = value.to_le_bytes();
    let rec = [kind, 0, 0, 0, v[0], v[1], v[2], v[3]];
    // SAFETY: write from a buffer of its length; eight bytes are written whole on a pipe
    unsafe { libc::write(report, rec.as_ptr().cast(), rec.len()) };
}

/// Close every descriptor but `report`: the command's pipes, and std's own pipe that tells
/// the spawning thread whether exec worked, must close when the command's do.
///
/// # Safety
/// In the supervisor only.
unsafe fn keep_only(report: RawFd) {
    // SAFETY: closing descriptors of this copy; close_range where the kernel has it
    unsafe {
        let all = libc::c_uint::MAX;
        let report = report as libc::c_uint;
        let closed = (report == 0
            || libc::syscall(libc::SYS_close_range, 0 as libc::c_uint, report - 1, 0) == 0)
            && libc::syscall(libc::SYS_close_range, report + 1, all, 0) == 0;
        if !closed {
            for fd in 0..65536 {
                if fd != report as RawFd {
                    libc::close(fd);
                }
            }
        }
    }
}

/// The supervisor's life: report the command, reap every child, and at the word end them all.
///
/// # Safety
/// In the supervisor only.
unsafe fn watch(
    viewer: libc::pid_t,
    command: libc::pid_t,
    report: RawFd,
    wake: &libc::sigset_t,
) -> ! {
    let mut ended = false;
    loop {
        let wait = libc::timespec {
            tv_sec: 0,
            tv_nsec: 250_000_000,
        };
        // SAFETY: plain system calls
        unsafe {
            let sig = libc::sigtimedwait(wake, std::ptr::null_mut(), &wait);
            let asked = sig == libc::SIGUSR1 || libc::getppid() != viewer;
            let left = reap(command, report, &mut ended);
            if asked {
                finish(command, report, &mut ended);
                libc::_exit(0);
            }
            if ended && left == 0 {
                libc::_exit(0);
            }
        }
    }
}

/// Reap every child that has changed, reporting the command's changes; how many children
/// are left (0: none at all).
///
/// # Safety
/// In the supervisor only.
unsafe fn reap(command: libc::pid_t, report: RawFd, ended: &mut bool) -> usize {
    loop {
        let mut status = 0;
        // SAFETY: waitpid into a local
        let pid = unsafe {
            libc::waitpid(
                -1,
                &mut status,
                libc::WNOHANG | libc::WUNTRACED | libc::WCONTINUED,
            )
        };
        if pid < 0 {
            return 0;
        }
        if pid == 0 {
            return 1;
        }
        if pid != command || *ended {
            continue;
        }
        // SAFETY: writes to the reports
        unsafe {
            if libc::WIFSTOPPED(status) {
                say(report, STOPPED, libc::WSTOPSIG(status));
            } else if libc::WIFCONTINUED(status) {
                say(report, CONTINUED, 0);
            } else if libc::WIFEXITED(status) {
                say(report, EXITED, libc::WEXITSTATUS(status));
                *ended = true;
            } else if libc::WIFSIGNALED(status) {
                say(report, KILLED, libc::WTERMSIG(status));
                *ended = true;
            }
        }
    }
}

/// Kill everything under the supervisor: the command's group while its number is still held,
/// then every child, round after round, as each generation is handed up, until none is left.
///
/// # Safety
/// In the supervisor only.
unsafe fn finish(command: libc::pid_t, report: RawFd, ended: &mut bool) {
    // SAFETY: plain system calls
    unsafe {
        if !*ended {
            // the command is not reaped yet, so its group's number is still its own
            libc::kill(-command, libc::SIGKILL);
        }
        let me = libc::getpid();
        for _ in 0..ROUNDS {
            let killed = kill_children(me);
            let left = reap(command, report, ended);
            if killed == 0 && left == 0 {
                return;
            }
            if killed == 0 {
                // children dying, not yet reapable
                let pause = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 2_000_000,
                };
                libc::nanosleep(&pause, std::ptr::null_mut());
            }
        }
    }
}

/// SIGKILL to every live process whose parent is `me`, found in `/proc`; how many.
///
/// # Safety
/// In the supervisor only: reads `/proc` with system calls into stack buffers.
unsafe fn kill_children(me: libc::pid_t) -> usize {
    #[repr(C, align(8))]
    struct Entries([u8; 8192]);
    let mut entries = Entries([0; 8192]);
    let mut killed = 0;
    // SAFETY: plain system calls on stack buffers
    unsafe {
        let proc_dir = libc::open(
            c"/proc".as_ptr(),
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
        );
        if proc_dir < 0 {
            return 0;
        }
        loop {
            let n = libc::syscall(
                libc::SYS_getdents64,
                proc_dir,
                entries.0.as_mut_ptr(),
                entries.0.len(),
            );
            if n <= 0 {
                break;
            }
            let mut at = 0usize;
            while at + 19 < n as usize {
                let len = u16::from_ne_bytes([entries.0[at + 16], entries.0[at + 17]]) as usize;
                if len == 0 {
                    break;
                }
                let name = &entries.0[at + 19..at + len];
                let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
                if let Some(pid) = number(name)
                    && pid != me
                    && parent_of(proc_dir, name) == Some(me)
                {
                    libc::kill(pid, libc::SIGKILL);
                    killed += 1;
                }
                at += len;
            }
        }
        libc::close(proc_dir);
    }
    killed
}

/// A decimal number of digits only.
fn number(digits: &[u8]) -> Option<libc::pid_t> {
    if digits.is_empty() || digits.len() > 9 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(
        digits
            .iter()
            .fold(0, |n: libc::pid_t, &d| n * 10 + (d - b'0') as libc::pid_t),
    )
}

/// The parent of the process `/proc/NAME`, from its `stat` (after the command's name, which
/// may hold anything, up to its last `)`: `) S PPID`); `None` for a zombie or one gone.
///
/// # Safety
/// `proc_dir` is an open descriptor of `/proc`.
unsafe fn parent_of(proc_dir: RawFd, name: &[u8]) -> Option<libc::pid_t> {
    let mut path = [0u8; 24];
    path[..name.len()].copy_from_slice(name);
    path[name.len()..name.len() + 5].copy_from_slice(b"/stat");
    let mut stat = [0u8; 512];
    // SAFETY: openat and read into stack buffers; the path ends in a zero byte
    let n = unsafe {
        let fd = libc::openat(
            proc_dir,
            path.as_ptr().cast(),
            libc::O_RDONLY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            return None;
        }
        let n = libc::read(fd, stat.as_mut_ptr().cast(), stat.len());
        libc::close(fd);
        n
    };
    if n <= 0 {
        return None;
    }
    let stat = &stat[..n as usize];
    let close = stat.iter().rposition(|&b| b == b')')?;
    let rest = stat.get(close + 2..)?;
    if rest.first() == Some(&b'Z') {
        return None;
    }
    let ppid = rest.get(2..)?;
    let end = ppid.iter().position(|&b| b == b' ')?;
    number(&ppid[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parent_is_read_past_a_name_with_spaces_and_brackets() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("42")).unwrap();
        std::fs::write(
            dir.path().join("42/stat"),
            "42 (a ) b) S 1234 42 42 0 -1 4194560",
        )
        .unwrap();
        std::fs::create_dir(dir.path().join("43")).unwrap();
        std::fs::write(dir.path().join("43/stat"), "43 (z) Z 1234 43").unwrap();
        let d = std::fs::File::open(dir.path()).unwrap();
        // SAFETY: an open directory stands for /proc
        unsafe {
            assert_eq!(parent_of(d.as_raw_fd(), b"42"), Some(1234));
            assert_eq!(parent_of(d.as_raw_fd(), b"43"), None, "a zombie");
            assert_eq!(parent_of(d.as_raw_fd(), b"44"), None, "gone");
        }
        assert_eq!(number(b"0917"), Some(917));
        assert_eq!(number(b"self"), None);
        assert_eq!(number(b""), None);
    }
}
