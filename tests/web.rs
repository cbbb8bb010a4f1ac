//! `sudoscope web` end to end: a server per test on a free port of 127.0.0.1, stopped when the
//! test ends; reached by a WebSocket client as a program would, and by headless Chromium
//! (driven through chromedriver) as a student's browser does: keys, a resize, a phone-sized
//! window with its touch keys, a dropped connection, the password form. Every wait is for what
//! the page or the log shows, bounded.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::Message;
use tungstenite::protocol::frame::coding::CloseCode;

const PASSWORD: &str = "test-class";
#[path = "common/browser.rs"]
mod browser;

use browser::{Browser, PATIENCE, http};

/// A `sudoscope web` process, stopped (SIGTERM, then SIGKILL) when dropped.
struct Server {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let banner = std::fs::File::create(dir.path().join("banner.txt")).unwrap();
        let log = dir.path().join("serve.log");
        let child = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args(["web", "--listen", "127.0.0.1", "--port", "0", "--password"])
            .arg(PASSWORD)
            .arg("--log")
            .arg(&log)
            .args(extra)
            .env("LANG", "C")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .stdin(Stdio::null())
            .stdout(banner)
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let mut s = Server {
            child,
            port: 0,
            dir,
        };
        let text = s.wait_for_log("(browsers)");
        let rest = text.split("listening on 127.0.0.1:").nth(1).unwrap();
        s.port = rest
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse()
            .unwrap();
        s
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("serve.log")).unwrap_or_default()
    }

    fn banner(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("banner.txt")).unwrap_or_default()
    }

    /// The link with the token the banner prints.
    fn link(&self) -> String {
        let began = Instant::now();
        loop {
            if let Some(l) = self
                .banner()
                .split_whitespace()
                .find(|w| w.starts_with("http://") && w.contains("#k="))
            {
                return l.to_string();
            }
            assert!(began.elapsed() < PATIENCE, "no link in the banner");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn token(&self) -> String {
        self.link().split("#k=").nth(1).unwrap().to_string()
    }

    fn wait_for_log(&mut self, what: &str) -> String {
        let began = Instant::now();
        loop {
            let log = self.log();
            if log.contains(what) {
                return log;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("the server exited ({status}); log:\n{log}");
            }
            assert!(
                began.elapsed() < PATIENCE,
                "the log never said {what:?}:\n{log}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// How many times the log says `what`.
    fn count(&self, what: &str) -> usize {
        self.log().matches(what).count()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // SAFETY: kill sends a signal to our own child.
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        let began = Instant::now();
        while began.elapsed() < Duration::from_secs(5) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

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
    // a dropped connection is made again: a new session, the screen back
    browser.eval("window.sudoscope.drop()");
    server.wait_for_log("session 2 starts");
    browser.shows("sudoku_7");
}

#[test]
fn on_a_phone_sized_screen_the_touch_keys_work_and_the_browser_picks_the_language() {
    let server = Server::start(&[]);
    let browser = Browser::phone("es-AR", 390, 844);
    browser.go(&server.link());
    browser.shows("sudoku_7");
    let (cols, _) = browser.size();
    assert!(
        cols >= 60,
        "the font shrinks so the screen fits a phone: {cols} columns"
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

/// The board's pictures over its WebSocket until one satisfies `check`; that picture.
fn board_until(port: u16, token: &str, what: &str, check: impl Fn(&Value) -> bool) -> Value {
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
    let began = Instant::now();
    let mut last = Value::Null;
    loop {
        match ws.read() {
            Ok(Message::Text(t)) => {
                last = serde_json::from_str(&t).unwrap();
                if check(&last) {
                    return last;
                }
            }
            Ok(Message::Close(c)) => panic!("the board closed: {c:?}"),
            _ => {}
        }
        assert!(
            began.elapsed() < PATIENCE,
            "the board never showed {what}: {last}"
        );
    }
}

fn entry<'a>(picture: &'a Value, name: &str) -> Option<&'a Value> {
    picture["entries"]
        .as_array()?
        .iter()
        .find(|e| e["name"] == name)
}

#[test]
fn a_students_own_search_shows_on_the_class_board_and_garbage_is_refused() {
    let server = Server::start(&[]);
    let token = server.token();
    // ana's own tab, opened first with the link the helper prints
    let browser = Browser::open("en-US", 1200, 800);
    let follow = format!("http://127.0.0.1:{}/#k={token}&t=ana", server.port);
    browser.go(&follow);
    browser.shows("ana: waiting for a search sent to the class board");
    let work = tempfile::tempdir().unwrap();
    let example = format!("{}/python/examples/steepest.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(&example)
        .args(["--seed", "1"])
        .current_dir(work.path())
        .env("SUDOSCOPE_TO", server.link())
        .env("SUDOSCOPE_STUDENT", "ana")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!said.contains("did not take"), "{out:?}");
    // the helper says where to watch it; that tab showed the run, to its end
    assert!(said.contains(&follow), "{said}");
    let shown = browser.shows("gradiente descendente");
    assert!(!shown.contains("waiting for a search"), "{shown}");
    let picture = board_until(server.port, &token, "ana's finished run", |p| {
        entry(p, "ana").is_some_and(|e| e["state"] != "running")
    });
    let ana = entry(&picture, "ana").unwrap();
    assert!(ana["state"] == "stuck" || ana["state"] == "solved", "{ana}");
    assert_eq!(ana["n"], 9);
    assert_eq!(ana["board"].as_str().unwrap().len(), 81);
    assert_eq!(ana["puzzle"], "sudoku_7");
    assert!(ana["step"].as_u64().unwrap() > 0);
    assert!(ana["curve"].as_array().unwrap().len() > 1);
    let best = ana["best"].as_u64().unwrap();
    let last_in_curve = ana["curve"].as_array().unwrap().last().unwrap().as_u64();
    assert!(best <= last_in_curve.unwrap());
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
    let picture = board_until(server.port, &token, "eve refused", |p| {
        entry(p, "eve").is_some_and(|e| e["state"] == "refused")
    });
    let eve = entry(&picture, "eve").unwrap();
    assert!(eve["note"].as_str().unwrap().starts_with("line 1"), "{eve}");
    // the lecturer's page: a card per search, one opened whole
    browser.go(&format!("http://127.0.0.1:{}/board#k={token}", server.port));
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
    browser.click(".card.refused");
    browser.until_visible("whole");
}

#[test]
fn with_keep_the_lecturer_keeps_each_run_sent_to_the_board() {
    let kept = tempfile::tempdir().unwrap();
    let folder = kept.path().join("runs");
    let server = Server::start(&["--keep", folder.to_str().unwrap()]);
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

#[path = "common/tmux.rs"]
mod tmux;

#[test]
fn a_tab_watches_the_lecturers_mirror_and_t_goes_on_alone() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("serve.log");
    let cmd = format!(
        "exec '{}' web --listen 127.0.0.1 --port 0 --password {PASSWORD} --no-token --mirror --paused --log '{}'",
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
