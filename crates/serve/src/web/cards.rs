//! What one viewer of the class board is sent of each card: the card whole the first time, then
//! only what changed since the last time it was sent (its fields that differ, the cells that
//! changed, the curve's new points), so that a board of 80 live searches costs each viewer a
//! few tens of kilobytes a second.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use super::class_board::Entry;

/// A changed board is sent as its changed cells when at most this many changed.
const FEW_CELLS: usize = 16;

/// What a viewer was last sent of each card.
#[derive(Default)]
pub struct Known {
    cards: HashMap<u64, Sent>,
}

struct Sent {
    /// The curve's points sent, their spacing, and the first and last of them (a curve begun
    /// again is sent whole).
    curve: usize,
    every: u64,
    ends: (Option<u32>, Option<u32>),
    /// The fields as last sent.
    fields: Map<String, Value>,
}

impl Known {
    /// Forget every card: the next of each is sent whole.
    pub fn clear(&mut self) {
        self.cards.clear();
    }

    /// Forget a card that is gone.
    pub fn forget(&mut self, id: u64) {
        self.cards.remove(&id);
    }

    /// What to send of `e`: whole if this viewer has not had it, else its changes (its `id`
    /// always).
    pub fn card(&mut self, e: &Entry) -> Value {
        let fields = fields(e);
        let mut out = Map::new();
        out.insert("id".into(), json!(e.id));
        match self.cards.get_mut(&e.id) {
            Some(sent) => {
                for (k, v) in &fields {
                    if sent.fields.get(k) == Some(v) {
                        continue;
                    }
                    match (k.as_str(), sent.fields.get(k), v) {
                        ("board", Some(Value::String(was)), Value::String(now)) => {
                            match changed_cells(was, now) {
                                Some(cells) => out.insert("cells".into(), cells),
                                None => out.insert(k.clone(), v.clone()),
                            };
                        }
                        _ => {
                            out.insert(k.clone(), v.clone());
                        }
                    }
                }
                let same = sent.every == e.every
                    && sent.curve <= e.curve.len()
                    && sent.ends
                        == (
                            e.curve.first().copied(),
                            sent.curve
                                .checked_sub(1)
                                .and_then(|i| e.curve.get(i).copied()),
                        );
                if same {
                    if sent.curve < e.curve.len() {
                        out.insert("more".into(), json!(e.curve[sent.curve..]));
                    }
                } else {
                    out.insert("curve".into(), json!(e.curve));
                    out.insert("every".into(), json!(e.every));
                }
                sent.fields = fields;
                sent.curve = e.curve.len();
                sent.every = e.every;
                sent.ends = ends(&e.curve);
            }
            None => {
                out.extend(fields.clone());
                out.insert("curve".into(), json!(e.curve));
                out.insert("every".into(), json!(e.every));
                self.cards.insert(
                    e.id,
                    Sent {
                        curve: e.curve.len(),
                        every: e.every,
                        ends: ends(&e.curve),
                        fields,
                    },
                );
            }
        }
        Value::Object(out)
    }
}

/// A curve's first and last points.
fn ends(curve: &[u32]) -> (Option<u32>, Option<u32>) {
    (curve.first().copied(), curve.last().copied())
}

/// A card's fields other than its curve.
fn fields(e: &Entry) -> Map<String, Value> {
    let v = json!({
        "name": e.name,
        "algorithm": e.algorithm,
        "puzzle": e.puzzle,
        "n": e.n,
        "givens": e.givens,
        "board": e.board,
        "x": hex_marks(&e.conflicts),
        "step": e.step,
        "cost": e.cost,
        "best": e.best,
        "state": e.state,
        "note": e.note,
        "error": e.error,
        "quiet": e.quiet(),
    });
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// The cells of `now` that differ from `was`, as `[[index, "text"], …]`, when the two are as
/// long and few differ.
fn changed_cells(was: &str, now: &str) -> Option<Value> {
    if was.len() != now.len() || !was.is_ascii() || !now.is_ascii() {
        return None;
    }
    let changed: Vec<Value> = was
        .bytes()
        .zip(now.bytes())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (_, b))| json!([i, (b as char).to_string()]))
        .take(FEW_CELLS + 1)
        .collect();
    (changed.len() <= FEW_CELLS).then_some(Value::Array(changed))
}

/// Cells marked `1` in `marks` as hexadecimal, four cells a digit (81 cells in 21 digits).
pub fn hex_marks(marks: &str) -> String {
    marks
        .as_bytes()
        .chunks(4)
        .map(|c| {
            let v = c
                .iter()
                .enumerate()
                .fold(0u32, |acc, (i, &b)| acc | (u32::from(b == b'1') << i));
            char::from_digit(v, 16).unwrap_or('0')
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::class_board::{ClassBoard, Limits};
    use super::*;

    const HEADER: &str = r#"{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"mine","neighbourhood":"course"}"#;

    /// A card as a page keeps it, from what it was sent.
    fn apply(page: &mut HashMap<u64, Map<String, Value>>, sent: &Value) {
        let id = sent["id"].as_u64().unwrap();
        let card = page.entry(id).or_default();
        for (k, v) in sent.as_object().unwrap() {
            match k.as_str() {
                "cells" => {
                    let mut b: Vec<char> = card["board"].as_str().unwrap().chars().collect();
                    for c in v.as_array().unwrap() {
                        b[c[0].as_u64().unwrap() as usize] =
                            c[1].as_str().unwrap().chars().next().unwrap();
                    }
                    card.insert("board".into(), json!(b.into_iter().collect::<String>()));
                }
                "more" => {
                    let curve = card.get_mut("curve").unwrap().as_array_mut().unwrap();
                    curve.extend(v.as_array().unwrap().iter().cloned());
                }
                _ => {
                    card.insert(k.clone(), v.clone());
                }
            }
        }
    }

    #[test]
    fn a_viewer_gets_each_card_whole_then_only_its_changes_and_ends_with_the_same_cards() {
        let board = ClassBoard::keeping(None, Limits::default());
        let live = 80;
        let mut ups: Vec<_> = (0..live)
            .map(|i| {
                let mut up = board
                    .upload(
                        [10, 0, (i / 200) as u8, (i % 200) as u8].into(),
                        &format!("s{i:02}"),
                        Some(&format!("key-{i}")),
                    )
                    .unwrap();
                assert!(up.line(HEADER));
                up
            })
            .collect();
        let free: Vec<usize> = board.entries()[0]
            .board
            .char_indices()
            .filter(|&(_, c)| c == '.')
            .map(|(i, _)| i)
            .collect();
        let mut known = Known::default();
        let mut page = HashMap::new();
        let mut seen = 0;
        let mut bytes = Vec::new();
        // three pictures a second for four seconds, every search making a few moves between two
        let mut step = 0u64;
        for tick in 0..12 {
            if tick > 0 {
                for _ in 0..5 {
                    step += 1;
                    for up in ups.iter_mut() {
                        let (a, b) = (
                            free[step as usize % free.len()],
                            free[(step as usize * 7) % free.len()],
                        );
                        let line = format!(
                            r#"{{"step":{step},"changed":[[{a},{}],[{b},{}]]}}"#,
                            step % 9 + 1,
                            (step + 4) % 9 + 1
                        );
                        assert!(up.line(&line));
                    }
                }
            }
            let changes = board.since(seen);
            seen = changes.version;
            let cards: Vec<Value> = changes.entries.iter().map(|e| known.card(e)).collect();
            let message = json!({ "whole": changes.whole, "cards": cards, "gone": changes.gone });
            bytes.push(message.to_string().len());
            for c in &cards {
                apply(&mut page, c);
            }
            if tick > 0 {
                assert!(
                    cards
                        .iter()
                        .all(|c| c.get("name").is_none() && c.get("givens").is_none())
                );
            }
        }
        // the page holds what the board holds
        for e in board.entries() {
            let whole = Known::default().card(&e);
            let kept = Value::Object(page[&e.id].clone());
            for k in [
                "board", "x", "step", "cost", "best", "curve", "state", "name",
            ] {
                assert_eq!(kept[k], whole[k], "{k} of card {}", e.id);
            }
        }
        // after the first (every card whole), 80 live cards cost under 50 KB a second
        let per_second: usize = bytes[1..].iter().sum::<usize>() / 11 * 3;
        assert!(
            bytes[0] > 80 * 200,
            "the first picture is every card whole: {} bytes",
            bytes[0]
        );
        eprintln!(
            "80 live cards: first picture {} bytes, then {per_second} bytes a second",
            bytes[0]
        );
        assert!(
            per_second < 50_000,
            "{per_second} bytes a second: {bytes:?}"
        );
        drop(ups);
    }
}
