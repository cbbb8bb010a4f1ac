//! A command started for its trace, and the calls that depend on the platform.
//!
//! The command runs in a process group of its own, so that everything it starts (a helper, a
//! pool of workers) is ended with it. Its status is read without reaping it: a zombie leader
//! keeps its process group's id reserved, so signalling the group later can never reach a
//! process that merely reused the number. Only [`Command::end`] reaps it, after the whole group
//! has been told to go.
//!
//! Its pipes are read through [`Pipe`], which waits for data at most a tenth of a second at a
//! time and then asks its owner whether to go on: no thread ever waits on a child's pipe for
//! good, even when a process that escaped the group still holds the pipe open.
//!
//! Every live group is listed in a registry that [`end_all`] empties: the visualiser's panic
//! hook calls it, so a panic ends the commands too.

use std::io::Read;
use std::process::{ChildStderr, ChildStdout, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status.
    Code(i32),
    /// A signal ended it.
    Signal(i32),
}

impl Exit {
    /// Whether it exited with status 0.
    pub fn success(self) -> bool {
        self == Exit::Code(0)
    }

    /// The key records write: `status 1`, `signal 9`.
    pub fn key(self) -> String {
        match self {
            Exit::Code(c) => format!("status {c}"),
            Exit::Signal(s) => format!("signal {s}"),
        }
    }
}

/// The name of a signal, where it is a common one.
pub fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        _ => return None,
    })
}

/// The process groups of commands still running, for [`end_all`].
static GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

fn register(group: i32) {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner()).push(group);
}

fn unregister(group: i32) {
    GROUPS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&g| g != group);
}

/// Kill every command's process group still running (a panic on its way out). Takes no lock
/// that a panicking thread could hold for long: a poisoned registry is read all the same.
pub fn end_all() {
    let groups: Vec<i32> = match GROUPS.try_lock() {
        Ok(g) => g.clone(),
        Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner().clone(),
        Err(std::sync::TryLockError::WouldBlock) => return,
    };
    for g in groups {
        signal_group(g, Signal::Kill);
    }
}

#[derive(Clone, Copy)]
enum Signal {
    Term,
    Kill,
}

#[cfg(unix)]
fn signal_group(group: i32, s: Signal) {
    let sig = match s {
        Signal::Term => libc::SIGTERM,
        Signal::Kill => libc::SIGKILL,
    };
    // SAFETY: kill(2) with a negative pid signals that process group; no memory is touched
    unsafe { libc::kill(-group, sig) };
}

#[cfg(not(unix))]
fn signal_group(_group: i32, _s: Signal) {}

/// What the owner and the readers share of a command.
struct Shared {
    /// Set once [`Command::end`] has reaped the leader: its number may be reused from then on,
    /// so nobody may signal or look at it any more.
    reaped: bool,
    /// How it ended, once seen.
    exit: Option<Exit>,
    /// When its end was first seen.
    exited_at: Option<Instant>,
}

/// A look at a command from another thread (its readers): how it ended, without reaping it.
#[derive(Clone)]
pub struct Watcher {
    pid: u32,
    shared: Arc<Mutex<Shared>>,
}

impl Watcher {
    /// How the command ended, if it has; never reaps it.
    pub fn exit(&self) -> Option<Exit> {
        let mut s = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        if s.exit.is_none() && !s.reaped {
            s.exit = peek(self.pid);
            if s.exit.is_some() {
                s.exited_at = Some(Instant::now());
            }
        }
        s.exit
    }

    /// How long ago the command's end was first seen.
    pub fn exited_for(&self) -> Option<Duration> {
        self.exit()?;
        let s = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        s.exited_at.map(|t| t.elapsed())
    }

    /// End the command's whole group now (a process it left behind holds its output).
    pub fn end_group(&self) {
        let s = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        if !s.reaped {
            signal_group(self.pid as i32, Signal::Term);
            signal_group(self.pid as i32, Signal::Kill);
        }
    }

    /// Wait up to `limit` for the command's end to be seen.
    pub fn wait_exit(&self, limit: Duration) -> Option<Exit> {
        let until = Instant::now() + limit;
        loop {
            if let Some(e) = self.exit() {
                return Some(e);
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// How a child ended, read without reaping it (the zombie stays until [`Command::end`]).
#[cfg(unix)]
fn peek(pid: u32) -> Option<Exit> {
    // SAFETY: waitid on our own child with a zeroed siginfo to fill; WNOWAIT leaves it waitable
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        if r != 0 || info.si_pid() == 0 {
            return None;
        }
        let status = info.si_status();
        Some(match info.si_code {
            libc::CLD_EXITED => Exit::Code(status),
            _ => Exit::Signal(status),
        })
    }
}

#[cfg(not(unix))]
fn peek(_pid: u32) -> Option<Exit> {
    None
}

/// A command started for its trace: ended with its whole process group by [`Command::end`] or
/// when dropped.
pub struct Command {
    child: std::process::Child,
    watcher: Watcher,
    ended: bool,
}

/// The command's pipes, for its readers.
pub struct Pipes {
    /// Its standard output.
    pub stdout: ChildStdout,
    /// Its standard error.
    pub stderr: ChildStderr,
}

impl Command {
    /// Start `argv` in a process group of its own, standard input closed, standard output and
    /// error piped; `SUDOSCOPE_WATCH=1` tells the Python helper to write to standard output.
    pub fn spawn(argv: &[String]) -> std::io::Result<(Command, Pipes)> {
        let Some((program, args)) = argv.split_first() else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "no command given",
            ));
        };
        let mut cmd = std::process::Command::new(program);
        cmd.args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .env("SUDOSCOPE_WATCH", "1")
            // Python writes its output as it comes, not in 8 KiB blocks, so a print shows
            // when it is made
            .env("PYTHONUNBUFFERED", "1");
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn()?;
        register(child.id() as i32);
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        shrink_pipe(&stdout);
        let watcher = Watcher {
            pid: child.id(),
            shared: Arc::new(Mutex::new(Shared {
                reaped: false,
                exit: None,
                exited_at: None,
            })),
        };
        Ok((
            Command {
                child,
                watcher,
                ended: false,
            },
            Pipes { stdout, stderr },
        ))
    }

    /// The command's process id (its process group's too).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// A look at the command for its readers.
    pub fn watcher(&self) -> Watcher {
        self.watcher.clone()
    }

    /// End the command and everything in its process group, and reap it; how it ended. Asks
    /// first (SIGTERM), waits up to `grace` for the leader to go, then kills the group
    /// (SIGKILL) — also when the leader had already exited and left a helper behind.
    pub fn end(&mut self, grace: Duration) -> Option<Exit> {
        if self.ended {
            return self.watcher.exit();
        }
        self.ended = true;
        let group = self.child.id() as i32;
        let done_before = self.watcher.exit().is_some();
        signal_group(group, Signal::Term);
        if !done_before {
            self.watcher.wait_exit(grace);
        }
        signal_group(group, Signal::Kill);
        let status = self.child.wait().ok();
        let mut s = self
            .watcher
            .shared
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        s.reaped = true;
        if s.exit.is_none() {
            s.exit = status.map(exit_of);
        }
        let exit = s.exit;
        drop(s);
        unregister(group);
        exit
    }
}

impl Drop for Command {
    fn drop(&mut self) {
        self.end(Duration::from_millis(300));
    }
}

fn exit_of(status: std::process::ExitStatus) -> Exit {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(s) = status.signal() {
            return Exit::Signal(s);
        }
    }
    Exit::Code(status.code().unwrap_or(-1))
}

/// A command's pipe holds one page, so that a paused viewer stops it soon (Linux).
fn shrink_pipe(stdout: &ChildStdout) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: fcntl on a descriptor this process owns; a failure only leaves the size as it was
        unsafe { libc::fcntl(stdout.as_raw_fd(), libc::F_SETPIPE_SZ, 4096) };
    }
    #[cfg(not(target_os = "linux"))]
    let _ = stdout;
}

/// What a [`Pipe`] asks its owner each time it has waited a while with nothing to read.
pub type Idle = Box<dyn FnMut() -> bool + Send>;

/// A pipe read a tenth of a second at a time: between waits it checks `stop`, and asks `idle`
/// whether to give up (true ends the stream as if the pipe had closed).
pub struct Pipe<R> {
    inner: R,
    stop: Arc<AtomicBool>,
    idle: Idle,
}

impl<R> Pipe<R> {
    /// `inner`, read until it ends, `stop` is raised or `idle` says so.
    pub fn new(inner: R, stop: Arc<AtomicBool>, idle: Idle) -> Pipe<R> {
        Pipe { inner, stop, idle }
    }
}

#[cfg(unix)]
impl<R: Read + std::os::fd::AsRawFd> Read for Pipe<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(0);
            }
            let mut fd = libc::pollfd {
                fd: self.inner.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: poll on one descriptor this process owns, with a valid pollfd
            let r = unsafe { libc::poll(&mut fd, 1, 100) };
            if r < 0 {
                let e = std::io::Error::last_os_error();
                if e.kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            if r == 0 {
                if (self.idle)() {
                    return Ok(0);
                }
                continue;
            }
            return self.inner.read(buf);
        }
    }
}

#[cfg(not(unix))]
impl<R: Read> Read for Pipe<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.stop.load(Ordering::Relaxed) {
            return Ok(0);
        }
        let _ = &mut self.idle;
        self.inner.read(buf)
    }
}
