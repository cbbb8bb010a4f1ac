//! A class on loopback, as a lecturer meets it: 40 students (one address, as behind a lab's
//! router) whose searches are sent by the Python helper's own code, the lecturer's board in
//! headless Chromium at 1920x1080, students' tabs that lose their network, and the server
//! stopped and started again with the same password. Every wait is for what the board, the
//! page or the log shows, bounded; every student process is found afterwards by its marker.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::board_watch;
use crate::browser;
use crate::web_server;

use board_watch::BoardWatch;
use browser::{Browser, PATIENCE, free_port};
use web_server::{PASSWORD, Server, ended_within};

/// In every student's command line: what finds them afterwards.
const MARK: &str = "--sudoscope-class-test-student";

/// One student: `tests/class/student.py`, given orders on its standard input.
struct Student {
    child: Child,
    orders: Option<ChildStdin>,
    said: Arc<Mutex<String>>,
}

impl Student {
    fn start(link: &str, key: &str, room: &std::path::Path) -> Student {
        let script = format!("{}/tests/class/student.py", env!("CARGO_MANIFEST_DIR"));
        let folder = room.join(key);
        std::fs::create_dir_all(&folder).unwrap();
        let mut child = Command::new("python3")
            .arg(script)
            .arg(MARK)
            .current_dir(&folder)
            .env("SUDOSCOPE_TO", link)
            .env("SUDOSCOPE_KEY", format!("{key}-secret-0123456789"))
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .env_remove("SUDOSCOPE_WATCH")
            .env_remove("SUDOSCOPE_TRACE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let said = Arc::new(Mutex::new(String::new()));
        for out in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let said = Arc::clone(&said);
            std::thread::spawn(move || {
                for line in BufReader::new(out).lines().map_while(Result::ok) {
                    let mut s = said.lock().unwrap();
                    s.push_str(&line);
                    s.push('\n');
                }
            });
        }
        Student {
            orders: child.stdin.take(),
            child,
            said,
        }
    }

    fn order(&mut self, line: &str) {
        let stdin = self.orders.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn said(&self) -> String {
        self.said.lock().unwrap().clone()
    }
}

impl Drop for Student {
    fn drop(&mut self) {
        // the end of its orders ends its runs and the student
        drop(self.orders.take());
        let _ = ended_within(&mut self.child, Duration::from_secs(10));
    }
}

/// The processes still running with the students' marker.
fn leftovers() -> Vec<String> {
    crate::processes::marked(MARK)
        .into_iter()
        .map(|(pid, cmd)| format!("{pid}: {cmd}"))
        .collect()
}

fn running(cards: &[Value]) -> usize {
    cards.iter().filter(|c| c["state"] == "running").count()
}

fn named<'a>(cards: &'a [Value], name: &str) -> Vec<&'a Value> {
    cards.iter().filter(|c| c["name"] == name).collect()
}

#[test]
fn a_class_of_40_on_one_address_is_on_the_board_and_the_board_answers_the_hand() {
    let server = Server::start(&[]);
    let link = server.link();
    let room = tempfile::tempdir().unwrap();
    let mut class: Vec<Student> = (1..=40)
        .map(|i| Student::start(&link, &format!("s{i:02}"), room.path()))
        .collect();
    for (i, s) in class.iter_mut().enumerate() {
        s.order(&format!("run s{:02}", i + 1));
    }
    let mut board = BoardWatch::open(server.port, &server.lecturer_token()).unwrap();
    board.until("40 searches running", |c| running(c) == 40);

    // the lecturer's board on a projector: 40 cards, no scrolling
    let browser = Browser::open("en-US", 1920, 1080);
    browser.go(&server.lecturer_link());
    // what the lecturer sees: the count says 40, and each of the 40 cards shows its name (the
    // page draws at its next frame what arrived)
    browser.until_js(
        "40 cards drawn",
        "const cards = [...document.querySelectorAll('#cards .card')]; \
         return document.getElementById('count').textContent === '40' && cards.length === 40 \
             && cards.every((c) => c.querySelector('h2').textContent !== '')",
    );
    let sizes = browser.eval(
        "const boxes = [...document.querySelectorAll('#cards .card')].map((c) => c.getBoundingClientRect()); \
         const font = (css) => parseFloat(getComputedStyle(document.querySelector(css)).fontSize); \
         return { bottom: Math.max(...boxes.map((b) => b.bottom)), right: Math.max(...boxes.map((b) => b.right)), \
                  w: innerWidth, h: innerHeight, scroll: document.documentElement.scrollHeight, \
                  digit: font('#cards .grid span'), figures: font('#cards .figures'), name: font('#cards h2') }",
    );
    eprintln!("40 cards at 1920x1080: {sizes}");
    let f = |k: &str| sizes[k].as_f64().unwrap();
    assert!(f("bottom") <= f("h") && f("right") <= f("w"), "{sizes}");
    assert!(f("scroll") <= f("h"), "the page scrolls: {sizes}");

    // a hand's click (a 150 ms press) on a card while the 40 run: the card opens, whole, its
    // digits large
    for k in 0..6 {
        browser.press(&format!("#cards .card:nth-child({})", 1 + k * 7), 150);
        browser.until_visible("whole");
        let whole = browser.eval(
            "const g = document.querySelector('#whole .grid'); const b = document.querySelector('#whole .card').getBoundingClientRect(); \
             return { digit: parseFloat(getComputedStyle(g.querySelector('span')).fontSize), \
                      bottom: b.bottom, right: b.right, h: innerHeight, w: innerWidth }",
        );
        if k == 0 {
            eprintln!("the card opened whole: {whole}");
        }
        let f = |key: &str| whole[key].as_f64().unwrap();
        assert!(f("digit") >= 24.0, "{whole}");
        assert!(f("bottom") <= f("h") && f("right") <= f("w"), "{whole}");
        browser.key("\u{E00C}");
        browser.until_js(
            "the card closed",
            "return document.getElementById('whole').hidden",
        );
    }
    // and by the keyboard: Enter on a focused card, Escape back to it
    browser.eval("document.querySelector('#cards .card:nth-child(3)').focus()");
    browser.key("\u{E007}");
    browser.until_visible("whole");
    browser.key("\u{E00C}");
    browser.until_js(
        "the focus back on the card",
        "return document.getElementById('whole').hidden && document.activeElement.classList.contains('card')",
    );

    // 80 live searches: each student starts a second; each viewer's traffic stays bounded
    for (i, s) in class.iter_mut().enumerate() {
        s.order(&format!("run s{:02}-b", i + 1));
    }
    board.until("80 searches running", |c| running(c) == 80);
    let span = Duration::from_secs(6);
    let bytes = board.bytes_for(span);
    let rate = bytes as f64 / span.as_secs_f64();
    eprintln!("80 live cards: the board sent {rate:.0} bytes a second");
    assert!(rate < 50_000.0, "{rate:.0} bytes a second");

    // from here the board's computer is a slow one (a projector's old laptop): its page runs
    // a quarter as fast, and still shows each change as it comes, never further behind. Its
    // buttons are clicked by the page (`click_now`): a hand's click was tried above
    browser.slow_down(4.0);

    // a search that crashes, one that hangs, one over at once
    class[0].order("crash s01-c");
    class[1].order("hang s02-h");
    class[2].order("quick s03-q");
    let cards = board.until("the crash with its error, the quick one ended", |c| {
        named(c, "s01-c")
            .first()
            .is_some_and(|e| e["state"] == "cut")
            && named(c, "s03-q")
                .first()
                .is_some_and(|e| e["state"] == "stuck")
    });
    let crashed = named(&cards, "s01-c")[0];
    assert!(
        crashed["error"]
            .as_str()
            .unwrap()
            .contains("ValueError: cell"),
        "{crashed}"
    );
    // run again, the card is replaced (one card under the name, running again)
    class[2].order("run s03-q");
    board.until("s03-q run again", |c| {
        named(c, "s03-q").len() == 1 && named(c, "s03-q")[0]["state"] == "running"
    });
    // another sender under a student's name: a card of its own, the student's untouched
    let mut intruder = Student::start(&link, "intruder", room.path());
    intruder.order("quick s05");
    let cards = board.until("the intruder apart", |c| !named(c, "s05 (2)").is_empty());
    assert_eq!(named(&cards, "s05").len(), 1);
    assert_eq!(named(&cards, "s05")[0]["state"], "running");

    // the page: the crash's error line, the hung search's silence
    browser.until_js(
        "the crashed card's error",
        "return [...document.querySelectorAll('#cards .card')].some((c) => c.innerText.includes('s01-c') && c.innerText.includes('ValueError: cell'))",
    );
    browser.until_js(
        "the hung search silent",
        "return [...document.querySelectorAll('#cards .card')].some((c) => c.innerText.includes('s02-h') && /silent for \\d+ s/.test(c.innerText))",
    );
    // filters: the ones cut short alone
    board.until("the crash alone cut short", |c| {
        c.iter().filter(|e| e["state"] == "cut").count() == 1
    });
    browser.click_now("#filters button[data-state='cut']");
    browser.until_js(
        "only the crash shown",
        "const shown = [...document.querySelectorAll('#cards .card')].filter((c) => !c.hidden); \
         return shown.length === 1 && shown[0].innerText.includes('s01-c')",
    );
    browser.click_now("#filters button[data-state='all']");
    // the lecturer hides a card, then clears the ones that ended
    let id = named(&board.cards(), "s01-c")[0]["id"].clone();
    browser.click_now(&format!("#cards .card[data-id='{id}'] .hide"));
    board.until("s01-c hidden", |c| named(c, "s01-c").is_empty());
    browser.until_js(
        "the intruder's quick run over",
        "return [...document.querySelectorAll('#cards .card')].some((c) => c.innerText.includes('s05 (2)') && !c.innerText.includes('running'))",
    );
    browser.click_now("#clear");
    let cards = board.until("the ended cleared", |c| {
        c.iter().all(|e| e["state"] == "running") && named(c, "s05 (2)").is_empty()
    });
    // the 80 the students started, the one run again and the hung one
    assert_eq!(running(&cards), 82, "every live search stays");
    browser.until_js(
        "the page as the board",
        "return document.querySelectorAll('#cards .card').length === 82",
    );

    drop(intruder);
    drop(class);
    let began = Instant::now();
    while !leftovers().is_empty() {
        assert!(
            began.elapsed() < PATIENCE,
            "students still running: {:?}",
            leftovers()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_tab_comes_back_to_its_session_and_to_a_server_restarted_with_the_same_password() {
    let port = free_port();
    let mut server = Server::start_with(PASSWORD, port, &["--resume-grace", "2s"]);
    let link = server.link();
    let lecturer = server.lecturer_link();
    let browser = Browser::open("en-US", 1200, 800);
    browser.go(&link);
    browser.shows("sudoku_7");
    // Ctrl+C with text selected and Ctrl+F are the browser's; Ctrl+C alone is the session's
    let kept = browser.eval(
        "const k = (key) => { const e = new KeyboardEvent('keydown', { key, ctrlKey: true, cancelable: true, bubbles: true }); \
                               document.dispatchEvent(e); return e.defaultPrevented; }; \
         window.getSelection().selectAllChildren(document.getElementById('screen')); \
         const copy = k('c'), find = k('f'); \
         window.getSelection().removeAllRanges(); \
         return { copy, find, alone: k('x') }",
    );
    assert_eq!(kept, json!({ "copy": false, "find": false, "alone": true }));
    browser.shows("[running");
    // away longer than the grace: a new session, and the tab says so
    browser.eval("window.sudoscope.drop(5000)");
    server.wait_for_log("session 2 starts");
    let notice = browser.until_js(
        "the new session's notice",
        "const n = document.getElementById('notice'); return !n.hidden && n.textContent",
    );
    assert!(notice.as_str().unwrap().contains("new session"), "{notice}");
    // the server stops: the tab says so (not that the session ended), then comes back by itself
    // when the server is started again with the same password, on the same links
    drop(server);
    let said = browser.until_js(
        "the server's stop",
        "return !document.getElementById('ended').hidden && document.getElementById('ended-text').textContent",
    );
    assert!(said.as_str().unwrap().contains("server stopped"), "{said}");
    let mut again = Server::start_with(PASSWORD, port, &[]);
    assert_eq!(again.link(), link, "the class's link is the same");
    assert_eq!(again.lecturer_link(), lecturer, "and the lecturer's");
    browser.until_js(
        "the tab back in",
        "return document.getElementById('ended').hidden",
    );
    browser.shows("sudoku_7");
    again.wait_for_log("session 1 starts");
    // a helper with the link from before sends to the new board
    let room = tempfile::tempdir().unwrap();
    let mut ana = Student::start(&link, "ana", room.path());
    ana.order("quick ana");
    let mut board = BoardWatch::open(port, &again.lecturer_token()).unwrap();
    board.until("ana's run", |c| !named(c, "ana").is_empty());
    assert!(!ana.said().contains("did not take"), "{}", ana.said());
    // a link with a key that is not this class's says so
    browser.go(&format!(
        "http://127.0.0.1:{port}/#k=0123456789abcdef0123456789abcdef"
    ));
    browser.until_visible("badlink");
    browser.until_visible("login");
    drop(ana);
}
