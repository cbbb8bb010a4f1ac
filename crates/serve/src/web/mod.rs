//! `sudoscope web`: the class's sessions in a browser. One HTTP port serves the page (every
//! byte of it from this binary, [`page`]) and a WebSocket per tab ([`tab`]); each tab is a
//! session on the same layer as an SSH connection's ([`crate::session`]): the same screen,
//! keys, mouse, limits, languages and refusals. The page draws the screen as text in its DOM.

pub mod board;
pub mod follow;
pub mod page;
pub mod tab;
pub mod wall;

use std::net::SocketAddr;
use std::sync::Arc;

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

/// What every tab's handler shares.
#[derive(Clone)]
pub struct Web {
    class: Arc<Class>,
    closing: watch::Receiver<bool>,
    board: Arc<board::ClassBoard>,
}

impl Web {
    /// Serving state for `class`; every tab ends when `closing` turns true; the class board
    /// keeps its traces in `keep`, when given.
    pub fn new(
        class: Arc<Class>,
        closing: watch::Receiver<bool>,
        keep: Option<std::path::PathBuf>,
    ) -> Web {
        Web {
            class,
            closing,
            board: Arc::new(board::ClassBoard::keeping(keep)),
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
    let Some(wait) = web.class.throttle.attempt(ip).await else {
        return Admitted::Busy;
    };
    tokio::time::sleep(wait).await;
    let access = &web.class.access;
    let passed = token.is_some_and(|t| access.token_ok(t))
        || password.is_some_and(|p| access.password_ok(p));
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

/// Serve on `listener` until `closing` turns true; every connection is tuned as
/// [`crate::platform::tune`] says (`TCP_NODELAY`, a dead network given up on in 20 s).
pub async fn serve(listener: tokio::net::TcpListener, web: Web) {
    let mut closing = web.closing.clone();
    let app = router(web).into_make_service_with_connect_info::<SocketAddr>();
    let listener = listener.tap_io(|tcp| crate::platform::tune(tcp));
    let _ = axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            let _ = closing.wait_for(|c| *c).await;
        })
        .await;
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
}
