//! Commands started, watched and ended: the registry, the signals, the supervisor's reports
//! and the pipes (see the module above for what holds).

use std::io::Read;
use std::process::{ChildStderr, ChildStdout, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

#[cfg(target_os = "linux")]
use super::supervisor;
use super::{Exit, State};
use crate::clock::Instant;

/// A live command as the registry knows it: its process group, and its supervisor when it has
/// one.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Live {
    group: i32,
    supervisor: Option<i32>,
}

/// The commands still running, for [`end_all`].
static LIVE: Mutex<Vec<Live>> = Mutex::new(Vec::new());

fn register(live: Live) {
    LIVE.lock().unwrap_or_else(|e| e.into_inner()).push(live);
}

fn unregister(live: Live) {
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&l| l != live);
}

/// Kill every command still running, with everything it started (a panic, or a signal the
/// screen's loop did not answer, on the way out). Takes no lock that a stuck thread could hold:
/// a poisoned registry is read all the same, a held one is passed over.
pub fn end_all() {
    let live: Vec<Live> = match LIVE.try_lock() {
        Ok(g) => g.clone(),
        Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner().clone(),
        Err(std::sync::TryLockError::WouldBlock) => return,
    };
    for l in live {
        signal_group(l.group, Signal::Kill);
        if let Some(s) = l.supervisor {
            // the supervisor ends what left the group, and itself
            signal_pid(s, Signal::Finish);
        }
    }
}

#[derive(Clone, Copy)]
enum Signal {
    Term,
    Kill,
    Cont,
    /// The supervisor's word to end everything and go.
    Finish,
}

#[cfg(unix)]
fn number(s: Signal) -> i32 {
    match s {
        Signal::Term => libc::SIGTERM,
        Signal::Kill => libc::SIGKILL,
        Signal::Cont => libc::SIGCONT,
        Signal::Finish => libc::SIGUSR1,
    }
}

#[cfg(unix)]
fn signal_group(group: i32, s: Signal) {
    if group > 1 {
        // SAFETY: kill(2) with a negative pid signals that process group; no memory is touched
        unsafe { libc::kill(-group, number(s)) };
    }
}

#[cfg(unix)]
fn signal_pid(pid: i32, s: Signal) {
    if pid > 1 {
        // SAFETY: kill(2) on one process; no memory is touched
        unsafe { libc::kill(pid, number(s)) };
    }
}

#[cfg(not(unix))]
fn signal_group(_group: i32, _s: Signal) {}

#[cfg(not(unix))]
fn signal_pid(_pid: i32, _s: Signal) {}

/// What the owner and the readers share of a command.
struct Shared {
    /// Set once [`Command::end`] has reaped the process started: its number may be reused from
    /// then on, so nobody may signal or look at it any more.
    reaped: bool,
    /// How it ended, once seen.
    exit: Option<Exit>,
    /// When its end was first seen.
    exited_at: Option<Instant>,
    /// The signal that stopped it, while it is stopped.
    stopped: Option<i32>,
    /// What the supervisor says of the command (Linux).
    #[cfg(target_os = "linux")]
    reports: Option<supervisor::Reports>,
}

/// A look at a command from another thread (its readers): how it stands, without reaping it.
#[derive(Clone)]
pub struct Watcher {
    /// The process started: the supervisor where there is one, else the command.
    started: u32,
    /// The command's process group (its pid).
    group: i32,
    shared: Arc<Mutex<Shared>>,
}

impl Watcher {
    fn lock(&self) -> MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How the command stands now; never reaps it.
    pub fn state(&self) -> State {
        let mut s = self.lock();
        self.look(&mut s);
        match (s.exit, s.stopped) {
            (Some(e), _) => State::Ended(e),
            (None, Some(sig)) => State::Stopped(sig),
            (None, None) => State::Running,
        }
    }

    /// Take in what is new: the supervisor's reports, or the command's own status.
    fn look(&self, s: &mut Shared) {
        if s.exit.is_some() {
            return;
        }
        #[cfg(target_os = "linux")]
        if let Some(r) = s.reports.as_mut() {
            for news in r.read() {
                match news {
                    supervisor::News::Stopped(sig) => s.stopped = Some(sig),
                    supervisor::News::Continued => s.stopped = None,
                    supervisor::News::Ended(e) => s.exit = Some(e),
                }
            }
            if s.exit.is_none() && r.closed() && !s.reaped {
                // the supervisor went without a word (killed from outside): its own end is
                // the command's, which its parent-death signal ended
                s.exit = peek(self.started);
            }
            if s.exit.is_some() {
                s.stopped = None;
                s.exited_at = Some(Instant::now());
            }
            return;
        }
        if !s.reaped {
            s.exit = peek(self.started);
            if s.exit.is_some() {
                s.exited_at = Some(Instant::now());
            }
        }
    }

    /// How the command ended, if it has; never reaps it.
    pub fn exit(&self) -> Option<Exit> {
        match self.state() {
            State::Ended(e) => Some(e),
            _ => None,
        }
    }

    /// How long ago the command's end was first seen.
    pub fn exited_for(&self) -> Option<Duration> {
        self.exit()?;
        self.lock().exited_at.map(|t| t.elapsed())
    }

    /// End the command's whole group now, and every process it started that left the group
    /// (one it left behind holds its output).
    pub fn end_group(&self) {
        let s = self.lock();
        if !s.reaped {
            signal_group(self.group, Signal::Term);
            signal_group(self.group, Signal::Cont);
            signal_group(self.group, Signal::Kill);
            // and what left the group (a daemon in a session of its own): the supervisor
            // ends every process the command started, and goes
            if self.started as i32 != self.group {
                signal_pid(self.started as i32, Signal::Finish);
            }
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

/// A command started for its trace: ended with everything it started by [`Command::end`] or
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
    /// Start `argv` in a session and process group of its own (under its supervisor on
    /// Linux), standard input closed, standard output and error piped; `SUDOSCOPE_WATCH=1`
    /// tells the Python helper to write to standard output.
    ///
    /// On Linux the command is ended when the thread that started it ends (its supervisor's
    /// parent-death signal is that thread's): start it from a thread that lives as long as it
    /// should (the screen's, an experiment's worker).
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
        #[cfg(target_os = "linux")]
        let (mut child, group, reports) = {
            let (report_to, reports) = supervisor::arrange(&mut cmd)?;
            let mut child = cmd.spawn()?;
            // this process's copy of the write end goes, so that the reports end when the
            // supervisor does
            drop(report_to);
            let mut reports = reports;
            match reports.first(Duration::from_secs(10)) {
                Ok(pid) => (child, pid, Some(reports)),
                Err(e) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(e);
                }
            }
        };
        #[cfg(all(unix, not(target_os = "linux")))]
        let (mut child, group) = {
            // SAFETY: setsid is async-signal-safe and touches no memory of the parent's
            unsafe {
                std::os::unix::process::CommandExt::pre_exec(&mut cmd, || {
                    if libc::setsid() < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
            let child = cmd.spawn()?;
            let pid = child.id() as i32;
            (child, pid)
        };
        #[cfg(not(unix))]
        let (mut child, group) = {
            let child = cmd.spawn()?;
            let pid = child.id() as i32;
            (child, pid)
        };
        let started = child.id();
        let supervisor = (started as i32 != group).then_some(started as i32);
        register(Live { group, supervisor });
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        shrink_pipe(&stdout);
        let watcher = Watcher {
            started,
            group,
            shared: Arc::new(Mutex::new(Shared {
                reaped: false,
                exit: None,
                exited_at: None,
                stopped: None,
                #[cfg(target_os = "linux")]
                reports,
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
        self.watcher.group as u32
    }

    /// A look at the command for its readers.
    pub fn watcher(&self) -> Watcher {
        self.watcher.clone()
    }

    /// End the command and everything it started, and reap it; how it ended. Asks first
    /// (SIGTERM, with SIGCONT for a stopped one), waits up to `grace` for the command to go,
    /// then kills its group (SIGKILL), also when the command had already exited and left a
    /// helper behind; last, the supervisor ends what left the group, and goes.
    pub fn end(&mut self, grace: Duration) -> Option<Exit> {
        if self.ended {
            return self.watcher.exit();
        }
        self.ended = true;
        let group = self.watcher.group;
        let done_before = self.watcher.exit().is_some();
        signal_group(group, Signal::Term);
        signal_group(group, Signal::Cont);
        if !done_before {
            self.watcher.wait_exit(grace);
        }
        signal_group(group, Signal::Kill);
        let supervisor = (self.child.id() as i32 != group).then_some(self.child.id() as i32);
        if let Some(s) = supervisor {
            signal_pid(s, Signal::Finish);
            // it ends what is left and goes at once; killed if it does not within a second
            let until = Instant::now() + Duration::from_secs(1);
            while peek(self.child.id()).is_none() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(5));
            }
            if peek(self.child.id()).is_none() {
                let _ = self.child.kill();
            }
        }
        let status = self.child.wait().ok();
        // what the supervisor said last (the command's end) is read before it is forgotten
        let exit = self.watcher.exit();
        let mut s = self.watcher.lock();
        s.reaped = true;
        if s.exit.is_none() {
            s.exit = exit.or(status.map(exit_of));
        }
        let exit = s.exit;
        drop(s);
        unregister(Live { group, supervisor });
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

#[cfg(test)]
mod tests {
    use crate::engine::trace::child::argv_of;

    #[test]
    fn plain_words_run_directly_and_shell_text_through_sh() {
        assert_eq!(
            argv_of("python3 mine.py --seed 3"),
            ["python3", "mine.py", "--seed", "3"]
        );
        assert_eq!(argv_of("  ./run  -x=1,2 "), ["./run", "-x=1,2"]);
        for shell in [
            "cd dir && python3 x.py",
            "python3 'my file.py'",
            "FOO=1 python3 x.py",
            "python3 x.py > out",
            "python3 $HOME/x.py",
            "python3 *.py",
            "python3 ~/x.py",
            "",
        ] {
            assert_eq!(argv_of(shell), ["sh", "-c", shell], "{shell}");
        }
    }
}
