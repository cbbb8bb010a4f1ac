//! `sudoscope bench serve`: a class on loopback. The server runs as a child process (so its
//! CPU and memory are its own), every session running its own search at full speed (tuned
//! genetic on hardest:1, which never finishes); N clients connect over SSH or as browsers do
//! (WebSocket), each counting the frames it receives and, once a second, timing a key: `?`
//! sent, until a frame shows the help. Each student presses at moments of their own, at random
//! and independently of the others, as a class does (or all at once, with `--keys-together`).
//! The clients run on the same machine, so they take their share of its cores too.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};

use sudoscope_load::{END_FRAME, Frames};

use super::args::Transport;

const PASSWORD: &str = "bench-class";
/// What the help shows, found in the bytes of the frame that draws it.
const HELP: &[u8] = b"keys";
/// Seconds before measuring: every client connected and its screen drawn.
const SETTLE: f64 = 3.0;
/// Terminal sizes, as in a lab.
const SIZES: [(u16, u16); 4] = [(80, 24), (120, 40), (100, 30), (160, 50)];

/// When the students press the timed key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// Each student on their own, as a class presses keys: the first at a random moment of the
    /// measurement's first second, each next one a random 0.5 to 1.5 s after the answer, every
    /// student independently of the others (so two or three keys sometimes come together).
    /// Seeded by the student's number: a run presses at the same moments each time.
    Own,
    /// All at the start, then a second after each answer: every screen answers a key at once.
    Together,
}

/// One student's moments to press the timed key.
struct Pace {
    keys: Keys,
    rng: sudoscope_core::rng::Rng,
}

impl Pace {
    fn new(keys: Keys, student: usize) -> Pace {
        Pace {
            keys,
            rng: sudoscope_core::rng::Rng::new(sudoscope_core::rng::derive_seed(&[
                0x6b65_7973,
                student as u64,
            ])),
        }
    }

    /// How far into the measurement the first key comes.
    fn first(&mut self) -> Duration {
        match self.keys {
            Keys::Own => Duration::from_secs_f64(self.rng.unit()),
            Keys::Together => Duration::ZERO,
        }
    }

    /// How long after an answer the next key comes.
    fn gap(&mut self) -> Duration {
        match self.keys {
            Keys::Own => Duration::from_secs_f64(0.5 + self.rng.unit()),
            Keys::Together => Duration::from_secs(1),
        }
    }
}

/// The class the benchmark connects.
pub struct Class {
    /// Students connected at once.
    pub sessions: usize,
    /// How they connect.
    pub transport: Transport,
    /// When they press the timed key.
    pub keys: Keys,
}

/// What one client saw while measuring.
#[derive(Default)]
struct Seen {
    frames: u64,
    latencies: Vec<f64>,
}

/// The server, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        // SIGTERM, so that the server says goodbye; elsewhere it is ended at once
        #[cfg(unix)]
        // SAFETY: a signal to our own child.
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGTERM)
        };
        let began = Instant::now();
        while began.elapsed() < Duration::from_secs(5) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(dir: &Path, sessions: usize, transport: Transport) -> anyhow::Result<Server> {
    let log = dir.join("serve.log");
    let mut cmd = Command::new(std::env::current_exe()?);
    cmd.arg(match transport {
        Transport::Ssh => "serve",
        Transport::Web => "web",
    });
    cmd.args([
        "--listen",
        "127.0.0.1",
        "--port",
        "0",
        "--password",
        PASSWORD,
    ])
    .arg("--log")
    .arg(&log)
    .args(["--max-sessions", &(sessions + 5).to_string()])
    .args(["--idle-timeout", "2h", "--login-grace", "120s"])
    .args([
        "--puzzle",
        "hardest:1",
        "--algo",
        "genetic",
        "--preset",
        "tuned",
    ])
    .args(["--set", "max_generations=1000000000", "--speed", "max"]);
    if transport == Transport::Ssh {
        cmd.arg("--host-key").arg(dir.join("host_ed25519"));
    }
    let child = cmd
        .env("LANG", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let mut server = Server { child, port: 0 };
    let began = Instant::now();
    loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if let Some(rest) = text.split("listening on 127.0.0.1:").nth(1) {
            server.port = rest
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect::<String>()
                .parse()?;
            return Ok(server);
        }
        if let Ok(Some(status)) = server.child.try_wait() {
            anyhow::bail!("the server exited at start ({status})");
        }
        if began.elapsed() > Duration::from_secs(30) {
            anyhow::bail!("the server did not start within 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A student's connection, whichever the transport.
enum Line {
    /// The connection's handle (kept: dropped, it closes the connection) and its channel.
    Ssh(
        #[allow(dead_code)] russh::client::Handle<sudoscope_load::Trusting>,
        russh::Channel<russh::client::Msg>,
    ),
    Web(Box<tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>>),
}

async fn connect(port: u16, transport: Transport, size: (u16, u16)) -> anyhow::Result<Line> {
    match transport {
        Transport::Ssh => {
            let mut handle = sudoscope_load::ssh(port, None, Duration::from_secs(30)).await?;
            let took = sudoscope_load::sign_in(&mut handle, "bench", PASSWORD).await?;
            anyhow::ensure!(took, "the class password was refused");
            let channel = sudoscope_load::shell(&handle, size, &[]).await?;
            Ok(Line::Ssh(handle, channel))
        }
        Transport::Web => Ok(Line::Web(Box::new(
            sudoscope_load::browser(port, PASSWORD, size, "en").await?,
        ))),
    }
}

impl Line {
    /// The next bytes from the server; `None` when it has closed.
    async fn recv(&mut self) -> Option<Vec<u8>> {
        match self {
            Line::Ssh(_, c) => loop {
                match c.wait().await? {
                    russh::ChannelMsg::Data { data } => return Some(data.to_vec()),
                    russh::ChannelMsg::Eof | russh::ChannelMsg::Close => return None,
                    _ => {}
                }
            },
            Line::Web(ws) => loop {
                match ws.next().await? {
                    Ok(tokio_tungstenite::tungstenite::Message::Binary(b)) => {
                        return Some(b.to_vec());
                    }
                    Ok(tokio_tungstenite::tungstenite::Message::Close(_)) | Err(_) => {
                        return None;
                    }
                    Ok(_) => {}
                }
            },
        }
    }

    async fn send(&mut self, bytes: &[u8]) {
        match self {
            Line::Ssh(_, c) => {
                let _ = c.data_bytes(bytes.to_vec()).await;
            }
            Line::Web(ws) => {
                let _ = ws
                    .send(tokio_tungstenite::tungstenite::Message::binary(
                        bytes.to_vec(),
                    ))
                    .await;
            }
        }
    }
}

/// One student: connect, then count frames and time keys between `from` and `until`.
async fn student(
    port: u16,
    transport: Transport,
    size: (u16, u16),
    mut pace: Pace,
    (from, until): (tokio::time::Instant, tokio::time::Instant),
) -> anyhow::Result<Seen> {
    let mut line = connect(port, transport, size).await?;
    let mut seen = Seen::default();
    let (mut frames, mut helps) = (Frames::default(), Frames::default());
    let mut asked: Option<tokio::time::Instant> = None;
    let mut next_ask = from + pace.first();
    loop {
        let now = tokio::time::Instant::now();
        if now >= until {
            return Ok(seen);
        }
        if asked.is_none() && now >= next_ask {
            helps.clear();
            line.send(b"?").await;
            asked = Some(tokio::time::Instant::now());
        }
        let wake = if asked.is_none() {
            next_ask.min(until)
        } else {
            until
        };
        let bytes = match tokio::time::timeout_at(wake, line.recv()).await {
            Ok(Some(b)) => b,
            Ok(None) => anyhow::bail!("the server closed a session"),
            Err(_) => continue,
        };
        let drawn = frames.count(&bytes, END_FRAME);
        if tokio::time::Instant::now() >= from {
            seen.frames += drawn;
        }
        if let Some(at) = asked
            && helps.count(&bytes, HELP) > 0
        {
            if at >= from {
                seen.latencies.push(at.elapsed().as_secs_f64() * 1000.0);
            }
            asked = None;
            next_ask = tokio::time::Instant::now() + pace.gap();
            line.send(b"\x1b").await;
        }
    }
}

/// CPU seconds the process has used, and its resident memory in KiB (Linux: from /proc; zero
/// elsewhere).
fn usage(pid: u32) -> (f64, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // the fields after the command's name (which may hold spaces), from the third on
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, r)| r.split_whitespace().collect());
    #[cfg(unix)]
    // SAFETY: sysconf only reads a system setting.
    let tick = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    #[cfg(not(unix))]
    let tick = 100.0;
    let cpu = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<f64>().ok())
        .sum::<f64>()
        / tick;
    let rss = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    (cpu, rss)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Run the benchmark and print its figures.
pub fn run(out: &mut impl Write, class: Class, seconds: f64) -> anyhow::Result<()> {
    let Class {
        sessions,
        transport,
        keys,
    } = class;
    anyhow::ensure!(sessions > 0, "--sessions: at least one");
    let dir = tempfile::tempdir()?;
    let server = start(dir.path(), sessions, transport)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let (cpu0, cpu1, rss, seen) = runtime.block_on(async {
        let from = tokio::time::Instant::now() + Duration::from_secs_f64(SETTLE);
        let until = from + Duration::from_secs_f64(seconds);
        let mut tasks = Vec::new();
        for i in 0..sessions {
            tasks.push(tokio::spawn(student(
                server.port,
                transport,
                SIZES[i % SIZES.len()],
                Pace::new(keys, i),
                (from, until),
            )));
        }
        tokio::time::sleep_until(from).await;
        let (cpu0, _) = usage(server.child.id());
        tokio::time::sleep_until(until).await;
        let (cpu1, rss) = usage(server.child.id());
        let mut seen = Vec::new();
        for t in tasks {
            seen.push(t.await);
        }
        (cpu0, cpu1, rss, seen)
    });
    let mut rates = Vec::new();
    let mut latencies = Vec::new();
    for s in seen {
        let s = s.map_err(|e| anyhow::anyhow!("a client failed: {e}"))??;
        rates.push(s.frames as f64 / seconds);
        latencies.extend(s.latencies);
    }
    rates.sort_by(f64::total_cmp);
    latencies.sort_by(f64::total_cmp);
    let name = match transport {
        Transport::Ssh => "ssh",
        Transport::Web => "web",
    };
    writeln!(
        out,
        "serve over {name}: {sessions} sessions, each running tuned genetic on hardest:1 at full speed; {seconds} s measured after {SETTLE} s"
    )?;
    writeln!(
        out,
        "  frames per second a session   lowest {:.1}   median {:.1}",
        rates[0],
        percentile(&rates, 0.5)
    )?;
    writeln!(
        out,
        "  key to screen (? to the help) median {:.1} ms   p99 {:.1} ms   ({} keys, {})",
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.len(),
        match keys {
            Keys::Own => "pressed by each student at moments of their own",
            Keys::Together => "pressed by every student at once",
        }
    )?;
    writeln!(
        out,
        "  server CPU {:.0}% of one core   resident memory {} MiB",
        100.0 * (cpu1 - cpu0) / seconds,
        rss / 1024
    )?;
    drop(server);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn students_press_on_their_own_at_random_or_together_each_second() {
        // on their own: first keys over the whole first second, not two students alike, the
        // same moments on every run; gaps between half a second and a second and a half
        let firsts: Vec<f64> = (0..80)
            .map(|i| Pace::new(Keys::Own, i).first().as_secs_f64())
            .collect();
        assert!(firsts.iter().all(|t| (0.0..1.0).contains(t)));
        let mut quarters = [0; 4];
        for t in &firsts {
            quarters[(t * 4.0) as usize] += 1;
        }
        // 80 uniform draws: each quarter expects 20 (a count below 5 or above 35 has a
        // chance under one in a million)
        assert!(
            quarters.iter().all(|&q| (5..=35).contains(&q)),
            "{quarters:?}"
        );
        let again: Vec<f64> = (0..80)
            .map(|i| Pace::new(Keys::Own, i).first().as_secs_f64())
            .collect();
        assert_eq!(firsts, again);
        let mut distinct = firsts.clone();
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        assert_eq!(distinct.len(), 80);
        let mut pace = Pace::new(Keys::Own, 7);
        let gaps: Vec<f64> = (0..1000).map(|_| pace.gap().as_secs_f64()).collect();
        assert!(gaps.iter().all(|g| (0.5..1.5).contains(g)));
        let mean = gaps.iter().sum::<f64>() / gaps.len() as f64;
        // a uniform gap's mean is 1 s, its spread 0.29 s: 1000 of them within 0.05 s of it
        // (more than five standard errors)
        assert!((mean - 1.0).abs() < 0.05, "{mean}");
        // together: every student at the start, then every second
        for i in 0..80 {
            let mut pace = Pace::new(Keys::Together, i);
            assert!(pace.first().is_zero());
            assert_eq!(pace.gap(), Duration::from_secs(1));
        }
    }
}
