//! The notebook's view (`python/sudoscope/view.js` and `notebook.py`), on the real path.
//!
//! In a harness page in headless Chromium, fed what the helper's own code sends while a course
//! example runs (its live batches, its archive, its closing), delivered in order, with the first
//! batches lost (a view that opened late), or only the last archive (a page opened after the
//! run): every step reaches the view, and at any step it shows the board the trace file holds
//! there and the cost counted from it, judges the run as the terminal viewer does, and speaks
//! the class's language.
//!
//! In a real JupyterLab driven by headless Chromium: 200 quick runs in one cell, each view's last
//! board and step count equal to its trace file's; an interrupted run, one that raised and one
//! left without its end, each closed; then the notebook saved, the page reloaded, the server
//! restarted and the notebook reopened, and the notebook exported to HTML: every view whole.
//! And a race: beside a student's run, the course's annealing computed in the page by the
//! page's module, from the run's first board, step for step the run `sudoscope solve` makes,
//! and again in the run's page after a reload.

use crate::browser;
use crate::built_site;
use crate::lab;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use browser::{Browser, PATIENCE};
use serde_json::{Value, json};
use sudoscope_core::board::cost::{Counted, conflicts, cost};
use sudoscope_core::engine::trace::read::{self, TraceLine};

const HARNESS: &str = r#"<!doctype html><meta charset="utf-8"><div id="out"></div>
<script type="module">
import view from '/view.js';
const values = JSON.parse(document.getElementById('values').textContent);
const handlers = {};
const model = {
  get: (k) => values[k],
  on: (ev, f) => (handlers[ev] = handlers[ev] || []).push(f),
  send() {},
};
view.render({ model, el: document.getElementById('out') });
const fire = (ev) => (handlers[ev] || []).forEach((h) => h());
window.deliver = (e) => {
  if (e[0] === 'msg') (handlers['msg:custom'] || []).forEach((h) => h(e[1]));
  if (e[0] === 'archive') { values.archive = e[1]; values.archived = e[2]; fire('change:archive'); }
  if (e[0] === 'closing') { values.closing = e[1]; fire('change:closing'); }
};
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
        let module = std::fs::read_to_string(repo("python/sudoscope/view.js")).unwrap();
        let page =
            format!("{HARNESS}<script type=\"application/json\" id=\"values\">{values}</script>");
        let halt = Arc::clone(&stop);
        std::thread::spawn(move || {
            let began = Instant::now();
            while !halt.load(Ordering::SeqCst) && began.elapsed() < PATIENCE * 3 {
                let Ok((mut s, _)) = listener.accept() else {
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                };
                s.set_nonblocking(false).unwrap();
                let mut first = String::new();
                let mut reader = BufReader::new(s.try_clone().unwrap());
                let _ = reader.read_line(&mut first);
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

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A run as the view was fed it and as its trace file holds it: the header and words the view
/// started from, the events in the order the helper made them, and the board after each step.
struct Recorded {
    values: Value,
    events: Vec<Value>,
    boards: Vec<Vec<u8>>,
    puzzle: sudoscope_core::board::Puzzle,
    populations: Vec<Option<read::Population>>,
    _work: tempfile::TempDir,
}

/// Run a Python script (a course example, or `code` written to a file) with the helper's view
/// side live on a stand-in widget that records what it sends, and its trace to a file.
fn record(script: Option<&str>, code: &str, args: &[&str]) -> Recorded {
    let work = tempfile::tempdir().unwrap();
    let script = match script {
        Some(name) => repo(&format!("python/examples/{name}.py")),
        None => {
            let p = work.path().join("search.py");
            std::fs::write(&p, code).unwrap();
            p
        }
    };
    let trace = work.path().join("run.jsonl");
    let out_path = work.path().join("events.json");
    let driver = format!(
        r#"
import json, runpy, sys
sys.path.insert(0, {py:?})
from sudoscope import notebook
events, started = [], []
class Widget(object):
    def __init__(self, header, words, engine=b""):
        for k, v in (("header", header), ("words", words), ("archive", []), ("archived", 0), ("closing", {{}})):
            object.__setattr__(self, k, v)
    def send(self, m):
        events.append(["msg", m])
    def __setattr__(self, k, v):
        object.__setattr__(self, k, v)
        if k == "archived":
            events.append(["archive", self.archive, v])
        if k == "closing":
            events.append(["closing", v])
def open_view(header, givens, n, start=None, lang=None, to_file=None):
    view = notebook.View(header, givens, n, start=start, lang="es", display=False, widget=Widget)
    started.append({{"header": view.header, "words": view.words, "archive": [], "archived": 0, "closing": {{}}}})
    return view
notebook.open_view = open_view
notebook.viewable = lambda: True
sys.argv = [{script:?}] + {args:?}
runpy.run_path({script:?}, run_name="__main__")
json.dump({{"values": started[0], "events": events}}, open({out:?}, "w"))
"#,
        py = repo("python").display().to_string(),
        script = script.display().to_string(),
        args = args,
        out = out_path.display().to_string(),
    );
    let out = std::process::Command::new("python3")
        .args(["-c", &driver])
        .current_dir(work.path())
        .env("SUDOSCOPE_TRACE", &trace)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{out:?}");
    let got: Value = serde_json::from_str(&std::fs::read_to_string(&out_path).unwrap()).unwrap();
    let (boards, puzzle, populations) = trace_boards(&trace);
    Recorded {
        values: got["values"].clone(),
        events: got["events"].as_array().unwrap().clone(),
        boards,
        puzzle,
        populations,
        _work: work,
    }
}

/// The board after each step of a trace file (the program's own reader), its puzzle, and each
/// step's population as the program reads it.
fn trace_boards(
    path: &Path,
) -> (
    Vec<Vec<u8>>,
    sudoscope_core::board::Puzzle,
    Vec<Option<read::Population>>,
) {
    let text = std::fs::read_to_string(path).unwrap();
    let resolve = |r: &str| sudoscope_core::catalog::resolve_builtin(r).map_err(|e| e.to_string());
    let mut lines = text.lines();
    let header = read::header(lines.next().unwrap(), 1, &resolve).unwrap();
    let puzzle = header.puzzle.clone();
    let mut board = puzzle.givens.cells().to_vec();
    let (mut boards, mut populations) = (Vec::new(), Vec::new());
    for (i, l) in lines.enumerate() {
        if let Ok(TraceLine::Step(s)) = read::line(l, i + 2, &puzzle) {
            if let Some(b) = &s.board {
                board = b.clone();
            }
            for &(c, v) in &s.changed {
                board[c as usize] = v;
            }
            if s.step == Some(0) {
                continue;
            }
            boards.push(board.clone());
            populations.push(s.population.as_deref().cloned());
        }
    }
    (boards, puzzle, populations)
}

/// How the view is given the events.
#[derive(Clone, Copy, Debug)]
enum Delivery {
    /// All of them, in order.
    InOrder,
    /// The first three live batches lost: the view listened late.
    FirstLost,
    /// Only the last archive and the closing: a page opened after the run.
    LastArchive,
}

fn view_of(r: &Recorded, how: Delivery) -> (Pages, Browser) {
    let pages = Pages::serve(r.values.clone());
    let browser = Browser::open("es-AR", 1200, 900);
    browser.go(&format!("http://127.0.0.1:{}/", pages.port));
    let began = Instant::now();
    while browser.eval("return window.ready === true") != json!(true) {
        assert!(began.elapsed() < PATIENCE, "the module never loaded");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut lost = 0;
    let last_archive = r.events.iter().rposition(|e| e[0] == "archive");
    for (i, e) in r.events.iter().enumerate() {
        let give = match how {
            Delivery::InOrder => true,
            Delivery::FirstLost => {
                let live = e[0] == "msg" && e[1].get("live").is_some();
                lost += usize::from(live);
                !(live && lost <= 3)
            }
            Delivery::LastArchive => Some(i) == last_archive || e[0] == "closing",
        };
        if give {
            browser.eval(&format!("window.deliver({e}); return 1"));
        }
    }
    (pages, browser)
}

/// The text of the view's element `what`.
fn shown(browser: &Browser, what: &str) -> String {
    browser
        .eval(&format!(
            "const e = document.querySelector('.sudoscope-view {what}'); return e ? e.textContent : ''"
        ))
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn wait_shown(browser: &Browser, what: &str, check: impl Fn(&str) -> bool, why: &str) -> String {
    let began = Instant::now();
    loop {
        let s = shown(browser, what);
        if check(&s) {
            return s;
        }
        assert!(began.elapsed() < PATIENCE, "{why}: {s}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Move the view's slider to step `n` and wait until it stands there.
fn slide_to(browser: &Browser, n: usize) {
    browser.eval(&format!(
        "const s = document.querySelector('.sudoscope-view input[type=range]'); \
         s.value = '{n}'; s.dispatchEvent(new Event('input')); return 1"
    ));
    wait_shown(
        browser,
        ".figures",
        |f| f.starts_with(&format!("paso {n} ")),
        "the slider",
    );
}

/// The grid as it reads: each cell's text and classes.
fn cells(browser: &Browser) -> Vec<(String, String)> {
    let v = browser.eval(
        "return [...document.querySelectorAll('.sudoscope-view .grid td')].map(t => [t.textContent, t.className])",
    );
    serde_json::from_value(v).unwrap()
}

/// At step `n` the view shows the trace's board there, its cost counted from it, givens bold
/// and conflicts marked.
fn shows_step(browser: &Browser, r: &Recorded, n: usize) {
    slide_to(browser, n);
    let want = &r.boards[n - 1];
    let mut at = r.puzzle.givens.clone();
    for (i, &v) in want.iter().enumerate() {
        at.set(i, v);
    }
    let figures = shown(browser, ".figures");
    let counted = cost(&at, Counted::ALL);
    assert!(
        figures.starts_with(&format!("paso {n} · costo {counted}")),
        "at step {n}: {figures}"
    );
    let bad = conflicts(&at);
    let shown = cells(browser);
    assert_eq!(shown.len(), 81);
    for (i, (symbol, class)) in shown.iter().enumerate() {
        let v = want[i];
        let text = if v == 0 { "·".into() } else { v.to_string() };
        assert_eq!(symbol, &text, "cell {i} at step {n}");
        let kinds: Vec<&str> = class.split_whitespace().collect();
        if r.puzzle.is_given(i) {
            assert!(kinds.contains(&"g"), "cell {i}: {class}");
        } else {
            assert_eq!(
                kinds.contains(&"x"),
                bad[i],
                "cell {i} at step {n}: {class}"
            );
        }
    }
}

#[test]
fn every_step_reaches_the_view_however_its_batches_come() {
    let r = record(Some("annealing"), "", &["--seed", "3"]);
    let steps = r.boards.len();
    assert!(steps > 100, "{steps} steps");
    for how in [
        Delivery::InOrder,
        Delivery::FirstLost,
        Delivery::LastArchive,
    ] {
        let (_pages, browser) = view_of(&r, how);
        // every step, once: the count, then the last board, and the run's end
        wait_shown(
            &browser,
            ".state",
            |s| s.contains(&format!("terminó: estancado · {steps} pasos recibidos")),
            &format!("{how:?}: the whole run"),
        );
        for n in [1, steps / 2, steps] {
            shows_step(&browser, &r, n);
        }
        // one step back with its button
        browser.eval(
            "document.querySelector('.sudoscope-view button[aria-label=\"un paso atrás\"]').click(); return 1",
        );
        wait_shown(
            &browser,
            ".figures",
            |f| f.starts_with(&format!("paso {} ", steps - 1)),
            "one step back",
        );
        let log = shown(&browser, ".log");
        let last = log.lines().last().unwrap_or("").trim_start().to_string();
        assert!(last.starts_with(&format!("{} ", steps - 1)), "{log}");
    }
}

#[test]
fn the_view_judges_a_run_as_the_terminal_viewer_does() {
    // no start given (the course's own pattern): the run is shown from its first traced board;
    // a given overwritten; the board returned differs from the last one
    let solution =
        "374561928185429763962378415827613549649257831531984672496832157218745396753196284";
    let worse = format!("{}82{}", &solution[..7], &solution[9..]);
    let givens =
        "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8.";
    let code = format!(
        "from sudoscope import Trace\n\
         t = Trace({givens:?}, 'recocido')\n\
         b = list({solution:?})\n\
         b[1] = '1'\n\
         t.step(''.join(b), temperature=1.23e-5)\n\
         t.step({solution:?}, temperature=1.5)\n\
         wrong = list({solution:?}); wrong[0] = '9'\n\
         t.step(''.join(wrong), temperature=0.000123)\n\
         t.step({solution:?})\n\
         t.end('solved', result={worse:?})\n"
    );
    let r = record(None, &code, &[]);
    let (_pages, browser) = view_of(&r, Delivery::InOrder);
    let verdict = wait_shown(
        &browser,
        ".verdict",
        |v| v.contains("el tablero que devuelve"),
        "the verdict",
    );
    assert!(
        verdict.contains("el tablero que devuelve tiene costo 2: no resuelto"),
        "{verdict}"
    );
    assert!(verdict.contains("la búsqueda dice resuelto"), "{verdict}");
    assert!(
        verdict.contains("la búsqueda cambió celdas fijas: r1c1"),
        "{verdict}"
    );
    // the start is the first traced board: no step 0 to go back to
    browser.eval(
        "document.querySelector('.sudoscope-view button[aria-label=\"al principio\"]').click(); return 1",
    );
    let figures = wait_shown(
        &browser,
        ".figures",
        |f| f.starts_with("paso 1 "),
        "the start",
    );
    // numbers with significant digits, in the class's language
    assert!(figures.contains("temperatura 1,2e-5"), "{figures}");
    slide_to(&browser, 2);
    assert!(shown(&browser, ".figures").contains("temperatura 1,5"));
    slide_to(&browser, 3);
    assert!(shown(&browser, ".figures").contains("temperatura 1,2e-4"));
    // the overwritten given is flagged, not drawn as a given
    let c = cells(&browser);
    assert!(c[0].1.split_whitespace().any(|k| k == "o"), "{:?}", c[0]);
    // the board returned, on demand
    slide_to(&browser, 4);
    browser.eval(
        "document.querySelector('.sudoscope-view button[aria-label=\"mostrar el tablero que devuelve la búsqueda\"]').click(); return 1",
    );
    let began = Instant::now();
    while cells(&browser)[7].0 != "8" {
        assert!(
            began.elapsed() < PATIENCE,
            "the returned board never showed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // the chart has axes and a legend in Spanish, its series in step
    let legend = shown(&browser, ".legend");
    assert!(
        legend.contains("costo") && legend.contains("mejor"),
        "{legend}"
    );
    assert!(legend.contains("temperatura 1,2e-5–1,5"), "{legend}");
    // and no English on the Spanish view
    let all = browser
        .eval("return document.querySelector('.sudoscope-view').innerText")
        .as_str()
        .unwrap()
        .to_string();
    for english in [
        "temperature",
        " cost ",
        "step ",
        "live",
        "trace written",
        "returns",
    ] {
        assert!(!all.contains(english), "{english:?} in:\n{all}");
    }
}

/// A beam's members in the view: at a step, the population's size, the mean and worst of its
/// members' costs counted from their boards (as the program counts them, not the course's
/// tenths), the share of distinct boards, and, with the diversity button, how many values the
/// members hold in each cell.
#[test]
fn a_beams_members_are_counted_from_their_boards() {
    let r = record(Some("beam"), "", &["--seed", "3", "--k", "6"]);
    assert!(r.boards.len() > 5, "{} steps", r.boards.len());
    let (_pages, browser) = view_of(&r, Delivery::FirstLost);
    wait_shown(&browser, ".state", |s| s.contains("terminó"), "the end");
    for n in [1, r.boards.len() / 2, r.boards.len()] {
        slide_to(&browser, n);
        let pop = r.populations[n - 1]
            .as_ref()
            .expect("every step has its beam");
        assert_eq!(pop.costs.len(), 6);
        let mean = pop.costs.iter().sum::<u32>() as f64 / 6.0;
        let worst = *pop.costs.iter().max().unwrap();
        let best = *pop.costs.iter().min().unwrap();
        // four significant digits, as the view writes a number
        let decimal = |x: f64| {
            let digits = 3 - x.abs().log10().floor() as i32;
            let s = format!("{:.*}", digits.max(0) as usize, x);
            let s = if s.contains('.') {
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                s
            };
            s.replace('.', ",")
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
        let toggle = "document.querySelector('.sudoscope-view button[aria-label=\"valores por celda en la población\"]').click(); return 1";
        browser.eval(toggle);
        let want: Vec<String> = pop
            .per_cell
            .iter()
            .map(|&k| if k > 1 { k.to_string() } else { "·".into() })
            .collect();
        grid_becomes(&browser, &want, &format!("the diversity at step {n}"));
        browser.eval(toggle);
        let board: Vec<String> = r.boards[n - 1]
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
        let read: Vec<String> = cells(browser).into_iter().map(|c| c.0).collect();
        if read == want {
            return;
        }
        assert!(
            began.elapsed() < PATIENCE,
            "{what}: {read:?}\nwant {want:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

// ---- in a real JupyterLab ----

/// A notebook of `cells` (each the lines of one code cell).
fn notebook(cells: &[String]) -> String {
    let cells: Vec<Value> = cells
        .iter()
        .map(|source| {
            json!({
                "cell_type": "code", "execution_count": null, "metadata": {},
                "outputs": [], "source": source,
            })
        })
        .collect();
    json!({
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    })
    .to_string()
}

/// Every view on the page: its title, what its state line says, its step and the grid's cells.
fn views(browser: &Browser) -> Vec<Value> {
    browser
        .eval(
            "return [...document.querySelectorAll('.sudoscope-view')].map(v => ({ \
               title: v.querySelector('.title').textContent, \
               state: v.querySelector('.state').textContent, \
               figures: v.querySelector('.figures').textContent, \
               verdict: v.querySelector('.verdict').textContent, \
               cells: [...v.querySelector('.grid').querySelectorAll('td')].map(t => t.textContent).join('') }))",
        )
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Whether a view says its run has ended, once it has read it whole.
fn closed(v: &Value) -> bool {
    let state = v["state"].as_str().unwrap_or("");
    state.contains("terminó") || state.contains("cortada")
}

/// Wait until the views satisfy `check`, at most `limit`.
fn views_until(
    browser: &Browser,
    limit: Duration,
    what: &str,
    check: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let began = Instant::now();
    loop {
        let v = views(browser);
        if check(&v) {
            return v;
        }
        if began.elapsed() >= limit {
            let page = browser.eval(
                "return [...document.querySelectorAll('.jp-CodeCell')].map(c =>                    (c.querySelector('.jp-InputPrompt') || {}).textContent + ' ' +                    (c.querySelector('.jp-OutputArea') || {}).textContent.slice(0, 300)).join('\\n')",
            );
            panic!(
                "{what}: {} views; the last: {:?}\nthe cells:\n{}",
                v.len(),
                v.last(),
                page.as_str().unwrap_or("")
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The notebook `name` of `server` opened in `browser`, waited on until its `cells` code cells
/// are there.
fn open_notebook(browser: &Browser, server: &lab::Lab, name: &str, cells: usize) {
    browser.go(&server.url(name));
    let began = Instant::now();
    while browser.eval("return document.querySelectorAll('.jp-CodeCell .cm-content').length")
        != json!(cells)
    {
        assert!(
            began.elapsed() < PATIENCE * 2,
            "the notebook {name} never opened"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The cell whose editor holds `text`, selected (a click on its prompt) and run (Shift+Enter);
/// pressed again if its prompt has not left what it read before within a while (a first key can
/// land while JupyterLab is still settling, on a busy machine), so a run is always under way
/// when this returns.
fn run_cell(browser: &Browser, text: &str) {
    // the editors' text comes a moment after the cells
    let found = Instant::now();
    let at = loop {
        let at = browser.eval(&format!(
            "return [...document.querySelectorAll('.jp-Notebook .jp-Cell')] \
               .findIndex(c => c.querySelector('.jp-InputArea').textContent.includes({text:?}))"
        ));
        let at = at.as_i64().expect("the cell is there");
        if at >= 0 {
            break at;
        }
        assert!(
            found.elapsed() < PATIENCE,
            "no cell holds {text:?}: {}",
            browser.eval(
                "return [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(c => c.textContent.slice(0, 200))"
            )
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let prompt = format!(
        ".jp-Notebook .jp-Cell:nth-child({}) .jp-InputPrompt",
        at + 1
    );
    let read = || {
        browser
            .eval(&format!(
                "return (document.querySelector({prompt:?}) || {{}}).textContent || ''"
            ))
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    let before = read();
    let began = Instant::now();
    for _ in 0..5 {
        browser.click(&prompt);
        browser.chord(&["\u{E008}", "\u{E007}"]);
        let pressed = Instant::now();
        while pressed.elapsed() < PATIENCE / 3 {
            if read() != before {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    panic!(
        "the cell {text:?} never started: its prompt still reads {before:?} after {:?}",
        began.elapsed()
    );
}

/// What a trace file holds at its end: the steps written and the last board, as the view shows
/// its cells (`·` for empty).
fn file_end(path: &Path) -> (usize, String) {
    let (boards, _, _) = trace_boards(path);
    let last = boards.last().cloned().unwrap_or_default();
    let text = last
        .iter()
        .map(|&v| {
            if v == 0 {
                "·".to_string()
            } else {
                v.to_string()
            }
        })
        .collect();
    (boards.len(), text)
}

/// Each of the 200 runs' views against its file: the steps received and the last board.
fn runs_match_their_files(found: &[Value], runs: &Path) {
    let quick: Vec<&Value> = found
        .iter()
        .filter(|v| v["title"].as_str().unwrap_or("").starts_with("rápida "))
        .collect();
    assert_eq!(quick.len(), 200, "every quick run has its view");
    for v in quick {
        let title = v["title"].as_str().unwrap();
        let k: usize = title
            .trim_start_matches("rápida ")
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let (steps, board) = file_end(&runs.join(format!("{k}.jsonl")));
        let state = v["state"].as_str().unwrap();
        assert!(
            state.contains(&format!(" {steps} pasos recibidos")),
            "run {k}: {state} (its file has {steps} steps)"
        );
        assert_eq!(v["cells"].as_str().unwrap(), board, "run {k}'s last board");
    }
}

#[test]
fn in_jupyterlab_every_run_reaches_its_view_is_closed_and_is_kept() {
    if !lab::available() {
        eprintln!("skipped: JupyterLab, anywidget and nbconvert are not installed");
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let runs = work.path().join("runs");
    std::fs::create_dir(&runs).unwrap();
    let py = repo("python").display().to_string();
    let setup = format!(
        "import sys, random\nsys.path.insert(0, {py:?})\nfrom sudoscope import Trace\n\
         S = '3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8.'\n\
         def board(r):\n    return [int(c) if c != '.' else r.randint(1, 9) for c in S]\n"
    );
    // 200 quick runs, each shown and written to its own file; some end, some are left to their
    // with block
    let quick = "# quick runs\nfor k in range(200):\n    r = random.Random(k)\n    b = board(r)\n    \
                 with Trace(S, 'rápida %d' % k, start=b, path='runs/%d.jsonl' % k) as t:\n        \
                 for i in range(r.randint(1, 60)):\n            j = r.randrange(81)\n            \
                 if S[j] == '.': b[j] = r.randint(1, 9)\n            \
                 t.step(b, cost=i * 0.1, temperature=0.5 ** i, move='poner %d' % j)\n        \
                 if k % 3: t.end('stuck')\n";
    let interrupted = "# interrupted\nimport time\nr = random.Random(1)\nb = board(r)\n\
                       with Trace(S, 'interrumpida', start=b, path='runs/int.jsonl') as t:\n    \
                       while True:\n        b[1] = r.randint(1, 9)\n        t.step(b)\n        time.sleep(0.005)\n";
    let raised = "# raised\nr = random.Random(2)\nb = board(r)\nt2 = Trace(S, 'con error', start=b, path='runs/err.jsonl')\n\
                  for i in range(50):\n    b[1] = 1 + i % 9\n    t2.step(b)\nraise ValueError('a bug in my search')\n";
    let forgotten = "# forgotten\nr = random.Random(3)\nb = board(r)\nt3 = Trace(S, 'sin fin', start=b, path='runs/open.jsonl')\n\
                     for i in range(200):\n    b[1] = 1 + i % 9\n    t3.step(b)\n";
    let later =
        "# later\nfor i in range(20):\n    b[2] = 1 + i % 9\n    t3.step(b)\nt3.end('stuck')\n";
    std::fs::write(
        work.path().join("clase.ipynb"),
        notebook(&[
            setup,
            quick.to_string(),
            interrupted.to_string(),
            raised.to_string(),
            forgotten.to_string(),
            later.to_string(),
        ]),
    )
    .unwrap();
    let mut server = lab::Lab::start(work.path(), "es_AR.UTF-8");
    let browser = Browser::open("es-AR", 1400, 1000);
    open_notebook(&browser, &server, "clase.ipynb", 6);
    // the kernel is ready once a first cell has run
    run_cell(&browser, "import sys, random");
    let limit = PATIENCE * 4;
    run_cell(&browser, "# quick runs");
    let found = views_until(&browser, limit, "200 quick runs", |v| {
        v.iter()
            .filter(|v| v["title"].as_str().unwrap_or("").starts_with("rápida ") && closed(v))
            .count()
            == 200
    });
    runs_match_their_files(&found, &runs);
    // a run left to its with block is cut short, and says why in Spanish
    let cut = found
        .iter()
        .find(|v| v["title"].as_str().unwrap() == "rápida 0")
        .unwrap();
    assert!(
        cut["verdict"]
            .as_str()
            .unwrap()
            .contains("cortada: el bloque with terminó sin trace.end()"),
        "{cut}"
    );
    // interrupted: the kernel's interrupt reaches the run, which says so
    run_cell(&browser, "# interrupted");
    views_until(&browser, limit, "the interrupted run live", |v| {
        v.iter().any(|v| {
            v["title"]
                .as_str()
                .unwrap_or("")
                .starts_with("interrumpida")
                && v["state"].as_str().unwrap_or("").contains("en vivo")
        })
    });
    server.interrupt();
    let done = |title: &'static str| {
        move |v: &[Value]| {
            v.iter()
                .any(|v| v["title"].as_str().unwrap_or("").starts_with(title) && closed(v))
        }
    };
    let found = views_until(
        &browser,
        limit,
        "the interrupted run closed",
        done("interrumpida"),
    );
    let v = found
        .iter()
        .find(|v| v["title"].as_str().unwrap().starts_with("interrumpida"))
        .unwrap();
    let (steps, _) = file_end(&runs.join("int.jsonl"));
    assert!(
        v["state"]
            .as_str()
            .unwrap()
            .contains(&format!("terminó: interrumpida · {steps} pasos recibidos")),
        "{v}"
    );
    // an exception closes its run as failed, with what was raised
    run_cell(&browser, "# raised");
    let found = views_until(&browser, limit, "the failed run closed", done("con error"));
    let v = found
        .iter()
        .find(|v| v["title"].as_str().unwrap().starts_with("con error"))
        .unwrap();
    assert!(
        v["state"]
            .as_str()
            .unwrap()
            .contains("terminó: falló · 50 pasos recibidos"),
        "{v}"
    );
    assert!(
        v["verdict"]
            .as_str()
            .unwrap()
            .contains("ValueError: a bug in my search"),
        "{v}"
    );
    // a fast run its cell leaves without its end: every step shown, and open, saying so
    run_cell(&browser, "# forgotten");
    let open = |v: &Value| {
        v["title"].as_str().unwrap().starts_with("sin fin")
            && v["state"].as_str().unwrap().contains("abierta")
    };
    let found = views_until(&browser, limit, "the run left open", |v| v.iter().any(open));
    let v = found.iter().find(|v| open(v)).unwrap();
    assert!(
        v["state"]
            .as_str()
            .unwrap()
            .contains("su celda acabó sin trace.end()"),
        "{v}"
    );
    assert!(
        v["state"].as_str().unwrap().contains("200 pasos recibidos"),
        "{v}"
    );
    // a later cell steps it on and ends it
    run_cell(&browser, "# later");
    let found = views_until(
        &browser,
        limit,
        "the run ended by a later cell",
        done("sin fin"),
    );
    let v = found
        .iter()
        .find(|v| v["title"].as_str().unwrap().starts_with("sin fin"))
        .unwrap();
    assert!(
        v["state"]
            .as_str()
            .unwrap()
            .contains("terminó: estancado · 220 pasos recibidos"),
        "{v}"
    );
    // saved, the notebook holds every run's page
    browser.chord(&["\u{E009}", "s"]);
    let file = work.path().join("clase.ipynb");
    let began = Instant::now();
    while std::fs::read_to_string(&file)
        .unwrap_or_default()
        .matches("sudoscope-page")
        .count()
        < 203
    {
        assert!(
            began.elapsed() < PATIENCE,
            "the notebook was never saved with its runs"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let size = std::fs::metadata(&file).unwrap().len();
    eprintln!("the notebook with 203 runs: {size} bytes");
    let whole = |browser: &Browser, what: &str| {
        let found = views_until(browser, limit, what, |v| {
            v.len() >= 203 && v.iter().all(closed)
        });
        runs_match_their_files(&found, &runs);
    };
    // reloaded
    browser.go(&server.url("clase.ipynb"));
    whole(&browser, "after a reload");
    // the server and its kernel restarted, the notebook opened again
    server.restart();
    browser.go(&server.url("clase.ipynb"));
    whole(&browser, "after a restart");
    drop(browser);
    // exported to HTML, opened from the disk
    let out = std::process::Command::new("python3")
        .args(["-m", "nbconvert", "--to", "html", "clase.ipynb"])
        .current_dir(work.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let browser = Browser::open("es-AR", 1400, 1000);
    browser.go(&format!(
        "file://{}",
        work.path().join("clase.html").display()
    ));
    whole(&browser, "in the HTML export");
}

/// What the race of the first view holds, once it has ended: its steps, costs, ending and board
/// (`null` while it runs).
fn race_ended(browser: &Browser) -> Value {
    browser.eval(
        "const v = document.querySelector('.sudoscope-view'); \
         const r = v && v.sudoscope && v.sudoscope.race(); \
         if (!r || r.end === 'running') return null; \
         return { steps: r.steps, cost: r.cost, best: r.best, end: r.end, \
                  algo: r.algo, preset: r.preset, seed: r.seed, \
                  board: Array.from(r.board).join(''), \
                  figures: v.querySelector('.race .figures').textContent, \
                  cells: [...v.querySelectorAll('.race td')].map(t => t.textContent).join('') };",
    )
}

/// The race of the first view set to `algo` (`preset`, `seed`) and started, once its
/// algorithms are listed; then waited on until it ends.
fn race(browser: &Browser, algo: &str, preset: &str, seed: u64) -> Value {
    browser.until_js(
        "the race's algorithms listed",
        "const s = document.querySelector('.sudoscope-view .race-row select'); \
         return !!s && s.options.length > 5 && !s.closest('span').hidden;",
    );
    browser.eval(&format!(
        "const row = document.querySelector('.sudoscope-view .race-row'); \
         const [algo, preset] = row.querySelectorAll('select'); \
         algo.value = {algo:?}; preset.value = {preset:?}; \
         row.querySelector('input').value = '{seed}'; \
         row.querySelector('.race-go').click(); return true;"
    ));
    let began = Instant::now();
    loop {
        let r = race_ended(browser);
        // (the race asked for, not the one before it)
        if !r.is_null()
            && r["algo"] == json!(algo)
            && r["preset"] == json!(preset)
            && r["seed"] == json!(seed.to_string())
        {
            return r;
        }
        assert!(
            began.elapsed() < PATIENCE * 2,
            "the race never ended: {}",
            browser.eval(
                "return document.querySelector('.sudoscope-view .race-row').textContent + ' | ' + \
                 document.querySelector('.sudoscope-view .race').textContent"
            )
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn in_jupyterlab_a_built_in_races_the_students_run_from_its_first_board() {
    if !lab::available() {
        eprintln!("skipped: JupyterLab, anywidget and nbconvert are not installed");
        return;
    }
    let wasm = built_site::site().join("sudoscope.wasm");
    let work = tempfile::tempdir().unwrap();
    let py = repo("python").display().to_string();
    // top95's fourth: hard enough that the tuned search takes steps (propagation alone settles
    // the course's puzzle)
    let puzzle =
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
    // a student's first board: the givens, the blanks filled at random
    let mut rng = 7u64;
    let start: String = puzzle
        .chars()
        .map(|c| {
            if c != '.' {
                return c;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            char::from(b'1' + ((rng >> 33) % 9) as u8)
        })
        .collect();
    let student = format!(
        "# a student\nimport os, sys, random\nos.environ['SUDOSCOPE_PAGE_WASM'] = {wasm:?}\n\
         sys.path.insert(0, {py:?})\nfrom sudoscope import Trace\n\
         S = {puzzle:?}\nb = [int(c) for c in {start:?}]\nr = random.Random(1)\n\
         with Trace(S, 'mi búsqueda', start=b) as t:\n    \
         for i in range(300):\n        j = r.randrange(81)\n        \
         if S[j] == '.': b[j] = r.randint(1, 9)\n        t.step(b)\n    t.end('stuck')\n",
        wasm = wasm.display().to_string()
    );
    std::fs::write(work.path().join("carrera.ipynb"), notebook(&[student])).unwrap();
    let server = lab::Lab::start(work.path(), "es_AR.UTF-8");
    let browser = Browser::open("es-AR", 1400, 1000);
    open_notebook(&browser, &server, "carrera.ipynb", 1);
    run_cell(&browser, "# a student");
    let limit = PATIENCE * 4;
    views_until(&browser, limit, "the student's run ended", |v| {
        v.iter()
            .any(|v| v["title"].as_str().unwrap_or("").starts_with("mi búsqueda") && closed(v))
    });
    // what the program makes of the same settings, natively
    let native = |algo: &str, preset: &str, seed: u64| -> Value {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args([
                "solve", "-f", "json", "-p", puzzle, "--algo", algo, "--preset", preset,
            ])
            .args([
                "--seed",
                &seed.to_string(),
                "--start",
                &start,
                "--max-steps",
                "2000000",
            ])
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "sudoscope solve: {e}: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        })
    };
    let same = |r: &Value, n: &Value, what: &str| {
        assert_eq!(r["steps"], n["steps"], "{what}: steps\n{r}\n{n}");
        assert_eq!(r["cost"], n["cost"], "{what}: cost\n{r}\n{n}");
        assert_eq!(r["best"], n["best_cost"], "{what}: best cost\n{r}\n{n}");
        assert_eq!(r["end"], n["outcome"], "{what}: ending\n{r}\n{n}");
        if let Some(solution) = n["solution"].as_str() {
            assert_eq!(r["board"].as_str().unwrap(), solution, "{what}: the board");
        }
        // what the page shows is what the race holds, in the class's language
        let cells: String = r["board"].as_str().unwrap().to_string();
        assert_eq!(
            r["cells"].as_str().unwrap(),
            cells,
            "{what}: the race's grid"
        );
        let figures = r["figures"].as_str().unwrap();
        assert!(
            figures.contains(&format!("paso {}", n["steps"])) && figures.contains("terminó"),
            "{what}: {figures}"
        );
    };
    // the course's annealing, live beside the student's run
    browser.until_js(
        "the race ready, from the run's first board",
        "const n = document.querySelector('.sudoscope-view .race-note'); \
         return !!n && n.textContent === 'desde el primer tablero de la corrida';",
    );
    let raced = Instant::now();
    let annealing = race(&browser, "annealing", "classic", 5);
    eprintln!("the race: {annealing} in {:?}", raced.elapsed());
    same(
        &annealing,
        &native("annealing", "classic", 5),
        "annealing (classic), seed 5",
    );
    let steepest = race(&browser, "steepest", "classic", 2);
    same(
        &steepest,
        &native("steepest", "classic", 2),
        "steepest (classic), seed 2",
    );
    // saved, the kernel shut down, and reloaded: the run's page finds the module the browser
    // kept, with no kernel to give it, and races the same
    browser.chord(&["\u{E009}", "s"]);
    let file = work.path().join("carrera.ipynb");
    let saved = Instant::now();
    while !std::fs::read_to_string(&file)
        .unwrap_or_default()
        .contains("sudoscope-page")
    {
        assert!(
            saved.elapsed() < PATIENCE,
            "the notebook was never saved with its run"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    browser.go(&server.url("carrera.ipynb"));
    views_until(&browser, limit, "the run's page after a reload", |v| {
        v.iter()
            .any(|v| v["title"].as_str().unwrap_or("").starts_with("mi búsqueda") && closed(v))
    });
    let again = race(&browser, "annealing", "classic", 5);
    same(
        &again,
        &native("annealing", "classic", 5),
        "annealing after a reload",
    );
}

/// Any double the page is given (JSON carries every finite one) is drawn, clamped or left
/// out, in the figures, the chart and its legend: the page keeps drawing frames.
#[test]
fn the_view_draws_numbers_of_any_size() {
    let words: Value = serde_json::from_str(
        &std::fs::read_to_string(repo("python/sudoscope/view_words.json")).unwrap(),
    )
    .unwrap();
    let values = json!({
        "header": {"n": 9, "givens": vec![0; 81], "start": null, "algorithm": "enorme", "lang": "es"},
        "words": words["es"], "archive": [], "archived": 0, "closing": {},
    });
    let pages = Pages::serve(values);
    let browser = Browser::open("es-AR", 1200, 900);
    browser.go(&format!("http://127.0.0.1:{}/", pages.port));
    let began = Instant::now();
    while browser.eval("return window.ready === true") != json!(true) {
        assert!(began.elapsed() < PATIENCE, "the module never loaded");
        std::thread::sleep(Duration::from_millis(50));
    }
    let odd = [
        1.7e308,
        -1.7e308,
        5e-324,
        0.0,
        -0.0,
        1e-300,
        f64::MAX,
        -f64::MAX,
        123.456,
    ];
    let n = odd.len();
    let chunk = json!({
        "first": 0, "n": n,
        "ch": vec!["0a1"; n].join(","),
        "acc": "1".repeat(n),
        "cost": odd,
        "met": {"temperature": odd, "energía": odd.iter().rev().collect::<Vec<_>>()},
        "mv": vec![Value::Null; n],
        "pop": {"2": {"t": 3, "k": 0, "b": -1.7e308, "m": f64::MAX, "w": 1.7e308}},
    });
    browser.eval(&format!(
        "window.deliver(['msg', {{live: {chunk}}}]); return 1"
    ));
    wait_shown(
        &browser,
        ".state",
        |s| s.contains(&format!("{n} ")),
        "every step",
    );
    for k in 1..=n {
        slide_to(&browser, k);
    }
    slide_to(&browser, 1);
    let figures = shown(&browser, ".figures");
    assert!(figures.contains("temperatura 1,7e308"), "{figures}");
    slide_to(&browser, 3);
    let figures = shown(&browser, ".figures");
    assert!(
        figures.contains("población 3 · mejor -1,7e308"),
        "{figures}"
    );
    let legend = shown(&browser, ".legend");
    assert!(legend.contains("temperatura -1,8e308–1,8e308"), "{legend}");
    // frames are still drawn: a step moved to is shown
    slide_to(&browser, n);
}
