//! A student's own search, sent to the class board, shown in that student's own browser
//! session: the tab asks for the runs sent under a name, and every run sent under it from then
//! on (a notebook cell run again is a new run) is handed to that session's screen as `watch`
//! shows a followed file. The trace is read once, by the board; a session's screen gets whole
//! boards, and one that falls behind (paused) skips steps rather than holding the sender back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use crate::engine::trace::feed::Closed;
use crate::engine::trace::read::{Header, TraceStep};
use crate::engine::trace::source::{self, Pusher, Source};

/// Sessions at most that follow one name (every tab of a class at once is far fewer).
pub const PER_NAME: usize = 16;

type Shared = Arc<Mutex<Pusher>>;

/// Who follows which name.
#[derive(Default)]
pub struct Followers {
    by_name: Mutex<HashMap<String, Vec<Weak<Mutex<Pusher>>>>>,
}

/// A session's hold on the runs sent under a name: the screen's source, and what keeps it
/// fed. Dropping it (the session ends) lets the board forget the follower.
pub struct Follow {
    /// The source for the session's screen ([`crate::tui::Launch::source`]).
    pub source: Source,
    _pusher: Shared,
}

impl Followers {
    /// Follow the runs sent under `name` from now on; `None` when the name is empty or
    /// already followed by [`PER_NAME`] sessions.
    pub fn follow(&self, name: &str) -> Option<Follow> {
        let name = clean(name);
        if name.is_empty() {
            return None;
        }
        let (source, pusher) = source::pushed(&name);
        let pusher = Arc::new(Mutex::new(pusher));
        let mut map = self.by_name.lock().unwrap_or_else(|e| e.into_inner());
        map.retain(|_, v| {
            v.retain(|w| w.strong_count() > 0);
            !v.is_empty()
        });
        let list = map.entry(name).or_default();
        if list.len() >= PER_NAME {
            return None;
        }
        list.push(Arc::downgrade(&pusher));
        Some(Follow {
            source,
            _pusher: pusher,
        })
    }

    /// The sessions following `name` now.
    fn of(&self, name: &str) -> Vec<Shared> {
        self.by_name
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(name)
            .map(|v| v.iter().filter_map(Weak::upgrade).collect())
            .unwrap_or_default()
    }
}

/// A name as the board shows it: control characters removed, at most `chars` characters,
/// trimmed.
pub fn clean_to(name: &str, chars: usize) -> String {
    let kept: String = name.chars().filter(|c| !c.is_control()).collect();
    kept.trim().chars().take(chars).collect()
}

fn clean(name: &str) -> String {
    clean_to(name, super::board::NAME_CHARS)
}

/// One run being sent, as its followers get it: begun for each follower as it first comes
/// (with the board reached so far), then step by step, then ended.
pub struct Relay {
    name: String,
    header: Option<Header>,
    told: Vec<Weak<Mutex<Pusher>>>,
}

impl Relay {
    /// The run sent under `name` (as the board shows it).
    pub fn new(name: &str) -> Relay {
        Relay {
            name: name.to_string(),
            header: None,
            told: Vec::new(),
        }
    }

    /// The run's header has come: those following the name now see it from its start.
    pub fn header(&mut self, h: Header, followers: &Followers) {
        for p in followers.of(&self.name) {
            self.told.push(Arc::downgrade(&p));
            p.lock()
                .unwrap_or_else(|e| e.into_inner())
                .begin(h.clone(), None);
        }
        self.header = Some(h);
    }

    /// A step has come; `board` is the whole board after it.
    pub fn step(&mut self, step: &TraceStep, board: &[u8], followers: &Followers) {
        let Some(h) = &self.header else { return };
        for p in followers.of(&self.name) {
            let weak = Arc::downgrade(&p);
            let mut p = p.lock().unwrap_or_else(|e| e.into_inner());
            if self.told.iter().any(|w| w.ptr_eq(&weak)) {
                p.step(TraceStep {
                    board: Some(board.to_vec()),
                    changed: Vec::new(),
                    ..step.clone()
                });
            } else {
                // a follower new to this run starts from the board reached so far
                p.begin(h.clone(), Some(board.to_vec()));
                self.told.push(weak);
            }
        }
    }

    /// The run has ended, `how`.
    pub fn end(&mut self, how: Closed) {
        for p in self.told.drain(..).filter_map(|w| w.upgrade()) {
            p.lock().unwrap_or_else(|e| e.into_inner()).end(how.clone());
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
    use crate::engine::trace::read;
    use crate::engine::trace::source::Phase;

    fn header() -> Header {
        let text = r#"{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"mine","neighbourhood":"course"}"#;
        let resolve = |r: &str| crate::catalog::resolve_builtin(r).map_err(|e| e.to_string());
        read::header(text, 1, &resolve).unwrap()
    }

    fn feed_of(f: &Follow) -> Arc<crate::engine::trace::feed::Feed> {
        match f.source.phase().0 {
            Phase::Ready(feed) => feed,
            other => panic!("not ready: {other:?}"),
        }
    }

    #[test]
    fn a_follower_gets_each_run_under_its_name_from_the_board_reached_then_step_by_step() {
        let followers = Followers::default();
        let me = followers.follow(" ana\u{7} ").unwrap();
        let other = followers.follow("bruno").unwrap();
        assert!(matches!(me.source.phase().0, Phase::Waiting));
        let h = header();
        let givens = h.puzzle.givens.cells().to_vec();
        let mut run = Relay::new("ana");
        run.header(h.clone(), &followers);
        // following from before the header: the run from its start
        let feed = feed_of(&me);
        assert_eq!(feed.start_board(), givens);
        // a follower that comes midway starts from the board reached
        let late = followers.follow("ana").unwrap();
        let mut board = givens.clone();
        let empty = board.iter().position(|&v| v == 0).unwrap();
        board[empty] = 5;
        let step = TraceStep {
            step: Some(7),
            changed: vec![(empty as u16, 5)],
            ..TraceStep::default()
        };
        run.step(&step, &board, &followers);
        assert_eq!(feed.received(), 1);
        let joined = feed_of(&late);
        assert_eq!(joined.start_board(), board, "begun from step 7's board");
        assert_eq!(joined.received(), 0);
        board[empty] = 6;
        run.step(
            &TraceStep {
                step: Some(8),
                ..step.clone()
            },
            &board,
            &followers,
        );
        // the next step comes as a whole board, numbered as sent
        let w = feed.window(0, 0, std::time::Duration::ZERO);
        let got = w.step(1).unwrap();
        assert_eq!(got.step, Some(8));
        assert_eq!(got.board.as_deref(), Some(&board[..]));
        assert!(got.changed.is_empty());
        drop(w);
        // another name's follower saw none of it
        assert!(matches!(other.source.phase().0, Phase::Waiting));
        // the run ends as sent; a cell run again is a new run for the same follower
        run.end(Closed::Cut {
            why: "x".into(),
            last_words: None,
        });
        assert!(feed.closed().is_some());
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
            feed.received() <= crate::engine::trace::feed::AHEAD,
            "{}",
            feed.received()
        );
    }
}
