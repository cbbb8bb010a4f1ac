//! The visualiser's words in every language, drawn in-process: a binary of its own, because these
//! tests choose the process's language and the other screen tests expect English.

// Helpers shared with the other test binaries (tests/common, tests/ssh_client).
#[path = "../common/screen.rs"]
mod screen;
#[path = "../common/words.rs"]
mod words;

/// The process's language, held by a test for as long as it sets it (`sudoscope_i18n::set`):
/// two such tests at once would each see the other's.
pub fn process_language() -> std::sync::MutexGuard<'static, ()> {
    static HELD: std::sync::Mutex<()> = std::sync::Mutex::new(());
    HELD.lock().unwrap_or_else(|e| e.into_inner())
}

// The tests, one module per subject.
mod i18n_walk;
mod i18n_words;
