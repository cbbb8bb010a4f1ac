//! The step log: what one step did, in words a class can follow.

use crate::board::Geometry;
use crate::board::grid::symbol;
use crate::search::exact::ExactEvent;
use crate::search::{Event, Step, Verdict};

/// `r3c7`: row and column, counted from 1.
pub fn cell(geo: &Geometry, c: u16) -> String {
    format!("r{}c{}", geo.row(c as usize) + 1, geo.col(c as usize) + 1)
}

fn signed(d: i32) -> String {
    if d > 0 {
        format!("+{d}")
    } else {
        d.to_string()
    }
}

fn why(v: Verdict, delta: i32) -> String {
    match v {
        Verdict::Downhill => format!("downhill {}, accepted", signed(delta)),
        Verdict::Sideways => "sideways 0, accepted".into(),
        Verdict::UphillAccepted { p, t } => format!(
            "uphill {} accepted, p = {p:.2} at T = {t:.3}",
            signed(delta)
        ),
        Verdict::UphillRejected { p, t } => format!(
            "uphill {} rejected, p = {p:.2} at T = {t:.3}",
            signed(delta)
        ),
        Verdict::Tabu => format!("{} rejected: the state is tabu", signed(delta)),
        Verdict::NoMove => "no neighbour improves: a local minimum".into(),
    }
}

/// One line for the step log.
pub fn describe(step: &Step, geo: &Geometry, index: u64) -> String {
    let text = match step.event {
        Event::Move {
            cells,
            n_cells,
            delta,
            verdict,
            ..
        } => match n_cells {
            0 => why(verdict, delta),
            1 => format!("set {}: {}", cell(geo, cells[0]), why(verdict, delta)),
            _ => format!(
                "swap {} and {}: {}",
                cell(geo, cells[0]),
                cell(geo, cells[1]),
                why(verdict, delta)
            ),
        },
        Event::Sweep {
            changed,
            delta,
            verdict,
            ..
        } => {
            format!("sweep resampled {changed} cells: {}", why(verdict, delta))
        }
        Event::Generation {
            index,
            best,
            mean,
            worst,
        } => {
            format!("generation {index}: best {best}, mean {mean:.1}, worst {worst}")
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
        Event::Idle => "nothing to do: the search has ended".into(),
    };
    format!("{index:>7}  {text}  (cost {})", step.cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Outcome;

    #[test]
    fn uphill_moves_say_probability_and_temperature() {
        let geo = Geometry::for_box(3).unwrap();
        let step = Step {
            event: Event::Move {
                cells: [2 * 9 + 6, 2 * 9 + 8],
                n_cells: 2,
                delta: 2,
                accepted: true,
                verdict: Verdict::UphillAccepted { p: 0.1312, t: 1.2 },
            },
            cost: 14,
            ended: None::<Outcome>,
        };
        assert_eq!(
            describe(&step, geo, 5),
            "      5  swap r3c7 and r3c9: uphill +2 accepted, p = 0.13 at T = 1.200  (cost 14)"
        );
    }
}
