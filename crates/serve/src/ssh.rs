//! The SSH side's front door: connections accepted here, each given a handler ([`crate::handler`])
//! and a time to sign in. A connection that has not finished its handshake and signed in within
//! the class's login grace is closed, whether it speaks or not; when the class ends every
//! connection is told so and closed.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use russh::Disconnect;
use russh::server::Config;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::Class;
use crate::handler::Conn;

/// Accept connections on `listener` until `stop` turns true, then close those still open.
pub async fn accept(
    listener: TcpListener,
    config: Arc<Config>,
    class: Arc<Class>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        let (socket, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                // out of descriptors, say: take a breath rather than spin
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return;
                }
                continue;
            }
        };
        crate::platform::tune(&socket);
        tokio::spawn(connection(
            socket,
            peer,
            Arc::clone(&config),
            Arc::clone(&class),
            stop.clone(),
        ));
    }
}

async fn connection(
    socket: tokio::net::TcpStream,
    peer: SocketAddr,
    config: Arc<Config>,
    class: Arc<Class>,
    mut stop: watch::Receiver<bool>,
) {
    let grace = class.login_grace;
    let deadline = tokio::time::Instant::now() + grace;
    let signed_in = Arc::new(AtomicBool::new(false));
    let handler = Conn::new(Arc::clone(&class), Some(peer), Arc::clone(&signed_in));
    let late = || format!("{peer}: closed, not signed in within {} s", grace.as_secs());
    // the handshake: a client that says nothing never gets past it
    let session =
        match tokio::time::timeout_at(deadline, russh::server::run_stream(config, socket, handler))
            .await
        {
            Ok(Ok(s)) => s,
            Ok(Err(_)) => return,
            Err(_) => {
                class.log(&late());
                return;
            }
        };
    let handle = session.handle();
    tokio::pin!(session);
    let mut checked = false;
    loop {
        tokio::select! {
            _ = &mut session => return,
            _ = tokio::time::sleep_until(deadline), if !checked => {
                checked = true;
                if !signed_in.load(Ordering::SeqCst) {
                    class.log(&late());
                    let _ = handle
                        .disconnect(
                            Disconnect::ByApplication,
                            "sign in sooner: the time to sign in is over".into(),
                            String::new(),
                        )
                        .await;
                    return;
                }
            }
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    let _ = handle
                        .disconnect(
                            Disconnect::ByApplication,
                            "the class is over".into(),
                            String::new(),
                        )
                        .await;
                    return;
                }
            }
        }
    }
}
