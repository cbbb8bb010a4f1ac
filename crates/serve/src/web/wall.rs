//! The class board's routes: traces in (`POST /trace`, from the Python helper on a student's
//! laptop) and the board out (`/board`, the lecturer's page, which draws every search from the
//! changes sent over `/board/ws` a few times a second and hides or clears cards).

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ws::{Message, WebSocket};
use axum::extract::{ConnectInfo, Query, State, WebSocketUpgrade};
use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use futures_util::StreamExt;
use serde::Deserialize;

use super::class_board::Refusal;
use super::{Admitted, Web, admit, admit_as, page};
use sudoscope_core::engine::trace::lines::MAX_LINE;

/// How often a watcher of the board gets what changed, at most (three times a second: 80 live
/// cards stay under 50 KB/s a watcher).
const PICTURES: Duration = Duration::from_millis(333);

const BOARD: &str = include_str!("../../../../assets/web/board.html");
const SCRIPT: &str = include_str!("../../../../assets/web/board.js");

/// `/board`: the page.
pub async fn page(State(web): State<Web>, headers: HeaderMap) -> Response {
    page::filled(&web, &headers, BOARD)
}

/// `/board.js`.
pub async fn script(headers: HeaderMap) -> Response {
    static Z: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    page::fixed(&headers, "text/javascript; charset=utf-8", SCRIPT, &Z)
}

/// Who sends a trace.
#[derive(Deserialize)]
pub struct Sender {
    #[serde(default)]
    name: Option<String>,
}

fn reply(code: StatusCode, text: String) -> Response {
    let mut r = Response::new(Body::from(text + "\n"));
    *r.status_mut() = code;
    r
}

/// The name the runs of `name` sent by the sender whose secret is `key` are followed under:
/// a student's own tab shows their runs, not another sender's under the same name.
pub fn follow_key(name: &str, key: Option<&str>) -> String {
    match key.map(str::trim).filter(|k| !k.is_empty()) {
        Some(k) => format!("{name}#{}", crate::access::public_id(k)),
        None => name.to_string(),
    }
}

/// `POST /trace?name=NAME`: a trace, line by line as the search runs, with the class's token
/// (`Authorization: Bearer TOKEN`) or password (`X-Sudoscope-Password`), and the sender's own
/// secret (`X-Sudoscope-Key`), which makes its card its own.
pub async fn receive(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Query(sender): Query<Sender>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let peer = web.client(peer, &headers);
    let token = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let password = headers
        .get("x-sudoscope-password")
        .and_then(|v| v.to_str().ok());
    let key = headers.get("x-sudoscope-key").and_then(|v| v.to_str().ok());
    match admit(&web, peer, token, password).await {
        Admitted::Yes => {}
        Admitted::Busy => return reply(StatusCode::TOO_MANY_REQUESTS, "busy".into()),
        Admitted::No => return reply(StatusCode::UNAUTHORIZED, "wrong token or password".into()),
    }
    let name = sender.name.unwrap_or_default();
    let mut up = match web.board.upload(peer.ip(), &name, key) {
        Ok(u) => u,
        Err(Refusal::TooMany) => {
            return reply(
                StatusCode::TOO_MANY_REQUESTS,
                "this address already sends as many traces as it may (the lecturer's --traces-per-address)"
                    .into(),
            );
        }
        Err(Refusal::TooFast) => {
            return reply(
                StatusCode::TOO_MANY_REQUESTS,
                "this sender starts new traces too fast: wait a moment".into(),
            );
        }
        Err(Refusal::TooManySenders) => {
            return reply(
                StatusCode::TOO_MANY_REQUESTS,
                "this address brings new senders faster than a class does: wait a moment".into(),
            );
        }
        Err(Refusal::Full) => {
            return reply(
                StatusCode::SERVICE_UNAVAILABLE,
                "the class board is full of running searches".into(),
            );
        }
    };
    up.follow_as(&follow_key(&clean_name(&name, peer), key));
    web.class
        .log(&format!("{peer}: a trace for the board from {name:?}"));
    let mut stream = body.into_data_stream();
    let mut pending: Vec<u8> = Vec::new();
    let mut closing = web.closing.clone();
    let mut reading = true;
    while reading {
        let chunk = tokio::select! {
            c = stream.next() => c,
            _ = closing.changed() => None,
        };
        let Some(Ok(bytes)) = chunk else { break };
        pending.extend_from_slice(&bytes);
        let mut at = 0;
        while let Some(end) = pending[at..].iter().position(|&b| b == b'\n') {
            let line = String::from_utf8_lossy(&pending[at..at + end]).into_owned();
            at += end + 1;
            if !up.line(line.trim_end_matches('\r')) {
                reading = false;
                break;
            }
            let wait = up.pace();
            if !wait.is_zero() {
                tokio::time::sleep(wait).await;
            }
        }
        pending.drain(..at);
        if reading && pending.len() > MAX_LINE {
            up.too_long();
            reading = false;
        }
    }
    if reading && !pending.is_empty() {
        let line = String::from_utf8_lossy(&pending).into_owned();
        up.line(line.trim_end_matches('\r'));
    }
    drop(up);
    if web.board.keep_refused() {
        web.class.log(
            "--keep is full (its caps on files and bytes): traces are no longer kept, the board goes on",
        );
    }
    reply(StatusCode::OK, "on the board".into())
}

/// The name a board card shows for `name` from `peer` (the address when none is given).
fn clean_name(name: &str, peer: SocketAddr) -> String {
    let n = super::text::clean_text(name, super::text::NAME_CHARS);
    if n.is_empty() {
        peer.ip().to_string()
    } else {
        n
    }
}

#[derive(Deserialize)]
struct Hello {
    hello: Claim,
}

#[derive(Deserialize)]
struct Claim {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    password: Option<String>,
}

/// What the lecturer's page asks of the board.
#[derive(Deserialize)]
struct Control {
    /// Hide this card.
    #[serde(default)]
    hide: Option<u64>,
    /// Clear every card whose search has ended (`"ended"`).
    #[serde(default)]
    clear: Option<String>,
}

/// `/board/ws`: after a hello with the lecturer's token, the board's changes (the cards
/// changed, the cards gone) whenever it changed, at most every [`PICTURES`]; the page may hide a
/// card or clear the ended ones.
pub async fn upgrade(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let peer = web.client(peer, &headers);
    let served = web.clone();
    super::socket(&web, peer, &headers, ws, move |s| watch(served, peer, s))
}

async fn watch(web: Web, peer: SocketAddr, mut socket: WebSocket) {
    use super::tab::{close, closed};
    let said = match tokio::time::timeout(web.class.login_grace, socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<Hello>(&t).ok(),
        _ => None,
    };
    let Some(Hello { hello }) = said else {
        return close(socket, closed::PROTOCOL, "hello").await;
    };
    match admit_as(
        &web,
        peer,
        hello.token.as_deref(),
        hello.password.as_deref(),
        true,
    )
    .await
    {
        Admitted::Yes => {}
        Admitted::Busy => return close(socket, closed::BUSY, "busy").await,
        Admitted::No => {
            // a student's link (or password) is the class's, not the lecturer's
            let students = hello
                .token
                .as_deref()
                .is_some_and(|t| web.class.access.token_ok(t))
                || hello
                    .password
                    .as_deref()
                    .is_some_and(|p| web.class.access.password_ok(p));
            let code = if students {
                closed::LECTURER
            } else {
                closed::PASSWORD
            };
            return close(socket, code, "lecturer").await;
        }
    }
    web.class.log(&format!("{peer}: watching the class board"));
    let mut seen = 0u64;
    let mut known = super::cards::Known::default();
    let mut ticker = tokio::time::interval(PICTURES);
    let mut closing = web.closing.clone();
    loop {
        tokio::select! {
            m = socket.recv() => match m {
                Some(Ok(Message::Text(t))) => {
                    if let Ok(c) = serde_json::from_str::<Control>(&t) {
                        if let Some(id) = c.hide {
                            web.board.hide(id);
                        }
                        if c.clear.as_deref() == Some("ended") {
                            web.board.clear_ended();
                        }
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            _ = ticker.tick() => {
                if web.board.version() == seen && seen != 0 {
                    continue;
                }
                let changes = web.board.since(seen);
                seen = changes.version.max(1);
                if changes.whole {
                    known.clear();
                }
                for &id in &changes.gone {
                    known.forget(id);
                }
                let cards: Vec<serde_json::Value> =
                    changes.entries.iter().map(|e| known.card(e)).collect();
                let message = serde_json::json!({
                    "whole": changes.whole,
                    "cards": cards,
                    "gone": changes.gone,
                });
                if socket.send(Message::Text(message.to_string().into())).await.is_err() {
                    return;
                }
            }
            _ = closing.changed() => {
                return close(socket, closed::GOING_AWAY, "over").await;
            }
        }
    }
}
