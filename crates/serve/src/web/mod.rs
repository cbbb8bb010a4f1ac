//! `sudoscope web`: the class's sessions in a browser. One HTTP port serves the page (every
//! byte of it from this binary, [`page`]) and a WebSocket per tab ([`tab`]); each tab is a
//! session on the same layer as an SSH connection's ([`crate::session`]): the same screen,
//! keys, mouse, limits, languages and refusals. The page draws the screen as text in its DOM.

pub mod cards;
pub mod class_board;
pub mod follow;
pub mod own_page;
pub mod page;
pub mod resume;
pub mod tab;
pub mod text;
pub mod wall;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use tokio::sync::watch;

use crate::Class;

/// A message from a tab is never larger than this (keys, a paste, a size).
const MAX_MESSAGE: usize = 64 << 10;

/// What every tab's handler shares.
#[derive(Clone)]
pub struct Web {
    class: Arc<Class>,
    closing: watch::Receiver<bool>,
    board: Arc<class_board::ClassBoard>,
    trust_proxy: Option<IpAddr>,
    resumes: Arc<resume::Resumes>,
    /// The page that computes its own searches (`--page`), served at `/page/`.
    pub own_page: own_page::Shared,
}

/// How the browsers are served: the class board's folder and limits, the proxy trusted with
/// clients' addresses, the grace a tab has to come back to its session.
pub struct Serving {
    /// Where the class board keeps its traces (`--keep`), if anywhere.
    pub keep: Option<std::path::PathBuf>,
    /// What the class board takes from whom.
    pub limits: class_board::Limits,
    /// The proxy in front (`--trust-proxy`).
    pub trust_proxy: Option<IpAddr>,
    /// How long a session waits for its tab to come back.
    pub resume_grace: Duration,
    /// The page that computes its own searches (`--page`).
    pub own_page: Option<Arc<own_page::OwnPage>>,
}

impl Web {
    /// Serving state for `class`; every tab ends when `closing` turns true.
    pub fn new(class: Arc<Class>, closing: watch::Receiver<bool>, serving: Serving) -> Web {
        Web {
            class,
            closing,
            board: Arc::new(class_board::ClassBoard::keeping(
                serving.keep,
                serving.limits,
            )),
            trust_proxy: serving.trust_proxy,
            resumes: Arc::new(resume::Resumes::new(serving.resume_grace)),
            own_page: serving.own_page,
        }
    }

    /// The client's address: the connection's, or, when it comes from the proxy the lecturer
    /// trusts, the last address the proxy put in `Forwarded` or `X-Forwarded-For` (the one it
    /// saw; what a client wrote before it is the client's own word, and not taken).
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> SocketAddr {
        if self.trust_proxy != Some(peer.ip()) {
            return peer;
        }
        forwarded(headers).map_or(peer, |ip| SocketAddr::new(ip, peer.port()))
    }
}

/// The last client address a proxy added: `X-Forwarded-For` (what nginx, Caddy, Traefik,
/// HAProxy and JupyterHub's proxy append to), else `Forwarded: for=…` (RFC 7239) from a proxy
/// that sends only that. A proxy of the first kind passes a client's own `Forwarded` through
/// unchanged, so it is never read when `X-Forwarded-For` is there.
fn forwarded(headers: &HeaderMap) -> Option<IpAddr> {
    let strip = |v: &str| -> Option<IpAddr> {
        let v = v.trim().trim_matches('"');
        let v = v
            .strip_prefix('[')
            .map_or(v, |r| r.split(']').next().unwrap_or(r));
        v.parse()
            .ok()
            .or_else(|| v.rsplit_once(':').and_then(|(ip, _)| ip.parse().ok()))
    };
    let last = |name: &str| {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .next_back()
            .and_then(|v| v.split(',').next_back())
            .map(str::to_string)
    };
    if let Some(x) = last("x-forwarded-for") {
        return strip(&x);
    }
    last("forwarded").and_then(|f| {
        f.split(';')
            .find_map(|p| {
                let p = p.trim();
                p.strip_prefix("for=").or_else(|| p.strip_prefix("For="))
            })
            .and_then(strip)
    })
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
    admit_as(web, peer, token, password, false).await
}

/// As [`admit`]; with `lecturer`, only the lecturer's token passes (the class board).
pub async fn admit_as(
    web: &Web,
    peer: SocketAddr,
    token: Option<&str>,
    password: Option<&str>,
    lecturer: bool,
) -> Admitted {
    let ip = peer.ip();
    let Some(wait) = web.class.throttle.attempt(ip).await else {
        return Admitted::Busy;
    };
    tokio::time::sleep(wait).await;
    let access = &web.class.access;
    let passed = if lecturer {
        token.is_some_and(|t| access.lecturer_ok(t))
    } else {
        token.is_some_and(|t| access.token_ok(t)) || password.is_some_and(|p| access.password_ok(p))
    };
    web.class.throttle.end_attempt(ip, passed);
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
        .route("/link.js", get(page::link))
        .route("/style.css", get(page::style))
        .route("/ws", get(upgrade))
        .route("/board", get(wall::page))
        .route("/board.js", get(wall::script))
        .route("/board/ws", get(wall::upgrade))
        .route("/trace", axum::routing::post(wall::receive))
        .route("/page/", get(own_page::index))
        .route("/page/{name}", get(own_page::file))
        .fallback(page::not_found)
        .with_state(web)
}

async fn upgrade(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let served = web.clone();
    socket(&web, peer, &headers, ws, move |s| tab::run(served, peer, s))
}

/// A WebSocket from this server's own page (a page of another site may not open one in a
/// student's name), its messages bounded, served by `serve`.
pub fn socket<F, Fut>(
    web: &Web,
    peer: SocketAddr,
    headers: &HeaderMap,
    ws: WebSocketUpgrade,
    serve: F,
) -> Response
where
    F: FnOnce(axum::extract::ws::WebSocket) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    if !page::same_origin(headers) {
        web.class
            .log(&format!("{peer}: refused a WebSocket from another site"));
        return page::forbidden();
    }
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(serve)
}

/// How long a connection may take to send a request's headers, and how long it may stay open
/// between requests: an idle or dribbling connection ends after it.
pub const HEADER_TIME: Duration = Duration::from_secs(10);

/// Serve on `listener` until `closing` turns true; every connection is tuned as
/// [`crate::platform::tune`] says (`TCP_NODELAY`, a dead network given up on in 20 s) and
/// ends when its headers take longer than [`HEADER_TIME`] (idle between requests included;
/// a WebSocket, once upgraded, is the tab's to end).
pub async fn serve(listener: tokio::net::TcpListener, web: Web) {
    use tower_service::Service;
    let mut closing = web.closing.clone();
    let app = router(web);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // out of descriptors or a connection reset before it was taken: go on
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = closed(&mut closing) => return,
        };
        crate::platform::tune(&tcp);
        let app = app.clone();
        let mut closing = closing.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(
                move |mut req: axum::extract::Request<hyper::body::Incoming>| {
                    req.extensions_mut().insert(ConnectInfo(peer));
                    let mut app = app.clone();
                    async move { app.call(req.map(axum::body::Body::new)).await }
                },
            );
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEADER_TIME);
            let conn = builder
                .serve_connection(hyper_util::rt::TokioIo::new(tcp), service)
                .with_upgrades();
            let mut conn = std::pin::pin!(conn);
            let ending = tokio::select! {
                _ = conn.as_mut() => false,
                () = closed(&mut closing) => true,
            };
            if ending {
                conn.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(Duration::from_secs(1), conn).await;
            }
        });
    }
}

/// Until the server closes (or whoever would say so is gone).
async fn closed(closing: &mut watch::Receiver<bool>) {
    let _ = closing.wait_for(|c| *c).await;
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
    fn a_clients_address_comes_from_the_proxy_trusted_and_no_one_else() {
        use axum::http::HeaderValue;
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 10.1.2.3"),
        );
        assert_eq!(
            forwarded(&h),
            Some("10.1.2.3".parse().unwrap()),
            "the one the proxy saw"
        );
        let mut f = HeaderMap::new();
        f.insert(
            "forwarded",
            HeaderValue::from_static("for=6.6.6.6, for=\"[2001:db8::7]:4711\";proto=https"),
        );
        assert_eq!(forwarded(&f), Some("2001:db8::7".parse().unwrap()));
        f.insert("forwarded", HeaderValue::from_static("for=192.0.2.60:8080"));
        assert_eq!(forwarded(&f), Some("192.0.2.60".parse().unwrap()));
        // a client's own Forwarded, passed through by a proxy that appends X-Forwarded-For
        let mut both = HeaderMap::new();
        both.insert("forwarded", HeaderValue::from_static("for=10.3.0.1"));
        both.insert("x-forwarded-for", HeaderValue::from_static("9.9.9.7"));
        assert_eq!(forwarded(&both), Some("9.9.9.7".parse().unwrap()));
    }
}
