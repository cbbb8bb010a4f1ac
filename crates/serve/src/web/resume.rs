//! Sessions kept for tabs that lost their connection: a phone locked, a Wi-Fi that roamed. A
//! tab's session is known by an id the server gives the tab (which keeps it for the page's
//! life, a reload included); when the connection drops, the session goes on (its search runs,
//! its frames are let go) for a grace, and a tab that comes back with its id within it gets it
//! back, drawn whole at the tab's size: the algorithm, the pause, the step as they were. After
//! the grace the session ends, and a tab that comes back is told it has a new one.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use crate::out::Chunk;
use crate::session::Link;

/// A session while no tab shows it: what a tab needs to take it up again.
pub struct Held {
    /// The session's keys and stop.
    pub link: Link,
    /// Its frames.
    pub rx: mpsc::Receiver<Chunk>,
    /// Raised to have its next frame drawn whole.
    pub redraw: Arc<AtomicBool>,
    /// Its hold on the runs sent under a name, if it shows them (`t=NAME`).
    pub follow: Option<Arc<super::follow::Follow>>,
}

type Ask = oneshot::Sender<Held>;

/// The sessions waiting for their tabs.
pub struct Resumes {
    grace: Duration,
    waiting: Mutex<HashMap<String, mpsc::Sender<Ask>>>,
}

impl Resumes {
    /// Sessions wait `grace` for their tab.
    pub fn new(grace: Duration) -> Resumes {
        Resumes {
            grace,
            waiting: Mutex::new(HashMap::new()),
        }
    }

    /// The grace a session waits.
    pub fn grace(&self) -> Duration {
        self.grace
    }

    /// Keep `held` for a tab that comes back with `id`, for the grace; its frames are let go
    /// meanwhile. Ended when the grace runs out, or when the session itself ends.
    pub fn park(self: &Arc<Self>, id: String, mut held: Held) {
        let (ask_tx, mut ask_rx) = mpsc::channel::<Ask>(1);
        self.waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.clone(), ask_tx);
        let me = Arc::clone(self);
        tokio::spawn(async move {
            let deadline = tokio::time::sleep(me.grace);
            tokio::pin!(deadline);
            loop {
                tokio::select! {
                    chunk = held.rx.recv() => match chunk {
                        Some(Chunk::Data(_)) => {
                            // a frame no tab saw: the next one is drawn whole
                            held.redraw.store(true, Ordering::Release);
                        }
                        Some(Chunk::Close(_)) | None => break,
                    },
                    _ = &mut deadline => {
                        held.link.stop();
                        me.forget(&id);
                        // let the session say its goodbye to no one, and end
                        while let Some(c) = held.rx.recv().await {
                            if matches!(c, Chunk::Close(_)) {
                                break;
                            }
                        }
                        return;
                    }
                    ask = ask_rx.recv() => {
                        if let Some(reply) = ask {
                            me.forget(&id);
                            let _ = reply.send(held);
                            return;
                        }
                    }
                }
            }
            me.forget(&id);
        });
    }

    fn forget(&self, id: &str) {
        self.waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
    }

    /// The session kept for `id`, if it still waits.
    pub async fn take(&self, id: &str) -> Option<Held> {
        let ask = self
            .waiting
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()?;
        let (tx, rx) = oneshot::channel();
        ask.send(tx).await.ok()?;
        rx.await.ok()
    }
}

/// A session id: 128 random bits in hexadecimal, a tab's own (it takes the session up again,
/// so it is as secret as a password).
pub fn new_id() -> Option<String> {
    use ring::rand::SecureRandom;
    let mut b = [0u8; 16];
    ring::rand::SystemRandom::new().fill(&mut b).ok()?;
    Some(b.iter().map(|x| format!("{x:02x}")).collect())
}
