//! Recordings in asciicast v2: a JSON header line (`version`, `width`, `height`), then one line
//! per event, `[seconds, "o", text]` for output and `[seconds, "r", "WxH"]` for a resize. Players
//! (asciinema, and the SVG the recorder writes) replay them.
//!
//! A live session is recorded by writing everything the screen is sent through [`Tee`], timed
//! by the wall clock; a headless recording gives its own, simulated, times.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use sudoscope_core::clock::Instant;

/// An asciicast v2 file being written.
pub struct Cast {
    out: BufWriter<File>,
}

impl Cast {
    /// A new recording of a `width`×`height` screen at `path`.
    pub fn create(path: &Path, width: u16, height: u16) -> io::Result<Cast> {
        let mut out = BufWriter::new(File::create(path)?);
        let header = serde_json::json!({ "version": 2, "width": width, "height": height });
        writeln!(out, "{header}")?;
        Ok(Cast { out })
    }

    /// Output `text` at `seconds` from the start.
    pub fn output(&mut self, seconds: f64, text: &str) -> io::Result<()> {
        self.event(seconds, "o", text)
    }

    /// The screen became `width`×`height` at `seconds`.
    pub fn resize(&mut self, seconds: f64, width: u16, height: u16) -> io::Result<()> {
        self.event(seconds, "r", &format!("{width}x{height}"))
    }

    fn event(&mut self, seconds: f64, kind: &str, text: &str) -> io::Result<()> {
        let line = serde_json::json!([round(seconds), kind, text]);
        writeln!(self.out, "{line}")
    }

    /// Write out what is buffered.
    pub fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Seconds to the microsecond: the same times print the same way.
fn round(seconds: f64) -> f64 {
    (seconds * 1e6).round() / 1e6
}

/// A live recording: the file, what the screen was sent since the last frame, and when the
/// recording began. Shared between the screen's writer and the event loop (which notes resizes
/// and finishes the file).
#[derive(Clone)]
pub struct Recorder(Arc<Mutex<Live>>);

struct Live {
    cast: Cast,
    pending: Vec<u8>,
    start: Instant,
}

impl Recorder {
    /// Record into `cast`, timed from now.
    pub fn new(cast: Cast) -> Recorder {
        Recorder(Arc::new(Mutex::new(Live {
            cast,
            pending: Vec::new(),
            start: Instant::now(),
        })))
    }

    fn live(&self) -> std::sync::MutexGuard<'_, Live> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Note a resize.
    pub fn resized(&self, width: u16, height: u16) {
        let mut l = self.live();
        let t = l.start.elapsed().as_secs_f64();
        let _ = l.cast.resize(t, width, height);
    }

    /// Write out the recording.
    pub fn finish(&self) -> io::Result<()> {
        self.live().cast.finish()
    }
}

/// A writer that sends everything to `inner` and also, at each flush (a drawn frame), to a
/// recording.
pub struct Tee<W: Write> {
    inner: W,
    recorder: Option<Recorder>,
}

impl<W: Write> Tee<W> {
    /// Write to `inner`, recording into `recorder` when there is one.
    pub fn new(inner: W, recorder: Option<Recorder>) -> Tee<W> {
        Tee { inner, recorder }
    }
}

impl<W: Write> Write for Tee<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        if let Some(r) = &self.recorder {
            r.live().pending.extend_from_slice(&buf[..n]);
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()?;
        if let Some(r) = &self.recorder {
            let mut l = r.live();
            if !l.pending.is_empty() {
                let text = String::from_utf8_lossy(&l.pending).into_owned();
                let t = l.start.elapsed().as_secs_f64();
                l.cast.output(t, &text)?;
                l.pending.clear();
            }
        }
        Ok(())
    }
}

/// A writer into a buffer someone else reads: the headless recorder takes each frame's bytes.
#[derive(Clone, Default)]
pub struct Shared(pub Arc<Mutex<Vec<u8>>>);

impl Shared {
    /// The bytes written since the last call.
    pub fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
