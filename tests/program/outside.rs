//! The outside-search path against hostile commands (`tests/hostile/`), as a person meets it:
//! the real binary in tmux, keys and signals in, the screen out, and afterwards no process left
//! of the command, found by the marker each hostile child keeps in its command line. Every wait
//! is on what the screen shows or on a process appearing or going, bounded in time, never a
//! fixed sleep.

use crate::common;
use crate::tmux;

use std::process::Command;
use std::time::{Duration, Instant};

use tmux::Tmux;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_sudoscope")
}

fn hostile(name: &str) -> String {
    common::repo(&format!("tests/hostile/{name}"))
        .display()
        .to_string()
}

/// A marker no other test or process has.
fn marker(test: &str) -> String {
    format!("sudoscope-outside-{test}-{}", std::process::id())
}

/// The hostile children still running with `marker` (each is a python3, by whatever path,
/// holding it in its arguments; the shells and the viewer around them are not counted).
fn children(marker: &str) -> Vec<String> {
    let out = Command::new("pgrep")
        .args(["-f", &format!("^[^ ]*python3[^ ]* .*{marker}")])
        .output()
        .expect("pgrep (procps) is required");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect()
}

/// Wait until `what` holds, at most `limit`; panics with `why`.
fn until(limit: Duration, why: &str, mut what: impl FnMut() -> bool) {
    let began = Instant::now();
    while !what() {
        assert!(began.elapsed() < limit, "{why}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// Wait until the command's children are all gone.
fn gone(marker: &str) {
    until(
        Duration::from_secs(10),
        "the command's processes stayed",
        || children(marker).is_empty(),
    );
}

/// The viewer's process: the one whose command line starts with the binary and holds `marker`
/// (other tests' viewers run beside it), not a command's supervisor (a copy of the viewer with
/// the same command line, named `sudoscope-guard`).
fn viewer_pid(marker: &str) -> Option<u32> {
    let out = Command::new("pgrep")
        .args(["-f", &format!("^{} ", bin())])
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.parse().ok())
        .find(|pid: &u32| {
            std::fs::read_to_string(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| c.contains(marker))
                && std::fs::read_to_string(format!("/proc/{pid}/comm"))
                    .is_ok_and(|c| c.trim() != "sudoscope-guard")
        })
}

/// The viewer's peak resident memory, in KiB.
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// The viewer in tmux, in a shell that prints its exit status after it and then the terminal's
/// modes as it finds them (`STTY icanon echo isig END` when raw mode is off): `watch ARGS`.
fn viewer(test: &str, args: &str) -> Tmux {
    viewer_with(test, "", args)
}

/// [`viewer`] with `env` (`NAME=value ...`) set for it.
fn viewer_with(test: &str, env: &str, args: &str) -> Tmux {
    Tmux::start(
        &format!("outside-{test}"),
        120,
        40,
        &format!(
            "{env} {} {args}; echo EXIT=$?; printf 'STTY '; for w in $(stty -a); do \
             case $w in icanon|-icanon|echo|-echo|isig|-isig) printf '%s ' $w;; esac; done; \
             echo END; sleep 60",
            bin()
        ),
    )
}

/// A pane flag of tmux's (`alternate_on`, `cursor_flag`, `mouse_any_flag`...): exactly 0 or 1.
fn flag(t: &Tmux, name: &str) -> bool {
    match t
        .run(&["display-message", "-p", "-t", "s", &format!("#{{{name}}}")])
        .trim()
    {
        "1" => true,
        "0" => false,
        other => panic!("tmux gave {other:?} for {name}"),
    }
}

/// The pane's title (the one a program sets with OSC 0 or 2).
fn title(t: &Tmux) -> String {
    t.run(&["display-message", "-p", "-t", "s", "#{pane_title}"])
        .trim()
        .to_string()
}

/// After the viewer ended with `code`: the terminal as it was before it (normal screen, cursor
/// shown, mouse reporting off, raw mode off) and its title still `was`.
fn given_back(t: &Tmux, code: i32, was: &str) {
    let s = t.wait_for("END");
    assert!(s.contains(&format!("EXIT={code}")), "exit {code}:\n{s}");
    assert!(!flag(t, "alternate_on"), "normal screen:\n{s}");
    assert!(flag(t, "cursor_flag"), "cursor shown:\n{s}");
    for m in [
        "mouse_any_flag",
        "mouse_button_flag",
        "mouse_standard_flag",
        "mouse_all_flag",
        "mouse_sgr_flag",
    ] {
        assert!(!flag(t, m), "{m} off:\n{s}");
    }
    let modes = s
        .lines()
        .find_map(|l| l.split("STTY ").nth(1))
        .expect("the modes line");
    for m in ["icanon", "echo", "isig"] {
        assert!(
            modes.split_whitespace().any(|w| w == m),
            "raw mode off ({m}): {modes}\n{s}"
        );
    }
    assert_eq!(title(t), was, "the window's title is unchanged");
}

/// The processor time `pid` has used, in seconds (user and system, from /proc).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<f64> = after
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0.0))
        .collect();
    // utime and stime are fields 14 and 15 of stat: 12 and 13 after the name
    (fields.get(11).unwrap_or(&0.0) + fields.get(12).unwrap_or(&0.0)) / 100.0
}

/// The share of one core the viewer uses over two seconds: a viewer that only waits for a
/// command uses next to none; one spinning on a read, all of it.
fn idle_share(pid: u32) -> f64 {
    let (c0, t0) = (cpu_seconds(pid), Instant::now());
    std::thread::sleep(Duration::from_secs(2));
    (cpu_seconds(pid) - c0) / t0.elapsed().as_secs_f64()
}

/// The viewer's pid, once it runs.
fn the_viewer(m: &str) -> u32 {
    let mut found = None;
    until(Duration::from_secs(10), "the viewer started", || {
        found = viewer_pid(m);
        found.is_some()
    });
    found.unwrap()
}

#[test]
fn a_command_that_hangs_before_its_first_line_shows_at_once_and_q_ends_it() {
    let m = marker("hang-q");
    let t = viewer("hang-q", &format!("watch -- sh {} {m}", hostile("hang.sh")));
    let s = t.wait_for("waiting for its trace");
    assert!(s.contains("hang.sh"), "the command is named:\n{s}");
    t.wait_for("loading the course's data");
    until(Duration::from_secs(10), "the command started", || {
        !children(&m).is_empty()
    });
    // the keys work while waiting: help opens and closes
    t.keys(&["?"]);
    t.wait_for("any other key closes this help");
    t.keys(&["Escape"]);
    until(Duration::from_secs(10), "the help closed", || {
        !t.screen().contains("any other key closes this help")
    });
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
    gone(&m);
}

#[test]
fn signals_end_the_viewer_restore_the_terminal_and_end_the_command() {
    for (signal, code) in [("TERM", 143), ("HUP", 129), ("INT", 130)] {
        let m = marker(&format!("sig-{signal}"));
        let t = viewer(
            &format!("sig-{signal}"),
            &format!("watch -- sh {} {m}", hostile("hang.sh")),
        );
        t.wait_for("waiting for its trace");
        until(Duration::from_secs(10), "the command started", || {
            !children(&m).is_empty()
        });
        let pid = viewer_pid(&m).expect("the viewer runs");
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let s = t.wait_for(&format!("EXIT={code}"));
        assert!(
            !s.contains("waiting for its trace"),
            "{signal}: the terminal is back on its own screen:\n{s}"
        );
        gone(&m);
    }
}

#[test]
fn ctrl_c_while_waiting_quits_and_a_panic_ends_the_command_too() {
    let m = marker("ctrl-c");
    let t = viewer("ctrl-c", &format!("watch -- sh {} {m}", hostile("hang.sh")));
    t.wait_for("waiting for its trace");
    t.keys(&["C-c"]);
    t.wait_for("EXIT=0");
    gone(&m);

    let m = marker("panic");
    let t = Tmux::start(
        "outside-panic",
        120,
        40,
        &format!(
            "SUDOSCOPE_TEST_PANIC=ui {} watch -- sh {} {m}; echo EXIT=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -- '-*icanon'; sleep 60",
            bin(),
            hostile("hang.sh")
        ),
    );
    t.wait_for("EXIT=101");
    let s = t.wait_for("icanon");
    assert!(
        !s.contains("-icanon"),
        "raw mode is off after the panic:\n{s}"
    );
    gone(&m);
}

#[test]
fn a_helper_left_holding_the_output_is_ended_with_its_group() {
    let m = marker("helper");
    let t = viewer(
        "helper",
        &format!("watch --speed max -- sh {} {m}", hostile("helper.sh")),
    );
    // the command itself exits at once; its helper holds the output until its group is ended
    until(Duration::from_secs(10), "the helper started", || {
        !children(&m).is_empty()
    });
    gone(&m);
    t.wait_for("without a closing");
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
}

#[test]
fn a_lesson_scene_whose_command_writes_nothing_leaves_every_key_working() {
    let m = marker("lesson");
    let dir = tempfile::tempdir().unwrap();
    let lesson = dir.path().join("lesson.toml");
    std::fs::write(
        &lesson,
        format!(
            "title = \"hostile\"\n\n[[scene]]\ncaption = \"a class's search that hangs\"\nwatch = \"sh {} {m}\"\n\n[[scene]]\ncaption = \"the course's annealing\"\nalgo = \"annealing\"\n",
            hostile("hang.sh")
        ),
    )
    .unwrap();
    let t = viewer("lesson", &format!("--lesson {}", lesson.display()));
    t.wait_for("waiting for its trace");
    until(
        Duration::from_secs(10),
        "the scene's command started",
        || !children(&m).is_empty(),
    );
    t.keys(&["PageDown"]);
    t.wait_for("scene 2/2");
    gone(&m);
    t.keys(&["PageUp"]);
    t.wait_for("waiting for its trace");
    until(
        Duration::from_secs(10),
        "the scene's command started again",
        || !children(&m).is_empty(),
    );
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
    gone(&m);
}

/// The bound this file holds the viewer's memory to at the defaults, whatever a command writes.
const BOUND_KIB: u64 = 100 * 1024;

/// A number on screen after `before` (the first one).
fn number_after(screen: &str, before: &str) -> Option<u64> {
    let rest = screen.split(before).nth(1)?;
    let digits: String = rest
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// Run `args` and wait until the screen's number after `label` reaches `at_least` (the flood
/// has gone through), then check the viewer's peak memory.
fn bounded(test: &str, args: &str, label: &str, at_least: u64, m: &str) {
    let t = viewer(test, args);
    let pid = {
        let mut found = None;
        until(Duration::from_secs(10), "the viewer started", || {
            found = viewer_pid(m);
            found.is_some()
        });
        found.unwrap()
    };
    let began = Instant::now();
    loop {
        let s = t.screen();
        if number_after(&s, label).is_some_and(|n| n >= at_least) {
            break;
        }
        assert!(
            began.elapsed() < Duration::from_secs(90),
            "{test}: never reached {at_least} after {label:?}:\n{s}"
        );
        assert!(peak_kib(pid) < BOUND_KIB, "{test}: {} KiB", peak_kib(pid));
        std::thread::sleep(Duration::from_millis(100));
    }
    let peak = peak_kib(pid);
    assert!(peak < BOUND_KIB, "{test}: the viewer peaked at {peak} KiB");
    eprintln!("{test}: peak {peak} KiB");
    t.keys(&["q"]);
    t.wait_for("EXIT=");
    gone(m);
}

#[test]
fn floods_of_every_kind_leave_the_viewer_within_its_memory_bound() {
    // standard error without a newline: 300 MB through the viewer
    let m = marker("flood-stderr");
    bounded(
        "flood-stderr",
        &format!("watch -- python3 {} {m}", hostile("stderr_flood.py")),
        "(+",
        300_000_000,
        &m,
    );
    // print lines that are not steps, after a header: half a million through the step log
    let m = marker("flood-print");
    bounded(
        "flood-print",
        &format!(
            "watch --speed max -- python3 {} {m} header",
            hostile("print_flood.py")
        ),
        "neighbour ",
        50_000,
        &m,
    );
    // long legal lines: 400 steps of 900 KB
    let m = marker("flood-long");
    bounded(
        "flood-long",
        &format!(
            "watch --speed max -- python3 {} {m} 100000",
            hostile("long_lines.py")
        ),
        "steps received",
        400,
        &m,
    );
}

#[test]
fn a_followed_file_is_waited_for_and_a_notebook_rerun_starts_a_new_run() {
    let m = marker("follow");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("búsqueda.trace.jsonl");
    let t = viewer(
        "follow",
        &format!("watch --speed max --follow '{}'", file.display()),
    );
    t.wait_for("waiting for a trace in it");
    let mut writer = Command::new("python3")
        .args([&hostile("rerun.py"), &m, file.to_str().unwrap(), "1.0"])
        .spawn()
        .unwrap();
    t.wait_for("first run");
    let s = t.wait_for("second run");
    assert!(s.contains("run 2"), "the new run is said:\n{s}");
    writer.wait().unwrap();
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
}

fn experiment(args: &[&str]) -> (std::process::Output, serde_json::Value) {
    let out = common::sudoscope(args);
    let records = records_of(&out);
    (out, serde_json::Value::Array(records))
}

/// The JSON records an experiment wrote on its standard output.
fn records_of(out: &std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn experiment_counts_every_run_of_a_command_and_says_which_failed() {
    // every even seed crashes: the failures stay in the denominator. The command is run from
    // its folder, so that its text, from which the runs' seeds are drawn, is the same in every
    // clone (with the clone's path in it, all six seeds were odd in one clone of 64).
    let flaky = |more: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args(["experiment", "--command", "python3 flaky.py {seed}"])
            .args(["--runs", "6"])
            .args(more)
            .current_dir(common::repo("tests/hostile"))
            .output()
            .expect("the binary runs");
        let records = records_of(&out);
        (out, records)
    };
    let (out, records) = flaky(&["-f", "json"]);
    assert_eq!(out.status.code(), Some(3), "{}", common::stderr(&out));
    assert_eq!(records.len(), 6, "every run has its record");
    let failed: Vec<&serde_json::Value> = records
        .iter()
        .filter(|r| r["outcome"] == "failed")
        .collect();
    let expected = records
        .iter()
        .filter(|r| r["seed"].as_u64().unwrap() % 2 == 0)
        .count();
    assert_eq!(failed.len(), expected, "{records:?}");
    assert!(
        expected > 0,
        "the six seeds are all odd: no run crashed {records:?}"
    );
    for f in &failed {
        assert_eq!(f["failure"]["exit"], "status 1", "{f}");
        let stderr = f["failure"]["stderr"].as_array().unwrap();
        assert!(
            stderr
                .iter()
                .any(|l| l.as_str().unwrap().contains("even seed")),
            "{f}"
        );
        assert_eq!(f["solved"], false);
        assert_eq!(f["label"], records[0]["label"], "one row for the command");
    }
    // the table counts them too
    let (table, _) = flaky(&[]);
    let text = common::stdout(&table);
    assert!(text.contains("failed"), "{text}");
    assert!(text.contains("120 s"), "the time limit is stated:\n{text}");
    let row = text.lines().find(|l| l.contains("(command)")).unwrap();
    assert!(
        row.split_whitespace().any(|w| w == "6"),
        "six runs in the row: {row}"
    );
}

#[test]
fn experiment_times_out_a_command_that_hangs_and_leaves_nothing_running() {
    let m = marker("exp-timeout");
    let began = Instant::now();
    let (out, records) = experiment(&[
        "experiment",
        "--command",
        &format!("sh {} {m}-{{seed}}", hostile("hang.sh")),
        "--runs",
        "2",
        "--max-seconds",
        "1",
        "-f",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", common::stderr(&out));
    for r in records.as_array().unwrap() {
        assert_eq!(r["outcome"], "failed");
        assert!(
            r["failure"]["reason"]
                .as_str()
                .unwrap()
                .contains("no trace header in 1 s"),
            "{r}"
        );
    }
    assert!(began.elapsed() < Duration::from_secs(30));
    gone(&m);
}

#[test]
fn sigterm_stops_an_experiment_with_a_partial_table_and_no_process_left() {
    let m = marker("exp-term");
    let child = Command::new(bin())
        .args([
            "experiment",
            "--command",
            &format!("sh {} {m}-{{seed}}", hostile("hang.sh")),
            "--runs",
            "4",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    until(Duration::from_secs(20), "the runs started", || {
        !children(&m).is_empty()
    });
    let sent = Instant::now();
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let took = sent.elapsed();
    assert_eq!(out.status.code(), Some(143), "{}", common::stderr(&out));
    assert!(
        common::stdout(&out).contains("partial"),
        "{}",
        common::stdout(&out)
    );
    gone(&m);
    // within a second of its own, with room for a busy two-core machine to schedule it
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn the_board_the_search_returns_is_what_success_is_judged_on() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("lagging.py");
    // the course's annealing: reaches cost 0, returns its lagging best state of cost 2
    let solution =
        "374561928185429763962378415827613549649257831531984672496832157218745396753196284";
    // r1c8 and r1c9 (free cells of one row and box) swapped: two columns lose a digit each
    let worse = format!("{}82{}", &solution[..7], &solution[9..]);
    std::fs::write(
        &script,
        format!(
            "print('{{\"sudoscope_trace\":\"1.0\",\"givens\":\"{}\",\"algorithm\":\"course annealing\"}}')\nprint('{{\"step\":1,\"board\":\"{solution}\"}}')\nprint('{{\"end\":\"stuck\",\"result\":\"{worse}\"}}')\n",
            "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."
        ),
    )
    .unwrap();
    let (out, records) = experiment(&[
        "experiment",
        "--command",
        &format!("python3 {}", script.display()),
        "--runs",
        "3",
        "-f",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    for r in records.as_array().unwrap() {
        assert_eq!(r["solved"], false, "{r}");
        assert_eq!(r["said"], "stuck", "{r}");
        assert_eq!(r["cost"], 0, "its last board is solved: {r}");
    }
    let check = common::sudoscope(&[
        "watch",
        "--check",
        "--",
        "python3",
        script.to_str().unwrap(),
    ]);
    let text = common::stdout(&check);
    assert!(text.contains("the board it returns has cost 2"), "{text}");
}

#[test]
fn a_paused_viewer_still_shows_a_commands_prints_as_they_come() {
    let m = marker("paused-print");
    let t = viewer(
        "paused-print",
        &format!(
            "watch --paused -- python3 {} {m} header",
            hostile("print_flood.py")
        ),
    );
    let s = t.wait_for("output: debug: looking at neighbour");
    assert!(s.contains("step 0 "), "no step is taken while paused:\n{s}");
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
    gone(&m);
}

// Round three of hostile children: the terminal, numbers, processes that leave the group,
// stopped commands, paths that are no file, statuses and streams, and wide names.

#[test]
fn a_command_cannot_reach_the_terminal_in_watch_a_scene_or_an_experiment() {
    // watch
    let m = marker("tty-watch");
    let t = viewer(
        "tty-watch",
        &format!("watch -- python3 {} {m}", hostile("terminal.py")),
    );
    let was = title(&t);
    let s = t.wait_for("terminal attempts");
    assert!(
        s.contains("reached 0"),
        "nothing reached the terminal:\n{s}"
    );
    assert!(!s.contains("PWNED"), "nothing was written on it:\n{s}");
    assert!(
        idle_share(the_viewer(&m)) < 0.5,
        "the viewer waits, it does not spin"
    );
    t.keys(&["q"]);
    given_back(&t, 0, &was);
    gone(&m);
    // a lesson scene
    let m = marker("tty-scene");
    let dir = tempfile::tempdir().unwrap();
    let lesson = dir.path().join("lesson.toml");
    std::fs::write(
        &lesson,
        format!(
            "title = \"hostile\"\n\n[[scene]]\ncaption = \"a class's search\"\nwatch = \"python3 {} {m}\"\n",
            hostile("terminal.py")
        ),
    )
    .unwrap();
    let t = viewer("tty-scene", &format!("--lesson {}", lesson.display()));
    let was = title(&t);
    let s = t.wait_for("terminal attempts");
    assert!(s.contains("reached 0"), "{s}");
    assert!(!s.contains("PWNED"), "{s}");
    t.keys(&["q"]);
    given_back(&t, 0, &was);
    gone(&m);
    // an experiment, in a terminal of its own
    let m = marker("tty-exp");
    let t = viewer(
        "tty-exp",
        &format!(
            "experiment --runs 3 --command 'python3 {} {m} {{seed}}'",
            hostile("terminal.py")
        ),
    );
    let was = title(&t);
    let s = t.wait_for("END");
    assert!(s.contains("intruder (command)"), "the table:\n{s}");
    assert!(!s.contains("PWNED"), "{s}");
    assert_eq!(title(&t), was);
    gone(&m);
}

#[test]
fn numbers_of_any_size_are_drawn_and_every_key_still_works() {
    let m = marker("huge");
    let t = viewer(
        "huge",
        &format!(
            "watch --speed max -- python3 {} {m} 200",
            hostile("huge_numbers.py")
        ),
    );
    let was = title(&t);
    t.wait_until("199 steps received", |s| {
        number_after(s, "steps received").is_some_and(|n| n >= 199)
    });
    let s = t.wait_for("temperature");
    assert!(s.contains("enormous"), "{s}");
    t.keys(&["?"]);
    t.wait_for("any other key closes this help");
    t.keys(&["Escape"]);
    t.wait_until("the help closed", |s| {
        !s.contains("any other key closes this help")
    });
    assert!(idle_share(the_viewer(&m)) < 0.5, "the viewer does not spin");
    t.keys(&["q"]);
    given_back(&t, 0, &was);
    gone(&m);
}

#[test]
fn a_daemon_left_holding_the_output_is_ended_when_the_screen_says_so() {
    let m = marker("daemon-left");
    let t = viewer(
        "daemon-left",
        &format!("watch -- python3 {} {m}", hostile("daemon_left.py")),
    );
    t.wait_for("left behind (trace)");
    // the command has gone; what it left holds the output open: ended, and said so
    t.wait_for("left behind");
    until(
        Duration::from_secs(20),
        "the screen says what it left behind was ended",
        || t.screen().contains("was ended"),
    );
    gone(&m);
    t.keys(&["q"]);
}

#[test]
fn what_leaves_the_group_is_ended_on_every_way_out() {
    // q
    let m = marker("daemon-q");
    let t = viewer(
        "daemon-q",
        &format!("watch -- python3 {} {m}", hostile("daemon.py")),
    );
    t.wait_for("daemon (trace)");
    until(Duration::from_secs(10), "the daemon started", || {
        children(&m).len() >= 2
    });
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
    gone(&m);
    // SIGQUIT, handled as SIGTERM
    let m = marker("daemon-quit");
    let t = viewer(
        "daemon-quit",
        &format!("watch -- python3 {} {m}", hostile("daemon.py")),
    );
    let was = title(&t);
    t.wait_for("daemon (trace)");
    until(Duration::from_secs(10), "the daemon started", || {
        children(&m).len() >= 2
    });
    Command::new("kill")
        .args(["-QUIT", &the_viewer(&m).to_string()])
        .status()
        .unwrap();
    given_back(&t, 131, &was);
    gone(&m);
    // SIGKILL: the viewer can do nothing, the command's supervisor does it
    let m = marker("daemon-kill");
    let t = viewer(
        "daemon-kill",
        &format!("watch -- python3 {} {m}", hostile("daemon.py")),
    );
    t.wait_for("daemon (trace)");
    until(Duration::from_secs(10), "the daemon started", || {
        children(&m).len() >= 2
    });
    Command::new("kill")
        .args(["-KILL", &the_viewer(&m).to_string()])
        .status()
        .unwrap();
    t.wait_for("EXIT=137");
    gone(&m);
    // an experiment of many runs
    let m = marker("daemon-exp");
    let (out, records) = experiment(&[
        "experiment",
        "--command",
        &format!("python3 {} {m} {{seed}}", hostile("daemon.py")),
        "--runs",
        "12",
        "--max-steps",
        "3",
        "-f",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    assert_eq!(records.as_array().unwrap().len(), 12);
    gone(&m);
}

#[test]
fn a_stopped_command_is_shown_stopped_and_runs_on_after_sigcont() {
    let m = marker("stopped");
    let t = viewer(
        "stopped",
        &format!("watch --speed max -- python3 {} {m}", hostile("stopped.py")),
    );
    // (the words wrap in the panel)
    let s = t.wait_for("stopped by");
    assert!(s.contains("SIGSTOP"), "{s}");
    assert!(s.contains("step 3 "), "{s}");
    let command = children(&m);
    assert_eq!(command.len(), 1, "{command:?}");
    Command::new("kill")
        .args(["-CONT", &command[0]])
        .status()
        .unwrap();
    let s = t.wait_for("step 7 ");
    assert!(!s.contains("stopped by"), "{s}");
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
    gone(&m);
}

#[test]
fn a_followed_path_that_is_no_file_is_refused_with_its_reason() {
    for path in ["/dev/zero", "/tmp"] {
        let out = common::sudoscope(&["watch", "--follow", path]);
        assert_eq!(out.status.code(), Some(2), "{path}: {out:?}");
        let e = common::stderr(&out);
        assert!(
            e.contains(path) && e.contains("a trace is read from a regular file or a FIFO"),
            "{path}: {e}"
        );
        let out = common::sudoscope(&["watch", "--check", path]);
        assert_eq!(out.status.code(), Some(2), "{path}: {out:?}");
    }
    // a file replaced by a directory while followed
    let m = marker("follow-dir");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{m}.jsonl"));
    std::fs::write(
        &file,
        "{\"sudoscope_trace\":\"1.1\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"moved\"}\n{\"step\":1,\"changed\":[[1,3]]}\n",
    )
    .unwrap();
    let t = viewer("follow-dir", &format!("watch --follow {}", file.display()));
    t.wait_for("moved (trace)");
    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir(&file).unwrap();
    let s = t.wait_for("a directory, not a file");
    assert!(!s.contains("stuck"), "never said stuck:\n{s}");
    assert!(idle_share(the_viewer(&m)) < 0.5, "nothing spins on it");
    t.keys(&["q"]);
    // and said again as the program ends, a bad input's status
    let s = t.wait_for("EXIT=2");
    assert!(s.contains("a directory, not a file"), "{s}");
}

#[test]
fn records_keep_the_status_the_streams_and_the_signal_of_the_command_itself() {
    // a whole trace, then status 3: counted by its board, its status kept and counted
    let (out, records) = experiment(&[
        "experiment",
        "--command",
        &format!("python3 {} m {{seed}}", hostile("status_after.py")),
        "--runs",
        "3",
        "-f",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", common::stderr(&out));
    for r in records.as_array().unwrap() {
        assert_eq!(r["outcome"], "solved", "{r}");
        assert_eq!(r["exit"], "status 3", "{r}");
    }
    assert!(
        common::stderr(&out).contains("wrote its whole trace, then ended with status 3"),
        "{}",
        common::stderr(&out)
    );
    let table = common::sudoscope(&[
        "experiment",
        "--command",
        &format!("python3 {} m {{seed}}", hostile("status_after.py")),
        "--runs",
        "3",
    ]);
    assert_eq!(table.status.code(), Some(3));
    let text = common::stdout(&table);
    assert!(text.contains("status≠0"), "{text}");
    let check = common::sudoscope(&[
        "watch",
        "--check",
        "--",
        "python3",
        &hostile("status_after.py"),
        "m",
    ]);
    assert_eq!(check.status.code(), Some(3), "{check:?}");
    assert!(
        common::stdout(&check).contains("after its whole trace, the command exited with status 3"),
        "{}",
        common::stdout(&check)
    );
    // what it printed and what it said on standard error, apart
    let (_, records) = experiment(&[
        "experiment",
        "--command",
        &format!("python3 {} m", hostile("talks.py")),
        "--runs",
        "1",
        "-f",
        "json",
    ]);
    let f = &records[0]["failure"];
    assert_eq!(
        f["stdout"],
        serde_json::json!(["printed before any trace"]),
        "{f}"
    );
    let stderr: Vec<&str> = f["stderr"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(stderr.contains(&"said on standard error"), "{f}");
    assert!(stderr.iter().any(|l| l.contains("ValueError")), "{f}");
    assert!(!stderr.contains(&"printed before any trace"), "{f}");
    // the signal that ended the program itself: a self-SIGKILL, and SIGKILL after an ignored
    // SIGTERM (its time limit), each named so rather than by a wrapper's status
    let (_, records) = experiment(&[
        "experiment",
        "--command",
        &format!("sh {} m", hostile("killed.sh")),
        "--runs",
        "1",
        "-f",
        "json",
    ]);
    assert_eq!(records[0]["failure"]["exit"], "signal 9", "{records}");
    let m = marker("stubborn");
    let (_, records) = experiment(&[
        "experiment",
        "--command",
        &format!("python3 {} {m}", hostile("ignore_term.py")),
        "--runs",
        "1",
        "--max-seconds",
        "1",
        "-f",
        "json",
    ]);
    assert_eq!(records[0]["failure"]["exit"], "signal 9", "{records}");
    gone(&m);
}

/// A line's width in cells as the terminal's C library measures it (what tmux draws by).
fn drawn_width(line: &str) -> Vec<(char, usize)> {
    unsafe extern "C" {
        fn setlocale(category: i32, locale: *const std::ffi::c_char) -> *mut std::ffi::c_char;
        fn wcwidth(c: u32) -> i32;
    }
    // SAFETY: a locale named by a C string; wcwidth reads a character
    unsafe {
        setlocale(0, c"C.UTF-8".as_ptr());
        let mut at = 0;
        line.chars()
            .map(|c| {
                let here = (c, at);
                at += wcwidth(c as u32).max(0) as usize;
                here
            })
            .collect()
    }
}

#[test]
fn wide_names_keep_every_border_in_its_column() {
    let m = marker("wide");
    let t = viewer(
        "wide",
        &format!("watch -- python3 {} {m}", hostile("wide_names.py")),
    );
    t.wait_for("(trace)");
    t.wait_for("stuck");
    let s = t.screen();
    // every row of the panels is drawn 120 cells wide, with the right border in the last one
    for line in s.lines().filter(|l| l.trim_end().ends_with('│')) {
        let cells = drawn_width(line.trim_end());
        let (last, at) = *cells.last().unwrap();
        assert_eq!((last, at), ('│', 119), "the border moved:\n{line}\n{s}");
    }
    assert!(s.contains("AR"), "a flag reads as its letters:\n{s}");
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
    gone(&m);
}

#[test]
fn a_screen_that_does_not_answer_a_signal_still_gives_the_terminal_back() {
    let m = marker("stuck");
    let t = viewer_with(
        "stuck",
        "SUDOSCOPE_TEST_STUCK=ui",
        &format!("watch -- sh {} {m}", hostile("hang.sh")),
    );
    let was = title(&t);
    t.wait_for("waiting for its trace");
    until(Duration::from_secs(10), "the command started", || {
        !children(&m).is_empty()
    });
    // the loop stops answering once its first frame is drawn
    let viewer = the_viewer(&m);
    let sent = Instant::now();
    Command::new("kill")
        .args(["-TERM", &viewer.to_string()])
        .status()
        .unwrap();
    given_back(&t, 143, &was);
    assert!(
        sent.elapsed() < Duration::from_secs(10),
        "{:?}",
        sent.elapsed()
    );
    gone(&m);
}
