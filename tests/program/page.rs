//! sudoscope at a link: the page `sudoscope site` writes (the visualiser in WebAssembly, its
//! searches computed in the page), in headless Chromium as a student's browser opens it. The
//! page is built once for these tests (`sudoscope site`, which builds the module with cargo),
//! served from a folder on 127.0.0.1, and also opened from the disk as its single file. Every
//! wait is for what the page shows, bounded.

use std::process::Command;

use serde_json::json;

use crate::browser;
use crate::built_site;
use crate::static_site;
use crate::web_server;

use browser::{Browser, http};
use built_site::site;
use static_site::Site;
use web_server::Server;

/// The step a screen shows (`step 7451`, `paso 12`), if any.
fn step_on(screen: &str, word: &str) -> Option<u64> {
    screen
        .split(&format!("{word} "))
        .filter_map(|r| r.split_whitespace().next())
        .find_map(|n| n.parse::<u64>().ok())
}

/// The button that opens a lesson file covers no row of the screen.
fn assert_lesson_button_covers_nothing(browser: &Browser) {
    let apart = browser.eval(
        "const b = document.getElementById('lesson-open').getBoundingClientRect(); \
         const rows = [...document.querySelectorAll('#screen .row')].map((r) => r.getBoundingClientRect()); \
         return rows.length > 0 && rows.every((r) => r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right)",
    );
    assert_eq!(apart, json!(true), "the lesson button over the screen");
}

#[test]
fn the_page_is_the_visualiser_its_keys_work_and_it_pauses_and_steps() {
    let served = Site::serve(site());
    let browser = Browser::open("en-US", 1200, 800);
    browser.go(&served.url("index.html?speed=20"));
    let text = browser.shows("sudoku_7");
    assert!(text.contains("annealing"), "the default run: {text}");
    browser.shows("[running");
    // space pauses, s steps one move
    browser.key(" ");
    let paused = browser.shows("[paused");
    let before = step_on(&paused, "step").expect("a step count on screen");
    browser.key("s");
    browser.until("one more step", |t| step_on(t, "step") == Some(before + 1));
    // a picks another algorithm, from the board on screen
    browser.key("a");
    browser.shows("steepest");
    browser.key("\u{E00C}");
    // the screen fits the window: a row of text per row of cells
    let (cols, rows) = browser.size();
    let text = browser.screen();
    assert_eq!(text.lines().count() as u64, rows, "{cols}x{rows}");
    let (w, widest) = browser.widest_row();
    assert!(widest <= w, "a row {widest}px wide in a {w}px window");
    // the large digits' blocks fill their rows' whole height: a font's block fills its em,
    // and left a thin dark seam between a digit's rows
    let seams = browser.eval(
        "const b = [...document.querySelectorAll('#screen .blk')]; \
         return b.length === 0 ? 'no blocks' : b.filter((e) => \
           Math.abs(e.getBoundingClientRect().height \
             - e.closest('.row').getBoundingClientRect().height) > 0.5).length",
    );
    assert_eq!(seams, json!(0), "blocks shorter than their rows");
    // the button that opens a lesson file covers none of the screen
    assert_lesson_button_covers_nothing(&browser);
    // t: the light theme paints the screen white, and the page around it and its keys go white
    // with it; the next (mono) leaves the terminal's own colours, and the page its own dark
    let page_colours = "const bg = (el) => getComputedStyle(el).backgroundColor; \
         return bg(document.body) + ' / ' + bg(document.getElementById('keys')) + ' / ' + \
         getComputedStyle(document.getElementById('ended-text')).color";
    browser.key("t");
    browser.shows("light");
    browser.until_js_is(
        "the page white around a light screen",
        page_colours,
        json!("rgb(255, 255, 255) / rgb(228, 228, 228) / rgb(232, 232, 232)"),
    );
    browser.key("t");
    browser.shows("mono");
    browser.until_js_is(
        "the page dark again in mono",
        page_colours,
        json!("rgb(16, 16, 16) / rgb(32, 32, 32) / rgb(232, 232, 232)"),
    );
    browser.key("t");
    // a window too small even for the smallest letters: said as the page's, not a terminal's
    // (a window 300 px tall leaves headless Chromium's page 157 px; one 150 px tall, 7)
    browser.resize(200, 300);
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let small = browser.until("too small", |t| words(t).contains("the page is too small"));
    assert!(!words(&small).contains("terminal"), "{small}");
    // and it can be read there: the touch keys keep to one row (wrapped, they took the whole
    // page), and leave the screen a good part of the page
    let seen = browser.eval(
        "return [document.getElementById('screen').getBoundingClientRect().height, \
         window.innerHeight, new Set([...document.querySelectorAll('#keys button')] \
         .map((b) => Math.round(b.getBoundingClientRect().top))).size]",
    );
    let (screen_px, page_px) = (seen[0].as_f64().unwrap(), seen[1].as_f64().unwrap());
    assert_eq!(seen[2], json!(1), "the touch keys in one row");
    assert!(
        screen_px >= page_px / 3.0,
        "the screen is {screen_px}px tall in a page {page_px}px tall"
    );
    browser.resize(1200, 800);
    browser.shows("[paused");
    // `?paused` alone starts paused, as `--paused` does
    browser.go(&served.url("index.html?paused"));
    browser.shows("[paused");
}

#[test]
fn a_race_in_spanish_gets_the_rows_it_needs() {
    let served = Site::serve(site());
    let browser = Browser::open("es-AR", 1200, 800);
    browser.go(&served.url("index.html?race=steepest,genetic"));
    // three panes, each with its own search, in the browser's language
    let text = browser.until("the race", |t| {
        t.contains("gradiente (clás.)") && t.contains("genético (clás.)") && t.contains("paso")
    });
    assert!(!text.contains("es chica"), "{text}");
    // every pane drawn whole, with its figures: the font shrank as far as the race needed
    let figures = |t: &str| {
        t.split("paso ")
            .filter(|r| {
                let mut w = r.split_whitespace();
                w.next().is_some_and(|n| n.parse::<u64>().is_ok()) && w.next() == Some("costo")
            })
            .count()
    };
    let text = browser.until("three panes' figures", |t| figures(t) == 3);
    let (cols, rows) = browser.size();
    assert!(cols >= 72 && rows >= 22, "{cols}x{rows}\n{text}");
    // a window made wider, then narrow again (a lecturer moving it onto the projector): the
    // letters are as large as a fresh load gives, not kept at what the wider window needed
    let font = "return getComputedStyle(document.getElementById('screen')).fontSize";
    browser.go(&served.url("index.html?race=steepest,genetic,beam"));
    browser.resize(1024, 768);
    browser.until("the race of four", |t| figures(t) == 4);
    let fresh = browser.eval(font);
    browser.resize(1400, 800);
    browser.until_js_is("the letters at their largest", font, json!("15px"));
    browser.resize(1024, 768);
    browser.until_js_is("the letters of a fresh load", font, fresh);
}

#[test]
fn the_built_in_lesson_and_a_lesson_file_from_the_disk_play() {
    let served = Site::serve(site());
    let browser = Browser::open("en-US", 1200, 800);
    browser.go(&served.url("index.html?lesson=local-search"));
    browser.shows("38 givens");
    // PageDown: the next scene; N its speaker notes (the page is its reader's own screen)
    browser.key("\u{E00F}");
    browser.shows("Steepest descent takes the best neighbour");
    browser.key("N");
    browser.shows("Ask first: will it reach cost 0?");
    // a lesson of one's own, chosen from the disk
    let dir = tempfile::tempdir().unwrap();
    let open = |name: &str, text: &str| {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        browser.type_in("#lesson-file", file.to_str().unwrap());
    };
    open(
        "mine.toml",
        "title = \"Mine\"\n\n[[scene]]\ncaption = \"my own scene, beam search\"\nalgo = \"beam\"\nseed = 4\n",
    );
    let text = browser.shows("my own scene, beam search");
    assert!(text.contains("beam"), "{text}");
    // a lesson file with a mistake: said, with its line, and the lesson on screen runs on
    open(
        "bad.toml",
        "title = \"Bad\"\n\n[[scene]]\ncaption = \"x\"\nalgo = \"nope\"\n",
    );
    let said = browser.until_js(
        "the mistake",
        "const s = document.getElementById('status'); return !s.hidden && s.textContent",
    );
    let said = said.as_str().unwrap();
    assert!(
        said.starts_with("This lesson did not open, and what was on screen runs on:")
            && said.contains("bad.toml:")
            && said.contains("nope"),
        "{said}"
    );
    let at = step_on(&browser.screen(), "step").expect("a step count on screen");
    let text = browser.until("the lesson before running on", |t| {
        t.contains("my own scene, beam search") && step_on(t, "step") > Some(at)
    });
    assert!(text.contains("beam"), "{text}");
    // a key sends the notice away, and goes to the screen
    browser.key(" ");
    browser.shows("[paused");
    assert_eq!(
        browser.eval("return document.getElementById('status').hidden"),
        json!(true)
    );
    // a lesson's own language comes before the browser's (English here), as on the command line
    open(
        "es.toml",
        "title = \"Mi clase\"\nlang = \"es\"\n\n[[scene]]\ncaption = \"primera escena\"\nalgo = \"steepest\"\nseed = 2\n",
    );
    let text = browser.shows("primera escena");
    assert!(
        text.contains("escena 1/1"),
        "the screen in the lesson's language: {text}"
    );
    // and the page's own button with it
    let button = "return document.querySelector('#lesson-open span').textContent";
    browser.until_js_is(
        "the button in Spanish",
        button,
        json!("Abrir un archivo de clase…"),
    );
    // a scene that runs a class's program: the page runs none, says so, and no built-in search
    // moves under the scene's caption; the next scene runs as its own
    open(
        "yours.toml",
        "title = \"Yours\"\n\n[[scene]]\ncaption = \"your own descent\"\nwatch = \"python3 mine.py\"\n\n[[scene]]\ncaption = \"the course's descent\"\nalgo = \"steepest\"\n",
    );
    let text = browser.until("the scene's board", |t| {
        t.contains("your own descent") && step_on(t, "step").is_some()
    });
    // a lesson with no language of its own is in the browser's again, the button too
    assert_eq!(browser.eval(button), json!("Open a lesson…"));
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("which a web page cannot, so the board waits, paused"),
        "{text}"
    );
    assert!(text.contains("[paused"), "{text}");
    assert_eq!(step_on(&text, "step"), Some(0), "{text}");
    // run: the built-in search under the caption is named there as not the program
    browser.key(" ");
    let text = browser.shows("[running");
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("(its program does not run here; on screen: annealing (classic))"),
        "{text}"
    );
    browser.key("\u{E00F}");
    let text = browser.shows("the course's descent");
    assert!(text.contains("[running"), "{text}");
}

#[test]
fn the_page_speaks_of_itself_and_writes_to_the_browsers_downloads() {
    let served = Site::serve(site());
    let browser = Browser::open("en-US", 1200, 800);
    browser.go(&served.url("index.html?speed=20&paused"));
    browser.shows("sudoku_7");
    browser.catch_downloads();
    // help tells what the page does: one thread for an experiment, an SVG still, no files
    browser.key("?");
    let help = browser.shows("one after another on this page's one thread");
    assert!(help.contains("an SVG at this size"), "{help}");
    for wrong in ["all cores", "PNG", "a file, the puzzle text"] {
        assert!(!help.contains(wrong), "help says {wrong:?}: {help}");
    }
    browser.key("\u{E00C}");
    // no lesson: the page says how one is opened here, not with a command
    browser.key("\u{E00F}");
    let said = browser.shows("no lesson: open a lesson file with the button");
    assert!(!said.contains("sudoscope tui"), "{said}");
    // nor speaker notes, nor a program's error output (the page runs none)
    browser.key("N");
    browser.shows("no lesson is playing");
    browser.key("E");
    browser.shows("the page runs no program");
    // a path is no puzzle here, and the page says why
    browser.key("o");
    let opener = browser.shows("a built-in name (sudoku_7)");
    assert!(
        !opener.contains("a file") && !opener.contains("sudoscope puzzles"),
        "{opener}"
    );
    browser.keys("/etc/passwd\u{E007}");
    browser.shows("opens no file by its path");
    // a name not known is answered with the one meant, and the built-in ones
    browser.key("\u{E00C}");
    browser.key("o");
    browser.keys("sudoku_77\u{E007}");
    browser.shows("\"sudoku_77\" (did you mean sudoku_7?)");
    browser.key("\u{E00C}");
    // y: the view as the page's own address, on the clipboard (caught here), and the command
    browser.key("o");
    browser.keys("top95:4\u{E007}");
    browser.shows("top95:4");
    browser.eval(
        "window.copied = []; navigator.clipboard.writeText = (t) => { window.copied.push(t); \
         return Promise.resolve(); }; return true",
    );
    browser.key("y");
    let dialog = browser.shows("this address opens the same view in any browser");
    assert!(
        dialog.contains("sudoscope tui --puzzle top95:4"),
        "{dialog}"
    );
    let address = browser.until_js("the address copied", "return window.copied[0]");
    let address = address.as_str().unwrap().to_string();
    assert!(
        address.starts_with(&served.url("index.html?puzzle=top95:4&algo=annealing&")),
        "{address}"
    );
    // y then w: the command line, downloaded
    browser.shows("w downloads the command as a file");
    browser.key("w");
    browser.shows("downloaded as sudoscope-command.txt");
    browser.key("\u{E00C}");
    let (name, text) = browser.downloaded(1);
    assert_eq!(name, "sudoscope-command.txt");
    assert!(
        text.starts_with("sudoscope tui ") && text.contains("annealing") && text.ends_with('\n'),
        "{text:?}"
    );
    // y then a, twice: a lesson of two scenes, downloaded whole each time
    for n in 1..=2 {
        browser.key("y");
        browser.key("a");
        browser.shows(&format!("scene {n} added: lesson.toml"));
        browser.key("\u{E00C}");
    }
    let (name, lesson) = browser.downloaded(3);
    assert_eq!(name, "lesson.toml");
    assert_eq!(lesson.matches("[[scene]]").count(), 2, "{lesson}");
    // the lesson downloaded opens in the page, and a scene added to it goes to its own name
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("recorded.toml");
    std::fs::write(&file, &lesson).unwrap();
    browser.type_in("#lesson-file", file.to_str().unwrap());
    browser.shows("scene 1/2");
    browser.key("y");
    browser.key("a");
    browser.shows("scene 3 added: recorded.toml");
    let (name, more) = browser.downloaded(4);
    assert_eq!(name, "recorded.toml");
    assert!(
        more.starts_with(&lesson),
        "the file opened, then the scene: {more}"
    );
    assert_eq!(more.matches("[[scene]]").count(), 3, "{more}");
    // the address y gave opens that view again: its puzzle, its algorithm, paused at its seed
    browser.go(&address);
    let text = browser.shows("top95:4");
    assert!(
        text.contains("annealing (classic)") && text.contains("[paused"),
        "{text}"
    );
}

#[test]
fn a_wrong_setting_in_the_address_is_said_and_nothing_else_runs() {
    let served = Site::serve(site());
    let browser = Browser::open("en-US", 1000, 700);
    browser.go(&served.url("index.html?algo=annealling"));
    let said = browser.until_js(
        "the error",
        "const s = document.getElementById('status'); \
         return !s.hidden && s.textContent.includes('annealling') && s.textContent",
    );
    let said = said.as_str().unwrap();
    assert!(said.contains("annealling"), "{said}");
    assert!(said.contains("annealing"), "it says what would do: {said}");
    assert!(
        said.contains("algo:") && !said.contains("--"),
        "it names the address's key, not a flag the page's user never typed: {said}"
    );
    // in the page's language, naming the setting as the address writes it
    let error_in = |address: &str, words: &str| -> String {
        browser.go(&served.url(&format!("index.html?{address}")));
        let said = browser.until_js(
            words,
            &format!(
                "const s = document.getElementById('status'); \
                 return !s.hidden && s.textContent.includes({words:?}) && s.textContent"
            ),
        );
        said.as_str().unwrap().to_string()
    };
    let said = error_in("lang=es&algo=annealling", "algoritmo desconocido");
    assert!(said.contains("¿quisiste decir annealing?"), "{said}");
    let said = error_in("lang=pt&race=stepest", "algoritmo desconhecido");
    assert!(
        said.contains("race:") && said.contains("steepest"),
        "{said}"
    );
    // the page's own settings too, and a puzzle the page cannot open as a file
    error_in("foo=bar&lang=es", "foo: no es un ajuste de esta página");
    error_in("lang=pt&lesson=nope", "lesson=nope: não há aula incluída");
    let said = error_in("lang=es&puzzle=nope", "sudoku desconocido");
    assert!(said.contains("la página no abre archivos"), "{said}");
    let said = error_in(
        "lang=pt&speed=fast",
        "speed=fast: informe passos por segundo",
    );
    assert!(!said.contains("--speed"), "{said}");
    let said = error_in("lang=pt&set=t0%3D-1", "está fora");
    assert!(said.contains("t0"), "{said}");
    // `theme=Light` is light, as `lang=ES` is Spanish
    browser.go(&served.url("index.html?theme=Light&lang=ES"));
    browser.shows("semilla");
    browser.until_js(
        "the light theme",
        "return document.body.classList.contains('paper-light')",
    );
}

#[test]
fn on_a_phone_the_touch_keys_work() {
    let served = Site::serve(site());
    let browser = Browser::phone("pt-BR", 390, 844);
    browser.go(&served.url("index.html"));
    browser.shows("sudoku_7");
    assert_eq!(
        browser.eval("return document.getElementById('keys').hidden"),
        json!(false),
        "the touch keys show on a phone"
    );
    let (w, widest) = browser.widest_row();
    assert!(widest <= w, "a row {widest}px wide on a {w}px screen");
    browser.click("#keys button[data-send='?']");
    // the help, in the phone's language
    browser.shows("teclas");
    browser.click("#keys button[aria-label='Esc']");
    // o, then the phone's own keyboard (⌨) types the puzzle: its letters arrive as text, not
    // as keys the page knows
    browser.click("#keys button[data-send='o']");
    browser.shows("sudoku_7)");
    browser.click("#type-key");
    assert_eq!(
        browser.eval("return document.activeElement.id"),
        json!("typing"),
        "⌨ gives the phone's keyboard its field"
    );
    browser.eval(
        "const t = document.getElementById('typing'); t.value = 'top95:4\\n'; \
         t.dispatchEvent(new InputEvent('input', { data: 'top95:4', inputType: 'insertText' })); \
         return t.value",
    );
    browser.until("the puzzle typed", |t| {
        t.contains("top95:4") && !t.contains("sudoku_7")
    });
    // y gives the view's address, to send on
    browser.click("#keys button[data-send='y']");
    browser.shows("este endereço abre a mesma vista");
    browser.click("#keys button[aria-label='Esc']");
    // a lesson goes on by its touch key, PgDn
    browser.go(&served.url("index.html?lesson=local-search&lang=en"));
    browser.shows("38 givens");
    browser.click("#keys button[aria-label='PgDn']");
    browser.shows("Steepest descent takes the best neighbour");
    // the button that opens a lesson file covers none of the screen
    assert_lesson_button_covers_nothing(&browser);
}

#[test]
fn the_single_file_page_works_opened_from_the_disk() {
    let file = site().join("sudoscope.html");
    let browser = Browser::open("en-US", 1200, 800);
    browser.go(&format!("file://{}", file.display()));
    browser.shows("sudoku_7");
    browser.shows("[running");
    // nothing beside it was needed: the page fetched nothing
    let fetched = browser.eval(
        "return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => !n.startsWith('data:'))",
    );
    assert_eq!(fetched, json!([]), "the single file fetched {fetched}");
}

/// The ratio command's two sides (`python3 python/bench_wasm.py` takes them in turn, a family at
/// a time): the program and the page each measure the algorithm named, and only it; a name that
/// is no algorithm is refused by the program and measured as negative by the page.
#[test]
fn the_program_and_the_page_measure_a_named_family() {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
        .args([
            "bench",
            "families",
            "--algo",
            "steepest",
            "--seconds",
            "0.05",
        ])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    let rates: Vec<(&str, f64)> = said
        .lines()
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?, w.next()?.parse().ok()?))
        })
        .collect();
    assert_eq!(rates.len(), 1, "one algorithm measured: {said}");
    assert!(rates[0].0 == "steepest" && rates[0].1 > 0.0, "{said}");
    let served = Site::serve(site());
    let browser = Browser::open("en-US", 1000, 700);
    browser.go(&served.url("index.html"));
    browser.shows("sudoku_7");
    let rates = browser.call(
        "POST",
        "/execute/async",
        json!({
            "script": "const done = arguments[arguments.length - 1]; \
                       window.sudoscopeBench(0.05, ['steepest', 'nonesuch']).then(done);",
            "args": [],
        }),
    );
    let mut keys: Vec<&String> = rates.as_object().expect("rates by name").keys().collect();
    keys.sort();
    assert_eq!(keys, ["nonesuch", "steepest"], "{rates}");
    assert!(rates["steepest"].as_f64().unwrap() > 0.0, "{rates}");
    assert!(rates["nonesuch"].as_f64().unwrap() < 0.0, "{rates}");
}

#[test]
fn sudoscope_web_serves_the_page_and_its_tabs_compute_their_own_searches() {
    let dir = site().to_str().unwrap().to_string();
    let server = Server::start(&["--page", &dir]);
    let banner = server.banner();
    assert!(banner.contains("/page/"), "the banner says where: {banner}");
    let r = http(server.port, "GET", "/page/", &[], "");
    assert!(r.starts_with("HTTP/1.1 200"), "{}", &r[..r.len().min(300)]);
    assert!(
        r.contains("wasm-unsafe-eval"),
        "the module may be compiled by the page"
    );
    let r = http(server.port, "GET", "/page/../serve.log", &[], "");
    assert!(
        !r.starts_with("HTTP/1.1 200"),
        "nothing but the page's files"
    );
    let browser = Browser::open("en-US", 1200, 800);
    browser.go(&format!("http://127.0.0.1:{}/page/", server.port));
    browser.shows("sudoku_7");
    browser.shows("[running");
    // the tab's search runs in the tab: no session on the server
    assert_eq!(server.count("starts at"), 0, "{}", server.log());
    // a folder that is not a page is refused at the start, saying why
    let empty = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
        .args(["web", "--listen", "127.0.0.1", "--port", "0", "--page"])
        .arg(empty.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("index.html") && said.contains("sudoscope site"),
        "{said}"
    );
}
