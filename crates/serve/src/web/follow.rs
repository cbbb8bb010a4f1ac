//! A student's own search, sent to the class board, shown in that student's own browser
//! session (a link with `t=NAME`). The board keeps the latest run sent under each name (its
//! header, its steps as sent, and how it ended, up to [`KEPT_BYTES`] a run), so a tab opened
//! after the run began, or after it ended, replays it from its start, each step numbered as
//! sent: the tab and the board agree on every step. A tab that is already following when a run
//! begins gets it live. A session that falls behind (paused) skips steps rather than holding
//! the sender back; the replay of a kept run waits for its screen instead, on a thread of its
//! own.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use sudoscope_core::engine::trace::feed::{Closed, Item};
use sudoscope_core::engine::trace::read::{Header, TraceStep};
use sudoscope_core::engine::trace::source::{self, Pusher, Source};

/// Sessions at most that follow one name (every tab of a class at once is far fewer).
pub const PER_NAME: usize = 16;
/// A run's steps kept for tabs that open later, in bytes (about 100,000 steps of a local
/// search); past it the run is kept from a later board on.
pub const KEPT_BYTES: usize = 8 << 20;
/// Runs kept at most, one a name: the oldest is forgotten first.
pub const KEPT_RUNS: usize = 400;

type Shared = Arc<Mutex<Pusher>>;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The latest run sent under a name, as kept for the tabs that open later.
struct Kept {
    header: Header,
    /// The board before the first step kept.
    start: Vec<u8>,
    /// The board after the last step kept.
    board: Vec<u8>,
    /// Steps before the first kept (dropped to keep within [`KEPT_BYTES`]).
    dropped: u64,
    steps: std::collections::VecDeque<TraceStep>,
    bytes: usize,
    /// How it ended, once it has.
    closed: Option<Closed>,
    /// The sessions that get its steps as they come.
    live: Vec<Weak<Mutex<Pusher>>>,
    /// When it began, to forget the oldest run first.
    began: u64,
}

/// Who follows which name, and the latest run of each.
#[derive(Default)]
pub struct Followers {
    by_name: Mutex<HashMap<String, Vec<Weak<Mutex<Pusher>>>>>,
    latest: Mutex<HashMap<String, Arc<Mutex<Kept>>>>,
    counter: std::sync::atomic::AtomicU64,
}

/// A session's hold on the runs sent under a name: the screen's source, and what keeps it
/// fed. Dropping it (the session ends) lets the board forget the follower.
pub struct Follow {
    /// The source for the session's screen ([`sudoscope_tui::Launch::source`]).
    pub source: Source,
    _pusher: Shared,
}

impl Followers {
    /// Follow the runs sent under `name`: the latest one from its start (replayed on a thread
    /// of its own, then live while it goes on), and every later one live; `None` when the name
    /// is empty or already followed by [`PER_NAME`] sessions.
    pub fn follow(&self, name: &str) -> Option<Follow> {
        let name = clean(name);
        if name.is_empty() {
            return None;
        }
        let (source, pusher) = source::pushed(&name);
        let pusher = Arc::new(Mutex::new(pusher));
        {
            let mut map = lock(&self.by_name);
            map.retain(|_, v| {
                v.retain(|w| w.strong_count() > 0);
                !v.is_empty()
            });
            let list = map.entry(name.clone()).or_default();
            if list.len() >= PER_NAME {
                return None;
            }
            list.push(Arc::downgrade(&pusher));
        }
        let kept = lock(&self.latest).get(&name).cloned();
        if let Some(kept) = kept {
            replay(kept, Arc::downgrade(&pusher));
        }
        Some(Follow {
            source,
            _pusher: pusher,
        })
    }

    /// The sessions following `name` now.
    fn of(&self, name: &str) -> Vec<Shared> {
        lock(&self.by_name)
            .get(name)
            .map(|v| v.iter().filter_map(Weak::upgrade).collect())
            .unwrap_or_default()
    }

    /// A new run under `name`: kept as the latest, and begun for every session following it.
    fn begin(&self, name: &str, header: Header) -> Arc<Mutex<Kept>> {
        let start = header.puzzle.givens.cells().to_vec();
        let began = self
            .counter
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let kept = Arc::new(Mutex::new(Kept {
            header: header.clone(),
            board: start.clone(),
            start,
            dropped: 0,
            steps: Default::default(),
            bytes: 0,
            closed: None,
            live: Vec::new(),
            began,
        }));
        {
            let mut k = lock(&kept);
            for p in self.of(name) {
                lock(&p).begin(header.clone(), None);
                k.live.push(Arc::downgrade(&p));
            }
        }
        let mut latest = lock(&self.latest);
        if latest.len() >= KEPT_RUNS && !latest.contains_key(name) {
            let oldest = latest
                .iter()
                .min_by_key(|(_, k)| lock(k).began)
                .map(|(n, _)| n.clone());
            if let Some(n) = oldest {
                latest.remove(&n);
            }
        }
        latest.insert(name.to_string(), Arc::clone(&kept));
        kept
    }
}

/// Replay `kept` into the session whose pusher is `to`, from its first step kept, waiting for
/// the session's screen as a file's reader does; then, caught up, it gets the run's steps live.
fn replay(kept: Arc<Mutex<Kept>>, to: Weak<Mutex<Pusher>>) {
    let _ = std::thread::Builder::new()
        .name("follow-replay".into())
        .spawn(move || {
            let feed = {
                let k = lock(&kept);
                let Some(p) = to.upgrade() else { return };
                let mut p = lock(&p);
                p.begin_numbered(k.header.clone(), Some(k.start.clone()), k.dropped);
                p.feed()
            };
            let Some(feed) = feed else { return };
            let mut at = 0usize;
            loop {
                let mut batch: Vec<Item> = {
                    let mut k = lock(&kept);
                    // steps dropped meanwhile: go on from the first still kept
                    let first = k.dropped as usize;
                    let from = at.saturating_sub(first);
                    if from >= k.steps.len() {
                        // caught up: from now on the run's steps come live
                        match &k.closed {
                            Some(how) => feed.close(how.clone()),
                            None => k.live.push(to.clone()),
                        }
                        return;
                    }
                    let end = (from + 256).min(k.steps.len());
                    at = first + end;
                    k.steps.range(from..end).cloned().map(Item::Step).collect()
                };
                if !feed.push(&mut batch) {
                    // no one reads any more
                    return;
                }
            }
        });
}

/// A name as the board shows it.
fn clean(name: &str) -> String {
    super::text::clean_text(name, super::text::NAME_CHARS)
}

/// One run being sent, as its followers get it: kept for later tabs, begun for the tabs
/// following the name, then step by step, then ended.
pub struct Relay {
    name: String,
    kept: Option<Arc<Mutex<Kept>>>,
}

impl Relay {
    /// The run sent under `name` (as the board shows it).
    pub fn new(name: &str) -> Relay {
        Relay {
            name: name.to_string(),
            kept: None,
        }
    }

    /// The run's header has come: it is the name's latest run, and its followers see it from
    /// its start.
    pub fn header(&mut self, h: Header, followers: &Followers) {
        self.end(Closed::Cut {
            why: "a new run began".into(),
            last_words: None,
        });
        self.kept = Some(followers.begin(&self.name, h));
    }

    /// A step has come; `board` is the whole board after it.
    pub fn step(&mut self, step: &TraceStep, board: &[u8], _followers: &Followers) {
        let Some(kept) = &self.kept else { return };
        let whole = TraceStep {
            board: Some(board.to_vec()),
            changed: Vec::new(),
            population: None,
            ..step.clone()
        };
        let mut k = lock(kept);
        k.live.retain(|w| match w.upgrade() {
            Some(p) => {
                lock(&p).step(whole.clone());
                true
            }
            None => false,
        });
        // the run's first board (step 0) is kept whole: a late follower's replay starts
        // from it, as the run did
        let kept_step = if k.steps.is_empty() && whole.step == Some(0) {
            TraceStep {
                changed: Vec::new(),
                ..whole.clone()
            }
        } else {
            TraceStep {
                board: None,
                changed: board
                    .iter()
                    .zip(&k.board)
                    .enumerate()
                    .filter(|&(_, (v, was))| v != was)
                    .map(|(i, (&v, _))| (i as u16, v))
                    .collect(),
                ..whole
            }
        };
        k.board.copy_from_slice(board);
        let weight = kept_step.weight();
        k.steps.push_back(kept_step);
        k.bytes += weight;
        while k.bytes > KEPT_BYTES {
            let Some(first) = k.steps.pop_front() else {
                break;
            };
            k.bytes -= first.weight();
            if let Some(b) = &first.board {
                k.start.copy_from_slice(b);
            }
            for &(c, v) in &first.changed {
                k.start[c as usize] = v;
            }
            k.dropped += 1;
        }
    }

    /// The run has ended, `how`.
    pub fn end(&mut self, how: Closed) {
        if let Some(kept) = self.kept.take() {
            let mut k = lock(&kept);
            if k.closed.is_none() {
                k.closed = Some(how.clone());
            }
            for p in k.live.drain(..).filter_map(|w| w.upgrade()) {
                lock(&p).end(how.clone());
            }
        }
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.end(Closed::Cut {
            why: "the connection ended before the closing line".into(),
            last_words: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};
    use sudoscope_core::engine::trace::read;
    use sudoscope_core::engine::trace::source::Phase;

    fn header() -> Header {
        let text = r#"{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"mine","neighbourhood":"course"}"#;
        let resolve =
            |r: &str| sudoscope_core::catalog::resolve_builtin(r).map_err(|e| e.to_string());
        read::header(text, 1, &resolve).unwrap()
    }

    fn feed_of(f: &Follow) -> Arc<sudoscope_core::engine::trace::feed::Feed> {
        let began = Instant::now();
        loop {
            if let Phase::Ready(feed) = f.source.phase().0 {
                return feed;
            }
            assert!(began.elapsed() < Duration::from_secs(10), "never ready");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn received(feed: &sudoscope_core::engine::trace::feed::Feed, n: u64) {
        let began = Instant::now();
        while feed.received() < n {
            assert!(
                began.elapsed() < Duration::from_secs(10),
                "{} of {n} steps",
                feed.received()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_follower_gets_each_run_live_and_a_late_one_the_whole_run_from_its_start() {
        let followers = Followers::default();
        let me = followers.follow(" ana\u{7} ").unwrap();
        let other = followers.follow("bruno").unwrap();
        assert!(matches!(me.source.phase().0, Phase::Waiting));
        let h = header();
        let givens = h.puzzle.givens.cells().to_vec();
        let mut run = Relay::new("ana");
        run.header(h.clone(), &followers);
        let feed = feed_of(&me);
        assert_eq!(feed.start_board(), givens);
        let mut board = givens.clone();
        let empty = board.iter().position(|&v| v == 0).unwrap();
        for (n, v) in [(1, 5), (2, 6), (3, 7)] {
            board[empty] = v;
            let step = TraceStep {
                step: Some(n),
                changed: vec![(empty as u16, v)],
                ..TraceStep::default()
            };
            run.step(&step, &board, &followers);
        }
        received(&feed, 3);
        // a follower that comes midway gets the run from its start, every step numbered as sent
        let late = followers.follow("ana").unwrap();
        let joined = feed_of(&late);
        assert_eq!(joined.start_board(), givens, "from the run's start");
        received(&joined, 3);
        let w = joined.window(0, 0, Duration::ZERO);
        let numbers: Vec<Option<u64>> = (0..3).map(|i| w.step(i).unwrap().step).collect();
        assert_eq!(numbers, [Some(1), Some(2), Some(3)]);
        drop(w);
        // and then live
        board[empty] = 8;
        run.step(
            &TraceStep {
                step: Some(4),
                ..TraceStep::default()
            },
            &board,
            &followers,
        );
        received(&joined, 4);
        received(&feed, 4);
        // another name's follower saw none of it
        assert!(matches!(other.source.phase().0, Phase::Waiting));
        // ended; a tab opened afterwards gets it whole, ended
        run.end(Closed::Cut {
            why: "x".into(),
            last_words: None,
        });
        let after = followers.follow("ana").unwrap();
        let whole = feed_of(&after);
        received(&whole, 4);
        let began = Instant::now();
        while whole.closed().is_none() {
            assert!(began.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(5));
        }
        // a cell run again is a new run for the same follower
        let mut again = Relay::new("ana");
        again.header(h, &followers);
        assert_eq!(me.source.phase().1, 2, "a second run");
        drop(again);
        assert!(
            matches!(feed_of(&me).closed(), Some(Closed::Cut { .. })),
            "a run whose sender went away is cut"
        );
    }

    #[test]
    fn a_name_has_a_bounded_number_of_followers_and_gone_ones_are_forgotten() {
        let followers = Followers::default();
        assert!(followers.follow("  ").is_none());
        let held: Vec<Follow> = (0..PER_NAME)
            .map(|_| followers.follow("ana").unwrap())
            .collect();
        assert!(followers.follow("ana").is_none());
        drop(held);
        assert!(followers.follow("ana").is_some());
    }

    #[test]
    fn a_paused_follower_never_holds_the_sender_back() {
        let followers = Followers::default();
        let me = followers.follow("ana").unwrap();
        let h = header();
        let board = h.puzzle.givens.cells().to_vec();
        let mut run = Relay::new("ana");
        run.header(h, &followers);
        // nobody replays: far more steps than a feed holds ahead, none of them waiting
        for i in 0..10_000 {
            let step = TraceStep {
                step: Some(i),
                ..TraceStep::default()
            };
            run.step(&step, &board, &followers);
        }
        let feed = feed_of(&me);
        assert!(
            feed.received() <= sudoscope_core::engine::trace::feed::AHEAD,
            "{}",
            feed.received()
        );
    }

    #[test]
    fn a_paused_follower_ends_on_the_runs_true_last_step_and_board() {
        use sudoscope_core::engine::trace::replay::Replay;
        use sudoscope_core::search::Search;
        let followers = Followers::default();
        let me = followers.follow("ana").unwrap();
        let h = header();
        let givens = h.puzzle.givens.cells().to_vec();
        let free: Vec<usize> = (0..givens.len()).filter(|&i| givens[i] == 0).collect();
        let mut run = Relay::new("ana");
        run.header(h, &followers);
        // a screen paused from the start: the run goes on far past what its feed holds
        let mut board = givens.clone();
        for i in 1..=3000u64 {
            board[free[i as usize % free.len()]] = (i % 9 + 1) as u8;
            let step = TraceStep {
                step: Some(i),
                ..TraceStep::default()
            };
            run.step(&step, &board, &followers);
        }
        run.end(Closed::End(sudoscope_core::engine::trace::read::TraceEnd {
            outcome: "stuck".into(),
            steps: Some(3000),
            cost: None,
            result: None,
            error: None,
        }));
        // played on afterwards, it ends where the run ended, never on a board the run left
        let mut replay = Replay::new(feed_of(&me), 0, None);
        let mut spins = 0;
        while replay.ended().is_none() {
            replay.advance(100);
            spins += 1;
            assert!(spins < 10_000, "never ended");
        }
        assert_eq!(replay.steps(), 3000, "the sender's last step number");
        assert_eq!(
            replay.snapshot().grid.cells(),
            &board[..],
            "the run's last board"
        );
    }
}
