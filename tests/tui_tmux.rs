//! The real binary in tmux: keys in, screen out, and the terminal given back on every exit.
//! Each test runs its own tmux server (-L) so tests do not see each other.

mod common;

use std::process::{Command, Output};
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(name: &str, env: &[(&str, &str)], args: &str) -> Tmux {
        let socket = format!("sudoscope-{name}-{}", std::process::id());
        let t = Tmux { socket };
        let exports: String = env.iter().map(|(k, v)| format!("{k}={v} ")).collect();
        let cmd = format!(
            "{exports}{} {args}; echo EXITED $?; sleep 30",
            env!("CARGO_BIN_EXE_sudoscope")
        );
        let out = t.run(&[
            "new-session",
            "-d",
            "-s",
            "e2e",
            "-x",
            "120",
            "-y",
            "40",
            &cmd,
        ]);
        assert!(
            out.status.success(),
            "tmux is required for this test (.ci/run installs it): {out:?}"
        );
        t
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.run(&["send-keys", "-t", "e2e", k]);
            std::thread::sleep(Duration::from_millis(150));
        }
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "e2e"]).stdout).into_owned()
    }

    /// Wait until the screen contains `text`; the screen on failure.
    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                Instant::now() < deadline,
                "never saw {text:?}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The program's pid: the child of the pane's shell.
    fn program_pid(&self) -> String {
        let pid = self.run(&["display-message", "-p", "-t", "e2e", "#{pane_pid}"]);
        let shell = String::from_utf8_lossy(&pid.stdout).trim().to_string();
        let kids = Command::new("pgrep").args(["-P", &shell]).output().unwrap();
        let child = String::from_utf8_lossy(&kids.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string();
        assert!(!child.is_empty(), "found the program's pid");
        child
    }

    /// True while the program holds the alternate screen.
    fn alternate(&self) -> bool {
        let o = self.run(&["display-message", "-p", "-t", "e2e", "#{alternate_on}"]);
        String::from_utf8_lossy(&o.stdout).trim() == "1"
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

#[test]
fn step_pause_switch_and_quit() {
    let t = Tmux::start(
        "keys",
        &[],
        "tui --puzzle sudoku_7 --algo plateau --preset classic --paused",
    );
    t.wait_for("step 0 ");
    assert!(t.alternate(), "the visualiser uses the alternate screen");
    t.keys(&["s"]);
    t.wait_for("step 1 ");
    t.keys(&["s", "s"]);
    let s = t.wait_for("step 3 ");
    assert!(s.contains("paused"), "{s}");
    t.keys(&["Space"]);
    t.wait_for("running");
    t.keys(&["Space"]);
    t.wait_for("paused");
    // plateau is third in the list: one up is stochastic descent, continuing from the board
    t.keys(&["a", "Down", "Up", "Up", "Enter"]);
    t.wait_for("switched to stochastic");
    t.keys(&["?"]);
    t.wait_for("this help");
    t.keys(&["Escape", "q"]);
    let s = t.wait_for("EXITED 0");
    assert!(
        !t.alternate(),
        "the terminal is back on the normal screen:\n{s}"
    );
}

#[test]
fn a_panic_in_the_ui_restores_the_terminal() {
    let t = Tmux::start("uipanic", &[("SUDOSCOPE_TEST_PANIC", "ui")], "");
    let s = t.wait_for("EXITED 101");
    assert!(
        s.contains("provoked by SUDOSCOPE_TEST_PANIC=ui"),
        "the panic is reported:\n{s}"
    );
    assert!(!t.alternate(), "normal screen after the panic");
}

#[test]
fn a_panic_in_a_worker_is_shown_not_frozen() {
    let t = Tmux::start("workerpanic", &[("SUDOSCOPE_TEST_PANIC", "worker")], "");
    let s = t.wait_for("the search crashed");
    assert!(s.contains("provoked by SUDOSCOPE_TEST_PANIC=worker"), "{s}");
    t.keys(&["?"]);
    t.wait_for("this help"); // the UI still answers keys
    t.keys(&["Escape", "q"]);
    t.wait_for("EXITED 0");
    assert!(!t.alternate());
}

#[test]
fn sigterm_restores_the_terminal() {
    let t = Tmux::start("sigterm", &[], "tui --speed max");
    // (at full speed the course's annealing ends at once: the status line says "ended")
    t.wait_for("step log");
    let child = t.program_pid();
    Command::new("kill")
        .args(["-TERM", &child])
        .status()
        .unwrap();
    t.wait_for("EXITED 0");
    assert!(!t.alternate());
}

#[test]
fn without_a_terminal_it_points_to_the_headless_commands() {
    let out = common::sudoscope(&[]);
    assert_eq!(out.status.code(), Some(2));
    let err = common::stderr(&out);
    assert!(
        err.contains("use `sudoscope solve` or `sudoscope experiment`"),
        "{err}"
    );
}

#[test]
fn a_vanished_terminal_ends_the_program() {
    let t = Tmux::start("hangup", &[], "tui --paused");
    t.wait_for("paused");
    let child = t.program_pid();
    // closing the window: the tmux server and its terminal go away under the program
    t.run(&["kill-server"]);
    let deadline = Instant::now() + Duration::from_secs(5);
    while std::path::Path::new(&format!("/proc/{child}")).exists() {
        assert!(
            Instant::now() < deadline,
            "sudoscope (pid {child}) kept running without a terminal"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn ctrl_c_quits_and_restores_the_terminal() {
    let t = Tmux::start("ctrlc", &[], "tui --paused");
    t.wait_for("paused");
    t.keys(&["C-c"]);
    t.wait_for("EXITED 0");
    assert!(!t.alternate());
}
