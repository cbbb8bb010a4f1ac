//! A command started for its trace, and the calls that depend on the platform.
//!
//! A class's program is hostile input, so it never touches the viewer's terminal or outlives it:
//!
//! - It runs in a **session of its own** with no controlling terminal: opening `/dev/tty` fails,
//!   and it cannot make itself the terminal's foreground group (the keys stay the viewer's).
//! - On Linux it is started by a **supervisor** of its own ([`supervisor`]): a copy of this
//!   process that forks the command, is its subreaper (every process the command starts and
//!   leaves behind, a daemon that called `setsid` included, becomes the supervisor's child when
//!   its parent goes), tells the viewer how the command stands (its pid, stopped, continued,
//!   ended, by its own status, never a wrapper's), and on the viewer's word, or when the viewer
//!   dies however it dies (a parent-death signal, SIGKILL included), ends every one of them.
//!   Where the kernel has Landlock (Linux 5.13 on), the command cannot open a terminal device
//!   either ([`landlock`]): `/dev/pts/N` by name or through `/proc/PID/fd` is refused.
//! - Elsewhere on Unix it runs in a session of its own, and its process group is ended as
//!   below; processes that leave the group are not followed there.
//!
//! The command runs in a process group of its own (the command's pid), so that everything it
//! starts (a helper, a pool of workers) is ended with it: asked first (SIGTERM, and SIGCONT so
//! that a stopped one hears it), then killed.
//!
//! Its pipes are read through [`Pipe`], which waits for data at most a tenth of a second at a
//! time and then asks its owner whether to go on: no thread ever waits on a child's pipe for
//! good, even when a process that escaped the group still holds the pipe open.
//!
//! Every live command is listed in a registry that [`end_all`] empties: the visualiser's panic
//! hook and its signal watchdog call it, so a panic or a stuck screen ends the commands too.

#[cfg(all(target_os = "linux", feature = "native"))]
mod landlock;
#[cfg(feature = "native")]
mod process;
#[cfg(all(target_os = "linux", feature = "native"))]
mod supervisor;

#[cfg(feature = "native")]
pub use process::*;

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
        10 => "SIGUSR1",
        11 => "SIGSEGV",
        12 => "SIGUSR2",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        17 => "SIGCHLD",
        18 => "SIGCONT",
        19 => "SIGSTOP",
        20 => "SIGTSTP",
        21 => "SIGTTIN",
        22 => "SIGTTOU",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        _ => return None,
    })
}

/// The argument list a command line given as one text runs as: its words, run directly, when
/// it is plain words (`python3 mine.py --seed 3`), so that the status and signals are the
/// program's own; else the text run by `sh -c` (quotes, `&&`, `$VAR`, globs, redirections, a
/// leading `NAME=value`), whose status is the shell's.
pub fn argv_of(text: &str) -> Vec<String> {
    let plain = |c: char| c.is_alphanumeric() || "-_./:,+@%=".contains(c);
    let words: Vec<&str> = text.split_whitespace().collect();
    let direct = !words.is_empty()
        && text.chars().all(|c| plain(c) || c == ' ' || c == '\t')
        && !words[0].contains('=');
    if direct {
        words.into_iter().map(String::from).collect()
    } else {
        vec!["sh".into(), "-c".into(), text.into()]
    }
}

/// How a command stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// It runs.
    Running,
    /// A signal stopped it (SIGSTOP, SIGTSTP): it runs on after SIGCONT.
    Stopped(i32),
    /// It has ended.
    Ended(Exit),
}
