//! An app on a stage: the screen's loop changes it, others may look (a mirror draws it at its
//! own size).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use crossbeam_channel::{Receiver, bounded};
use sudoscope_core::engine::runner::Report;

use crate::app::{App, Launch};

/// An app on a stage: the screen's loop changes it; others may look (a mirror draws it at its
/// own size). Counts the frames drawn of it.
pub struct Stage {
    app: RwLock<App>,
    frames: AtomicU64,
}

impl Stage {
    /// The app for `opts`, its runners started; their reports come on the receiver.
    pub fn new(opts: Launch) -> (Arc<Stage>, Receiver<Report>) {
        let (reports_tx, reports_rx) = bounded(64);
        let app = App::new(opts, reports_tx);
        (
            Arc::new(Stage {
                app: RwLock::new(app),
                frames: AtomicU64::new(0),
            }),
            reports_rx,
        )
    }

    /// The app, to read (a mirror drawing it).
    pub fn read(&self) -> RwLockReadGuard<'_, App> {
        self.app.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The app, to change (the screen's loop; the server's first status line).
    pub fn write(&self) -> RwLockWriteGuard<'_, App> {
        self.app.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Frames drawn so far: a mirror draws again when this changes.
    pub fn frames(&self) -> u64 {
        self.frames.load(Ordering::Acquire)
    }

    /// A frame of it was drawn.
    pub fn drawn(&self) {
        self.frames.fetch_add(1, Ordering::Release);
    }
}
