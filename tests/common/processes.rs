//! Processes a test started, found afterwards by a marker in their command line (Linux's
//! `/proc`), and ended when they outlived what started them.
#![allow(dead_code)]

use std::time::{Duration, Instant};

/// The processes running with `marker` in their command line, as `pid: command line`.
pub fn marked(marker: &str) -> Vec<(u32, String)> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return found;
    };
    for e in entries.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        if let Ok(cmd) = std::fs::read(e.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(marker) {
                found.push((pid, cmd));
            }
        }
    }
    found
}

/// End every process with `marker` (SIGKILL), and wait until none is left, at most `within`;
/// the ones still there then.
pub fn end_marked(marker: &str, within: Duration) -> Vec<(u32, String)> {
    let began = Instant::now();
    loop {
        let left = marked(marker);
        if left.is_empty() || began.elapsed() >= within {
            return left;
        }
        let _ = std::process::Command::new("kill")
            .arg("-KILL")
            .args(left.iter().map(|(pid, _)| pid.to_string()))
            .stderr(std::process::Stdio::null())
            .status();
        std::thread::sleep(Duration::from_millis(50));
    }
}
