//! A `sudoscope web` server for the tests: on a free port of 127.0.0.1 (or a given one, to be
//! restarted on), its log and banner in a folder of its own, stopped when dropped.
#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::browser::PATIENCE;

/// The class password the tests' servers are started with.
pub const PASSWORD: &str = "test-class";

/// A `sudoscope web` process, stopped (SIGTERM, then SIGKILL) when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    pub dir: tempfile::TempDir,
    /// Counted at work (a load test measures without it) until the process has ended.
    _turn: crate::browser::Turn,
}

impl Server {
    pub fn start(extra: &[&str]) -> Server {
        Server::start_with(PASSWORD, 0, extra)
    }

    /// A server with this password on this port (0: a free one).
    pub fn start_with(password: &str, port: u16, extra: &[&str]) -> Server {
        let turn = crate::browser::Turn::take();
        let dir = tempfile::tempdir().unwrap();
        let banner = std::fs::File::create(dir.path().join("banner.txt")).unwrap();
        let log = dir.path().join("serve.log");
        let child = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args(["web", "--listen", "127.0.0.1", "--port"])
            .arg(port.to_string())
            .arg("--password")
            .arg(password)
            .arg("--log")
            .arg(&log)
            .args(extra)
            .env("LANG", "C")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .stdin(Stdio::null())
            .stdout(banner)
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut s = Server {
            child,
            port: 0,
            dir,
            _turn: turn,
        };
        // the line the server logs once its banner is printed whole (it says where it listens
        // before)
        let text = s.wait_for_log("cores for the searches");
        let rest = text.split("listening on 127.0.0.1:").nth(1).unwrap();
        s.port = rest
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse()
            .unwrap();
        s
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("serve.log")).unwrap_or_default()
    }

    pub fn banner(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("banner.txt")).unwrap_or_default()
    }

    /// The link with the token the banner prints for the class.
    pub fn link(&self) -> String {
        self.banner_link(|l| !l.contains("/board#"))
    }

    /// The lecturer's link to the class board, as the banner prints it.
    pub fn lecturer_link(&self) -> String {
        self.banner_link(|l| l.contains("/board#"))
    }

    /// The lecturer's token.
    pub fn lecturer_token(&self) -> String {
        self.lecturer_link()
            .split("#k=")
            .nth(1)
            .unwrap()
            .to_string()
    }

    fn banner_link(&self, which: impl Fn(&str) -> bool) -> String {
        let began = Instant::now();
        loop {
            if let Some(l) = self
                .banner()
                .split_whitespace()
                .find(|w| w.starts_with("http://") && w.contains("#k=") && which(w))
            {
                return l.to_string();
            }
            assert!(began.elapsed() < PATIENCE, "no link in the banner");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn token(&self) -> String {
        self.link().split("#k=").nth(1).unwrap().to_string()
    }

    pub fn wait_for_log(&mut self, what: &str) -> String {
        let began = Instant::now();
        loop {
            let log = self.log();
            if log.contains(what) {
                return log;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("the server exited ({status}); log:\n{log}");
            }
            assert!(
                began.elapsed() < PATIENCE,
                "the log never said {what:?}:\n{log}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// How many times the log says `what`.
    pub fn count(&self, what: &str) -> usize {
        self.log().matches(what).count()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // SAFETY: kill sends a signal to our own child.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        let _ = ended_within(&mut self.child, Duration::from_secs(5));
    }
}

/// Wait up to `within` for `child` to end, then kill it; whether it ended by itself.
pub fn ended_within(child: &mut Child, within: Duration) -> bool {
    let began = Instant::now();
    while began.elapsed() < within {
        if let Ok(Some(_)) = child.try_wait() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    false
}
