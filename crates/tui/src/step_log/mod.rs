//! The step log in words: the engine keeps a pane's log as events ([`LogLine`]), and this puts
//! each into the language of the person watching — what one step did, in words a class can
//! follow ("set r7c4 6→8: sideways 0, accepted", "swap r3c7 and r3c9 (5↔2): uphill +2 rejected,
//! p = 0.13 at T = 1.200"), and what the runner did ("switched to beam (classic) from the
//! board").

use sudoscope_core::board::Geometry;
use sudoscope_core::board::grid::symbol;
use sudoscope_core::engine::log::{LogLine, RunnerNote};
use sudoscope_core::search::exact::ExactEvent;
use sudoscope_core::search::{Change, Decision, Event, Note, Step, StepSaid};
use sudoscope_i18n::{self, Arg, Lang};

/// `r3c7`: row and column, counted from 1 (the board's one cell notation).
pub fn cell(geo: &Geometry, c: u16) -> String {
    geo.cell_name(c as usize).to_string()
}

fn signed(d: i32) -> String {
    if d > 0 {
        format!("+{d}")
    } else {
        d.to_string()
    }
}

/// A sentence of the catalog in `lang`.
fn say(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    lang.text(id, args)
}

fn why(lang: Lang, v: Decision, delta: i32) -> String {
    let d = || Arg::from(signed(delta));
    let p = |p: f64| Arg::from(lang.num(p, 2));
    let t = |t: f64| Arg::from(crate::words::figure(lang, t));
    match v {
        Decision::Downhill => say(lang, "log-downhill", &[("delta", d())]),
        Decision::Sideways => say(lang, "log-sideways", &[]),
        Decision::UphillAccepted { p: pr, t: te } => say(
            lang,
            "log-uphill-accepted",
            &[("delta", d()), ("p", p(pr)), ("t", t(te))],
        ),
        Decision::UphillRejected { p: pr, t: te } => say(
            lang,
            "log-uphill-rejected",
            &[("delta", d()), ("p", p(pr)), ("t", t(te))],
        ),
        Decision::UphillTaken => say(lang, "log-uphill-taken", &[("delta", d())]),
        Decision::SidewaysFrozen => say(lang, "log-sideways-frozen", &[]),
        Decision::Tabu => say(lang, "log-tabu", &[("delta", d())]),
        Decision::NoMove => say(lang, "log-no-move", &[]),
    }
}

/// A proposed change: the cells and their values, old → new.
fn what(lang: Lang, change: Change, geo: &Geometry) -> Option<String> {
    match change {
        Change::Nothing => None,
        Change::Set { cell: c, from, to } => Some(say(
            lang,
            "log-set",
            &[
                ("cell", cell(geo, c).into()),
                ("from", symbol(from).to_string().into()),
                ("to", symbol(to).to_string().into()),
            ],
        )),
        Change::Swap {
            a,
            b,
            a_value,
            b_value,
        } => Some(say(
            lang,
            "log-swap",
            &[
                ("a", cell(geo, a).into()),
                ("b", cell(geo, b).into()),
                ("a_value", symbol(a_value).to_string().into()),
                ("b_value", symbol(b_value).to_string().into()),
            ],
        )),
    }
}

/// A line of a step log, in `lang`.
pub fn render(lang: Lang, line: &LogLine, geo: &Geometry) -> String {
    match line {
        LogLine::Step { index, step } => describe(lang, step, geo, *index),
        LogLine::Words { index, words, cost } => {
            self::line(lang, *index, &said(lang, words), *cost)
        }
        LogLine::Runner(note) => runner(lang, note),
        LogLine::Search(n) => note(lang, n),
    }
}

/// A line a search gave between steps or at its end, in `lang` (the reader's
/// detail of an unreadable line and why a run was cut stay as the engine says them).
pub fn note(lang: Lang, n: &Note) -> String {
    let ending = |w: &str| lang.word("ending", w);
    match n {
        Note::Output(t) => tr!(lang, "note-output", text = t.clone()),
        Note::Unreadable {
            line,
            column: Some(c),
            why,
        } => tr!(
            lang,
            "note-unreadable-at",
            line = *line,
            column = *c,
            why = why.clone()
        ),
        Note::Unreadable { line, why, .. } => {
            tr!(lang, "note-unreadable", line = *line, why = why.clone())
        }
        Note::ChangesGivens { line, cells } => {
            tr!(
                lang,
                "note-changes-givens",
                line = *line,
                cells = cells.join(", ")
            )
        }
        Note::MembersChangeGivens { line, members } => {
            tr!(
                lang,
                "note-members-change-givens",
                line = *line,
                members = *members
            )
        }
        Note::More(n) => tr!(lang, "note-more", n = *n),
        Note::Cut(why) => why.clone(),
        Note::LastWords(l) => tr!(lang, "note-last-words", text = l.clone()),
        Note::Ends(w) => tr!(lang, "note-ends", how = ending(w)),
        Note::Returns { cost, last } => tr!(lang, "note-returns", cost = *cost, last = *last),
        Note::SolvedAfterAll(w) => tr!(lang, "note-solved-after-all", how = ending(w)),
        Note::ChangedAGiven => tr!(lang, "note-changed-a-given"),
        Note::NotSolved(cost) => tr!(lang, "note-not-solved", cost = *cost),
    }
}

/// A step a search said in its own words: those as they are, or what a replay saw, in `lang`.
fn said(lang: Lang, words: &StepSaid) -> String {
    match words {
        StepSaid::Own(text) => text.clone(),
        StepSaid::NotTaken => tr!(lang, "log-trace-not-taken"),
        StepSaid::NoChange => tr!(lang, "log-trace-no-change"),
        StepSaid::Cells(n) => tr!(lang, "log-trace-cells", n = *n),
    }
}

/// What the runner said, in `lang`.
fn runner(lang: Lang, note: &RunnerNote) -> String {
    let algo = |name: &str| lang.word("algo", name);
    let preset = |p: &sudoscope_core::search::Preset| lang.word("preset", &p.to_string());
    let ending = |o: &sudoscope_core::search::Outcome| lang.word("ending", o.word());
    match note {
        RunnerNote::Starts {
            algo: a,
            preset: p,
            seed,
            cost,
        } => tr!(
            lang,
            "runner-starts",
            algo = algo(a),
            preset = preset(p),
            seed = seed.to_string(),
            cost = *cost
        ),
        RunnerNote::StartsTrace {
            algo: a,
            source,
            cost,
        } => tr!(
            lang,
            "runner-starts-trace",
            algo = algo(a),
            source = source.clone(),
            cost = *cost
        ),
        RunnerNote::Switched {
            algo: a,
            preset: p,
            cost,
        } => tr!(
            lang,
            "runner-switched",
            algo = algo(a),
            preset = preset(p),
            cost = *cost
        ),
        RunnerNote::Restarted { seed, cost } => {
            tr!(
                lang,
                "runner-restarted",
                seed = seed.to_string(),
                cost = *cost
            )
        }
        RunnerNote::RestartedShared { seed, cost } => tr!(
            lang,
            "runner-restarted-shared",
            seed = seed.to_string(),
            cost = *cost
        ),
        RunnerNote::Ended { how, best } => {
            tr!(lang, "runner-ended", how = ending(how), best = *best)
        }
        RunnerNote::EndedAfter { how, steps, best } => tr!(
            lang,
            "runner-ended-after",
            how = ending(how),
            steps = *steps,
            best = *best
        ),
        RunnerNote::Rewound { n, cost } => tr!(lang, "runner-rewound", n = *n, cost = *cost),
        RunnerNote::NothingToRewind => tr!(lang, "runner-nothing-to-rewind"),
        RunnerNote::TraceUnwritable { path, reason } => tr!(
            lang,
            "runner-trace-unwritable",
            path = path.clone(),
            reason = reason.clone()
        ),
        RunnerNote::TraceStopped => tr!(lang, "runner-trace-stopped"),
        RunnerNote::Crashed { message } => tr!(lang, "runner-crashed", message = message.clone()),
    }
}

/// What a step did, in English: the words a trace keeps whatever the screen speaks (a trace is
/// read by programs).
pub fn english(step: &Step, geo: &Geometry) -> String {
    words_in(Lang::En, step, geo)
}

/// One line for the step log: the step's number, what it did, the cost after it.
pub fn describe(lang: Lang, step: &Step, geo: &Geometry, index: u64) -> String {
    line(lang, index, &words(lang, step, geo), step.cost)
}

/// A step log line of the step's number, its words (built in or a trace's) and the cost after
/// it.
pub fn line(lang: Lang, index: u64, words: &str, cost: u32) -> String {
    format!(
        "{index:>7}  {words}  ({})",
        tr!(lang, "log-cost", cost = cost)
    )
}

/// What a step did, in words, in `lang`.
pub fn words(lang: Lang, step: &Step, geo: &Geometry) -> String {
    words_in(lang, step, geo)
}

/// What a step did, in words, in `lang`: `swap r3c7 and r3c9 (5↔2): uphill +2 accepted, p =
/// 0.13 at T = 1.200`. (A trace keeps these words in English, whatever the screen speaks.)
pub fn words_in(lang: Lang, step: &Step, geo: &Geometry) -> String {
    match step.event {
        Event::Move {
            change,
            delta,
            decision,
        } => match what(lang, change, geo) {
            Some(w) => format!("{w}: {}", why(lang, decision, delta)),
            None => why(lang, decision, delta),
        },
        Event::Sweep {
            changed,
            delta,
            decision,
        } => format!(
            "{}: {}",
            say(lang, "log-sweep", &[("n", changed.into())]),
            why(lang, decision, delta)
        ),
        Event::Generation {
            index,
            best,
            mean,
            worst,
        } => say(
            lang,
            "log-generation",
            &[
                ("index", index.into()),
                ("best", best.into()),
                ("mean", lang.num(mean, 1).into()),
                ("worst", worst.into()),
            ],
        ),
        Event::Ant(a) => {
            let mut text = say(
                lang,
                "log-ant",
                &[
                    ("iteration", a.iteration.into()),
                    ("ant", a.ant.into()),
                    ("filled", a.filled.into()),
                    ("cells", geo.cells.into()),
                    ("chosen", a.chosen.into()),
                ],
            );
            if a.failed > 0 {
                text += &say(lang, "log-ant-failed", &[("n", a.failed.into())]);
            }
            if let Some(d) = a.deposit {
                text += &say(
                    lang,
                    if d.replaced {
                        "log-ant-deposit-new"
                    } else {
                        "log-ant-deposit"
                    },
                    &[
                        ("amount", lang.num(d.amount, 2).into()),
                        ("n", d.filled.into()),
                    ],
                );
                if d.reset {
                    text += &say(lang, "log-ant-reset", &[]);
                }
            }
            text
        }
        Event::Exact(e) => match e {
            ExactEvent::Propagated {
                placed,
                contradiction: false,
            } => say(lang, "log-propagated", &[("n", placed.into())]),
            ExactEvent::Propagated {
                placed,
                contradiction: true,
            } => say(
                lang,
                "log-propagated-contradiction",
                &[("n", placed.into())],
            ),
            ExactEvent::Guess {
                cell: c,
                value,
                options,
                depth,
            } => say(
                lang,
                "log-guess",
                &[
                    ("cell", cell(geo, c).into()),
                    ("value", symbol(value).to_string().into()),
                    ("options", options.into()),
                    ("depth", depth.into()),
                ],
            ),
            ExactEvent::Backtrack {
                cell: c,
                value: 0,
                depth,
            } => say(
                lang,
                "log-undone",
                &[("cell", cell(geo, c).into()), ("depth", depth.into())],
            ),
            ExactEvent::Backtrack {
                cell: c,
                value,
                depth,
            } => say(
                lang,
                "log-backtrack",
                &[
                    ("cell", cell(geo, c).into()),
                    ("value", symbol(value).to_string().into()),
                    ("depth", depth.into()),
                ],
            ),
            ExactEvent::Solution { count } => say(lang, "log-solution", &[("n", count.into())]),
            ExactEvent::Finished => say(lang, "log-finished", &[]),
        },
        Event::Returned {
            cost,
            zero_at: Some(at),
        } if cost > 0 => say(
            lang,
            "log-returned-zero",
            &[("at", at.into()), ("cost", cost.into())],
        ),
        Event::Returned { cost, .. } => say(lang, "log-returned", &[("cost", cost.into())]),
        Event::Idle => say(lang, "log-idle", &[]),
    }
}

#[cfg(test)]
mod tests;
