//! One algorithm on screen: its runner, the latest report from it, and what the app last asked
//! it to run.

use std::sync::Arc;

use sudoscope_core::board::Puzzle;
use sudoscope_core::engine::runner::{Control, Report, RunnerHandle, RunnerSetup};
use sudoscope_core::engine::trace::feed::Feed;
use sudoscope_core::run::PaneRun;
use sudoscope_i18n::Lang;

/// One algorithm on screen. The runner owns the search; its report says what it is running and
/// whether it has ended, and the screen shows that. `run` is the app's last request, which the
/// next switch or edit starts from before the runner has answered.
pub struct Pane {
    /// Stable id: reports carry it, so removing a pane does not confuse the others.
    pub id: usize,
    /// The runner (none in a detached app, whose driver feeds the reports).
    pub handle: Option<RunnerHandle>,
    /// The latest report from the runner.
    pub report: Option<Report>,
    /// The search last asked for: method, seed and start board.
    pub run: PaneRun,
    /// The trace it replays (`sudoscope watch`), until a switch hands its board to a built-in
    /// search.
    pub feed: Option<Arc<Feed>>,
}

impl Pane {
    /// The algorithm, preset and every non-default parameter, as the pane's title names it,
    /// in `lang`: `recocido simulado (v. clásica)`, `mine (traza)`.
    pub fn label(&self, lang: Lang) -> String {
        match self.watched() {
            Some(f) => format!("{} ({})", f.header.algorithm, tr!(lang, "pane-trace")),
            None => crate::words::method(lang, &self.run.method),
        }
    }

    /// The trace the pane shows now: its runner's, or the app's request before the runner has
    /// answered (a switch hands the board to a built-in search, and the trace is left).
    pub fn watched(&self) -> Option<&Arc<Feed>> {
        match &self.report {
            Some(r) => r.origin.feed.as_ref(),
            None => self.feed.as_ref(),
        }
    }

    /// The parameters as `name=value`, and the seed, as the screen shows them: a watched
    /// search's from its trace's header (which may give neither), a built-in one's own.
    pub fn shown_settings(&self) -> (Vec<String>, Option<String>) {
        match self.watched() {
            Some(f) => {
                let json = &f.header.json;
                let params = json
                    .get("params")
                    .and_then(|p| p.as_object())
                    .map(|o| o.iter().map(|(k, v)| format!("{k}={}", plain(v))).collect())
                    .unwrap_or_default();
                (params, json.get("seed").map(plain))
            }
            None => (
                self.run
                    .method
                    .params
                    .shown()
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect(),
                Some(self.run.seed.to_string()),
            ),
        }
    }

    /// Whether the search on screen has ended.
    pub fn ended(&self) -> bool {
        self.report
            .as_ref()
            .is_some_and(|r| r.snapshot.ended.is_some())
    }

    /// The search the pane runs now, as its runner last built it (after a switch, an edit or
    /// a rewind, that is not how the pane began).
    pub fn current(&self) -> &PaneRun {
        match &self.report {
            Some(r) => &r.origin.run,
            None => &self.run,
        }
    }

    /// How the pane's runner starts, for a driver of its own.
    /// `shared`: one of many screens' searches (see [`RunnerSetup::shared`]).
    pub fn setup(
        &self,
        puzzle: &Puzzle,
        speed: Option<f64>,
        running: bool,
        shared: bool,
    ) -> RunnerSetup {
        RunnerSetup {
            pane: self.id,
            puzzle: puzzle.clone(),
            run: self.run.clone(),
            speed,
            running,
            feed: self.feed.clone(),
            trace: None,
            shared,
        }
    }

    /// Send a control to the runner, if there is one.
    pub fn send(&self, c: Control) {
        if let Some(h) = &self.handle {
            h.send(c);
        }
    }
}

/// A JSON value as text, strings without their quotes.
fn plain(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
