//! sudoscope as a web page: the visualiser compiled to WebAssembly, its searches computed in
//! the page, drawn by the page's own terminal (`assets/web/term.js`, the one `sudoscope web`
//! draws in), with nothing installed and no server.
//!
//! The module speaks to its page through a handful of functions on bytes in its memory (no
//! generated glue; `assets/web/local.js` is the page's side): the page writes text or keys
//! into a buffer it asks for ([`sudoscope_alloc`]), calls [`sudoscope_start`],
//! [`sudoscope_input`] or [`sudoscope_resize`], and at every animation frame
//! [`sudoscope_frame`] with a share of the frame to compute in; the bytes to draw and any text
//! (an error, a still) are read from the module's memory after each call. The one import is
//! the page's clock (`sudoscope.now_ms`).

pub mod options;
pub mod race;
pub mod screen;

use std::cell::RefCell;
use std::time::Duration;

use screen::{LessonFrom, Screen, lesson_of};

thread_local! {
    static SCREEN: RefCell<Option<Screen>> = const { RefCell::new(None) };
    /// The bytes the last frame wrote.
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The text the last call left: an error, or a still's SVG.
    static TEXT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// A frame wrote bytes to draw.
pub const DRAWN: u32 = 1;
/// The person quit.
pub const QUIT: u32 = 2;
/// A still's SVG is in the text buffer.
pub const STILL: u32 = 4;
/// A file to download is in the text buffer: its name, a line break, what it holds.
pub const FILE: u32 = 8;

/// Room for `len` bytes the page writes into; the call that takes them gives them back.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len.max(1));
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

/// Give back room from [`sudoscope_alloc`] that no call took.
///
/// # Safety
/// `ptr` and `len` are what [`sudoscope_alloc`] returned and was given, once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoscope_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: the caller gives back an allocation of this capacity, once.
        drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
    }
}

/// The bytes the page wrote at `ptr`, taken back.
///
/// # Safety
/// `ptr` is from [`sudoscope_alloc`] with `len`, the first `len` bytes written.
unsafe fn taken(ptr: *mut u8, len: usize) -> Vec<u8> {
    if ptr.is_null() {
        return Vec::new();
    }
    // SAFETY: as the caller promises.
    unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) }
}

fn text_of(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A share of a frame the page gives, in milliseconds: at most a second, none when it is not a
/// number above zero.
fn budget_of(ms: f64) -> Duration {
    if ms.is_finite() && ms > 0.0 {
        Duration::from_secs_f64(ms.min(1000.0) / 1000.0)
    } else {
        Duration::ZERO
    }
}

fn say(text: String) {
    TEXT.with(|t| *t.borrow_mut() = text);
}

/// Start the visualiser at `cols` x `rows`: `address` is the page's address (its settings are
/// the query after `?`; `y` gives the view as a link to the rest), `lang` the
/// browser's language, `lesson` a lesson file's text and `name` its name (null for none). 0
/// when it started; 1 with the reason in the text buffer when a setting is wrong (a setting or
/// a lesson that does not read leaves the screen before as it was).
///
/// # Safety
/// Each pointer is from [`sudoscope_alloc`] with its length (or null), and is taken.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn sudoscope_start(
    cols: u32,
    rows: u32,
    address: *mut u8,
    address_len: usize,
    lang: *mut u8,
    lang_len: usize,
    lesson: *mut u8,
    lesson_len: usize,
    name: *mut u8,
    name_len: usize,
) -> u32 {
    // SAFETY: as the caller promises, for each.
    let (address, lang, lesson_text, name) = unsafe {
        (
            text_of(taken(address, address_len)),
            text_of(taken(lang, lang_len)),
            (!lesson.is_null()).then(|| text_of(taken(lesson, lesson_len))),
            text_of(taken(name, name_len)),
        )
    };
    match begin(
        clamp(cols),
        clamp(rows),
        &address,
        &lang,
        lesson_text.as_deref(),
        &name,
    ) {
        Ok(s) => {
            SCREEN.with(|c| *c.borrow_mut() = Some(s));
            0
        }
        Err(e) => {
            say(e);
            1
        }
    }
}

fn clamp(n: u32) -> u16 {
    n.clamp(1, u16::MAX as u32) as u16
}

/// The screen the page asks for; an error in words.
pub fn begin(
    cols: u16,
    rows: u16,
    address: &str,
    lang: &str,
    lesson_text: Option<&str>,
    name: &str,
) -> Result<Screen, String> {
    let (base, query) = address.split_once('?').unwrap_or((address, ""));
    // the settings and the lesson read first: one that does not leaves the screen before
    // running (a lesson file with a mistake does not end what the class is watching)
    let options = options::read(query, lang)?;
    let said = options
        .lang
        .or(options.browser_lang)
        .unwrap_or(sudoscope_i18n::Lang::En);
    let lesson = match (lesson_text, &options.lesson) {
        (Some(text), _) => Some(lesson_of(LessonFrom::Text(text, name), said)?),
        (None, Some(n)) => Some(lesson_of(LessonFrom::Builtin(n), said)?),
        (None, None) => None,
    };
    // then the screen before goes: its searches stop
    SCREEN.with(|c| c.borrow_mut().take());
    let mut screen = Screen::new(cols, rows, options, lesson)?;
    screen.at_address(base);
    Ok(screen)
}

/// The language the screen speaks (`en`, `es`, `pt`), in the text buffer: the browser's, or
/// the one the address or the lesson asks for. The page's own words (its button) follow it.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_lang() {
    let code = SCREEN.with(|c| c.borrow().as_ref().map(|s| s.app().lang().code()));
    say(code.unwrap_or_default().to_string());
}

/// Keys, clicks and pastes, as a terminal sends them.
///
/// # Safety
/// `ptr` is from [`sudoscope_alloc`] with `len` bytes written, and is taken.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoscope_input(ptr: *mut u8, len: usize) {
    // SAFETY: as the caller promises.
    let bytes = unsafe { taken(ptr, len) };
    SCREEN.with(|c| {
        if let Some(s) = c.borrow_mut().as_mut() {
            s.input(&bytes);
        }
    });
}

/// The page's screen is now `cols` x `rows`.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_resize(cols: u32, rows: u32) {
    SCREEN.with(|c| {
        if let Some(s) = c.borrow_mut().as_mut() {
            s.resize(clamp(cols), clamp(rows));
        }
    });
}

/// An animation frame, with `budget_ms` milliseconds to compute in: [`DRAWN`], [`QUIT`],
/// [`STILL`] and [`FILE`] as they apply. The bytes are at [`sudoscope_out_ptr`].
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_frame(budget_ms: f64) -> u32 {
    let budget = budget_of(budget_ms);
    let mut out = Vec::new();
    let produced = SCREEN.with(|c| {
        c.borrow_mut().as_mut().map(|s| {
            let mut p = s.frame(budget, &mut out);
            // a frame leaves one text: a still, else a file (which then waits for the next)
            if let Some(text) = s.take_text() {
                say(text);
                p.file = false;
            } else if let Some(file) = s.take_file() {
                say(format!("{}\n{}", file.name, file.text));
            }
            p
        })
    });
    let Some(p) = produced else {
        return QUIT;
    };
    let mut flags = 0;
    if !out.is_empty() {
        flags |= DRAWN;
    }
    if p.quit {
        flags |= QUIT;
        SCREEN.with(|c| c.borrow_mut().take());
    }
    if p.still {
        flags |= STILL;
    } else if p.file {
        flags |= FILE;
    }
    OUT.with(|o| *o.borrow_mut() = out);
    flags
}

/// The smallest screen the visualiser is drawn on now, columns times 65536 plus rows: the
/// page makes its font smaller to give it that many.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_needs() -> u32 {
    SCREEN.with(|c| {
        c.borrow().as_ref().map_or(0, |s| {
            let (w, h) = s.needs();
            (u32::from(w) << 16) | u32::from(h)
        })
    })
}

/// Where the last frame's bytes are.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_out_ptr() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

/// How many bytes the last frame wrote.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_out_len() -> usize {
    OUT.with(|o| o.borrow().len())
}

/// Where the text the last call left is (UTF-8).
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_text_ptr() -> *const u8 {
    TEXT.with(|t| t.borrow().as_ptr())
}

/// How long that text is, in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_text_len() -> usize {
    TEXT.with(|t| t.borrow().len())
}

/// Steps per second of the algorithm named at `name` on the benchmark's puzzle (tuned) over about `seconds`,
/// measured as `sudoscope bench families` measures it natively; negative when the name is not
/// an algorithm.
///
/// # Safety
/// `name` is from [`sudoscope_alloc`] with `len` bytes written, and is taken.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoscope_bench(name: *mut u8, len: usize, seconds: f64) -> f64 {
    // SAFETY: as the caller promises.
    let name = text_of(unsafe { taken(name, len) });
    let Ok(puzzle) =
        sudoscope_core::catalog::resolve_one(sudoscope_core::engine::throughput::PUZZLE)
    else {
        return -1.0;
    };
    sudoscope_core::engine::throughput::steps_per_second(
        &name,
        sudoscope_core::search::Preset::Tuned,
        &[],
        &puzzle,
        seconds.clamp(0.01, 60.0),
    )
    .unwrap_or(-1.0)
}

/// The algorithm each family is measured by, one a line, in the text buffer.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_families() {
    say(sudoscope_core::engine::throughput::families().join("\n"));
}

/// End the visualiser (the page is going): its searches stop.
#[unsafe(no_mangle)]
pub extern "C" fn sudoscope_stop() {
    SCREEN.with(|c| c.borrow_mut().take());
}
