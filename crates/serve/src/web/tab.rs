//! One browser tab's WebSocket: it says who it is and how big its screen is, then carries the
//! keys, clicks and sizes one way and the session's frames the other. What it says is read as
//! an SSH client's bytes are ([`crate::input`]), so a tab's session cannot tell it from a
//! terminal's.
//!
//! The tab speaks first, in one text message, within the class's login grace:
//! `{"hello": {"token": …} | {"password": …}, "cols": N, "rows": N, "lang": "es-AR",
//! "resume": ID}`. The server answers with one text message, `{"session": ID, "resumed": bool,
//! "asked": bool, "grace": SECONDS}`: the id the tab keeps to come back to its session, and
//! whether it did. Then binary messages are what a terminal would send (keys, SGR mouse
//! reports, pastes), and a text message `{"size": [cols, rows]}` is a resize. The server sends
//! binary messages of terminal output, and closes with a code the page acts on ([`closed`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use serde::Deserialize;
use sudoscope_tui::event::Event;

use super::Web;
use super::resume::Held;
use crate::out::{Chunk, Out};
use crate::session::{self, Link, TermInfo};
use sudoscope_tui::input::Parser;

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
    /// A student's link or password opened the lecturer's board.
    pub const LECTURER: u16 = 4003;
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
    /// ... by the sender of this public id (the link's `s=ID`), not another under the name.
    #[serde(default)]
    sender: Option<String>,
    /// The session this tab had before its connection dropped, to take up again.
    #[serde(default)]
    resume: Option<String>,
}

#[derive(Deserialize)]
struct Resize {
    size: (u32, u32),
}

/// Serve one tab until it goes, its session ends, or the server stops. A tab that comes back
/// with its session's id within the grace takes its session up again; one whose connection
/// drops leaves its session waiting for it.
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
    let size = (session::cells(said.cols), session::cells(said.rows));
    // the session it had, kept while its connection was down
    let asked = said.resume.as_deref().filter(|id| id.len() == 32);
    let kept = match asked {
        Some(id) => web.resumes.take(id).await.map(|h| (id.to_string(), h)),
        None => None,
    };
    let Some(id) = kept
        .as_ref()
        .map(|(id, _)| id.clone())
        .or_else(super::resume::new_id)
    else {
        return close(socket, closed::PROTOCOL, "no random source").await;
    };
    let news = serde_json::json!({
        "session": id,
        "resumed": kept.is_some(),
        "asked": asked.is_some(),
        "grace": web.resumes.grace().as_secs(),
    });
    if socket
        .send(Message::Text(news.to_string().into()))
        .await
        .is_err()
    {
        if let Some((id, held)) = kept {
            web.resumes.park(id, held);
        }
        return;
    }
    let (link, rx, redraw, follow) = match kept {
        Some((_, held)) => {
            web.class
                .log(&format!("{peer}: browser back to its session"));
            // drawn whole, at this tab's size
            held.link.send(Event::Resize(size.0, size.1));
            held.redraw.store(true, Ordering::Release);
            (Some(held.link), held.rx, held.redraw, held.follow)
        }
        None => {
            web.class.log(&format!("{peer}: browser in"));
            let info = TermInfo {
                size,
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
            let (out, rx) = Out::new(Arc::clone(&frames));
            let redraw = Arc::clone(&out.redraw);
            let peer_name = format!("{peer} (browser)");
            // held as long as the session: the board hands it the runs sent under the name
            let follow = said.follow.as_deref().and_then(|name| {
                let name = super::text::clean_text(name, super::text::NAME_CHARS);
                let key = match said.sender.as_deref() {
                    Some(s) => format!("{name}#{}", s.chars().take(24).collect::<String>()),
                    None => name,
                };
                web.board.followers.follow(&key)
            });
            if let (Some(name), Some(_)) = (&said.follow, &follow) {
                web.class.log(&format!(
                    "{peer}: shows the searches sent as {:?}",
                    name.chars().take(40).collect::<String>()
                ));
            }
            let source = follow.as_ref().map(|f| f.source.clone());
            let link = session::open(&web.class, &peer_name, info, out, frames, source);
            (link, rx, redraw, follow.map(Arc::new))
        }
    };
    match serve(&web, &mut socket, link.as_ref(), rx).await {
        Left::Dropped(rx) => {
            // the connection went, not the session: it waits for the tab
            if let Some(link) = link {
                web.class
                    .log(&format!("{peer}: browser gone; its session waits for it"));
                web.resumes.park(
                    id,
                    Held {
                        link,
                        rx,
                        redraw,
                        follow,
                    },
                );
            }
        }
        Left::Closed(code) => close(socket, code, "ended").await,
    }
}

/// How a tab's connection ended.
enum Left {
    /// The connection dropped: the session goes on, with its frames here.
    Dropped(tokio::sync::mpsc::Receiver<Chunk>),
    /// The session ended, or the server stops: close with this code.
    Closed(u16),
}

/// Carry keys one way and frames the other until one side ends.
async fn serve(
    web: &Web,
    socket: &mut WebSocket,
    link: Option<&Link>,
    mut rx: tokio::sync::mpsc::Receiver<Chunk>,
) -> Left {
    let mut parser = Parser::default();
    let mut closing = web.closing.clone();
    let mut going_away = false;
    loop {
        tokio::select! {
            m = socket.recv() => match m {
                Some(Ok(Message::Binary(bytes))) => {
                    if let Some(l) = link {
                        for e in parser.feed(&bytes) {
                            l.send(e);
                        }
                    }
                }
                Some(Ok(Message::Text(t))) => {
                    if let (Some(l), Ok(r)) = (link, serde_json::from_str::<Resize>(&t)) {
                        l.send(Event::Resize(session::cells(r.size.0), session::cells(r.size.1)));
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                    return if going_away { Left::Closed(closed::GOING_AWAY) } else { Left::Dropped(rx) };
                }
                Some(Ok(_)) => {}
            },
            c = rx.recv() => match c {
                Some(Chunk::Data(bytes)) => {
                    // a tab that takes nothing for this long (a phone asleep) is let go; its
                    // session waits for it
                    let sent = tokio::time::timeout(
                        crate::out::STALL,
                        socket.send(Message::Binary(bytes.into())),
                    )
                    .await;
                    if !matches!(sent, Ok(Ok(()))) {
                        return Left::Dropped(rx);
                    }
                }
                Some(Chunk::Close(_)) => {
                    let code = match (going_away || *closing.borrow(), link.is_some()) {
                        (true, _) => closed::GOING_AWAY,
                        (_, false) => closed::FULL,
                        _ => closed::ENDED,
                    };
                    if let Some(l) = link {
                        l.stop();
                    }
                    return Left::Closed(code);
                }
                None => return Left::Closed(closed::ENDED),
            },
            changed = closing.changed(), if !going_away => {
                if changed.is_ok() && !*closing.borrow() {
                    continue;
                }
                // the server stops: the session says goodbye and closes; its last chunk ends
                // the loop
                going_away = true;
                match link {
                    Some(l) => l.stop(),
                    None => return Left::Closed(closed::GOING_AWAY),
                }
            }
        }
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
