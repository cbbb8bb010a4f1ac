//! The program's integration tests, in one binary (one link, and the two test threads kept busy from
//! the first test to the last): the command line, the visualiser on screen and in tmux, traces,
//! outside searches, experiments, the Python side, the notebook view and the page, and the
//! screens' words in every language.

// Helpers shared with the other test binaries (tests/common, tests/ssh_client).
#[path = "../common/browser.rs"]
mod browser;
#[path = "../common/built_site.rs"]
mod built_site;
#[path = "../common/mod.rs"]
mod common;
#[path = "../common/lab.rs"]
mod lab;
#[path = "../common/processes.rs"]
mod processes;
#[path = "../common/screen.rs"]
mod screen;
#[path = "../common/static_site.rs"]
mod static_site;
#[path = "../common/tmux.rs"]
mod tmux;
#[path = "../common/web_server.rs"]
mod web_server;
#[path = "../common/words.rs"]
mod words;

// The tests, one module per subject.
mod architecture;
mod cli_conventions;
mod cli_input;
mod docs;
mod exact_solver;
mod experiment;
mod generate;
mod i18n_screen;
mod i18n_walk;
mod i18n_words;
mod monkey;
mod notebook_view;
mod outside;
mod page;
mod python;
mod run_spec;
mod sheet;
mod stills;
mod trace;
mod tui_classroom;
mod tui_logic;
mod tui_screens;
mod tui_tmux;
