//! The class board as a program watches it: its WebSocket opened with a token, the changes it
//! sends applied to the cards kept here as the page keeps them, and the bytes it sent counted.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::Message;

use super::browser::PATIENCE;

pub struct BoardWatch {
    ws: tungstenite::WebSocket<TcpStream>,
    /// The cards by id, as the page would hold them.
    pub cards: BTreeMap<u64, Value>,
    /// The bytes of every message received, and when.
    pub received: Vec<(Instant, usize)>,
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
        let mut w = BoardWatch {
            ws,
            cards: BTreeMap::new(),
            received: Vec::new(),
        };
        // the first picture, or the refusal
        let began = Instant::now();
        while w.received.is_empty() {
            w.read()?;
            assert!(began.elapsed() < PATIENCE, "the board sent nothing");
        }
        Ok(w)
    }

    /// One read: a message applied, or nothing within 200 ms; `Err` when closed.
    fn read(&mut self) -> Result<(), Option<u16>> {
        match self.ws.read() {
            Ok(Message::Text(t)) => {
                self.received.push((Instant::now(), t.len()));
                let m: Value = serde_json::from_str(&t).unwrap();
                self.apply(&m);
                Ok(())
            }
            Ok(Message::Close(c)) => Err(c.map(|c| u16::from(c.code))),
            Ok(_) => Ok(()),
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Ok(())
            }
            Err(e) => panic!("the board's socket: {e}"),
        }
    }

    fn apply(&mut self, m: &Value) {
        if m["whole"] == json!(true) {
            self.cards.clear();
        }
        for id in m["gone"].as_array().into_iter().flatten() {
            self.cards.remove(&id.as_u64().unwrap());
        }
        for c in m["cards"].as_array().into_iter().flatten() {
            let id = c["id"].as_u64().unwrap();
            let card = self.cards.entry(id).or_insert_with(|| json!({}));
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

    /// Read until `check` holds of the cards; the cards then.
    pub fn until(&mut self, what: &str, check: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let began = Instant::now();
        loop {
            let cards: Vec<Value> = self.cards.values().cloned().collect();
            if check(&cards) {
                return cards;
            }
            assert!(
                began.elapsed() < PATIENCE,
                "the board never showed {what}: {cards:?}"
            );
            if let Err(code) = self.read() {
                panic!("the board closed ({code:?}) before it showed {what}");
            }
        }
    }

    /// Read for `span`; the bytes received in it.
    pub fn bytes_for(&mut self, span: Duration) -> usize {
        let began = Instant::now();
        let from = self.received.len();
        while began.elapsed() < span {
            if let Err(code) = self.read() {
                panic!("the board closed ({code:?})");
            }
        }
        self.received[from..].iter().map(|&(_, n)| n).sum()
    }

    /// The card under `name`.
    pub fn named(&self, name: &str) -> Option<Value> {
        self.cards.values().find(|c| c["name"] == name).cloned()
    }
}
