//! A class's side of `sudoscope serve` and `sudoscope web`, for what loads a server:
//! `sudoscope bench serve`'s students and the serving tests' clients share it, so the bench
//! measures the clients the tests check.
//!
//! - [`ssh`]: an SSH connection (from another loopback address when asked) that trusts the
//!   server's key, as a class does a lecturer's machine it was just told about; [`sign_in`]
//!   with the class password; [`shell`]: a terminal of a size and a shell, with environment
//!   variables as a client's `SendEnv` sends them.
//! - [`browser`]: the WebSocket a browser's tab opens, its hello said.
//! - [`Frames`]: frames counted in what a session sends (each ends with [`END_FRAME`]), across
//!   the pieces the network cuts it into.

use std::sync::Arc;
use std::time::Duration;

use futures_util::SinkExt;
use russh::client::{self, Handle, Msg};
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

/// Ends a frame (synchronized update off): the server wraps every frame in it.
pub const END_FRAME: &[u8] = b"\x1b[?2026l";

/// Trusts the server's key: a lab's machine, started for the class (or the test).
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Why a client could not do what it was asked.
#[derive(Debug)]
pub struct Failed(pub String);

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failed {}

fn failed(what: &str, e: impl std::fmt::Display) -> Failed {
    Failed(format!("{what}: {e}"))
}

/// An SSH connection to 127.0.0.1's `port`, not yet signed in, within `patience` (and
/// dropped by the server's side after `patience` without a word); from the loopback address
/// `from` when given (`127.0.0.2`: another student's laptop).
pub async fn ssh(
    port: u16,
    from: Option<&str>,
    patience: Duration,
) -> Result<Handle<Trusting>, Failed> {
    let config = Arc::new(client::Config {
        inactivity_timeout: Some(patience),
        ..Default::default()
    });
    let stream = match from {
        None => tokio::time::timeout(patience, TcpStream::connect(("127.0.0.1", port))).await,
        Some(from) => {
            let socket = tokio::net::TcpSocket::new_v4().map_err(|e| failed("a socket", e))?;
            let at = format!("{from}:0")
                .parse()
                .map_err(|e| failed("the address to connect from", e))?;
            socket
                .bind(at)
                .map_err(|e| failed("the address to connect from", e))?;
            let to = std::net::SocketAddr::from(([127, 0, 0, 1], port));
            tokio::time::timeout(patience, socket.connect(to)).await
        }
    }
    .map_err(|_| Failed(format!("no connection to port {port} within {patience:?}")))?
    .map_err(|e| failed("connecting", e))?;
    client::connect_stream(config, stream, Trusting)
        .await
        .map_err(|e| failed("an SSH connection", e))
}

/// Sign in as `user` with `password`: whether the server took it.
pub async fn sign_in(
    handle: &mut Handle<Trusting>,
    user: &str,
    password: &str,
) -> Result<bool, Failed> {
    handle
        .authenticate_password(user, password)
        .await
        .map(|r| r.success())
        .map_err(|e| failed("signing in", e))
}

/// A session's channel with the environment variables `env`, a `cols` x `rows` terminal and a
/// shell.
pub async fn shell(
    handle: &Handle<Trusting>,
    (cols, rows): (u16, u16),
    env: &[(&str, &str)],
) -> Result<russh::Channel<Msg>, Failed> {
    let channel = handle
        .channel_open_session()
        .await
        .map_err(|e| failed("a session", e))?;
    for (name, value) in env {
        channel
            .set_env(true, *name, *value)
            .await
            .map_err(|e| failed("an environment variable", e))?;
    }
    channel
        .request_pty(true, "xterm-256color", cols.into(), rows.into(), 0, 0, &[])
        .await
        .map_err(|e| failed("a terminal", e))?;
    channel
        .request_shell(true)
        .await
        .map_err(|e| failed("a shell", e))?;
    Ok(channel)
}

/// The WebSocket a browser's tab opens to `sudoscope web` on 127.0.0.1's `port`, its hello
/// (the class password, the terminal's size, the language) said.
pub async fn browser(
    port: u16,
    password: &str,
    (cols, rows): (u16, u16),
    lang: &str,
) -> Result<WebSocketStream<TcpStream>, Failed> {
    let stream = TcpStream::connect(("127.0.0.1", port))
        .await
        .map_err(|e| failed("connecting", e))?;
    stream
        .set_nodelay(true)
        .map_err(|e| failed("the socket", e))?;
    let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://127.0.0.1:{port}/ws"), stream)
        .await
        .map_err(|e| failed("the WebSocket", e))?;
    let hello = serde_json::json!({
        "hello": { "password": password, "cols": cols, "rows": rows, "lang": lang }
    });
    ws.send(Message::text(hello.to_string()))
        .await
        .map_err(|e| failed("the hello", e))?;
    Ok(ws)
}

/// A marker counted in a stream of bytes, also where the network cut it between two pieces.
#[derive(Default)]
pub struct Frames {
    tail: Vec<u8>,
}

impl Frames {
    /// How many times `marker` ends in `bytes` (with what came before them).
    pub fn count(&mut self, bytes: &[u8], marker: &[u8]) -> u64 {
        let mut all = std::mem::take(&mut self.tail);
        all.extend_from_slice(bytes);
        let n = all.windows(marker.len()).filter(|w| *w == marker).count() as u64;
        let keep = marker.len().saturating_sub(1).min(all.len());
        self.tail = all[all.len() - keep..].to_vec();
        n
    }

    /// Forget what came before.
    pub fn clear(&mut self) {
        self.tail.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_cut_between_two_pieces_counts_once() {
        let mut f = Frames::default();
        assert_eq!(f.count(b"abc\x1b[?20", END_FRAME), 0);
        assert_eq!(f.count(b"26lxyz\x1b[?2026l\x1b[?2026l", END_FRAME), 3);
        assert_eq!(f.count(b"", END_FRAME), 0);
        f.clear();
        assert_eq!(f.count(b"26l", END_FRAME), 0);
    }
}
