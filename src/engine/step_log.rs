//! The step log: what one step did, in words a class can follow ("set r7c4 6→8: sideways 0,
//! accepted", "swap r3c7 and r3c9 (5↔2): uphill +2 rejected, p = 0.13 at T = 1.200").

use crate::board::Geometry;
use crate::board::grid::symbol;
use crate::search::exact::ExactEvent;
use crate::search::{Change, Decision, Event, Step};

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

fn why(v: Decision, delta: i32) -> String {
    match v {
        Decision::Downhill => format!("downhill {}, accepted", signed(delta)),
        Decision::Sideways => "sideways 0, accepted".into(),
        Decision::UphillAccepted { p, t } => format!(
            "uphill {} accepted, p = {p:.2} at T = {t:.3}",
            signed(delta)
        ),
        Decision::UphillRejected { p, t } => format!(
            "uphill {} rejected, p = {p:.2} at T = {t:.3}",
            signed(delta)
        ),
        Decision::SidewaysFrozen => "sideways 0 rejected: T has reached 0".into(),
        Decision::Tabu => format!("{} rejected: the state is tabu", signed(delta)),
        Decision::NoMove => "no neighbour improves: a local minimum".into(),
    }
}

/// A proposed change: the cells and their values, old → new.
fn what(change: Change, geo: &Geometry) -> Option<String> {
    match change {
        Change::Nothing => None,
        Change::Set { cell: c, from, to } => Some(format!(
            "set {} {}→{}",
            cell(geo, c),
            symbol(from),
            symbol(to)
        )),
        Change::Swap {
            a,
            b,
            a_value,
            b_value,
        } => Some(format!(
            "swap {} and {} ({}↔{})",
            cell(geo, a),
            cell(geo, b),
            symbol(a_value),
            symbol(b_value)
        )),
    }
}

/// One line for the step log: the step's number, what it did, the cost after it.
pub fn describe(step: &Step, geo: &Geometry, index: u64) -> String {
    format!("{index:>7}  {}  (cost {})", words(step, geo), step.cost)
}

/// What a step did, in words: `swap r3c7 and r3c9 (5↔2): uphill +2 accepted, p = 0.13 at T =
/// 1.200`.
pub fn words(step: &Step, geo: &Geometry) -> String {
    match step.event {
        Event::Move {
            change,
            delta,
            decision,
        } => match what(change, geo) {
            Some(w) => format!("{w}: {}", why(decision, delta)),
            None => why(decision, delta),
        },
        Event::Sweep {
            changed,
            delta,
            decision,
        } => {
            format!("sweep resampled {changed} cells: {}", why(decision, delta))
        }
        Event::Generation {
            index,
            best,
            mean,
            worst,
        } => {
            format!("generation {index}: best {best}, mean {mean:.1}, worst {worst}")
        }
        Event::Ant(a) => {
            let mut text = format!(
                "iteration {}, ant {}: filled {} of {} cells ({} chosen, the rest by propagation)",
                a.iteration, a.ant, a.filled, geo.cells, a.chosen
            );
            if a.failed > 0 {
                text += &format!(", {} left with no possible value", a.failed);
            }
            if let Some(d) = a.deposit {
                text += &format!(
                    "; {} lays {:.2} on its {} values",
                    if d.replaced {
                        "this iteration's best ant becomes the reference and"
                    } else {
                        "the reference ant"
                    },
                    d.amount,
                    d.filled
                );
                if d.reset {
                    text += "; no new best for too long: the pheromone starts over";
                }
            }
            text
        }
        Event::Exact(e) => match e {
            ExactEvent::Propagated {
                placed,
                contradiction: false,
            } => format!("propagation placed {placed} cells"),
            ExactEvent::Propagated {
                placed,
                contradiction: true,
            } => {
                format!("propagation placed {placed} cells, then hit a contradiction")
            }
            ExactEvent::Guess {
                cell: c,
                value,
                options,
                depth,
            } => {
                format!(
                    "guess {} = {} (of {options}) at depth {depth}",
                    cell(geo, c),
                    symbol(value)
                )
            }
            ExactEvent::Backtrack {
                cell: c,
                value: 0,
                depth,
            } => {
                format!(
                    "guess at {} undone: no value left at depth {depth}",
                    cell(geo, c)
                )
            }
            ExactEvent::Backtrack {
                cell: c,
                value,
                depth,
            } => {
                format!(
                    "backtrack: try {} = {} at depth {depth}",
                    cell(geo, c),
                    symbol(value)
                )
            }
            ExactEvent::Solution { count } => format!("solution {count} found"),
            ExactEvent::Finished => "search tree exhausted".into(),
        },
        Event::Returned {
            cost,
            zero_at: Some(at),
        } if cost > 0 => format!(
            "cost 0 reached at step {at}, but the course's bookkeeping keeps the state of cost {cost}"
        ),
        Event::Returned { cost, .. } => {
            format!("the course's bookkeeping returns the state it kept, cost {cost}")
        }
        Event::Idle => "nothing to do: the search has ended".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Outcome;

    #[test]
    fn an_ant_says_what_it_filled_and_what_the_colony_laid() {
        use crate::search::ants::event::{AntEvent, Deposit};
        let geo = Geometry::for_box(3).unwrap();
        let step = |deposit| Step {
            event: Event::Ant(AntEvent {
                iteration: 3,
                ant: 10,
                filled: 78,
                chosen: 12,
                failed: 3,
                deposit,
            }),
            cost: 9,
            ended: None,
        };
        let plain = describe(&step(None), geo, 30);
        assert!(
            plain.contains(
                "iteration 3, ant 10: filled 78 of 81 cells (12 chosen, the rest by propagation), 3 left with no possible value"
            ),
            "{plain}"
        );
        let laid = describe(
            &step(Some(Deposit {
                filled: 80,
                amount: 81.0,
                replaced: false,
                reset: true,
            })),
            geo,
            30,
        );
        assert!(
            laid.contains("; the reference ant lays 81.00 on its 80 values; no new best for too long: the pheromone starts over"),
            "{laid}"
        );
    }

    #[test]
    fn uphill_moves_say_probability_and_temperature() {
        let geo = Geometry::for_box(3).unwrap();
        let step = Step {
            event: Event::Move {
                change: Change::Swap {
                    a: 2 * 9 + 6,
                    b: 2 * 9 + 8,
                    a_value: 5,
                    b_value: 2,
                },
                delta: 2,
                decision: Decision::UphillAccepted { p: 0.1312, t: 1.2 },
            },
            cost: 14,
            ended: None::<Outcome>,
        };
        assert_eq!(
            describe(&step, geo, 5),
            "      5  swap r3c7 and r3c9 (5↔2): uphill +2 accepted, p = 0.13 at T = 1.200  (cost 14)"
        );
    }

    #[test]
    fn value_changes_name_the_old_and_new_value() {
        let geo = Geometry::for_box(3).unwrap();
        let step = Step {
            event: Event::Move {
                change: Change::Set {
                    cell: 6 * 9 + 3,
                    from: 6,
                    to: 8,
                },
                delta: 0,
                decision: Decision::Sideways,
            },
            cost: 4,
            ended: None,
        };
        assert_eq!(
            describe(&step, geo, 812),
            "    812  set r7c4 6→8: sideways 0, accepted  (cost 4)"
        );
    }
}
