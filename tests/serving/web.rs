//! `sudoscope web` end to end: a server per test on a free port of 127.0.0.1, stopped when the
//! test ends; reached by a WebSocket client as a program would, and by headless Chromium
//! (driven through chromedriver) as a student's browser does: keys, a resize, a phone-sized
//! window with its touch keys, a dropped connection, the password form. Every wait is for what
//! the page or the log shows, bounded.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::Message;
use tungstenite::protocol::frame::coding::CloseCode;

use crate::board_watch;
use crate::browser;
use crate::web_server;

use browser::{Browser, PATIENCE, http};
use web_server::{PASSWORD, Server};

/// A program's WebSocket to the server, with its screen kept by an in-memory terminal.
struct Tab {
    ws: tungstenite::WebSocket<TcpStream>,
    screen: vt100::Parser,
}

impl Tab {
    fn open(port: u16, hello: Value) -> Tab {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let (mut ws, _) =
            tungstenite::client(format!("ws://127.0.0.1:{port}/ws"), stream).expect("upgraded");
        ws.send(Message::text(json!({ "hello": hello }).to_string()))
            .unwrap();
        let (cols, rows) = (
            hello["cols"].as_u64().unwrap() as u16,
            hello["rows"].as_u64().unwrap() as u16,
        );
        Tab {
            ws,
            screen: vt100::Parser::new(rows, cols, 0),
        }
    }

    /// Read until the screen shows `what`; `Err` with the close code if the server closed.
    fn until(&mut self, what: &str) -> Result<String, Option<u16>> {
        let began = Instant::now();
        loop {
            let text = self.screen.screen().contents();
            if text.contains(what) {
                return Ok(text);
            }
            assert!(
                began.elapsed() < PATIENCE,
                "the screen never showed {what:?}:\n{text}"
            );
            match self.ws.read() {
                Ok(Message::Binary(b)) => self.screen.process(&b),
                Ok(Message::Close(c)) => return Err(c.map(|c| u16::from(c.code))),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return Err(None),
            }
        }
    }

    /// Read until the server closes; its close code.
    fn closed(&mut self) -> Option<u16> {
        match self.until("\u{0}never shown\u{0}") {
            Err(code) => code,
            Ok(_) => unreachable!(),
        }
    }

    fn keys(&mut self, bytes: &[u8]) {
        self.ws.send(Message::binary(bytes.to_vec())).unwrap();
    }
}

fn hello_token(token: &str) -> Value {
    json!({ "token": token, "cols": 120, "rows": 40, "lang": "en-US" })
}

#[test]
fn the_page_is_served_whole_from_the_binary_in_the_browsers_language() {
    let server = Server::start(&[]);
    let page = http(
        server.port,
        "GET",
        "/",
        &[("Accept-Language", "pt-BR,pt;q=0.9,en;q=0.5")],
        "",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<html lang=\"pt\">"), "{page}");
    assert!(page.contains("Senha da turma"));
    assert!(page.contains("content-security-policy: default-src 'self'"));
    let english = http(server.port, "GET", "/", &[], "");
    assert!(english.contains("<html lang=\"en\">"));
    let script = http(
        server.port,
        "GET",
        "/term.js",
        &[("Accept-Encoding", "gzip")],
        "",
    );
    assert!(script.starts_with("HTTP/1.1 200"));
    assert!(
        script.contains("content-encoding: gzip"),
        "the script is sent compressed"
    );
    // every file the two pages name is served by this server
    for page in ["/", "/board"] {
        let html = http(server.port, "GET", page, &[], "");
        let named: Vec<&str> = ["src=\"", "href=\""]
            .iter()
            .flat_map(|attr| html.split(attr).skip(1))
            .filter_map(|rest| rest.split('"').next())
            .filter(|p| p.starts_with('/'))
            .collect();
        assert!(named.contains(&"/link.js"), "{page}: {named:?}");
        for path in named {
            let r = http(server.port, "GET", path, &[], "");
            assert!(r.starts_with("HTTP/1.1 200"), "{page} names {path}: {r}");
        }
    }
    for path in [
        "/etc/passwd",
        "/../Cargo.toml",
        "/assets/web/term.js",
        "/ws/../term.js",
    ] {
        let r = http(server.port, "GET", path, &[], "");
        assert!(r.starts_with("HTTP/1.1 404"), "{path}: {r}");
    }
    // the banner: the link with its token, a code to scan, the password
    let banner = server.banner();
    assert!(banner.contains(&format!("http://127.0.0.1:{}/#k=", server.port)));
    assert!(banner.contains('▀') || banner.contains('▄'), "{banner}");
    assert!(banner.contains(PASSWORD));
}

#[test]
fn a_tab_with_the_token_gets_a_session_and_its_keys_work_like_a_terminals() {
    let server = Server::start(&[]);
    let mut tab = Tab::open(server.port, hello_token(&server.token()));
    tab.until("sudoku_7").unwrap();
    tab.until("[running").unwrap();
    tab.keys(b" ");
    tab.until("[paused").unwrap();
    // a resize is a message of its own; the screen is drawn again at the new size
    tab.ws
        .send(Message::text(json!({ "size": [90, 30] }).to_string()))
        .unwrap();
    tab.screen.screen_mut().set_size(30, 90);
    tab.until("sudoku_7").unwrap();
    tab.keys(b"q");
    tab.until("goodbye").unwrap();
    assert_eq!(tab.closed(), Some(1000));
    server_ends(&server, "session 1 ends: quit");
}

fn server_ends(server: &Server, what: &str) {
    let began = Instant::now();
    while !server.log().contains(what) {
        assert!(
            began.elapsed() < PATIENCE,
            "the log never said {what:?}:\n{}",
            server.log()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn wrong_tokens_and_passwords_are_refused_and_a_silent_tab_is_closed() {
    let server = Server::start(&[]);
    for hello in [
        json!({ "token": "0123", "cols": 80, "rows": 24 }),
        json!({ "password": "nope", "cols": 80, "rows": 24 }),
        json!({ "cols": 80, "rows": 24 }),
    ] {
        let mut tab = Tab::open(server.port, hello.clone());
        assert_eq!(tab.closed(), Some(4001), "{hello}");
    }
    // the password works where no token is given
    let mut tab = Tab::open(
        server.port,
        json!({ "password": PASSWORD, "cols": 80, "rows": 24 }),
    );
    tab.until("sudoku_7").unwrap();
    // not JSON: closed as a protocol error, no session
    let stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    let (mut ws, _) =
        tungstenite::client(format!("ws://127.0.0.1:{}/ws", server.port), stream).unwrap();
    ws.send(Message::text("hello?")).unwrap();
    match ws.read() {
        Ok(Message::Close(Some(c))) => assert_eq!(c.code, CloseCode::Policy),
        other => panic!("expected a close, got {other:?}"),
    }
    // another site's page may not open a session
    let r = http(
        server.port,
        "GET",
        "/ws",
        &[
            ("Origin", "http://evil.example"),
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade"),
            ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ],
        "",
    );
    assert!(r.starts_with("HTTP/1.1 403"), "{r}");
    assert_eq!(server.count("session 2 starts"), 0, "{}", server.log());
}

#[test]
fn the_browsers_language_is_the_sessions_unless_the_lecturer_chose_one() {
    let server = Server::start(&[]);
    let mut es = Tab::open(
        server.port,
        json!({ "token": server.token(), "cols": 120, "rows": 40, "lang": "es-AR" }),
    );
    es.until("costo").unwrap();
    drop(server);
    let chosen = Server::start(&["--lang", "pt"]);
    let mut pt = Tab::open(
        chosen.port,
        json!({ "token": chosen.token(), "cols": 120, "rows": 40, "lang": "es-AR" }),
    );
    pt.until("custo").unwrap();
}

#[test]
fn stopping_the_server_says_goodbye_to_every_tab() {
    let mut server = Server::start(&[]);
    let mut tab = Tab::open(server.port, hello_token(&server.token()));
    tab.until("sudoku_7").unwrap();
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
    // the screen left (the alternate screen off), the tab closed as the class being over
    assert_eq!(tab.closed(), Some(1001));
    assert!(!tab.screen.screen().alternate_screen());
    let began = Instant::now();
    while server.child.try_wait().unwrap().is_none() {
        assert!(began.elapsed() < PATIENCE, "the server did not stop");
        std::thread::sleep(Duration::from_millis(20));
    }
}

// ---- in a real browser ----

/// Headless Chromium through chromedriver (W3C WebDriver, spoken over plain HTTP).
#[test]
fn in_chromium_the_screen_is_text_that_follows_keys_and_the_windows_size() {
    let mut server = Server::start(&[]);
    let browser = Browser::open("en-US", 1200, 800);
    browser.go(&server.link());
    let text = browser.shows("sudoku_7");
    assert!(text.contains("[running"), "{text}");
    // keys as a terminal sends them: space pauses, s steps one move
    browser.key(" ");
    browser.shows("[paused");
    let step = |t: &str| {
        t.split("step ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok())
    };
    let before = step(&browser.screen()).expect("a step count on screen");
    browser.key("s");
    browser.until("one more step", |t| step(t) == Some(before + 1));
    // the screen follows the window: fewer cells, and the session drawn at that size
    let (cols, rows) = browser.size();
    browser.resize(900, 650);
    let began = Instant::now();
    while browser.size() == (cols, rows) {
        assert!(began.elapsed() < PATIENCE, "the page kept its size");
        std::thread::sleep(Duration::from_millis(50));
    }
    let (c2, r2) = browser.size();
    assert!(c2 < cols && r2 < rows, "{cols}x{rows} then {c2}x{r2}");
    let text = browser.shows("sudoku_7");
    assert_eq!(text.lines().count() as u64, r2, "one line of text per row");
    assert!(text.lines().all(|l| l.chars().count() as u64 <= c2));
    let (w, widest) = browser.widest_row();
    assert!(widest <= w, "a row {widest}px wide in a {w}px window");
    // a dropped connection is made again to the same session: still paused on the same step
    let paused = browser.screen();
    browser.eval("window.sudoscope.drop()");
    server.wait_for_log("browser back to its session");
    let back = browser.until("the session as it was", |t| {
        t.contains("[paused") && step(t) == step(&paused)
    });
    assert_eq!(
        server.count("session 2 starts"),
        0,
        "no new session:\n{}",
        server.log()
    );
    assert!(back.contains("sudoku_7"));
}

#[test]
fn on_a_phone_sized_screen_the_touch_keys_work_and_the_browser_picks_the_language() {
    let server = Server::start(&[]);
    let browser = Browser::phone("es-AR", 390, 844);
    browser.go(&server.link());
    let text = browser.shows("sudoku_7");
    let (cols, _) = browser.size();
    assert!(
        cols >= 60,
        "the font shrinks so the screen fits a phone: {cols} columns"
    );
    // held upright, the grid goes across the screen and the panels are below it
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let top = lines
        .iter()
        .position(|l| l.iter().collect::<String>().contains("┌ sudoku_7"))
        .unwrap_or_else(|| panic!("no grid:\n{text}"));
    let left = lines[top].iter().position(|&c| c == '┌').unwrap();
    let right = lines[top].iter().position(|&c| c == '┐').unwrap();
    assert!(
        (right - left + 1) * 5 >= cols as usize * 4,
        "the grid {} of {cols} columns wide:\n{text}",
        right - left + 1
    );
    let bottom = (top + 1..lines.len())
        .find(|&r| lines[r].get(left) == Some(&'└'))
        .unwrap_or_else(|| panic!("the grid has no bottom:\n{text}"));
    assert!(
        (bottom + 1..lines.len()).any(|r| lines[r].first() == Some(&'┌')),
        "no panel below the grid:\n{text}"
    );
    // every row fits the phone's width: nothing cut at the right
    let (w, widest) = browser.widest_row();
    assert_eq!(w, 390.0, "the phone's viewport");
    assert!(widest <= w, "a row {widest}px wide on a {w}px screen");
    assert_eq!(
        browser.eval("return document.getElementById('keys').hidden"),
        json!(false),
        "the touch keys show on a narrow screen"
    );
    browser.click("#keys button[data-send='?']");
    // the help, in the browser's language
    browser.shows("teclas");
}

#[test]
fn without_the_token_the_page_asks_for_the_password() {
    let server = Server::start(&[]);
    let browser = Browser::open("en-US", 1000, 700);
    browser.go(&format!("http://127.0.0.1:{}/", server.port));
    browser.until_visible("login");
    browser.type_in("#password", "wrong");
    browser.click("#login button");
    browser.until_visible("wrong");
    browser.type_in("#password", PASSWORD);
    browser.click("#login button");
    browser.shows("sudoku_7");
}

// ---- the class board ----

/// The step a screen shows (`step 7451`), if any.
fn step_on(screen: &str) -> Option<u64> {
    screen
        .split("step ")
        .filter_map(|r| r.split_whitespace().next())
        .find_map(|n| n.parse::<u64>().ok())
}

#[test]
fn a_students_own_search_shows_on_the_class_board_and_garbage_is_refused() {
    let server = Server::start(&[]);
    let token = server.token();
    let lecturer = server.lecturer_token();
    assert_ne!(
        token, lecturer,
        "the students' link does not open the board"
    );
    // the course's steepest descent, over in well under a second, sent with the helper's own
    // code
    let work = tempfile::tempdir().unwrap();
    let example = format!("{}/python/examples/steepest.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(&example)
        .args(["--seed", "1"])
        .current_dir(work.path())
        .env("SUDOSCOPE_TO", server.link())
        .env("SUDOSCOPE_STUDENT", "ana")
        .env("SUDOSCOPE_KEY", "ana-secret-0123456789")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!said.contains("did not take"), "{out:?}");
    let mut board =
        board_watch::BoardWatch::open(server.port, &lecturer).expect("the lecturer's board");
    let cards = board.until("ana's finished run", |c| {
        c.iter()
            .any(|e| e["name"] == "ana" && e["state"] != "running")
    });
    let ana = cards.iter().find(|e| e["name"] == "ana").unwrap();
    assert!(ana["state"] == "stuck" || ana["state"] == "solved", "{ana}");
    assert_eq!(ana["n"], 9);
    assert_eq!(ana["board"].as_str().unwrap().len(), 81);
    assert_eq!(ana["puzzle"], "sudoku_7");
    let steps = ana["step"].as_u64().unwrap();
    assert!(steps > 0);
    assert!(ana["curve"].as_array().unwrap().len() > 1);
    let best = ana["best"].as_u64().unwrap();
    let last_in_curve = ana["curve"].as_array().unwrap().last().unwrap().as_u64();
    assert!(best <= last_in_curve.unwrap());
    // the link the helper printed, opened after the run ended: the run, replayed from its
    // start, to the same step the board says
    let follow = said
        .split_whitespace()
        .find(|w| w.starts_with("http://") && w.contains("t=ana"))
        .unwrap_or_else(|| panic!("no link to watch the run: {said}"));
    assert!(
        follow.contains("&s="),
        "the link names its sender: {follow}"
    );
    let browser = Browser::open("en-US", 1200, 800);
    browser.go(follow);
    let shown = browser.until("the whole run, to its last step", |t| {
        t.contains("gradiente descendente") && step_on(t) == Some(steps)
    });
    assert!(!shown.contains("waiting for a search"), "{shown}");
    // not the class's: refused before a line is read
    let r = http(
        server.port,
        "POST",
        "/trace?name=eve",
        &[("Authorization", "Bearer nope")],
        "{}\n",
    );
    assert!(r.starts_with("HTTP/1.1 401"), "{r}");
    // the class's, but not a trace: on the board as refused, with where and why
    let r = http(
        server.port,
        "POST",
        "/trace?name=eve",
        &[("Authorization", &format!("Bearer {token}"))],
        "import os\nos.system('echo pwned')\n",
    );
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    let cards = board.until("eve refused", |c| {
        c.iter()
            .any(|e| e["name"] == "eve" && e["state"] == "refused")
    });
    let eve = cards.iter().find(|e| e["name"] == "eve").unwrap();
    assert!(eve["note"].as_str().unwrap().starts_with("line 1"), "{eve}");
    // the students' link does not open the board, and the page says why
    assert_eq!(
        board_watch::BoardWatch::open(server.port, &token).err(),
        Some(Some(4003))
    );
    browser.go(&format!("http://127.0.0.1:{}/board#k={token}", server.port));
    browser.until_visible("badlink");
    // a key that is not this server's: said to be an old or mistyped link
    browser.go(&format!(
        "http://127.0.0.1:{}/board#k=0123456789abcdef0123456789abcdef",
        server.port
    ));
    browser.until_visible("badkey");
    // the lecturer's page: a card per search, one opened whole
    browser.go(&server.lecturer_link());
    let cards = || {
        browser
            .eval("return document.getElementById('cards').innerText")
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    let began = Instant::now();
    while !(cards().contains("ana") && cards().contains("eve")) {
        assert!(began.elapsed() < PATIENCE, "no cards: {}", cards());
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(cards().contains("not a trace"), "{}", cards());
    // what is not a trace comes last
    assert!(cards().find("ana") < cards().find("eve"), "{}", cards());
    browser.click(".card.refused");
    browser.until_visible("whole");
}

#[test]
fn with_keep_the_lecturer_keeps_each_run_sent_to_the_board() {
    let kept = tempfile::tempdir().unwrap();
    let folder = kept.path().join("runs");
    let server = Server::start(&["--keep", folder.to_str().unwrap(), "--keep-max-files", "2"]);
    let token = server.token();
    let trace = "{\"sudoscope_trace\":\"1.0\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"mine\"}\n\
                 {\"step\":1,\"changed\":[[1,2]]}\n{\"end\":\"stuck\",\"steps\":1}\n";
    let r = http(
        server.port,
        "POST",
        "/trace?name=ana",
        &[("Authorization", &format!("Bearer {token}"))],
        trace,
    );
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    let files: Vec<_> = std::fs::read_dir(&folder).unwrap().flatten().collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(std::fs::read_to_string(files[0].path()).unwrap(), trace);
    // past its cap on files, the board goes on and the log says the folder is full, once
    for name in ["bea", "cai"] {
        let r = http(
            server.port,
            "POST",
            &format!("/trace?name={name}"),
            &[("Authorization", &format!("Bearer {token}"))],
            trace,
        );
        assert!(r.starts_with("HTTP/1.1 200"), "{r}");
    }
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 2);
    assert_eq!(server.count("--keep is full"), 1, "{}", server.log());
}

/// A trace sent as the Python helper sends it: one chunked POST, written a piece at a time.
struct Sending(TcpStream);

impl Sending {
    fn start(port: u16, name: &str, token: &str) -> Sending {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let head = format!(
            "POST /trace?name={name} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
             Authorization: Bearer {token}\r\nTransfer-Encoding: chunked\r\n\r\n"
        );
        s.write_all(head.as_bytes()).unwrap();
        Sending(s)
    }

    fn lines(&mut self, text: &str) {
        let chunk = format!("{:x}\r\n{text}\r\n", text.len());
        self.0.write_all(chunk.as_bytes()).unwrap();
    }

    fn finish(mut self) -> String {
        self.0.write_all(b"0\r\n\r\n").unwrap();
        self.0.set_read_timeout(Some(PATIENCE)).unwrap();
        let mut reply = String::new();
        let _ = self.0.read_to_string(&mut reply);
        reply
    }
}

#[test]
fn a_tab_with_t_shows_the_students_own_runs_live_as_they_are_sent() {
    let server = Server::start(&[]);
    let token = server.token();
    let mut hello = hello_token(&token);
    hello["follow"] = json!("ana");
    let mut tab = Tab::open(server.port, hello);
    // before anything is sent: what the tab waits for
    tab.until("ana: waiting for a search sent to the class board")
        .unwrap();
    let mut run = Sending::start(server.port, "ana", &token);
    run.lines(
        "{\"sudoscope_trace\":\"1.0\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"ana's descent\"}\n",
    );
    // someone else's run does not show here
    let mut other = Sending::start(server.port, "bruno", &token);
    other
        .lines("{\"sudoscope_trace\":\"1.0\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"bruno's\"}\n");
    for step in 1..=40 {
        run.lines(&format!(
            "{{\"step\":{step},\"changed\":[[1,{}]],\"cost\":{}}}\n",
            1 + step % 9,
            100 - step
        ));
    }
    let shown = tab.until("ana's descent").unwrap();
    assert!(!shown.contains("bruno's"), "{shown}");
    // it is replayed as it comes, step by step, up to the last one sent
    tab.until("steps received 40").unwrap();
    run.lines("{\"end\":\"stuck\",\"steps\":40}\n");
    assert!(run.finish().starts_with("HTTP/1.1 200"));
    let ended = tab.until("stuck").unwrap();
    assert!(!ended.contains("bruno's"), "{ended}");
    // a cell run again: the same tab shows the new run
    let mut again = Sending::start(server.port, "ana", &token);
    again.lines(
        "{\"sudoscope_trace\":\"1.0\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"ana's second try\"}\n{\"step\":1,\"changed\":[[1,3]]}\n",
    );
    tab.until("ana's second try").unwrap();
    drop(other);
    drop(again);
}

use crate::tmux;

/// A tab watches the lecturer's screen, each in its own language (the lesson's caption too:
/// the class chose none), and `t` gives it a session of its own.
#[test]
fn a_tab_watches_the_lecturers_mirror_and_t_goes_on_alone() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("serve.log");
    let cmd = format!(
        "exec '{}' web --listen 127.0.0.1 --port 0 --password {PASSWORD} --no-token --mirror --lesson local-search --log '{}'",
        env!("CARGO_BIN_EXE_sudoscope"),
        log.display()
    );
    let lecturer = tmux::Tmux::start("web-mirror", 120, 40, &cmd);
    let began = Instant::now();
    let port: u16 = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if let Some(rest) = text.split("listening on 127.0.0.1:").nth(1) {
            break rest
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect::<String>()
                .parse()
                .unwrap();
        }
        assert!(began.elapsed() < PATIENCE, "the server did not start");
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut tab = Tab::open(
        port,
        json!({ "password": PASSWORD, "cols": 100, "rows": 30, "lang": "en" }),
    );
    tab.until("watching the lecturer's screen").unwrap();
    tab.until("The puzzle: 38 givens").unwrap();
    let mut spanish = Tab::open(
        port,
        json!({ "password": PASSWORD, "cols": 100, "rows": 30, "lang": "es" }),
    );
    spanish.until("mirando la pantalla del docente").unwrap();
    let shown = spanish.until("El sudoku: 38 celdas fijas").unwrap();
    assert!(!shown.contains("The puzzle"), "{shown}");
    drop(spanish);
    // the lecturer's key shows on the tab's screen
    lecturer.keys(&["a"]);
    tab.until("algorithm").unwrap();
    lecturer.keys(&["Escape"]);
    // t: a session of the tab's own, from the board on screen
    tab.keys(b"t");
    tab.until("space run/pause").unwrap();
    // the lecturer ends the class (q asks first): the tab is told the class is over
    lecturer.keys(&["q"]);
    lecturer.keys(&["q"]);
    assert_eq!(tab.closed(), Some(1001));
}

/// Read from `s` until the server closes it; how long that took.
fn closed_after(mut s: TcpStream, dribble: bool) -> Duration {
    let began = Instant::now();
    s.set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    let mut buf = [0u8; 1024];
    loop {
        assert!(
            began.elapsed() < PATIENCE,
            "the server kept the connection open"
        );
        if dribble {
            // a header a byte at a time, never ended
            if s.write_all(b"x").is_err() {
                return began.elapsed();
            }
        }
        match s.read(&mut buf) {
            Ok(0) => return began.elapsed(),
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return began.elapsed(),
        }
    }
}

#[test]
fn idle_connections_and_slow_headers_are_closed() {
    let server = Server::start(&[]);
    let port = server.port;
    let silent = std::thread::spawn(move || {
        closed_after(TcpStream::connect(("127.0.0.1", port)).unwrap(), false)
    });
    let slow = std::thread::spawn(move || {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            .unwrap();
        closed_after(s, true)
    });
    // a request answered, then nothing more on its connection
    let kept = std::thread::spawn(move || {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.write_all(b"GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            .unwrap();
        closed_after(s, false)
    });
    for (what, t) in [
        ("silent", silent),
        ("slow", slow),
        ("idle after a request", kept),
    ] {
        let took = t.join().unwrap();
        // closed after the server's 10 s for a request's headers, not at once
        assert!(
            took >= Duration::from_secs(5),
            "{what}: closed after {took:?}"
        );
    }
    // and the server still serves
    let r = http(port, "GET", "/style.css", &[], "");
    assert!(r.starts_with("HTTP/1.1 200"), "{r}");
}

/// A trace's first line, sent from `forwarded` (as a proxy says it) by its own sender; the
/// status line of the answer when the server refuses it at once, else `None` (taken).
fn trace_from(port: u16, token: &str, name: &str, forwarded: &str) -> (Option<String>, TcpStream) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let head = format!(
        "POST /trace?name={name} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Authorization: Bearer {token}\r\nX-Sudoscope-Key: {name}-secret-0123456789\r\n\
         X-Forwarded-For: {forwarded}\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    s.write_all(head.as_bytes()).unwrap();
    let line = "{\"sudoscope_trace\":\"1.0\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"mine\"}\n";
    s.write_all(format!("{:x}\r\n{line}\r\n", line.len()).as_bytes())
        .unwrap();
    s.set_read_timeout(Some(Duration::from_millis(1500)))
        .unwrap();
    let mut buf = [0u8; 512];
    let said = match s.read(&mut buf) {
        Ok(n) if n > 0 => Some(
            String::from_utf8_lossy(&buf[..n])
                .lines()
                .next()
                .unwrap_or("")
                .to_string(),
        ),
        _ => None,
    };
    (said, s)
}

#[test]
fn a_class_behind_one_address_is_limited_by_the_lecturers_option_and_a_trusted_proxy() {
    // behind a proxy the lecturer names: each student's own address counts
    let server = Server::start(&["--traces-per-address", "2", "--trust-proxy", "127.0.0.1"]);
    let token = server.token();
    let (a, _a) = trace_from(server.port, &token, "ana", "10.0.0.1");
    let (b, _b) = trace_from(server.port, &token, "bea", "10.0.0.1");
    assert_eq!(
        (a, b),
        (None, None),
        "two from one student's address are taken"
    );
    let (c, _c) = trace_from(server.port, &token, "cai", "10.0.0.1");
    assert_eq!(c.as_deref(), Some("HTTP/1.1 429 Too Many Requests"));
    let (d, _d) = trace_from(server.port, &token, "dan", "10.0.0.2");
    assert_eq!(d, None, "another student behind the proxy is taken");
    // without --trust-proxy, what a client says it forwards is not believed
    let plain = Server::start(&["--traces-per-address", "2"]);
    let token = plain.token();
    let (a, _a) = trace_from(plain.port, &token, "ana", "10.0.0.1");
    let (b, _b) = trace_from(plain.port, &token, "bea", "10.0.0.2");
    let (c, _c) = trace_from(plain.port, &token, "cai", "10.0.0.3");
    assert_eq!((a, b), (None, None));
    assert_eq!(c.as_deref(), Some("HTTP/1.1 429 Too Many Requests"));
}

#[test]
fn a_tab_that_watches_its_students_runs_is_never_closed_as_idle() {
    let server = Server::start(&["--idle-timeout", "2s"]);
    let token = server.token();
    let mut hello = hello_token(&token);
    hello["follow"] = json!("ana");
    let mut watching = Tab::open(server.port, hello);
    watching
        .until("ana: waiting for a search sent to the class board")
        .unwrap();
    let mut plain = Tab::open(server.port, hello_token(&token));
    plain.until("sudoku_7").unwrap();
    // a session with no key for the idle time is closed...
    assert_eq!(plain.closed(), Some(1000));
    // ...the one that watches, as long without a key, still shows the run that comes
    let mut run = Sending::start(server.port, "ana", &token);
    run.lines(
        "{\"sudoscope_trace\":\"1.0\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"ana's late run\"}\n",
    );
    watching.until("ana's late run").unwrap();
    run.lines("{\"end\":\"stuck\",\"steps\":0}\n");
    assert!(run.finish().starts_with("HTTP/1.1 200"));
}
