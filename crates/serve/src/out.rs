//! A served screen's bytes on their way to the client. The screen's loop writes a frame and
//! flushes; the frame goes to the connection's pump, which writes it to the SSH channel as the
//! client's window allows. At most [`QUEUED`] frames wait: a client that reads slowly loses
//! frames (the next one it gets is whole, the screen redrawn from scratch), and one that stops
//! reading for [`STALL`] ends its session. Nothing buffers without bound.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use russh::ChannelWriteHalf;
use russh::server::Msg;
use tokio::io::AsyncWriteExt;
use tokio::sync::mpsc::{self, error::TrySendError};

/// Frames waiting for the client at most.
pub const QUEUED: usize = 2;
/// A client that takes no frame for this long has stopped reading: its session ends.
pub const STALL: Duration = Duration::from_secs(20);
/// How long a session's end waits for the pump to have sent its last bytes and the close.
const HANDED: Duration = Duration::from_secs(2);
/// A frame is never larger than this (a full 400x200 screen in colour is well under it).
const MAX_FRAME: usize = 8 << 20;

/// Synchronized update (mode 2026): a terminal that knows it shows the frame at once, whole;
/// others ignore it. The end marker also counts frames for the load test.
const BEGIN_FRAME: &[u8] = b"\x1b[?2026h";
const END_FRAME: &[u8] = b"\x1b[?2026l";

/// What the pump is given.
pub enum Chunk {
    /// Bytes for the terminal.
    Data(Vec<u8>),
    /// The session is over: send its exit status and close the channel.
    Close(u32),
}

/// The screen's side: a `Write` the terminal backend draws into.
pub struct Out {
    buf: Vec<u8>,
    tx: mpsc::Sender<Chunk>,
    /// Raised when a frame was dropped: the screen must be redrawn whole.
    pub redraw: Arc<AtomicBool>,
    /// Frames handed to the pump.
    pub frames: Arc<AtomicU64>,
    stalled_since: Option<Instant>,
}

impl Out {
    /// The sink, and the receiving end for [`pump`].
    pub fn new(frames: Arc<AtomicU64>) -> (Out, mpsc::Receiver<Chunk>) {
        let (tx, rx) = mpsc::channel(QUEUED);
        (
            Out {
                buf: Vec::new(),
                tx,
                redraw: Arc::new(AtomicBool::new(false)),
                frames,
                stalled_since: None,
            },
            rx,
        )
    }

    /// A way to send what must arrive, beside the frames.
    pub fn line(&self) -> Line {
        Line {
            tx: self.tx.clone(),
        }
    }
}

/// Sends what must arrive, beside the frames: entering or leaving the screen, a last message,
/// the end of the session.
pub struct Line {
    tx: mpsc::Sender<Chunk>,
}

impl Line {
    /// Send bytes, waiting up to [`STALL`] for room.
    pub fn must_send(&self, bytes: &[u8]) -> io::Result<()> {
        self.send_waiting(Chunk::Data(bytes.to_vec()))
    }

    /// End the session: its exit status, then the channel closed, after what was sent. Returns
    /// once the pump has handed all of it to the connection (or after [`HANDED`]), so a server
    /// that stops once its sessions have ended cannot close a connection before a goodbye
    /// that gives the client's terminal back: on a loaded machine the pump could run late.
    pub fn close(&self, status: u32) {
        if self.send_waiting(Chunk::Close(status)).is_err() {
            return;
        }
        // the pump drops its end when it has sent the close
        let began = Instant::now();
        while !self.tx.is_closed() && began.elapsed() < HANDED {
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn send_waiting(&self, mut chunk: Chunk) -> io::Result<()> {
        let began = Instant::now();
        loop {
            match self.tx.try_send(chunk) {
                Ok(()) => return Ok(()),
                Err(TrySendError::Closed(_)) => return Err(gone()),
                Err(TrySendError::Full(c)) => {
                    if began.elapsed() >= STALL {
                        return Err(stalled());
                    }
                    chunk = c;
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
    }
}

fn gone() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "the client has gone")
}

fn stalled() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "the client stopped reading")
}

impl Write for Out {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.buf.len() + bytes.len() > MAX_FRAME {
            return Err(io::Error::other("a frame larger than any screen"));
        }
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let mut frame = Vec::with_capacity(self.buf.len() + BEGIN_FRAME.len() + END_FRAME.len());
        frame.extend_from_slice(BEGIN_FRAME);
        frame.append(&mut self.buf);
        frame.extend_from_slice(END_FRAME);
        match self.tx.try_send(Chunk::Data(frame)) {
            Ok(()) => {
                self.stalled_since = None;
                self.frames.fetch_add(1, Ordering::Relaxed);
                Ok(())
            }
            Err(TrySendError::Full(_)) => {
                // dropped: the terminal now differs from what the screen thinks it shows
                self.redraw.store(true, Ordering::Release);
                let since = *self.stalled_since.get_or_insert_with(Instant::now);
                if since.elapsed() >= STALL {
                    return Err(stalled());
                }
                Ok(())
            }
            Err(TrySendError::Closed(_)) => Err(gone()),
        }
    }
}

/// Write what comes to the channel, as fast as the client's window allows, until the session
/// closes it or the client goes.
pub async fn pump(mut rx: mpsc::Receiver<Chunk>, channel: ChannelWriteHalf<Msg>) {
    let mut w = channel.make_writer();
    while let Some(chunk) = rx.recv().await {
        match chunk {
            Chunk::Data(bytes) => {
                if w.write_all(&bytes).await.is_err() || w.flush().await.is_err() {
                    break;
                }
            }
            Chunk::Close(status) => {
                let _ = channel.exit_status(status).await;
                let _ = channel.eof().await;
                let _ = channel.close().await;
                return;
            }
        }
    }
    let _ = channel.close().await;
}
