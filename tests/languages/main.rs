//! The visualiser's words in every language, drawn in-process: a binary of its own, because these
//! tests choose the process's language and the other screen tests expect English.

// Helpers shared with the other test binaries (tests/common, tests/ssh_client).
#[path = "../common/screen.rs"]
mod screen;
#[path = "../common/words.rs"]
mod words;

// The tests, one module per subject.
mod i18n_walk;
mod i18n_words;
