//! Landlock rules for the command (Linux 5.13 and later): it may open any file for reading or
//! writing except a terminal device, and (Linux 6.12 and later) send no signal outside itself
//! and what it starts: the viewer and the supervisor cannot be stopped or killed from inside. A session of its own already takes `/dev/tty` from it;
//! these rules also refuse `/dev/pts/N` opened by name, or through `/proc/PID/fd/N` of a
//! process that holds the viewer's terminal (Landlock judges the file opened, not the path
//! taken to it), and the consoles.
//!
//! Landlock grants rather than forbids: the rules give reading and writing beneath every entry
//! of `/` but `/dev`, and beneath every entry of `/dev` that is not a terminal (`null`,
//! `urandom`, `shm`, a GPU's devices...). Nothing else is restricted: running programs,
//! listing, making and removing files stay as they were. Where the kernel has no Landlock, or
//! a step fails, the command runs without the rules.

use std::os::fd::RawFd;

/// `LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE`.
const READ_WRITE: u64 = (1 << 1) | (1 << 2);
/// `LANDLOCK_CREATE_RULESET_VERSION`.
const VERSION: u32 = 1;
/// `LANDLOCK_RULE_PATH_BENEATH`.
const PATH_BENEATH: u32 = 1;
/// `LANDLOCK_SCOPE_SIGNAL` (ABI 6, Linux 6.12): no signal to a process outside the command's
/// own domain: it cannot stop, kill or interrupt the viewer or its supervisor.
const SCOPE_SIGNAL: u64 = 1 << 1;

/// `struct landlock_ruleset_attr` as ABI 6 has it; an older kernel is given its first field only.
#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

#[repr(C, packed)]
struct PathBeneath {
    allowed_access: u64,
    parent_fd: i32,
}

/// Whether an entry of `/dev` is a terminal device (or a link into `/proc/self`, left alone).
fn terminal(name: &[u8]) -> bool {
    const TERMINALS: [&[u8]; 9] = [
        b"tty",
        b"pts",
        b"ptmx",
        b"pty",
        b"console",
        b"vcs",
        b"hvc",
        b"xvc",
        b"ttyprintk",
    ];
    const LINKS: [&[u8]; 4] = [b"fd", b"stdin", b"stdout", b"stderr"];
    TERMINALS.iter().any(|t| name.starts_with(t)) || LINKS.contains(&name)
}

/// Restrict this process and everything it starts: no terminal device opens.
///
/// # Safety
/// Called between fork and exec: plain system calls on stack buffers only.
pub unsafe fn restrict() {
    // SAFETY: plain system calls on values of this stack
    unsafe {
        let abi = libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<RulesetAttr>(),
            0usize,
            VERSION,
        );
        if abi < 1 {
            return;
        }
        let attr = RulesetAttr {
            handled_access_fs: READ_WRITE,
            handled_access_net: 0,
            scoped: if abi >= 6 { SCOPE_SIGNAL } else { 0 },
        };
        let size = if abi >= 6 {
            std::mem::size_of::<RulesetAttr>()
        } else {
            std::mem::size_of::<u64>()
        };
        let ruleset = libc::syscall(
            libc::SYS_landlock_create_ruleset,
            &attr as *const RulesetAttr,
            size,
            0u32,
        ) as RawFd;
        if ruleset < 0 {
            return;
        }
        allow(ruleset, c"/", |name| name != b"dev");
        allow(ruleset, c"/dev", |name| !terminal(name));
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0u32);
        libc::close(ruleset);
    }
}

/// Allow reading and writing beneath each entry of `dir` that `keep` takes.
///
/// # Safety
/// As [`restrict`].
unsafe fn allow(ruleset: RawFd, dir: &std::ffi::CStr, keep: impl Fn(&[u8]) -> bool) {
    #[repr(C, align(8))]
    struct Entries([u8; 4096]);
    let mut entries = Entries([0; 4096]);
    // SAFETY: plain system calls on stack buffers
    unsafe {
        let d = libc::open(
            dir.as_ptr(),
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
        );
        if d < 0 {
            return;
        }
        loop {
            let n = libc::syscall(
                libc::SYS_getdents64,
                d,
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
                let raw = &entries.0[at + 19..at + len];
                let end = raw.iter().position(|&b| b == 0).unwrap_or(raw.len());
                let name = &raw[..end];
                if end < raw.len() && name != b"." && name != b".." && keep(name) {
                    let fd = libc::openat(d, raw.as_ptr().cast(), libc::O_PATH | libc::O_CLOEXEC);
                    if fd >= 0 {
                        let rule = PathBeneath {
                            allowed_access: READ_WRITE,
                            parent_fd: fd,
                        };
                        libc::syscall(
                            libc::SYS_landlock_add_rule,
                            ruleset,
                            PATH_BENEATH,
                            &rule as *const PathBeneath,
                            0u32,
                        );
                        libc::close(fd);
                    }
                }
                at += len;
            }
        }
        libc::close(d);
    }
}

#[cfg(test)]
mod tests {
    use super::terminal;

    #[test]
    fn terminals_are_told_from_other_devices() {
        for t in [
            "tty", "tty1", "ttyS0", "ttyUSB0", "pts", "ptmx", "console", "vcsa2",
        ] {
            assert!(terminal(t.as_bytes()), "{t}");
        }
        for d in [
            "null", "zero", "urandom", "random", "shm", "nvidia0", "dri", "full",
        ] {
            assert!(!terminal(d.as_bytes()), "{d}");
        }
    }
}
