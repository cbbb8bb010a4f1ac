//! `sudoscope web`: the class's sessions in a browser. One HTTP port serves the page (every
//! byte of it from this binary, [`page`]) and a WebSocket per tab ([`tab`]); each tab is a
//! session on the same layer as an SSH connection's ([`crate::session`]): the same screen,
//! keys, mouse, limits, languages and refusals. The page draws the screen as text in its DOM.

pub mod board;
pub mod page;
pub mod tab;
pub mod wall;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum::serve::ListenerExt;
use tokio::sync::watch;

use crate::Class;

/// A message from a tab is never larger than this (keys, a paste, a size).
const MAX_MESSAGE: usize = 64 << 10;
/// Wrong passwords from one address before its attempts are slowed down.
const FREE_FAILURES: u32 = 3;
/// How long a slowed-down address waits before each answer.
const SLOWED: Duration = Duration::from_secs(2);
/// Failures older than this are forgotten.
const FORGET: Duration = Duration::from_secs(300);

/// What every tab's handler shares.
#[derive(Clone)]
pub struct Web {
    class: Arc<Class>,
    throttle: Arc<Throttle>,
    closing: watch::Receiver<bool>,
    board: Arc<board::ClassBoard>,
}

/// Password attempts by address: one at a time from each, and slower after a few failures.
#[derive(Default)]
struct Throttle {
    attempts: Mutex<HashMap<IpAddr, Attempts>>,
}

/// One address's recent attempts at the password.
#[derive(Default)]
struct Attempts {
    failures: u32,
    last: Option<Instant>,
    in_flight: bool,
}

impl Web {
    /// Serving state for `class`; every tab ends when `closing` turns true.
    pub fn new(class: Arc<Class>, closing: watch::Receiver<bool>) -> Web {
        Web {
            class,
            throttle: Arc::default(),
            closing,
            board: Arc::default(),
        }
    }
}

impl Throttle {
    /// Start checking an attempt from `ip`: `None` when one from there is already being
    /// checked (parallel guesses are refused), else how long to wait before answering.
    fn begin_attempt(&self, ip: IpAddr) -> Option<Duration> {
        let mut all = self.attempts.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|_, a| a.in_flight || a.last.is_some_and(|t| t.elapsed() < FORGET));
        let a = all.entry(ip).or_default();
        if a.in_flight {
            return None;
        }
        a.in_flight = true;
        Some(if a.failures >= FREE_FAILURES {
            SLOWED
        } else {
            Duration::ZERO
        })
    }

    /// The attempt from `ip` is answered.
    fn end_attempt(&self, ip: IpAddr, passed: bool) {
        let mut all = self.attempts.lock().unwrap_or_else(|e| e.into_inner());
        let a = all.entry(ip).or_default();
        a.in_flight = false;
        a.last = Some(Instant::now());
        if passed {
            a.failures = 0;
        } else {
            a.failures += 1;
        }
    }
}

/// How a claim to be in the class went.
pub enum Admitted {
    /// The token or the password is the class's.
    Yes,
    /// Another attempt from the same address is being checked.
    Busy,
    /// Neither is given, or neither is right.
    No,
}

/// Check a tab's or a sender's token or password, one attempt at a time per address and
/// slower after repeated failures; failures are logged.
pub async fn admit(
    web: &Web,
    peer: SocketAddr,
    token: Option<&str>,
    password: Option<&str>,
) -> Admitted {
    let ip = peer.ip();
    let Some(wait) = web.throttle.begin_attempt(ip) else {
        return Admitted::Busy;
    };
    tokio::time::sleep(wait).await;
    let access = &web.class.access;
    let passed = token.is_some_and(|t| access.token_ok(t))
        || password.is_some_and(|p| access.password_ok(p));
    web.throttle.end_attempt(ip, passed);
    if passed {
        Admitted::Yes
    } else {
        if token.is_some() || password.is_some() {
            web.class.log(&format!("{peer}: wrong token or password"));
        }
        Admitted::No
    }
}

/// The routes: the page, its script and style, and the tabs' WebSocket.
pub fn router(web: Web) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/term.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/ws", get(upgrade))
        .route("/board", get(wall::page))
        .route("/board.js", get(wall::script))
        .route("/board/ws", get(wall::upgrade))
        .route("/trace", axum::routing::post(wall::receive))
        .fallback(page::not_found)
        .with_state(web)
}

async fn upgrade(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    // a page of another site may not open a session in a student's name
    if !page::same_origin(&headers) {
        web.class
            .log(&format!("{peer}: refused a WebSocket from another site"));
        return page::forbidden();
    }
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| tab::run(web, peer, socket))
}

/// Serve on `listener` until `closing` turns true; every connection gets `TCP_NODELAY`.
pub async fn serve(listener: tokio::net::TcpListener, web: Web) {
    let mut closing = web.closing.clone();
    let app = router(web).into_make_service_with_connect_info::<SocketAddr>();
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let _ = axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            let _ = closing.wait_for(|c| *c).await;
        })
        .await;
}

/// The addresses a student can reach this machine at, for the banner: the one the server
/// listens on when it is a single address, else each IPv4 address of this machine's
/// interfaces but loopback (loopback when there is no other).
pub fn addresses(listen: &str) -> Vec<String> {
    match listen.parse::<IpAddr>() {
        Ok(ip) if !ip.is_unspecified() => return vec![ip.to_string()],
        Err(_) => return vec![listen.to_string()],
        _ => {}
    }
    let mut found = crate::platform::interface_addresses();
    found.retain(|ip| ip.is_ipv4() && !ip.is_loopback());
    found.sort();
    found.dedup();
    if found.is_empty() {
        vec!["127.0.0.1".into()]
    } else {
        found.iter().map(|ip| ip.to_string()).collect()
    }
}

/// `text` as a QR code drawn with half blocks, two rows of modules per line, dark on light
/// with a quiet zone, for a phone to scan off the terminal.
pub fn qr(text: &str) -> Option<String> {
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::L).ok()?;
    let width = code.width();
    let dark = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && (x as usize) < width
            && (y as usize) < width
            && code[(x as usize, y as usize)] == qrcode::Color::Dark
    };
    let quiet = 2i64;
    let side = width as i64 + 2 * quiet;
    let mut out = String::new();
    let mut y = -quiet;
    while y < side - quiet {
        for x in -quiet..side - quiet {
            // light modules are drawn as blocks: the code reads on a dark terminal
            out.push(match (!dark(x, y), !dark(x, y + 1)) {
                (true, true) => '█',
                (true, false) => '▀',
                (false, true) => '▄',
                (false, false) => ' ',
            });
        }
        out.push('\n');
        y += 2;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_address_is_the_only_one_printed() {
        assert_eq!(addresses("127.0.0.1"), vec!["127.0.0.1"]);
        assert_eq!(addresses("lab.example"), vec!["lab.example"]);
        let all = addresses("0.0.0.0");
        assert!(!all.is_empty());
        for a in &all {
            let ip: IpAddr = a.parse().unwrap();
            assert!(ip.is_ipv4());
        }
    }

    #[test]
    fn the_qr_code_is_square_with_its_quiet_zone() {
        let q = qr("http://192.168.1.20:8080/#k=0123456789abcdef0123456789abcdef").unwrap();
        let lines: Vec<&str> = q.lines().collect();
        let w = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == w));
        // two modules per line: the lines cover the code's side, rounded up
        assert_eq!(lines.len(), w.div_ceil(2));
        // the quiet zone is light: full blocks along the top line
        assert!(lines[0].chars().all(|c| c == '█'));
    }

    #[test]
    fn parallel_guesses_are_refused_and_repeated_failures_slowed() {
        let web = Throttle::default();
        let ip: IpAddr = "10.0.0.7".parse().unwrap();
        let other: IpAddr = "10.0.0.8".parse().unwrap();
        assert_eq!(web.begin_attempt(ip), Some(Duration::ZERO));
        assert_eq!(
            web.begin_attempt(ip),
            None,
            "a second guess while one is checked"
        );
        assert_eq!(web.begin_attempt(other), Some(Duration::ZERO));
        web.end_attempt(ip, false);
        for _ in 1..FREE_FAILURES {
            assert_eq!(web.begin_attempt(ip), Some(Duration::ZERO));
            web.end_attempt(ip, false);
        }
        assert_eq!(web.begin_attempt(ip), Some(SLOWED));
        web.end_attempt(ip, true);
        assert_eq!(
            web.begin_attempt(ip),
            Some(Duration::ZERO),
            "a success forgives"
        );
    }
}
