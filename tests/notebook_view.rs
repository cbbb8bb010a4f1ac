//! The notebook's live view (`python/sudoscope/view.js`, the anywidget module) in headless
//! Chromium, fed a real trace (the course's annealing example) as the kernel feeds it: at step
//! N it shows the board the trace has reached and the cost counted from it, givens and
//! conflicts marked, and its controls walk the run without the kernel.

#[path = "common/browser.rs"]
mod browser;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use browser::{Browser, PATIENCE};
use serde_json::{Value, json};
use sudoscope::board::cost::{Counted, conflicts, cost};
use sudoscope::engine::trace::read::{self, TraceLine};

const HARNESS: &str = r#"<!doctype html><meta charset="utf-8"><div id="out"></div>
<script type="module">
import view from '/view.js';
const handlers = [];
const values = JSON.parse(document.getElementById('values').textContent);
const model = { get: (k) => values[k], on: (ev, f) => handlers.push(f), send() {} };
view.render({ model, el: document.getElementById('out') });
window.feed = (msg) => handlers.forEach((h) => h(msg));
window.ready = true;
</script>"#;

/// Serves the harness and the module on 127.0.0.1 until dropped.
struct Pages {
    port: u16,
    stop: Arc<AtomicBool>,
}

impl Pages {
    fn serve(values: Value) -> Pages {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let module = std::fs::read_to_string(format!(
            "{}/python/sudoscope/view.js",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let page =
            format!("{HARNESS}<script type=\"application/json\" id=\"values\">{values}</script>");
        let halt = Arc::clone(&stop);
        std::thread::spawn(move || {
            let began = Instant::now();
            while !halt.load(Ordering::SeqCst) && began.elapsed() < PATIENCE * 3 {
                let Ok((mut s, _)) = listener.accept() else {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                    continue;
                };
                s.set_nonblocking(false).unwrap();
                let mut first = String::new();
                let mut reader = BufReader::new(s.try_clone().unwrap());
                let _ = reader.read_line(&mut first);
                // the rest of the request's head
                loop {
                    let mut l = String::new();
                    if reader.read_line(&mut l).unwrap_or(0) == 0 || l == "\r\n" {
                        break;
                    }
                }
                let (kind, body) = if first.starts_with("GET /view.js") {
                    ("text/javascript", module.clone())
                } else {
                    ("text/html; charset=utf-8", page.clone())
                };
                let _ = write!(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            }
        });
        Pages { port, stop }
    }
}

impl Drop for Pages {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// The course's annealing example's trace: its lines as the kernel sends them to the view
/// (whole boards as numbers, changes as pairs), the header the view starts from, and the board
/// after each step.
fn annealing_trace() -> (Value, Vec<Value>, Vec<Vec<u8>>, sudoscope::board::Puzzle) {
    let work = tempfile::tempdir().unwrap();
    let trace = work.path().join("run.jsonl");
    let out = std::process::Command::new("python3")
        .arg(format!(
            "{}/python/examples/annealing.py",
            env!("CARGO_MANIFEST_DIR")
        ))
        .args(["--seed", "3"])
        .current_dir(work.path())
        .env("SUDOSCOPE_TRACE", &trace)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{out:?}");
    let mut text = String::new();
    std::fs::File::open(&trace)
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    let resolve = |r: &str| sudoscope::catalog::resolve_builtin(r).map_err(|e| e.to_string());
    let mut lines = text.lines();
    let header = read::header(lines.next().unwrap(), 1, &resolve).unwrap();
    let puzzle = header.puzzle.clone();
    let mut board = puzzle.givens.cells().to_vec();
    let mut start = None;
    let (mut sent, mut boards) = (Vec::new(), Vec::new());
    for (i, l) in lines.enumerate() {
        match read::line(l, i + 2, &puzzle).unwrap() {
            TraceLine::Step(s) if s.step == Some(0) && start.is_none() && sent.is_empty() => {
                board = s.board.clone().unwrap();
                start = Some(board.clone());
            }
            TraceLine::Step(s) => {
                let mut line = json!({ "step": s.step });
                if let Some(b) = &s.board {
                    board = b.clone();
                    line["board"] = json!(b);
                }
                for &(c, v) in &s.changed {
                    board[c as usize] = v;
                }
                if !s.changed.is_empty() {
                    line["changed"] = json!(s.changed);
                }
                if let Some(c) = s.cost {
                    line["cost"] = json!(c);
                }
                line["metrics"] = json!(
                    s.metrics
                        .iter()
                        .map(|(k, v)| (k.clone(), json!(v)))
                        .collect::<serde_json::Map<String, Value>>()
                );
                sent.push(line);
                boards.push(board.clone());
            }
            TraceLine::End(_) => {}
        }
    }
    let header = json!({
        "n": 9,
        "givens": puzzle.givens.cells(),
        "start": start,
        "algorithm": header.algorithm,
        "puzzle": "sudoku_7",
        "lang": "es",
    });
    (header, sent, boards, puzzle)
}

#[test]
fn the_notebook_view_shows_the_board_and_cost_the_trace_reached_at_each_step() {
    let (header, steps, boards, puzzle) = annealing_trace();
    assert!(steps.len() > 100, "{} steps", steps.len());
    let words: Value = serde_json::from_str(
        &std::fs::read_to_string(format!(
            "{}/python/sudoscope/view_words.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let pages = Pages::serve(json!({ "header": header, "words": words["es"] }));
    let browser = Browser::open("es-AR", 1200, 900);
    browser.go(&format!("http://127.0.0.1:{}/", pages.port));
    let began = Instant::now();
    while browser.eval("return window.ready === true") != json!(true) {
        assert!(began.elapsed() < PATIENCE, "the module never loaded");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // the steps in batches, as the kernel sends them, then the end
    for batch in steps.chunks(97) {
        browser.eval(&format!(
            "window.feed({{ steps: {} }}); return 1",
            json!(batch)
        ));
    }
    browser.eval("window.feed({ end: { end: 'stuck', steps: 0 } }); return 1");
    let shown = |what: &str| -> String {
        browser
            .eval(&format!(
                "return document.querySelector('.sudoscope-view {what}').textContent"
            ))
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    // live, it stands on the last step
    let began = Instant::now();
    while !shown(".figures").starts_with(&format!("paso {}", steps.len())) {
        assert!(began.elapsed() < PATIENCE, "{}", shown(".figures"));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // and says how the run ended, once the next frame has drawn it
    while !shown(".state").contains("terminó: estancado") {
        assert!(began.elapsed() < PATIENCE, "{}", shown(".state"));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // along the slider, at three steps, and one step back with its button
    for n in [1, steps.len() / 2, steps.len() - 7] {
        browser.eval(&format!(
            "const s = document.querySelector('.sudoscope-view input[type=range]'); \
             s.value = '{n}'; s.dispatchEvent(new Event('input')); return 1"
        ));
        let want = &boards[n - 1];
        let began = Instant::now();
        while !shown(".figures").starts_with(&format!("paso {n} ")) {
            assert!(began.elapsed() < PATIENCE, "{}", shown(".figures"));
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let grid = puzzle.givens.clone();
        let mut at = grid.clone();
        for (i, &v) in want.iter().enumerate() {
            at.set(i, v);
        }
        let figures = shown(".figures");
        let counted = cost(&at, Counted::ALL);
        assert!(
            figures.starts_with(&format!("paso {n} · costo {counted}")),
            "at step {n}: {figures}"
        );
        let cells = browser.eval(
            "return [...document.querySelectorAll('.sudoscope-view td')].map(t => [t.textContent, t.className])",
        );
        let cells = cells.as_array().unwrap();
        assert_eq!(cells.len(), 81);
        let bad = conflicts(&at);
        for (i, c) in cells.iter().enumerate() {
            let symbol = c[0].as_str().unwrap();
            let class = c[1].as_str().unwrap();
            let v = want[i];
            assert_eq!(
                symbol,
                if v == 0 {
                    "·".to_string()
                } else {
                    v.to_string()
                },
                "cell {i} at step {n}"
            );
            if puzzle.is_given(i) {
                assert!(class.contains('g'), "cell {i}: {class}");
            } else {
                assert_eq!(
                    class.split_whitespace().any(|k| k == "x"),
                    bad[i],
                    "cell {i} at step {n}: {class}"
                );
            }
        }
    }
    browser.eval(
        "document.querySelector('.sudoscope-view button[aria-label=\"un paso atrás\"]').click(); return 1",
    );
    let n = steps.len() - 8;
    let began = Instant::now();
    while !shown(".figures").starts_with(&format!("paso {n} ")) {
        assert!(began.elapsed() < PATIENCE, "{}", shown(".figures"));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // the step log ends with the step shown
    let log = shown(".log");
    let last = log.lines().last().unwrap_or("").trim_start().to_string();
    let number = steps[n - 1]["step"].as_u64().unwrap();
    assert!(last.starts_with(&format!("{number} ")), "{log}");
}
