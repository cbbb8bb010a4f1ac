//! `sudoscope serve` on loopback, and students reaching it through an SSH client library
//! (russh's client): a server started per test on a free port of 127.0.0.1 (its log says
//! which), stopped when the test ends; clients whose screens are kept by an in-memory terminal
//! (vt100), so tests read what a student would see.
#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::client::{self, Handle};
use russh::keys::PrivateKey;
use russh::keys::ssh_key::PublicKey;
use russh::{ChannelMsg, Disconnect};
use sudoscope_load::Frames;

use crate::tmux::Tmux;

/// The class password every test server takes.
pub const PASSWORD: &str = "test-class";

/// A test must never wait longer than this for a server or a screen.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A server process, stopped (SIGTERM, then SIGKILL) when dropped.
pub struct Server {
    child: Option<Child>,
    tmux: Option<Tmux>,
    pub pid: u32,
    pub port: u16,
    pub dir: tempfile::TempDir,
    /// Counted at work (a load test measures without it) until the process has ended.
    _turn: crate::browser::Turn,
}

fn serve_args(dir: &std::path::Path, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "serve",
        "--listen",
        "127.0.0.1",
        "--port",
        "0",
        "--password",
        PASSWORD,
        "--stats",
        "1s",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if !extra.contains(&"--host-key") {
        args.push("--host-key".into());
        args.push(dir.join("host_ed25519").display().to_string());
    }
    args.push("--log".into());
    args.push(dir.join("serve.log").display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

impl Server {
    /// `sudoscope serve` with the test's address, password, host key and log, and `extra`.
    pub fn start(extra: &[&str], env: &[(&str, &str)]) -> Server {
        let turn = crate::browser::Turn::take();
        let dir = tempfile::tempdir().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args(serve_args(dir.path(), extra))
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.path().join("stderr.txt")).unwrap())
            .spawn()
            .expect("the binary starts");
        let pid = child.id();
        let mut s = Server {
            child: Some(child),
            tmux: None,
            pid,
            port: 0,
            dir,
            _turn: turn,
        };
        s.port = s.wait_for_port();
        s
    }

    /// `sudoscope serve --mirror` in a tmux terminal of its own (the lecturer's screen),
    /// `width` x `height`.
    pub fn mirrored(name: &str, width: u16, height: u16, extra: &[&str]) -> Server {
        let turn = crate::browser::Turn::take();
        let dir = tempfile::tempdir().unwrap();
        let mut args = serve_args(dir.path(), extra);
        args.push("--mirror".into());
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let cmd = format!(
            "exec {} {}",
            env!("CARGO_BIN_EXE_sudoscope"),
            quoted.join(" ")
        );
        let lecturer = Tmux::start(&format!("serve-{name}"), width, height, &cmd);
        let pid = lecturer.pane_pid();
        let mut s = Server {
            child: None,
            tmux: Some(lecturer),
            pid,
            port: 0,
            dir,
            _turn: turn,
        };
        s.port = s.wait_for_port();
        s
    }

    fn wait_for_port(&mut self) -> u16 {
        let began = Instant::now();
        loop {
            let log = self.log();
            if let Some(rest) = log.split("listening on 127.0.0.1:").nth(1) {
                let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
                return digits.parse().expect("a port in the log");
            }
            if let Some(c) = &mut self.child
                && let Ok(Some(status)) = c.try_wait()
            {
                panic!("the server exited at start ({status}); log:\n{log}");
            }
            assert!(
                began.elapsed() < PATIENCE,
                "the server did not start; log:\n{log}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// What the server wrote to its standard error so far (nothing, when it has a log).
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("stderr.txt")).unwrap_or_default()
    }

    /// Wait until the server's process has ended.
    pub fn wait_stopped(&mut self) {
        let began = Instant::now();
        while self.alive() {
            assert!(began.elapsed() < PATIENCE, "the server did not stop");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The server's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("serve.log")).unwrap_or_default()
    }

    /// Keys to the lecturer's screen (tmux key names).
    pub fn lecturer_keys(&self, keys: &[&str]) {
        self.tmux.as_ref().expect("a mirrored server").keys(keys);
    }

    /// The lecturer's screen as text.
    pub fn lecturer_screen(&self) -> String {
        self.tmux.as_ref().expect("a mirrored server").screen()
    }

    /// A figure of the server's /proc/PID/status (`Threads`, `VmRSS` in KiB).
    pub fn status(&self, field: &str) -> u64 {
        let text = std::fs::read_to_string(format!("/proc/{}/status", self.pid))
            .expect("the server is alive");
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{field}:")))
            .expect("the field");
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        match &mut self.child {
            Some(c) => matches!(c.try_wait(), Ok(None)),
            None => std::path::Path::new(&format!("/proc/{}", self.pid)).exists(),
        }
    }

    /// Wait until the log holds `text` (panics after [`PATIENCE`], showing the log).
    pub fn wait_log(&self, text: &str) {
        let began = Instant::now();
        while !self.log().contains(text) {
            assert!(
                began.elapsed() < PATIENCE,
                "the log never said {text:?}:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The lecturer's terminal goes with its tmux server, when dropped; a child is stopped here.
impl Drop for Server {
    fn drop(&mut self) {
        if let Some(c) = &mut self.child {
            // SAFETY: signalling our own child process by its id.
            unsafe {
                libc::kill(c.id() as i32, libc::SIGTERM);
            }
            let began = Instant::now();
            while began.elapsed() < Duration::from_secs(10) {
                if let Ok(Some(_)) = c.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

pub use sudoscope_load::{END_FRAME, Trusting};

/// A connection, not yet signed in.
pub async fn connect(port: u16) -> Handle<Trusting> {
    sudoscope_load::ssh(port, None, PATIENCE)
        .await
        .expect("connects")
}

/// A connection from another address of this machine (`127.0.0.2`: another student's laptop),
/// not yet signed in.
pub async fn connect_from(from: &str, port: u16) -> Handle<Trusting> {
    sudoscope_load::ssh(port, Some(from), PATIENCE)
        .await
        .expect("connects")
}

/// A connection signed in with the class password.
pub async fn signed_in(port: u16) -> Handle<Trusting> {
    let mut h = connect(port).await;
    let took = sudoscope_load::sign_in(&mut h, "student", PASSWORD)
        .await
        .unwrap();
    assert!(took, "the class password was refused");
    h
}

/// A signed-in connection with its key.
pub async fn signed_in_with_key(port: u16, key: PrivateKey) -> Result<Handle<Trusting>, String> {
    let mut h = connect(port).await;
    let hash = h.best_supported_rsa_hash().await.ok().flatten().flatten();
    let r = h
        .authenticate_publickey(
            "student",
            russh::keys::PrivateKeyWithHashAlg::new(Arc::new(key), hash),
        )
        .await
        .map_err(|e| e.to_string())?;
    if r.success() {
        Ok(h)
    } else {
        Err("the key was refused".into())
    }
}

/// A public key's line as in authorized_keys.
pub fn key_line(key: &PublicKey) -> String {
    key.to_openssh().unwrap()
}

/// A student's screen: the session's channel, and what its terminal shows.
pub struct Student {
    pub handle: Handle<Trusting>,
    pub channel: russh::Channel<client::Msg>,
    pub screen: vt100::Parser,
    /// Frames received (each ends with the end-of-frame marker).
    pub frames: u64,
    pub exit_status: Option<u32>,
    pub closed: bool,
    /// Everything received, for messages written after the screen is left.
    pub raw: Vec<u8>,
    /// Keep the screen and the bytes (off: count frames only, for the load test).
    pub emulate: bool,
    counted: Frames,
}

impl Student {
    /// Sign in, ask for a `width` x `height` terminal and a shell.
    pub async fn open(port: u16, width: u16, height: u16) -> Student {
        let handle = signed_in(port).await;
        Student::on(handle, width, height).await
    }

    /// A shell on a signed-in connection.
    pub async fn on(handle: Handle<Trusting>, width: u16, height: u16) -> Student {
        Student::on_with(handle, width, height, &[]).await
    }

    /// Sign in, send the environment variables `env` (as a client's `SendEnv` does), then ask
    /// for a terminal and a shell.
    pub async fn open_with_env(
        port: u16,
        width: u16,
        height: u16,
        env: &[(&str, &str)],
    ) -> Student {
        let handle = signed_in(port).await;
        Student::on_with(handle, width, height, env).await
    }

    async fn on_with(
        handle: Handle<Trusting>,
        width: u16,
        height: u16,
        env: &[(&str, &str)],
    ) -> Student {
        let channel = sudoscope_load::shell(&handle, (width, height), env)
            .await
            .unwrap();
        Student {
            handle,
            channel,
            screen: vt100::Parser::new(height.max(1), width.max(1), 0),
            frames: 0,
            exit_status: None,
            closed: false,
            raw: Vec::new(),
            emulate: true,
            counted: Frames::default(),
        }
    }

    /// Keys, as the terminal would send them.
    pub async fn keys(&self, bytes: &[u8]) {
        self.channel.data_bytes(bytes.to_vec()).await.unwrap();
    }

    /// The terminal changed size.
    pub async fn resize(&mut self, width: u16, height: u16) {
        self.channel
            .window_change(width as u32, height as u32, 0, 0)
            .await
            .unwrap();
        // the server draws at most 400x200 of an absurd size, and so does this screen (and at
        // least 2x2: the emulator cannot wrap in one column)
        self.screen
            .screen_mut()
            .set_size(height.clamp(2, 200), width.clamp(2, 400));
    }

    /// Take one message; false when the channel is over or `by` has passed.
    pub async fn pump_until(&mut self, by: tokio::time::Instant) -> bool {
        if self.closed {
            return false;
        }
        match tokio::time::timeout_at(by, self.channel.wait()).await {
            Err(_) => false,
            Ok(None) => {
                self.closed = true;
                false
            }
            Ok(Some(msg)) => {
                match msg {
                    ChannelMsg::Data { data } => self.take(&data),
                    ChannelMsg::ExitStatus { exit_status } => self.exit_status = Some(exit_status),
                    ChannelMsg::Close => self.closed = true,
                    _ => {}
                }
                true
            }
        }
    }

    fn take(&mut self, data: &[u8]) {
        if self.emulate {
            self.screen.process(data);
            self.raw.extend_from_slice(data);
        }
        // end-of-frame markers, also across two messages
        self.frames += self.counted.count(data, END_FRAME);
    }

    /// What the screen shows, as text.
    pub fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Read until the screen shows `text`; panics after [`PATIENCE`] with the screen.
    pub async fn wait_for(&mut self, text: &str) {
        let by = tokio::time::Instant::now() + PATIENCE;
        while !self.text().contains(text) {
            if !self.pump_until(by).await {
                panic!(
                    "the screen never showed {text:?} (closed {}):\n{}",
                    self.closed,
                    self.text()
                );
            }
        }
    }

    /// Read until the session ends; what came after the screen was left, as text.
    pub async fn wait_closed(&mut self) -> String {
        let by = tokio::time::Instant::now() + PATIENCE;
        while !self.closed {
            assert!(self.pump_until(by).await || self.closed, "never closed");
        }
        let raw = String::from_utf8_lossy(&self.raw).into_owned();
        // the leave-alternate-screen sequence ends the screen; what follows is the message
        raw.rsplit("\x1b[?1049l").next().unwrap_or("").to_string()
    }

    /// Read whatever comes for `d`.
    pub async fn read_for(&mut self, d: Duration) {
        let by = tokio::time::Instant::now() + d;
        while self.pump_until(by).await {}
    }

    /// Hang up without a word.
    pub async fn disconnect(&self) {
        let _ = self
            .handle
            .disconnect(Disconnect::ByApplication, "bye", "en")
            .await;
    }
}

/// A runtime for a test's clients.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}
