//! The class board's routes: traces in (`POST /trace`, from the Python helper on a student's
//! laptop) and the board out (`/board`, a page that draws every search from pictures sent
//! over `/board/ws` a few times a second).

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

use super::board::Refusal;
use super::{Admitted, Web, admit, page};
use crate::engine::trace::lines::MAX_LINE;

/// How often a watcher of the board gets a new picture, at most.
const PICTURES: Duration = Duration::from_millis(250);

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

/// `POST /trace?name=NAME`: a trace, line by line as the search runs, with the class's token
/// (`Authorization: Bearer TOKEN`) or password (`X-Sudoscope-Password`).
pub async fn receive(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Query(sender): Query<Sender>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let token = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let password = headers
        .get("x-sudoscope-password")
        .and_then(|v| v.to_str().ok());
    match admit(&web, peer, token, password).await {
        Admitted::Yes => {}
        Admitted::Busy => return reply(StatusCode::TOO_MANY_REQUESTS, "busy".into()),
        Admitted::No => return reply(StatusCode::UNAUTHORIZED, "wrong token or password".into()),
    }
    let name = sender.name.unwrap_or_default();
    let mut up = match web.board.upload(peer.ip(), &name) {
        Ok(u) => u,
        Err(Refusal::TooMany) => {
            return reply(
                StatusCode::TOO_MANY_REQUESTS,
                "this address already sends as many traces as it may".into(),
            );
        }
    };
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
    reply(StatusCode::OK, "on the board".into())
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

/// `/board/ws`: after the same hello as a tab's, a picture of the board (JSON: every entry)
/// whenever it changed, at most every [`PICTURES`].
pub async fn upgrade(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
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
    match admit(
        &web,
        peer,
        hello.token.as_deref(),
        hello.password.as_deref(),
    )
    .await
    {
        Admitted::Yes => {}
        Admitted::Busy => return close(socket, closed::BUSY, "busy").await,
        Admitted::No => return close(socket, closed::PASSWORD, "password").await,
    }
    web.class.log(&format!("{peer}: watching the class board"));
    let mut shown = u64::MAX;
    let mut ticker = tokio::time::interval(PICTURES);
    let mut closing = web.closing.clone();
    loop {
        tokio::select! {
            m = socket.recv() => match m {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            _ = ticker.tick() => {
                let now = web.board.version();
                if now != shown {
                    shown = now;
                    let picture = serde_json::json!({ "entries": web.board.entries() });
                    if socket.send(Message::Text(picture.to_string().into())).await.is_err() {
                        return;
                    }
                }
            }
            _ = closing.changed() => {
                return close(socket, closed::GOING_AWAY, "over").await;
            }
        }
    }
}
