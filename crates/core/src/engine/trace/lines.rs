//! A trace's bytes as numbered lines, each at most [`MAX_LINE`] bytes, whatever the writer does:
//! a longer line is reported as one error and skipped to its end, never kept whole.
//!
//! [`Follow`] reads a file that is still being written: it waits for the file to exist, waits at
//! its end for more, and notices when the file is written again from the start (truncated,
//! replaced, or its first bytes changed: a notebook cell run again), which [`Lines`] reports as
//! [`Got::Rewritten`] so that the new run is read as a new run, never spliced onto the old.

use std::io::{BufRead, BufReader, Read};
#[cfg(feature = "native")]
use std::{
    fs::File,
    path::PathBuf,
    sync::Arc,
    sync::atomic::{AtomicBool, Ordering},
    time::{Duration, Instant},
};

/// The longest line read; a longer one is an error, never a buffer without bound.
pub const MAX_LINE: usize = 1 << 20;

/// How often a followed file is looked at when nothing new has come.
#[cfg(feature = "native")]
const POLL: Duration = Duration::from_millis(100);

/// What the next read gave.
pub enum Got<'a> {
    /// Line `number` (from 1): its text, or why it is not one (too long, not UTF-8).
    Line(usize, Result<&'a str, String>),
    /// A followed file was written again from its start: what comes next is a new run.
    Rewritten,
    /// The stream cannot be read any further, and why (a read failed; a followed path became
    /// a directory or a device). Said once; the stream has ended after it.
    Broken(String),
    /// The stream ended.
    End,
}

/// Numbered lines of a reader.
pub struct Lines {
    reader: BufReader<Box<dyn Read + Send>>,
    number: usize,
    buf: Vec<u8>,
    /// Set once the stream is broken: nothing more is read from it.
    broken: bool,
}

impl Lines {
    /// The lines of `reader`.
    pub fn new(reader: Box<dyn Read + Send>) -> Lines {
        Lines {
            reader: BufReader::with_capacity(1 << 16, reader),
            number: 0,
            buf: Vec::new(),
            broken: false,
        }
    }

    /// Whether a whole line is waiting in the buffer (the next call will not wait for input).
    pub fn line_waiting(&self) -> bool {
        self.reader.buffer().contains(&b'\n')
    }

    /// The next line.
    pub fn next_line(&mut self) -> Got<'_> {
        self.buf.clear();
        if self.broken {
            return Got::End;
        }
        let mut long = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) if is_rewritten(&e) => {
                    self.number = 0;
                    self.buf.clear();
                    return Got::Rewritten;
                }
                Err(e) => {
                    // a read that failed is not tried again: a stream that fails every read
                    // would be read for ever
                    self.broken = true;
                    return Got::Broken(e.to_string());
                }
            };
            if chunk.is_empty() {
                if self.buf.is_empty() && !long {
                    return Got::End;
                }
                break;
            }
            let (end, used) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i),
                None => (false, chunk.len()),
            };
            let room = MAX_LINE.saturating_sub(self.buf.len());
            if used > room {
                long = true;
            }
            self.buf.extend_from_slice(&chunk[..used.min(room)]);
            self.reader.consume(used + end as usize);
            if end {
                break;
            }
        }
        self.number += 1;
        if long {
            return Got::Line(
                self.number,
                Err(format!(
                    "longer than {MAX_LINE} bytes: not a line of a trace"
                )),
            );
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        match std::str::from_utf8(&self.buf) {
            Ok(t) => Got::Line(self.number, Ok(t)),
            Err(_) => Got::Line(self.number, Err("not UTF-8 text".into())),
        }
    }
}

/// The error [`Follow`] reads as "written again from the start".
#[derive(Debug)]
struct Rewritten;

impl std::fmt::Display for Rewritten {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the file was written again from its start")
    }
}

impl std::error::Error for Rewritten {}

fn is_rewritten(e: &std::io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Rewritten>())
}

/// The bytes of a file's start compared to notice that it was written again.
#[cfg(feature = "native")]
const HEAD: usize = 4096;

#[cfg(feature = "native")]
/// A file followed as it grows (`watch --follow`).
pub struct Follow {
    path: PathBuf,
    file: Option<File>,
    /// Bytes read from the current file.
    pos: u64,
    /// Its first bytes as read, to notice a new run written over it.
    head: Vec<u8>,
    /// The file's identity (device, inode) when opened.
    id: Option<(u64, u64)>,
    stop: Arc<AtomicBool>,
    last_look: Instant,
}

/// Why a path cannot be read as a trace, to follow its name: only a regular file or a FIFO can
/// (a directory has no lines; a device such as `/dev/zero` would be read for ever).
pub fn unreadable(meta: &std::fs::Metadata) -> Option<String> {
    let t = meta.file_type();
    #[cfg(unix)]
    let fifo = std::os::unix::fs::FileTypeExt::is_fifo(&t);
    #[cfg(not(unix))]
    let fifo = false;
    if t.is_file() || fifo {
        return None;
    }
    let what = if t.is_dir() {
        "a directory"
    } else {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if t.is_char_device() {
                "a character device"
            } else if t.is_block_device() {
                "a block device"
            } else if t.is_socket() {
                "a socket"
            } else {
                "neither a file nor a FIFO"
            }
        }
        #[cfg(not(unix))]
        "neither a file nor a FIFO"
    };
    Some(format!(
        "{what}, not a file: a trace is read from a regular file or a FIFO (- for standard input)"
    ))
}

#[cfg(feature = "native")]
impl Follow {
    /// Follow `path`, which may not exist yet, until `stop` is raised.
    pub fn new(path: PathBuf, stop: Arc<AtomicBool>) -> Follow {
        Follow {
            path,
            file: None,
            pos: 0,
            head: Vec::new(),
            id: None,
            stop,
            last_look: Instant::now(),
        }
    }

    /// Whether the file on disk is no longer the one being read from where it was read.
    fn written_again(&mut self) -> bool {
        self.last_look = Instant::now();
        let Ok(meta) = std::fs::metadata(&self.path) else {
            // removed: the next run will create it again
            return false;
        };
        if identity(&meta) != self.id || meta.len() < self.pos {
            return true;
        }
        if self.head.is_empty() {
            return false;
        }
        let mut now = vec![0u8; self.head.len()];
        match File::open(&self.path).and_then(|mut f| f.read_exact(&mut now)) {
            Ok(()) => now != self.head,
            Err(_) => true,
        }
    }
}

#[cfg(all(unix, feature = "native"))]
fn identity(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(all(not(unix), feature = "native"))]
fn identity(_meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

#[cfg(feature = "native")]
impl Read for Follow {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(0);
            }
            if self.file.is_none() {
                match File::open(&self.path) {
                    Ok(f) => {
                        let meta = f.metadata()?;
                        if let Some(why) = unreadable(&meta) {
                            return Err(std::io::Error::other(why));
                        }
                        self.id = identity(&meta);
                        self.file = Some(f);
                        self.pos = 0;
                        self.head.clear();
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        std::thread::sleep(POLL);
                    }
                    Err(e) => return Err(e),
                }
                continue;
            }
            // while reading on, look now and then whether a new run was written over the file
            if self.last_look.elapsed() >= POLL * 5 && self.written_again() {
                self.file = None;
                return Err(std::io::Error::other(Rewritten));
            }
            let n = self.file.as_mut().expect("opened above").read(buf)?;
            if n > 0 {
                if self.head.len() < HEAD {
                    let take = n.min(HEAD - self.head.len());
                    self.head.extend_from_slice(&buf[..take]);
                }
                self.pos += n as u64;
                return Ok(n);
            }
            if self.written_again() {
                self.file = None;
                return Err(std::io::Error::other(Rewritten));
            }
            std::thread::sleep(POLL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(mut lines: Lines) -> Vec<Result<String, String>> {
        let mut out = Vec::new();
        loop {
            match lines.next_line() {
                Got::Line(_, l) => out.push(l.map(str::to_string)),
                Got::Rewritten => out.push(Err("rewritten".into())),
                Got::Broken(why) => out.push(Err(why)),
                Got::End => return out,
            }
        }
    }

    #[test]
    fn a_line_past_the_limit_is_one_error_and_reading_goes_on() {
        let mut text = vec![b'{'; MAX_LINE + 10];
        text.extend_from_slice(b"\nnext\r\nlast");
        let got = all(Lines::new(Box::new(std::io::Cursor::new(text))));
        assert_eq!(got.len(), 3);
        assert!(got[0].as_ref().unwrap_err().starts_with("longer than"));
        assert_eq!(got[1].as_deref(), Ok("next"));
        assert_eq!(got[2].as_deref(), Ok("last"));
    }

    #[test]
    fn a_followed_file_is_waited_for_and_a_rewrite_is_noticed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("late.jsonl");
        let stop = Arc::new(AtomicBool::new(false));
        let mut lines = Lines::new(Box::new(Follow::new(path.clone(), Arc::clone(&stop))));
        let writer = {
            let path = path.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(250));
                std::fs::write(&path, "first run\nstep\n").unwrap();
                std::thread::sleep(Duration::from_millis(400));
                std::fs::write(&path, "second run\n").unwrap();
            })
        };
        let mut seen = Vec::new();
        while seen.len() < 4 {
            match lines.next_line() {
                Got::Line(n, l) => seen.push(format!("{n}:{}", l.unwrap())),
                Got::Rewritten => seen.push("rewritten".into()),
                Got::Broken(why) => seen.push(why),
                Got::End => break,
            }
        }
        writer.join().unwrap();
        stop.store(true, Ordering::Relaxed);
        assert_eq!(seen, ["1:first run", "2:step", "rewritten", "1:second run"]);
    }

    #[test]
    fn a_followed_path_that_becomes_a_directory_is_refused_once_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.jsonl");
        std::fs::write(&path, "first\n").unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let mut lines = Lines::new(Box::new(Follow::new(path.clone(), Arc::clone(&stop))));
        assert!(matches!(lines.next_line(), Got::Line(1, Ok("first"))));
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        let began = Instant::now();
        let mut said = Vec::new();
        loop {
            match lines.next_line() {
                Got::Broken(why) => said.push(why),
                Got::End => break,
                Got::Rewritten => {}
                Got::Line(n, l) => panic!("line {n}: {l:?}"),
            }
            assert!(began.elapsed() < Duration::from_secs(10), "{said:?}");
        }
        assert_eq!(said.len(), 1, "{said:?}");
        assert_eq!(
            said[0],
            "a directory, not a file: a trace is read from a regular file or a FIFO (- for standard input)"
        );
        assert!(matches!(lines.next_line(), Got::End), "and nothing after");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_not_a_trace() {
        let meta = std::fs::metadata("/dev/zero").unwrap();
        let why = unreadable(&meta).unwrap();
        assert!(why.starts_with("a character device, not a file"), "{why}");
    }
}
