//! A browser for the tests: headless Chromium driven through chromedriver on 127.0.0.1, and a
//! plain HTTP request on loopback.
#![allow(dead_code)]

use std::cell::Cell;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a test waits for what it expects, at most.
pub const PATIENCE: Duration = Duration::from_secs(40);

/// A plain HTTP request on loopback: the status line, headers and body.
pub fn http(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(PATIENCE)).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !headers.iter().any(|(k, _)| *k == "Connection") {
        req += "Connection: close\r\n";
    }
    for (k, v) in headers {
        req += &format!("{k}: {v}\r\n");
    }
    if !body.is_empty() {
        req += "Content-Type: application/json\r\n";
    }
    req += "\r\n";
    req += body;
    s.write_all(req.as_bytes()).unwrap();
    // read the headers, then the body's length when it is given (the connection may stay open)
    let mut out = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        let n = s.read(&mut buf).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&out).to_ascii_lowercase();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            if length.is_some_and(|l| out.len() >= end + 4 + l) {
                break;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    _profile: tempfile::TempDir,
    /// Counted at work until it has closed (dropped after `drop` has ended chromedriver).
    _turn: Turn,
}

/// The browsers and servers at work in this test process, and the turn a load test takes to
/// have the machine to itself ([`alone`]): frames a second measured on a two-core machine are a
/// measure of that machine, and a browser rendering or another test's server computing beside
/// them takes much of it.
static WORKING: Mutex<usize> = Mutex::new(0);
static ALL_CLOSED: Condvar = Condvar::new();
static ALONE: Mutex<()> = Mutex::new(());

thread_local! {
    /// This thread holds the machine ([`alone`]): what it starts is the load test's own.
    static MEASURING: Cell<bool> = const { Cell::new(false) };
}

/// One browser or server at work, while it lives (take it before starting the process).
pub struct Turn {
    counted: bool,
}

impl Turn {
    pub fn take() -> Turn {
        // the load test's own server does not wait for the load test
        if MEASURING.with(Cell::get) {
            return Turn { counted: false };
        }
        // another waits for a load test's measure to end
        let _alone = ALONE.lock().unwrap_or_else(|e| e.into_inner());
        *WORKING.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        Turn { counted: true }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        if self.counted {
            *WORKING.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
            ALL_CLOSED.notify_all();
        }
    }
}

/// The machine held by a load test, until dropped.
pub struct Alone {
    _turn: MutexGuard<'static, ()>,
}

impl Drop for Alone {
    fn drop(&mut self) {
        MEASURING.with(|m| m.set(false));
    }
}

/// The machine to a load test, as far as this process goes: waits until no browser or server
/// of another test is at work, then holds every new one back until the guard is dropped. (It
/// never holds one back while it waits, so a test that starts a second is never stuck behind
/// it.) The servers this thread starts meanwhile are the load test's own and do not wait.
pub fn alone() -> Alone {
    loop {
        let turn = ALONE.lock().unwrap_or_else(|e| e.into_inner());
        let working = WORKING.lock().unwrap_or_else(|e| e.into_inner());
        if *working == 0 {
            MEASURING.with(|m| m.set(true));
            return Alone { _turn: turn };
        }
        drop(turn);
        let _closed = ALL_CLOSED
            .wait_while(working, |n| *n > 0)
            .unwrap_or_else(|e| e.into_inner());
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A WebDriver answer, short enough for a failure's message (null: no answer in time).
fn brief(v: &Value) -> String {
    let text = match v.get("message") {
        Some(m) => format!("{}: {}", v["error"], m),
        None => v.to_string(),
    };
    text.chars().take(300).collect()
}

impl Browser {
    pub fn open(lang: &str, width: u32, height: u32) -> Browser {
        Browser::start(lang, width, height, false)
    }

    /// A phone: a viewport of `width` x `height` CSS pixels at three device pixels each, a
    /// touch screen, the page's viewport settings honoured.
    pub fn phone(lang: &str, width: u32, height: u32) -> Browser {
        Browser::start(lang, width, height, true)
    }

    pub fn start(lang: &str, width: u32, height: u32, phone: bool) -> Browser {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            assert!(
                std::path::Path::new(tool).exists(),
                "{tool} is missing: install Debian's chromium and chromium-driver (.ci/run does)"
            );
        }
        let port = free_port();
        let driver = Command::new("/usr/bin/chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = tempfile::tempdir().unwrap();
        let began = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(began.elapsed() < PATIENCE, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    format!("--lang={lang}"),
                    format!("--user-data-dir={}", profile.path().display()),
                    format!("--window-size={width},{height}"),
                ],
                "prefs": { "intl.accept_languages": lang },
            }
        }}});
        let mut caps = caps;
        if phone {
            caps["capabilities"]["alwaysMatch"]["goog:chromeOptions"]["mobileEmulation"] = json!({
                "deviceMetrics": {
                    "width": width, "height": height, "pixelRatio": 3.0,
                    "touch": true, "mobile": true
                }
            });
        }
        let mut b = Browser {
            driver,
            port,
            session: String::new(),
            _profile: profile,
            _turn: Turn::take(),
        };
        let r = b.call("POST", "/session", caps);
        b.session = r["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {r}"))
            .to_string();
        b
    }

    /// WebDriver's answer to a command (its `value`); `None` when it gave none that reads as
    /// one within [`PATIENCE`].
    fn answer(&self, method: &str, path: &str, body: Value) -> Option<Value> {
        let path = if path == "/session" {
            path.to_string()
        } else {
            format!("/session/{}{path}", self.session)
        };
        let body = if body.is_null() {
            String::new()
        } else {
            body.to_string()
        };
        let r = http(self.port, method, &path, &[], &body);
        let json = r.split("\r\n\r\n").nth(1).unwrap_or("");
        let v: Value = serde_json::from_str(json).ok()?;
        Some(v["value"].clone())
    }

    /// A command's answer, null when there was none.
    pub fn call(&self, method: &str, path: &str, body: Value) -> Value {
        self.answer(method, path, body).unwrap_or(Value::Null)
    }

    /// A command that must be carried out: its answer, or a panic saying what WebDriver said
    /// (or that it said nothing within [`PATIENCE`]).
    fn must(&self, what: &str, method: &str, path: &str, body: Value) -> Value {
        let v = self
            .answer(method, path, body)
            .unwrap_or_else(|| panic!("{what}: no answer from WebDriver within {PATIENCE:?}"));
        assert!(v.get("error").is_none(), "{what}: {}", brief(&v));
        v
    }

    pub fn go(&self, url: &str) {
        self.call("POST", "/url", json!({ "url": url }));
    }

    pub fn eval(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": [] }),
        )
    }

    pub fn screen(&self) -> String {
        self.eval("return document.getElementById('screen').innerText")
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Wait until `check` holds of the page's screen text.
    pub fn until(&self, what: &str, check: impl Fn(&str) -> bool) -> String {
        let began = Instant::now();
        loop {
            let text = self.screen();
            if check(&text) {
                return text;
            }
            assert!(
                began.elapsed() < PATIENCE,
                "the page never showed {what}:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn shows(&self, what: &str) -> String {
        self.until(&format!("{what:?}"), |t| t.contains(what))
    }

    pub fn key(&self, key: &str) {
        self.call(
            "POST",
            "/actions",
            json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
                { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }
            ]}]}),
        );
    }

    /// Each character of `keys` pressed in turn.
    pub fn keys(&self, keys: &str) {
        for k in keys.chars() {
            self.key(&k.to_string());
        }
    }

    /// Keys pressed together, the first held while the next go down and up (`["\u{E008}",
    /// "\u{E007}"]` is Shift+Enter).
    pub fn chord(&self, keys: &[&str]) {
        let mut actions: Vec<Value> = keys
            .iter()
            .map(|k| json!({ "type": "keyDown", "value": k }))
            .collect();
        actions.extend(
            keys.iter()
                .rev()
                .map(|k| json!({ "type": "keyUp", "value": k })),
        );
        self.call(
            "POST",
            "/actions",
            json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }]}),
        );
    }

    pub fn resize(&self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            json!({ "width": width, "height": height }),
        );
    }

    /// The id of the element `css` selects.
    pub fn element(&self, css: &str) -> String {
        let e = self.call(
            "POST",
            "/element",
            json!({ "using": "css selector", "value": css }),
        );
        e.as_object()
            .and_then(|o| o.values().next())
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| panic!("no element {css}: {e}"))
            .to_string()
    }

    pub fn click(&self, css: &str) {
        let id = self.element(css);
        self.must(
            &format!("clicking {css}"),
            "POST",
            &format!("/element/{id}/click"),
            json!({}),
        );
    }

    /// The element `css` selects clicked by the page itself (its `click()`), in one command.
    /// For a page slowed down on purpose: WebDriver's click scrolls, finds the element's place,
    /// checks that nothing covers it and sends three input events, each waiting for the page
    /// to be free, so it takes ten or more of the slowed page's frames (36 s were seen on a
    /// busy machine) where a hand's click takes one.
    pub fn click_now(&self, css: &str) {
        let css_json = serde_json::to_string(css).unwrap();
        let done = self.must(
            &format!("clicking {css}"),
            "POST",
            "/execute/sync",
            json!({ "script": format!("const e = document.querySelector({css_json}); if (!e) return false; e.click(); return true"), "args": [] }),
        );
        assert_eq!(done, json!(true), "nothing to click at {css}");
    }

    /// Press on the middle of the element `css` selects for `ms` milliseconds, as a hand
    /// does: down, held, up.
    pub fn press(&self, css: &str, ms: u64) {
        let id = self.element(css);
        self.call(
            "POST",
            "/actions",
            json!({ "actions": [{ "type": "pointer", "id": "mouse",
            "parameters": { "pointerType": "mouse" },
            "actions": [
                { "type": "pointerMove", "duration": 0, "x": 0, "y": 0,
                  "origin": { "element-6066-11e4-a52e-4f735466cecf": id } },
                { "type": "pointerDown", "button": 0 },
                { "type": "pause", "duration": ms },
                { "type": "pointerUp", "button": 0 },
            ]}]}),
        );
    }

    /// From now on the page runs `times` as slowly (Chromium's own throttling of its CPU).
    pub fn slow_down(&self, times: f64) {
        self.must(
            "throttling the page",
            "POST",
            "/goog/cdp/execute",
            json!({ "cmd": "Emulation.setCPUThrottlingRate", "params": { "rate": times } }),
        );
    }

    /// Wait until `script` returns something other than false or null (a script that throws
    /// has not returned yet); what it returned.
    pub fn until_js(&self, what: &str, script: &str) -> Value {
        self.until_answer(what, script, |v| {
            *v != json!(false) && !v.is_null() && v.get("error").is_none()
        })
    }

    /// Wait until `script` returns `want`; what it returned, said when it never does.
    pub fn until_js_is(&self, what: &str, script: &str, want: Value) {
        let what = format!("{what} ({})", brief(&want));
        self.until_answer(&what, script, |v| *v == want);
    }

    /// Run `script` until its answer is `done`; the answer.
    fn until_answer(&self, what: &str, script: &str, done: impl Fn(&Value) -> bool) -> Value {
        let began = Instant::now();
        loop {
            let v = self.eval(script);
            if done(&v) {
                return v;
            }
            assert!(
                began.elapsed() < PATIENCE,
                "the page never showed {what}; its last answer: {}",
                brief(&v)
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// From now on the page's downloads are kept in the page instead of saved (headless
    /// Chromium has nowhere to save them): [`Browser::downloaded`] reads them.
    pub fn catch_downloads(&self) {
        self.eval(
            "window.caught = []; \
             HTMLAnchorElement.prototype.click = function () { \
               const name = this.download; \
               fetch(this.href).then((r) => r.text()).then((t) => window.caught.push([name, t])); \
             }; return true",
        );
    }

    /// The `n`th file (from 1) the page downloaded since [`Browser::catch_downloads`], once it
    /// has: its name and its text.
    pub fn downloaded(&self, n: usize) -> (String, String) {
        let v = self.until_js(
            &format!("download {n}"),
            &format!(
                "return window.caught.length >= {n} && window.caught[{}]",
                n - 1
            ),
        );
        (
            v[0].as_str().unwrap_or_default().to_string(),
            v[1].as_str().unwrap_or_default().to_string(),
        )
    }

    pub fn type_in(&self, css: &str, text: &str) {
        let id = self.element(css);
        self.call(
            "POST",
            &format!("/element/{id}/value"),
            json!({ "text": text }),
        );
    }

    /// The window's width and the widest row of the screen, in CSS pixels (every character
    /// one cell wide, the charts' braille dots included, or a row runs past the window).
    pub fn widest_row(&self) -> (f64, f64) {
        let v = self.eval(
            "return [window.innerWidth, Math.max(...[...document.querySelectorAll('#screen .row')] \
                 .map((r) => r.scrollWidth))]",
        );
        (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
    }

    /// Wait until the element with this id is shown.
    pub fn until_visible(&self, id: &str) {
        let began = Instant::now();
        while self.eval(&format!("return !document.getElementById('{id}').hidden")) != json!(true) {
            assert!(began.elapsed() < PATIENCE, "#{id} never showed");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn size(&self) -> (u64, u64) {
        let v = self.eval("return window.sudoscope.size()");
        (
            v["cols"].as_u64().unwrap_or(0),
            v["rows"].as_u64().unwrap_or(0),
        )
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            self.call("DELETE", "", Value::Null);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        // Chromium outlives chromedriver when the session's end went unanswered (a page that
        // does not answer): found by its profile, which no other browser shares, and ended, so
        // that it takes nothing from the tests after
        let profile = format!("--user-data-dir={}", self._profile.path().display());
        let left = super::processes::end_marked(&profile, Duration::from_secs(10));
        if !left.is_empty() {
            eprintln!("Chromium processes left running: {left:?}");
        }
    }
}
