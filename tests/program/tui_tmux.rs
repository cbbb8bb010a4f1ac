//! The real binary in tmux: keys in, screen out, and the terminal given back on every exit
//! (alternate screen left, cursor shown, mouse reporting off, and the line discipline back:
//! `stty` run in the same terminal afterwards reads `icanon echo isig`). Each test runs its own
//! tmux server (-L) so tests do not see each other; a tmux command that fails fails the test.

use crate::common;

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
        // after the program: its exit code, then the terminal's modes as the shell finds them
        let cmd = format!(
            "{exports}{} {args}; echo EXITED $?; \
             printf 'STTY '; for w in $(stty -a); do case $w in \
             icanon|-icanon|echo|-echo|isig|-isig) printf '%s ' $w;; esac; done; echo END; \
             sleep 30",
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
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(out.status.success(), "tmux {args:?} failed: {out:?}");
        out
    }

    /// A pane flag (`alternate_on`, `cursor_flag`, `mouse_any_flag`, ...): exactly 0 or 1.
    fn flag(&self, name: &str) -> bool {
        let o = self.run(&[
            "display-message",
            "-p",
            "-t",
            "e2e",
            &format!("#{{{name}}}"),
        ]);
        match String::from_utf8_lossy(&o.stdout).trim() {
            "1" => true,
            "0" => false,
            other => panic!("tmux gave {other:?} for {name}"),
        }
    }

    /// The visualiser holds the terminal: alternate screen, cursor hidden, mouse reported.
    fn assert_taken(&self) {
        assert!(self.flag("alternate_on"), "alternate screen");
        assert!(!self.flag("cursor_flag"), "cursor hidden");
        assert!(
            self.flag("mouse_any_flag") || self.flag("mouse_button_flag"),
            "mouse on"
        );
    }

    /// After the program ended with `code`: everything it changed is given back.
    fn assert_restored(&self, code: i32) {
        let s = self.wait_for("END");
        assert!(
            s.contains(&format!("EXITED {code}")),
            "exit code {code}:\n{s}"
        );
        assert!(!self.flag("alternate_on"), "normal screen:\n{s}");
        assert!(self.flag("cursor_flag"), "cursor visible:\n{s}");
        for m in [
            "mouse_any_flag",
            "mouse_button_flag",
            "mouse_standard_flag",
            "mouse_all_flag",
            "mouse_sgr_flag",
        ] {
            assert!(!self.flag(m), "{m} off:\n{s}");
        }
        let modes = s
            .lines()
            .find_map(|l| l.split("STTY ").nth(1))
            .expect("the modes line");
        let modes: Vec<&str> = modes.trim_end_matches("END").split_whitespace().collect();
        for m in ["icanon", "echo", "isig"] {
            assert!(modes.contains(&m), "raw mode off ({m}): {modes:?}\n{s}");
        }
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
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
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
    t.assert_taken();
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
    t.assert_restored(0);
}

#[test]
fn a_panic_in_the_ui_restores_the_terminal() {
    let t = Tmux::start("uipanic", &[("SUDOSCOPE_TEST_PANIC", "ui")], "");
    let s = t.wait_for("EXITED 101");
    assert!(
        s.contains("provoked by SUDOSCOPE_TEST_PANIC=ui"),
        "the panic is reported:\n{s}"
    );
    t.assert_restored(101);
}

#[test]
fn a_panic_in_a_worker_is_shown_not_frozen() {
    let t = Tmux::start("workerpanic", &[("SUDOSCOPE_TEST_PANIC", "worker")], "");
    let s = t.wait_for("the search crashed");
    assert!(s.contains("provoked by SUDOSCOPE_TEST_PANIC=worker"), "{s}");
    t.keys(&["?"]);
    t.wait_for("this help"); // the UI still answers keys
    t.keys(&["Escape", "q"]);
    t.assert_restored(0);
}

/// SIGINT, SIGTERM and SIGHUP sent to the program (not typed): it ends, gives the terminal
/// back, and exits with 128 + the signal's number (130, 143, 129), as scripts expect. (A hangup
/// whose terminal really vanished is below.)
#[test]
fn signals_restore_the_terminal() {
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let t = Tmux::start(&format!("sig{signal}"), &[], "tui --speed max");
        t.wait_for("step log");
        t.assert_taken();
        let child = t.program_pid();
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &child])
            .status()
            .unwrap();
        assert!(killed.success(), "kill -{signal}");
        // and the status says which signal it was: 128 + its number
        t.assert_restored(code);
    }
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
    t.assert_taken();
    t.keys(&["C-c"]);
    t.assert_restored(0);
}

/// A lesson of two scenes, paged with PageDown and PageUp in the real terminal.
#[test]
fn a_lesson_pages_through_its_scenes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.toml");
    std::fs::write(
        &path,
        "title = \"two\"\n\
         [[scene]]\ncaption = \"First: steepest descent\"\nalgo = \"steepest\"\npaused = true\n\
         [[scene]]\ncaption = \"Second: sideways moves\"\nalgo = \"plateau\"\npaused = true\n",
    )
    .unwrap();
    let t = Tmux::start("lesson", &[], &format!("tui --lesson {}", path.display()));
    let s = t.wait_for("scene 1/2");
    assert!(s.contains("First: steepest descent"), "{s}");
    assert!(s.contains("steepest (classic)"), "{s}");
    t.keys(&["NPage"]);
    let s = t.wait_for("scene 2/2");
    assert!(s.contains("Second: sideways moves"), "{s}");
    assert!(s.contains("plateau (classic)"), "{s}");
    t.keys(&["s"]);
    t.wait_for("step 1 ");
    t.keys(&["PPage"]);
    let s = t.wait_for("scene 1/2");
    assert!(s.contains("step 0 "), "the scene starts afresh:\n{s}");
    t.keys(&["q"]);
    t.assert_restored(0);
}

/// `--record` writes the live session as asciicast v2: the terminal's size in the header, then
/// the screen's output as timed events, ending with what was on screen at the end.
#[test]
fn a_live_session_records_to_asciicast() {
    let dir = tempfile::tempdir().unwrap();
    let cast = dir.path().join("live.cast");
    let t = Tmux::start(
        "record",
        &[],
        &format!("tui --algo steepest --paused --record {}", cast.display()),
    );
    t.wait_for("step 0 ");
    t.keys(&["s", "s"]);
    t.wait_for("step 2 ");
    t.keys(&["q"]);
    t.assert_restored(0);
    let common::Cast {
        size, output: out, ..
    } = common::read_cast(&cast);
    assert_eq!(size, (120, 40));
    assert!(
        out.contains("steepest (classic)"),
        "the screen was recorded"
    );
    // played back in a terminal of the same size, the recording ends on the last screen
    let raw = dir.path().join("live.out");
    std::fs::write(&raw, out).unwrap();
    let replay = Tmux::start("replay", &[], "--version >/dev/null");
    replay.run(&[
        "respawn-pane",
        "-k",
        "-t",
        "e2e",
        &format!("cat {}; sleep 30", raw.display()),
    ]);
    let s = replay.wait_for("step 2 ");
    assert!(s.contains("steepest (classic)"), "{s}");
}

/// A 25x25 puzzle at the hard phase transition opens with its count settled (within the
/// visualiser's budget, which once ran out on it), and the ant colony steps and shows its
/// pheromone.
#[test]
fn the_colony_on_a_hard_25x25_puzzle() {
    let t = Tmux::start(
        "ants",
        &[],
        "tui --puzzle la25:12 --algo ants --preset tuned --paused",
    );
    t.wait_for("several solutions");
    t.assert_taken();
    t.keys(&["s"]);
    t.wait_for("step 1 ");
    t.keys(&["l"]);
    t.wait_for("settled (90% on one value)");
    t.keys(&["q"]);
    t.assert_restored(0);
}

/// Whether a process is alive (signal 0 reaches it).
fn alive(pid: &str) -> bool {
    Command::new("kill")
        .args(["-0", pid])
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap()
        .success()
}

/// `watch -- COMMAND`: the course's annealing written in Python, paused from the start; it
/// races a built-in annealing from its own first board. Paused, the command is held within 64
/// steps (the viewer reads no further ahead, through a pipe of one page); `s` shows one more
/// step; leaving the viewer (by `q`, and by SIGTERM) ends the command.
#[test]
fn a_python_search_is_watched_stepped_and_ended_with_the_viewer() {
    let example = common::repo("python/examples/annealing.py");
    for (how, name) in [("q", "watchq"), ("TERM", "watchterm")] {
        let t = Tmux::start(
            name,
            &[],
            &format!(
                "watch --paused --race annealing -- python3 {} --seed 2",
                example.display()
            ),
        );
        let s = t.wait_for("recocido simulado (trace)");
        assert!(s.contains("annealing (classic)"), "the race pane:\n{s}");
        let viewer = t.program_pid();
        let child_of = |parent: &str| {
            let kids = Command::new("pgrep").args(["-P", parent]).output().unwrap();
            String::from_utf8_lossy(&kids.stdout)
                .lines()
                .next()
                .expect("the command runs under the viewer")
                .to_string()
        };
        // on Linux the command runs under its supervisor, the viewer's child
        let mut python = child_of(&viewer);
        if std::fs::read_to_string(format!("/proc/{python}/comm"))
            .is_ok_and(|c| c.trim() == "sudoscope-guard")
        {
            python = child_of(&python);
        }
        let received = |s: &str| -> Option<u64> {
            s.split("steps received ")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
                .and_then(|n| n.parse().ok())
        };
        // paused, the viewer stops reading ahead: the command blocks in its own write (Linux
        // names the wait), and what was read stays within the 64 steps ahead
        let s = t.wait_for("steps received ");
        let blocked = Instant::now() + Duration::from_secs(30);
        while !std::fs::read_to_string(format!("/proc/{python}/wchan"))
            .is_ok_and(|w| w.contains("pipe"))
        {
            assert!(
                Instant::now() < blocked,
                "the command never blocked on its pipe"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let held = t.screen();
        let n = received(&held).unwrap_or(0);
        assert!(
            n <= 65,
            "paused, the command is held back: {n} steps read\n{held}"
        );
        assert!(s.contains("step 0 "), "nothing shown before a key:\n{s}");
        t.keys(&["s"]);
        t.wait_for("step 1 ");
        assert!(alive(&python), "the command waits while the viewer runs");
        if how == "q" {
            t.keys(&["q"]);
            t.assert_restored(0);
        } else {
            let killed = Command::new("kill")
                .args(["-TERM", &viewer])
                .status()
                .unwrap();
            assert!(killed.success());
            t.assert_restored(143);
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while alive(&python) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(!alive(&python), "{how}: the command ended with the viewer");
    }
}
