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

/// What the view is fed and what it should show: the header it starts from, the lines as the
/// kernel sends them, the board after each step, the puzzle, and each step's population as
/// the program reads it.
struct Fed {
    header: Value,
    steps: Vec<Value>,
    boards: Vec<Vec<u8>>,
    puzzle: sudoscope::board::Puzzle,
    populations: Vec<Option<read::Population>>,
}

/// A course example's trace (`python/examples/NAME.py` with `args`): its lines as the kernel
/// sends them to the view (whole boards as numbers, changes as pairs, the members as written).
fn example_trace(name: &str, args: &[&str]) -> Fed {
    let work = tempfile::tempdir().unwrap();
    let trace = work.path().join("run.jsonl");
    let out = std::process::Command::new("python3")
        .arg(format!(
            "{}/python/examples/{name}.py",
            env!("CARGO_MANIFEST_DIR")
        ))
        .args(args)
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
    let (mut sent, mut boards, mut populations) = (Vec::new(), Vec::new(), Vec::new());
    for (i, l) in lines.enumerate() {
        let raw: Value = serde_json::from_str(l).unwrap();
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
                for key in ["members", "member_costs", "members_total"] {
                    if let Some(v) = raw.get(key) {
                        line[key] = v.clone();
                    }
                }
                sent.push(line);
                boards.push(board.clone());
                populations.push(s.population.as_deref().cloned());
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
    Fed {
        header,
        steps: sent,
        boards,
        puzzle,
        populations,
    }
}

/// The view of `fed` open in headless Chromium, every step and the end fed in batches as the
/// kernel sends them.
fn view_of(fed: &Fed) -> (Pages, Browser) {
    let words: Value = serde_json::from_str(
        &std::fs::read_to_string(format!(
            "{}/python/sudoscope/view_words.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let pages = Pages::serve(json!({ "header": fed.header, "words": words["es"] }));
    let browser = Browser::open("es-AR", 1200, 900);
    browser.go(&format!("http://127.0.0.1:{}/", pages.port));
    let began = Instant::now();
    while browser.eval("return window.ready === true") != json!(true) {
        assert!(began.elapsed() < PATIENCE, "the module never loaded");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for batch in fed.steps.chunks(97) {
        browser.eval(&format!(
            "window.feed({{ steps: {} }}); return 1",
            json!(batch)
        ));
    }
    browser.eval("window.feed({ end: { end: 'stuck', steps: 0 } }); return 1");
    (pages, browser)
}

/// The text of the view's element `what`.
fn shown(browser: &Browser, what: &str) -> String {
    browser
        .eval(&format!(
            "return document.querySelector('.sudoscope-view {what}').textContent"
        ))
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// Move the view's slider to step `n` and wait until it stands there.
fn slide_to(browser: &Browser, n: usize) {
    browser.eval(&format!(
        "const s = document.querySelector('.sudoscope-view input[type=range]'); \
         s.value = '{n}'; s.dispatchEvent(new Event('input')); return 1"
    ));
    let began = Instant::now();
    while !shown(browser, ".figures").starts_with(&format!("paso {n} ")) {
        assert!(began.elapsed() < PATIENCE, "{}", shown(browser, ".figures"));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn the_notebook_view_shows_the_board_and_cost_the_trace_reached_at_each_step() {
    let fed = example_trace("annealing", &["--seed", "3"]);
    let (steps, boards, puzzle) = (&fed.steps, &fed.boards, &fed.puzzle);
    assert!(steps.len() > 100, "{} steps", steps.len());
    let (_pages, browser) = view_of(&fed);
    let shown = |what: &str| shown(&browser, what);
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
        slide_to(&browser, n);
        let want = &boards[n - 1];
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

/// A beam's members in the view (trace format 1.1): at a step, the population's size, the mean
/// and worst of its members' costs counted from their boards (as the program counts them, not
/// the course's tenths), the share of distinct boards, and, with the diversity button, how many
/// values the members hold in each cell.
#[test]
fn the_notebook_view_shows_a_beams_members_counted_from_their_boards() {
    let fed = example_trace("beam", &["--seed", "3", "--k", "6"]);
    assert!(fed.steps.len() > 5, "{} steps", fed.steps.len());
    let (_pages, browser) = view_of(&fed);
    for n in [1, fed.steps.len() / 2, fed.steps.len()] {
        slide_to(&browser, n);
        let pop = fed.populations[n - 1]
            .as_ref()
            .expect("every step has its beam");
        assert_eq!(pop.costs.len(), 6);
        let mean = pop.costs.iter().sum::<u32>() as f64 / 6.0;
        let worst = *pop.costs.iter().max().unwrap();
        let best = *pop.costs.iter().min().unwrap();
        let decimal = |x: f64| {
            if x.fract() == 0.0 {
                format!("{x}")
            } else {
                format!("{x:.3}").replace('.', ",")
            }
        };
        let figures = shown(&browser, ".figures");
        let want = format!(
            "población 6 · mejor {best} · media {} · peor {worst} · {}% distintos",
            decimal(mean),
            (100.0 * pop.distinct as f64 / 6.0).round()
        );
        assert!(
            figures.contains(&want),
            "at step {n}: {figures}\nwant {want}"
        );
        // the grid as the members' values per cell, and back to the board
        browser.eval(
            "document.querySelector('.sudoscope-view button[aria-label=\"valores por celda en la población\"]').click(); return 1",
        );
        let want: Vec<String> = pop
            .per_cell
            .iter()
            .map(|&k| if k > 1 { k.to_string() } else { "·".into() })
            .collect();
        grid_becomes(&browser, &want, &format!("the diversity at step {n}"));
        browser.eval(
            "document.querySelector('.sudoscope-view button[aria-label=\"valores por celda en la población\"]').click(); return 1",
        );
        let board: Vec<String> = fed.boards[n - 1]
            .iter()
            .map(|&v| if v == 0 { "·".into() } else { v.to_string() })
            .collect();
        grid_becomes(&browser, &board, &format!("back to the board at step {n}"));
    }
}

/// Wait until the view's cells read `want`, one text a cell.
fn grid_becomes(browser: &Browser, want: &[String], what: &str) {
    let began = Instant::now();
    loop {
        let cells = browser.eval(
            "return [...document.querySelectorAll('.sudoscope-view td')].map(t => t.textContent)",
        );
        let cells: Vec<String> = serde_json::from_value(cells).unwrap();
        if cells == want {
            return;
        }
        assert!(
            began.elapsed() < PATIENCE,
            "{what}: {cells:?}\nwant {want:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
