//! The step log's sentences, in English.

use super::*;
use sudoscope_core::search::Outcome;

#[test]
fn the_courses_lost_solution_is_said_in_words() {
    let geo = Geometry::for_box(3).unwrap();
    let step = Step {
        event: Event::Returned {
            cost: 2,
            zero_at: Some(4752),
        },
        cost: 2,
        ended: Some(Outcome::Stuck),
    };
    let line = render(Lang::En, &LogLine::Step { index: 5358, step }, geo);
    assert!(
        line.contains(
            "cost 0 reached at step 4752, but the course's bookkeeping keeps the state of cost 2"
        ),
        "{line}"
    );
    let note = render(
        Lang::En,
        &LogLine::Runner(RunnerNote::Switched {
            algo: "beam",
            preset: sudoscope_core::search::Preset::Classic,
            cost: 7,
        }),
        geo,
    );
    assert_eq!(note, "switched to beam (classic) from the board, cost 7");
}

#[test]
fn an_ant_says_what_it_filled_and_what_the_colony_laid() {
    use sudoscope_core::search::ants::event::{AntEvent, Deposit};
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
    let plain = describe(Lang::En, &step(None), geo, 30);
    assert!(
        plain.contains(
            "iteration 3, ant 10: filled 78 of 81 cells (12 chosen, the rest by propagation), 3 left with no possible value"
        ),
        "{plain}"
    );
    let laid = describe(
        Lang::En,
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
        describe(Lang::En, &step, geo, 5),
        "      5  swap r3c7 and r3c9 (5↔2): uphill +2 accepted, p = 0.13 at T = 1.200  (cost 14)"
    );
    // a temperature near 0 as the panel gives it, not "T = 0.000" beside its 1.00e-31
    let cold = Step {
        event: Event::Move {
            change: Change::Swap {
                a: 0,
                b: 1,
                a_value: 5,
                b_value: 2,
            },
            delta: 2,
            decision: Decision::UphillRejected { p: 0.0, t: 1.0e-31 },
        },
        cost: 14,
        ended: None::<Outcome>,
    };
    let said = describe(Lang::Es, &cold, geo, 5);
    assert!(said.contains("T = 1,00e-31"), "{said}");
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
        describe(Lang::En, &step, geo, 812),
        "    812  set r7c4 6→8: sideways 0, accepted  (cost 4)"
    );
}
