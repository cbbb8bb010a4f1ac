//! `sudoscope serve` under load, on loopback: the lecturer's mirrored screen and N students
//! through an SSH client library, half of them watching the mirror and half in their own
//! sessions racing two searches at full speed while they press keys. Reports, and checks:
//! - every student's screen updates at least ten times a second;
//! - the lecturer's screen keeps at least 80% of the frame rate it had with no one connected;
//! - a session costs the server under 20 MiB;
//! - once everyone has gone, the server is back to the threads it started with.
//!
//! N is 8 by default, sized for CI's two cores (the clients run on the same cores);
//! `SUDOSCOPE_SERVE_SESSIONS=60` measures a full class (BENCHMARKS.md: "Serving a class").
//! `SUDOSCOPE_SERVE_SECONDS` sets the measured time (default 6). `SUDOSCOPE_SERVE_ALL_TRY=1`:
//! every student presses `t` and runs their own search instead (one each, no keys after), the
//! lecturer's going on at full speed too.

use crate::ssh_client;

use std::time::{Duration, Instant};

use ssh_client::{Server, Student, runtime};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The lecturer's frames per second in the stats lines logged after `since` seconds.
fn lecturer_rates(log: &str, since: f64) -> Vec<f64> {
    log.lines()
        .filter_map(|l| {
            let t: f64 = l
                .trim_start_matches('[')
                .split('s')
                .next()?
                .trim()
                .parse()
                .ok()?;
            let rate = l
                .split("lecturer ")
                .nth(1)?
                .split(' ')
                .next()?
                .parse()
                .ok()?;
            (t > since).then_some(rate)
        })
        .collect()
}

/// Seconds since the server started, as its log's last line says.
fn log_clock(log: &str) -> f64 {
    log.lines()
        .last()
        .and_then(|l| {
            l.trim_start_matches('[')
                .split('s')
                .next()?
                .trim()
                .parse()
                .ok()
        })
        .unwrap_or(0.0)
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

#[test]
fn a_class_at_full_speed_leaves_every_screen_live() {
    // no browser of the other tests renders while the frames are counted
    let _alone = crate::browser::alone();
    let n = env_number("SUDOSCOPE_SERVE_SESSIONS", 8) as usize;
    let seconds = env_number("SUDOSCOPE_SERVE_SECONDS", 6);
    let all_try = env_number("SUDOSCOPE_SERVE_ALL_TRY", 0) == 1;
    // who leaves the mirror for a search of their own: the odd half, or everyone; the odd
    // half also races a second search and presses keys, unless everyone tries
    let own = move |i: usize| i % 2 == 1 || all_try;
    let races = move |i: usize| i % 2 == 1 && !all_try;
    let server = Server::mirrored(
        "load",
        120,
        40,
        &[
            "--puzzle",
            "hardest:1",
            "--algo",
            "genetic",
            "--preset",
            "tuned",
            // no generation limit: the search goes on for the whole test
            "--set",
            "max_generations=1000000000",
            "--speed",
            "max",
            "--max-sessions",
            "200",
        ],
    );
    // the lecturer alone, for the frame rate to keep
    std::thread::sleep(Duration::from_secs(4));
    let alone_from = log_clock(&server.log());
    std::thread::sleep(Duration::from_secs(3));
    let alone = mean(&lecturer_rates(&server.log(), alone_from));
    let threads_before = server.status("Threads");
    let rss_before = server.status("VmRSS");

    let rt = runtime();
    let (rates, threads_during, rss_during, lecturer_loaded) = rt.block_on(async {
        let mut students = Vec::new();
        for i in 0..n {
            // terminals of several sizes, as in a lab
            let (w, h) = [(80, 24), (120, 40), (100, 30), (160, 50)][i % 4];
            let mut s = Student::open(server.port, w, h).await;
            s.emulate = false;
            students.push(s);
        }
        // half (or all) go on alone at full speed, the half racing a second search
        for (i, s) in students.iter().enumerate() {
            if own(i) {
                s.keys(b"t").await;
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        for (i, s) in students.iter().enumerate() {
            if own(i) {
                s.keys(b" ").await;
            }
            if races(i) {
                s.keys(b"R").await;
            }
        }
        // every client reads all the time, on tasks of their own
        let start_clock = log_clock(&server.log()) + 2.0;
        let deadline = Instant::now() + Duration::from_secs(2 + seconds);
        let measure_from = Instant::now() + Duration::from_secs(2);
        let mut tasks = Vec::new();
        for (i, mut s) in students.into_iter().enumerate() {
            tasks.push(tokio::spawn(async move {
                let mut first = None;
                let mut next_key = Instant::now();
                let mut key = 0;
                while Instant::now() < deadline {
                    let by = tokio::time::Instant::now() + Duration::from_millis(100);
                    while s.pump_until(by).await {}
                    if first.is_none() && Instant::now() >= measure_from {
                        first = Some(s.frames);
                    }
                    if races(i) && Instant::now() >= next_key {
                        // candidates and the neighbourhood panel, on and off
                        s.keys(if key % 2 == 0 { b"c" } else { b"l" }).await;
                        key += 1;
                        next_key = Instant::now() + Duration::from_millis(700);
                    }
                }
                let got = s.frames - first.unwrap_or(0);
                (s, got as f64 / seconds as f64)
            }));
        }
        let mut threads_during = 0;
        let mut rss_during = 0;
        while Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(500)).await;
            threads_during = threads_during.max(server.status("Threads"));
            rss_during = rss_during.max(server.status("VmRSS"));
        }
        let mut rates = Vec::new();
        let mut done = Vec::new();
        for t in tasks {
            let (s, rate) = t.await.unwrap();
            rates.push(rate);
            done.push(s);
        }
        let loaded = mean(&lecturer_rates(&server.log(), start_clock));
        for s in &done {
            s.disconnect().await;
        }
        (rates, threads_during, rss_during, loaded)
    });
    drop(rt);
    // everyone gone: the sessions end and their threads with them
    let began = Instant::now();
    while server.status("Threads") > threads_before && began.elapsed() < ssh_client::PATIENCE {
        std::thread::sleep(Duration::from_millis(100));
    }
    let threads_after = server.status("Threads");
    let rss_after = server.status("VmRSS");
    let mut sorted = rates.clone();
    sorted.sort_by(f64::total_cmp);
    let per_session_kib = rss_during.saturating_sub(rss_before) / n as u64;
    println!(
        "{n} sessions for {seconds} s on {} cores:",
        std::thread::available_parallelism().map_or(1, |c| c.get())
    );
    println!(
        "  student frames/s: lowest {:.1}, median {:.1}, highest {:.1}",
        sorted[0],
        sorted[n / 2],
        sorted[n - 1]
    );
    // the two halves apart: watching the mirror (even) and racing on their own (odd)
    let halves = if all_try {
        [(0, "own search (even)"), (1, "own search (odd)")]
    } else {
        [(0, "watching the mirror"), (1, "racing on their own")]
    };
    for (half, name) in halves {
        let mut r: Vec<f64> = rates.iter().skip(half).step_by(2).copied().collect();
        r.sort_by(f64::total_cmp);
        if let (Some(lo), Some(mid)) = (r.first(), r.get(r.len() / 2)) {
            println!("    {name}: lowest {lo:.1}, median {mid:.1}");
        }
    }
    println!("  lecturer frames/s: {alone:.1} alone, {lecturer_loaded:.1} with the class");
    println!(
        "  server threads: {threads_before} before, {threads_during} during, {threads_after} after"
    );
    println!(
        "  server memory: {} MiB before, {} MiB during ({} KiB a session), {} MiB after",
        rss_before / 1024,
        rss_during / 1024,
        per_session_kib,
        rss_after / 1024
    );
    assert!(
        sorted[0] >= 10.0,
        "a student's screen updated {:.1} times a second (at least 10 wanted): {rates:?}",
        sorted[0]
    );
    assert!(
        alone >= 20.0,
        "the lecturer's screen alone drew {alone:.1} frames/s"
    );
    assert!(
        lecturer_loaded >= 0.8 * alone,
        "the lecturer's screen fell from {alone:.1} to {lecturer_loaded:.1} frames/s"
    );
    assert!(
        per_session_kib < 20 * 1024,
        "{per_session_kib} KiB a session"
    );
    assert!(
        threads_after <= threads_before,
        "threads: {threads_before} before, {threads_after} after the class left"
    );
}

/// `sudoscope bench serve`, the rerunnable measure of this (BENCHMARKS.md): it drives real
/// clients over both transports and reports every figure; here only that it does, with frames
/// arriving and keys answered (no speed is asserted); the browsers press their keys all at once.
#[test]
fn bench_serve_drives_real_clients_over_both_transports() {
    let _alone = crate::browser::alone();
    for (transport, together) in [("ssh", false), ("web", true)] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args(["bench", "serve", "--sessions", "2", "--seconds", "2"])
            .args(["--transport", transport])
            .args(together.then_some("--keys-together"))
            .output()
            .expect("the binary runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            text.contains(&format!("serve over {transport}: 2 sessions")),
            "{text}"
        );
        let lowest: f64 = text
            .split("lowest ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no frame rate in {text}"));
        assert!(lowest > 0.0, "a session got no frames: {text}");
        let keys: u64 = text
            .lines()
            .find(|l| l.contains("key to screen"))
            .and_then(|l| l.rsplit('(').next())
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no key count in {text}"));
        assert!(keys > 0, "no key was answered: {text}");
        let when = if together {
            "pressed by every student at once"
        } else {
            "pressed by each student at moments of their own"
        };
        assert!(text.contains(when), "{text}");
        assert!(text.contains("server CPU"), "{text}");
    }
}
