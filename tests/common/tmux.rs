//! The real binary in a tmux terminal of its own: a server per test (`-L`, so tests never see
//! each other), keys in, the screen out, and the server gone when the value is dropped. A tmux
//! command that fails fails the test.
#![allow(dead_code)]

use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server with one session, `session`, running one command.
pub struct Tmux {
    socket: String,
    session: String,
}

impl Tmux {
    /// Start `command` (run by the shell) in a `width` x `height` terminal; `name` keeps this
    /// test's server apart from every other's.
    pub fn start(name: &str, width: u16, height: u16, command: &str) -> Tmux {
        let t = Tmux {
            socket: format!("sudoscope-{name}-{}", std::process::id()),
            session: "s".into(),
        };
        t.run(&[
            "new-session",
            "-d",
            "-s",
            &t.session.clone(),
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            command,
        ]);
        t
    }

    /// A tmux command on this server; what it printed.
    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux is required for this test (.ci/run installs it)");
        assert!(out.status.success(), "tmux {args:?} failed: {out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Keys, as tmux names them (`q`, `PageDown`, `Escape`), in one go.
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", self.session.as_str()];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// The screen as text.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.session])
    }

    /// Wait until the screen shows `text` (panics after 30 s, showing the screen).
    pub fn wait_for(&self, text: &str) -> String {
        let began = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                began.elapsed() < Duration::from_secs(30),
                "never showed {text:?}:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Wait until the screen satisfies `ready` (panics after 30 s, showing the screen, with
    /// `what` it waited for).
    pub fn wait_until(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let began = Instant::now();
        loop {
            let s = self.screen();
            if ready(&s) {
                return s;
            }
            assert!(
                began.elapsed() < Duration::from_secs(30),
                "never showed {what}:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The process the pane runs (the command itself when it was started with `exec`).
    pub fn pane_pid(&self) -> u32 {
        self.run(&["display-message", "-p", "-t", &self.session, "#{pane_pid}"])
            .trim()
            .parse()
            .expect("tmux gives the pane's process")
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}
