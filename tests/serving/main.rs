//! Serving a class (`sudoscope serve` over SSH, `sudoscope web` to browsers, the class board):
//! the tests that need the `serve` feature, in one binary.

// Helpers shared with the other test binaries (tests/common, tests/ssh_client).
#[path = "../common/board_watch.rs"]
mod board_watch;
#[path = "../common/browser.rs"]
mod browser;
#[path = "../common/processes.rs"]
mod processes;
#[path = "../ssh_client/mod.rs"]
mod ssh_client;
#[path = "../common/tmux.rs"]
mod tmux;
#[path = "../common/web_server.rs"]
mod web_server;

// The tests, one module per subject.
mod class_board;
mod serve;
mod serve_load;
mod web;
