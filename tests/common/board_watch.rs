//! The class board as a program watches it: its WebSocket opened with a token, the changes it
//! sends applied to the cards kept here as the page keeps them, and the bytes it sent counted.
//! A thread of its own reads the socket all the time, as a browser does, so the server never
//! finds the watcher's window shut while the test waits on something else (the server gives up
//! on a connection whose window stays shut for 20 s, as it does on a dead network).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::Message;

use super::browser::PATIENCE;

/// What the board has sent so far.
#[derive(Default)]
struct Seen {
    /// The cards by id, as the page would hold them.
    cards: BTreeMap<u64, Value>,
    /// The bytes of every message received, and when.
    received: Vec<(Instant, usize)>,
    /// How the socket ended, once it has.
    ended: Option<Ended>,
}

/// What the reader and the test share: what was seen, and a signal each time it changes.
#[derive(Default)]
struct Shared {
    seen: Mutex<Seen>,
    changed: Condvar,
}

impl Shared {
    /// What was seen (a panic elsewhere holding it does not hide it).
    fn lock(&self) -> MutexGuard<'_, Seen> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Wait at most `left` for the next change; what was seen then.
    fn wait<'a>(&self, seen: MutexGuard<'a, Seen>, left: Duration) -> MutexGuard<'a, Seen> {
        self.changed
            .wait_timeout(seen, left)
            .unwrap_or_else(|e| e.into_inner())
            .0
    }
}

pub struct BoardWatch {
    shared: Arc<Shared>,
    stop: Arc<AtomicBool>,
    reader: Option<std::thread::JoinHandle<()>>,
}

/// Each card as `name state #step (error)`, without its board and curve: what a failure prints.
pub fn summary(cards: &[Value]) -> String {
    let line = |c: &Value| {
        let mut s = format!("{} {} #{}", c["name"], c["state"], c["step"]);
        if let Some(e) = c["error"].as_str() {
            s.push_str(&format!(" ({e})"));
        }
        s
    };
    cards.iter().map(line).collect::<Vec<_>>().join(", ")
}

type Socket = tungstenite::WebSocket<TcpStream>;

/// How the board's socket ended.
#[derive(Debug, Clone)]
enum Ended {
    /// The server closed it, with this code.
    Closed(Option<u16>),
    /// It broke, or sent what the page could not read.
    Broken(String),
}

/// One read: a message applied to what was seen, or nothing within 200 ms; `Err` when it ended.
fn read(ws: &mut Socket, shared: &Shared) -> Result<(), Ended> {
    let m = match ws.read() {
        Ok(Message::Text(t)) => t,
        Ok(Message::Close(c)) => return Err(Ended::Closed(c.map(|c| u16::from(c.code)))),
        Ok(_) => return Ok(()),
        Err(tungstenite::Error::Io(e))
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            return Ok(());
        }
        Err(e) => return Err(Ended::Broken(format!("the board's socket: {e}"))),
    };
    let value: Value = serde_json::from_str(&m)
        .map_err(|e| Ended::Broken(format!("the board sent {e}: {}", m.as_str())))?;
    let mut s = shared.lock();
    s.received.push((Instant::now(), m.len()));
    // a change the page could not apply ends the watch, said, rather than the reader unheard
    let applied = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        apply(&mut s.cards, &value);
    }));
    shared.changed.notify_all();
    applied.map_err(|_| Ended::Broken(format!("a change the page could not apply: {value}")))
}

/// A change as the page applies it.
fn apply(cards: &mut BTreeMap<u64, Value>, m: &Value) {
    if m["whole"] == true {
        cards.clear();
    }
    for id in m["gone"].as_array().into_iter().flatten() {
        cards.remove(&id.as_u64().unwrap());
    }
    for c in m["cards"].as_array().into_iter().flatten() {
        let id = c["id"].as_u64().unwrap();
        let card = cards.entry(id).or_insert_with(|| json!({}));
        for (k, v) in c.as_object().unwrap() {
            match k.as_str() {
                "cells" => {
                    let mut b: Vec<char> = card["board"].as_str().unwrap().chars().collect();
                    for cell in v.as_array().unwrap() {
                        let i = cell[0].as_u64().unwrap() as usize;
                        b[i] = cell[1].as_str().unwrap().chars().next().unwrap();
                    }
                    card["board"] = json!(b.into_iter().collect::<String>());
                }
                "more" => {
                    let curve = card["curve"].as_array_mut().unwrap();
                    curve.extend(v.as_array().unwrap().iter().cloned());
                }
                _ => card[k] = v.clone(),
            }
        }
    }
}

impl BoardWatch {
    /// The board's socket, said hello to with `token`; `Err` with the close code when it is
    /// refused.
    pub fn open(port: u16, token: &str) -> Result<BoardWatch, Option<u16>> {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let (mut ws, _) =
            tungstenite::client(format!("ws://127.0.0.1:{port}/board/ws"), stream).unwrap();
        ws.send(Message::text(
            json!({ "hello": { "token": token } }).to_string(),
        ))
        .unwrap();
        let shared = Arc::new(Shared::default());
        // the first picture, or the refusal
        let began = Instant::now();
        while shared.lock().received.is_empty() {
            match read(&mut ws, &shared) {
                Err(Ended::Closed(code)) => return Err(code),
                Err(Ended::Broken(e)) => panic!("{e}"),
                Ok(()) => {}
            }
            assert!(began.elapsed() < PATIENCE, "the board sent nothing");
        }
        let stop = Arc::new(AtomicBool::new(false));
        let reader = {
            let (shared, stop) = (Arc::clone(&shared), Arc::clone(&stop));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    if let Err(ended) = read(&mut ws, &shared) {
                        shared.lock().ended = Some(ended);
                        shared.changed.notify_all();
                        return;
                    }
                }
            })
        };
        Ok(BoardWatch {
            shared,
            stop,
            reader: Some(reader),
        })
    }

    /// The cards as they stand.
    pub fn cards(&self) -> Vec<Value> {
        self.shared.lock().cards.values().cloned().collect()
    }

    /// Wait until `check` holds of the cards; the cards then.
    pub fn until(&mut self, what: &str, check: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let began = Instant::now();
        let mut s = self.shared.lock();
        loop {
            let cards: Vec<Value> = s.cards.values().cloned().collect();
            if check(&cards) {
                return cards;
            }
            if let Some(ended) = &s.ended {
                panic!("the board ended ({ended:?}) before it showed {what}");
            }
            let left = PATIENCE.checked_sub(began.elapsed()).unwrap_or_else(|| {
                panic!(
                    "the board never showed {what} in {PATIENCE:?}; its {} cards: {}",
                    cards.len(),
                    summary(&cards)
                )
            });
            s = self.shared.wait(s, left);
        }
    }

    /// The bytes received over the next `span`.
    pub fn bytes_for(&mut self, span: Duration) -> usize {
        let began = Instant::now();
        let mut s = self.shared.lock();
        let from = s.received.len();
        while let Some(left) = span.checked_sub(began.elapsed()) {
            if let Some(ended) = &s.ended {
                panic!("the board ended ({ended:?})");
            }
            s = self.shared.wait(s, left);
        }
        s.received[from..].iter().map(|&(_, n)| n).sum()
    }

    /// The card under `name`.
    pub fn named(&self, name: &str) -> Option<Value> {
        self.shared
            .lock()
            .cards
            .values()
            .find(|c| c["name"] == name)
            .cloned()
    }
}

impl Drop for BoardWatch {
    fn drop(&mut self) {
        // the reader sees the flag within a read's 200 ms and closes the socket as it ends
        self.stop.store(true, Ordering::Relaxed);
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
    }
}
