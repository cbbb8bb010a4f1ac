//! A folder served over HTTP on 127.0.0.1 for the tests (a built web page), files only, until
//! dropped.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub struct Site {
    pub port: u16,
    stop: Arc<AtomicBool>,
}

fn kind(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("toml") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn answer(mut s: TcpStream, dir: &Path) {
    let mut line = String::new();
    let mut r = BufReader::new(match s.try_clone() {
        Ok(c) => c,
        Err(_) => return,
    });
    if r.read_line(&mut line).is_err() {
        return;
    }
    // the rest of the request's head
    let mut h = String::new();
    while r.read_line(&mut h).is_ok_and(|n| n > 2) {
        h.clear();
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/");
    let path = path
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .trim_start_matches('/');
    let file: PathBuf = if path.is_empty() {
        dir.join("index.html")
    } else {
        dir.join(path)
    };
    let ok = !path.contains("..") && file.is_file();
    let (status, body, kind) = if ok {
        (
            "200 OK",
            std::fs::read(&file).unwrap_or_default(),
            kind(&file),
        )
    } else {
        ("404 Not Found", b"not here".to_vec(), "text/plain")
    };
    let _ = write!(
        s,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = s.write_all(&body);
}

impl Site {
    /// Serve `dir`.
    pub fn serve(dir: &Path) -> Site {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let (dir, flag) = (dir.to_path_buf(), Arc::clone(&stop));
        std::thread::spawn(move || {
            for s in listener.incoming() {
                if flag.load(Ordering::SeqCst) {
                    return;
                }
                if let Ok(s) = s {
                    let dir = dir.clone();
                    std::thread::spawn(move || answer(s, &dir));
                }
            }
        });
        Site { port, stop }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}/{path}", self.port)
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // wake the accept loop so that it sees the stop
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}
