//! One browser tab's WebSocket: it says who it is and how big its screen is, then carries the
//! keys, clicks and sizes one way and the session's frames the other. What it says is read as
//! an SSH client's bytes are ([`crate::input`]), so a tab's session cannot tell it from a
//! terminal's.
//!
//! The tab speaks first, in one text message, within the class's login grace:
//! `{"hello": {"token": …} | {"password": …}, "cols": N, "rows": N, "lang": "es-AR"}`.
//! Then binary messages are what a terminal would send (keys, SGR mouse reports, pastes), and a
//! text message `{"size": [cols, rows]}` is a resize. The server sends binary messages of
//! terminal output, and closes with a code the page acts on ([`closed`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use ratatui::crossterm::event::Event;
use serde::Deserialize;

use super::Web;
use crate::out::{Chunk, Out};
use crate::session::{self, TermInfo};
use crate::tui::input::Parser;

/// The close codes the page acts on.
pub mod closed {
    /// The session ended (the student quit, or was idle): the page offers to start again.
    pub const ENDED: u16 = 1000;
    /// The server is stopping: the class is over.
    pub const GOING_AWAY: u16 = 1001;
    /// The tab broke the protocol (no hello in time, a message that is not one).
    pub const PROTOCOL: u16 = 1008;
    /// No token, or a wrong token or password: the page asks for the password.
    pub const PASSWORD: u16 = 4001;
    /// Another attempt from this address is being checked: the page tries again shortly.
    pub const BUSY: u16 = 4029;
    /// The class is full (the message is on the screen).
    pub const FULL: u16 = 4503;
}

#[derive(Deserialize)]
struct Hello {
    hello: Said,
}

#[derive(Deserialize)]
struct Said {
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    password: Option<String>,
    cols: u32,
    rows: u32,
    #[serde(default)]
    lang: Option<String>,
    /// Show the runs sent to the class board under this name (the link's `t=NAME`).
    #[serde(default)]
    follow: Option<String>,
}

#[derive(Deserialize)]
struct Resize {
    size: (u32, u32),
}

/// Serve one tab until it goes, its session ends, or the server stops.
pub async fn run(web: Web, peer: SocketAddr, mut socket: WebSocket) {
    let said = match tokio::time::timeout(web.class.login_grace, socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<Hello>(&t).ok(),
        _ => None,
    };
    let Some(Hello { hello: said }) = said else {
        web.class
            .log(&format!("{peer}: a browser said nothing readable, closed"));
        return close(socket, closed::PROTOCOL, "hello").await;
    };
    match super::admit(&web, peer, said.token.as_deref(), said.password.as_deref()).await {
        super::Admitted::Yes => {}
        super::Admitted::Busy => return close(socket, closed::BUSY, "busy").await,
        super::Admitted::No => return close(socket, closed::PASSWORD, "password").await,
    }
    web.class.log(&format!("{peer}: browser in"));
    let info = TermInfo {
        size: (session::cells(said.cols), session::cells(said.rows)),
        // the page draws what xterm draws: 256 colours and true colour
        term: "xterm-256color".into(),
        no_color: false,
        locale: said
            .lang
            .filter(|l| l.len() <= 64)
            .map(|l| vec![("LANG".to_string(), l)])
            .unwrap_or_default(),
    };
    let frames = Arc::new(AtomicU64::new(0));
    let (out, mut rx) = Out::new(Arc::clone(&frames));
    let peer_name = format!("{peer} (browser)");
    // held as long as the tab: the board hands this session the runs sent under the name
    let follow = said
        .follow
        .as_deref()
        .and_then(|name| web.board.followers.follow(name));
    if let (Some(name), Some(_)) = (&said.follow, &follow) {
        web.class.log(&format!(
            "{peer}: shows the searches sent as {:?}",
            name.chars().take(40).collect::<String>()
        ));
    }
    let source = follow.as_ref().map(|f| f.source.clone());
    let link = session::open(&web.class, &peer_name, info, out, frames, source);
    let mut parser = Parser::default();
    let mut closing = web.closing.clone();
    let mut going_away = false;
    loop {
        tokio::select! {
            m = socket.recv() => match m {
                Some(Ok(Message::Binary(bytes))) => {
                    if let Some(l) = &link {
                        for e in parser.feed(&bytes) {
                            l.send(e);
                        }
                    }
                }
                Some(Ok(Message::Text(t))) => {
                    if let (Some(l), Ok(r)) = (&link, serde_json::from_str::<Resize>(&t)) {
                        l.send(Event::Resize(session::cells(r.size.0), session::cells(r.size.1)));
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            c = rx.recv() => match c {
                Some(Chunk::Data(bytes)) => {
                    // a tab that takes nothing for this long (a phone asleep) is let go
                    let sent = tokio::time::timeout(
                        crate::out::STALL,
                        socket.send(Message::Binary(bytes.into())),
                    )
                    .await;
                    if !matches!(sent, Ok(Ok(()))) {
                        break;
                    }
                }
                Some(Chunk::Close(_)) => {
                    let code = match (going_away || *closing.borrow(), link.is_some()) {
                        (true, _) => closed::GOING_AWAY,
                        (_, false) => closed::FULL,
                        _ => closed::ENDED,
                    };
                    if let Some(l) = &link {
                        l.stop();
                    }
                    return close(socket, code, "ended").await;
                }
                None => break,
            },
            changed = closing.changed(), if !going_away => {
                if changed.is_ok() && !*closing.borrow() {
                    continue;
                }
                // the server stops: the session says goodbye and closes; its last chunk ends
                // the loop
                going_away = true;
                match &link {
                    Some(l) => l.stop(),
                    None => break,
                }
            }
        }
    }
    if let Some(l) = &link {
        l.stop();
    }
}

/// Close `socket` with `code`, which the page acts on.
pub async fn close(mut socket: WebSocket, code: u16, reason: &'static str) {
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })))
        .await;
}
