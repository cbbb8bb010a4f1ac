//! The course's simulated annealing, on the classic neighbourhood.
//!
//! The neighbourhood is examined in random order (a lazy shuffle, one neighbour per step); the
//! first neighbour with Δ < 0, or with rand < exp(−Δ/T), is taken and T ← 0.1·T. Once T has
//! underflowed to exactly 0 the rule takes only downhill moves (exp(−0/0) is not a number, and
//! no draw is below it). The run stops when a whole pass takes nothing or after 1000 accepted
//! moves (the course's `max_iterations`). T0 = 0.01 in the notebooks' units, where a missing pair
//! costs 0.1, hence 0.1 here.
//!
//! Two bookkeepings of the best state: `fixed` keeps the cheapest state reached and ends on a
//! solution. `course` does what the course's code does: after each accepted move it compares
//! the cost *before* the move with the best cost, stores the state *after* it, and at the end
//! returns what it stored; a solution reached right after a sideways move is lost that way,
//! which is why the course's notebook reports 22 of 500 runs solved where the search itself
//! reaches cost 0 in most.

use crate::board::{Counted, Geometry};
use crate::rng::Rng;
use crate::search::acceptance::{AcceptanceRate, metropolis, uphill};
use crate::search::contract::{
    Build, Decision, Event, Landscape, Outcome, Progress, Search, Secondary, Snapshot, Step, metric,
};
use crate::search::local::neighbourhood::{Kind, Neighbourhood, State};
use crate::search::local::start;
use crate::search::params::ParamSpec;

/// The parameters of the classic preset.
pub fn params() -> Vec<ParamSpec> {
    vec![
        ParamSpec::real(
            "t0",
            "initial temperature, in the cost's units: the notebooks count a missing digit as 0.1 where sudoscope counts 1, so their T0 = 0.01 is 0.1 here",
            0.1,
            1e-9,
            1e9,
        ),
        ParamSpec::real(
            "cooling",
            "T is multiplied by this after each accepted move",
            0.1,
            1e-6,
            1.0,
        ),
        ParamSpec::int(
            "max_iterations",
            "stop after this many accepted moves (the course's max_iterations)",
            1000.0,
            1.0,
            1e9,
        ),
        ParamSpec::choice(
            "bookkeeping",
            "fixed: keep the best state; course: as the course's code (can lose a solution)",
            0,
            BOOKKEEPING,
        ),
    ]
}

/// The `bookkeeping` choices, in order.
const BOOKKEEPING: &[&str] = &["fixed", "course"];

/// The course's annealing on the classic neighbourhood.
pub struct CourseAnnealing {
    geo: &'static Geometry,
    hood: Neighbourhood,
    order: Vec<u32>,
    next: usize,
    state: State,
    progress: Progress,
    t: f64,
    alpha: f64,
    rng: Rng,
    accept: AcceptanceRate,
    /// Accepted moves so far, and the most the run takes.
    accepted: u64,
    max_accepted: u64,
    /// The course's bookkeeping: the key its best state is kept under (the cost before the
    /// move that stored it), the step the search first stood on a solution, and whether the
    /// run has finished and returns its kept state on the next step.
    course: bool,
    course_key: u32,
    zero_at: Option<u64>,
    returning: Option<Outcome>,
    /// The step that gave the kept state back, once it has (see [`Search::ending_event`]).
    returned: Option<Event>,
}

impl CourseAnnealing {
    /// From a random start, or from `build.start`.
    pub fn new(build: &Build) -> Self {
        let mut rng = Rng::new(build.seed);
        let grid = start::initial(build.puzzle, None, build.start, &mut rng);
        let hood = Neighbourhood::new(build.puzzle, Kind::Classic);
        let state = State::new(&grid, Counted::ALL);
        let course = build.params.get("bookkeeping") == 1.0;
        CourseAnnealing {
            accepted: 0,
            max_accepted: build.params.get("max_iterations") as u64,
            course,
            course_key: state.cost(),
            zero_at: None,
            returned: None,
            returning: None,
            geo: build.puzzle.geometry(),
            order: (0..hood.len() as u32).collect(),
            next: 0,
            hood,
            progress: Progress::new(&state.cells, state.cost()),
            state,
            t: build.params.get("t0"),
            alpha: build.params.get("cooling"),
            rng,
            accept: AcceptanceRate::new(100.0),
        }
    }
}

impl CourseAnnealing {
    /// The course's ending: the state its bookkeeping kept becomes the state, solved only if
    /// that is a solution.
    fn give_back(&mut self, reason: Outcome) -> Step {
        let kept = self.progress.best.cells().to_vec();
        let grid = crate::board::Grid::from_cells(self.geo, kept).expect("kept cells fit");
        self.state = State::new(&grid, Counted::ALL);
        let cost = self.state.cost();
        self.progress.best.replace(&self.state.cells, cost);
        let ended = if cost == 0 { Outcome::Solved } else { reason };
        self.progress.ended = Some(ended);
        let event = Event::Returned {
            cost,
            zero_at: self.zero_at,
        };
        self.returned = Some(event);
        Step {
            event,
            cost,
            ended: Some(ended),
        }
    }
}

impl Search for CourseAnnealing {
    fn ending_event(&self) -> Option<Event> {
        self.returned
    }

    fn secondary(&self) -> Option<Secondary> {
        Some(Secondary::temperature(self.t))
    }

    fn step(&mut self) -> Step {
        let p = &mut self.progress;
        if p.ended.is_some() || self.hood.is_empty() {
            p.ended.get_or_insert(Outcome::Stuck);
            return Step::idle(self.state.cost(), p.ended);
        }
        p.steps += 1;
        if let Some(reason) = self.returning.take() {
            return self.give_back(reason);
        }
        // lazy Fisher–Yates: the next neighbour in a fresh random order
        let j = self.next + self.rng.below(self.order.len() - self.next);
        self.order.swap(self.next, j);
        let m = self
            .hood
            .nth(self.order[self.next] as usize, &self.state.cells);
        self.next += 1;
        let d = self.state.delta(m);
        let t = self.t;
        let (accepted, decision) = if d == 0 && t == 0.0 {
            (false, Decision::SidewaysFrozen)
        } else {
            metropolis(d, t, || uphill(d, t), || self.rng.bits53())
        };
        self.accept.record(accepted);
        let change = m.change(&self.state.cells);
        let mut finished = None;
        if accepted {
            let before = self.state.cost();
            self.state.apply(m);
            self.t *= self.alpha;
            self.next = 0;
            self.accepted += 1;
            let cost = self.state.cost();
            if self.course {
                if before < self.course_key {
                    p.best.replace(&self.state.cells, cost);
                    self.course_key = before;
                }
                if cost == 0 && self.zero_at.is_none() {
                    self.zero_at = Some(p.steps);
                }
            } else {
                p.best.offer(&self.state.cells, cost);
                if cost == 0 {
                    p.ended = Some(Outcome::Solved);
                }
            }
            if p.ended.is_none() && self.accepted >= self.max_accepted {
                finished = Some(Outcome::BudgetSpent);
            }
        } else if self.next == self.order.len() {
            finished = Some(Outcome::Stuck); // a whole pass took nothing
        }
        match finished {
            // the course's loop returns its kept state: on the next step, so it shows
            Some(reason) if self.course => self.returning = Some(reason),
            Some(reason) => p.ended = Some(reason),
            None => {}
        }
        Step {
            event: Event::Move {
                change,
                delta: d,
                decision,
            },
            cost: self.state.cost(),
            ended: p.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot::of(
            self.geo,
            &self.state.cells,
            self.state.cost(),
            &self.progress,
            vec![
                metric("temperature", self.t),
                metric("acceptance", self.accept.value()),
                metric("accepted moves", self.accepted as f64),
                metric("examined this pass", self.next as f64),
                metric("neighbours", self.hood.len() as f64),
            ],
        )
    }

    fn landscape(&self) -> Option<Landscape> {
        Some(Landscape::moves(
            self.hood.deltas(&self.state),
            Some(self.t),
        ))
    }

    fn cost(&self) -> u32 {
        self.state.cost()
    }
    fn cells(&self) -> &[u8] {
        &self.state.cells
    }
    fn progress(&self) -> &Progress {
        &self.progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::resolve_one;
    use crate::search::registry::build;

    fn search(seed: u64, set: &[&str]) -> Box<dyn Search> {
        let p = resolve_one("sudoku_7").unwrap();
        let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        build(
            "annealing",
            crate::search::Preset::Classic,
            &set,
            &p,
            seed,
            None,
        )
        .unwrap()
    }

    /// The search to its end: every step.
    fn steps(s: &mut dyn Search) -> Vec<Step> {
        let mut all = Vec::new();
        while s.ended().is_none() {
            all.push(s.step());
        }
        all
    }

    /// Both bookkeepings make the same moves; `fixed` stops on the solution, `course` goes on
    /// until a pass takes nothing and returns the state it stored, which is not the solution.
    #[test]
    fn the_courses_bookkeeping_loses_a_solution_reached_after_a_sideways_move() {
        let mut fixed = search(1, &[]);
        let a = steps(fixed.as_mut());
        assert_eq!(fixed.ended(), Some(Outcome::Solved));
        assert_eq!((a.len(), fixed.cost()), (4752, 0));
        let mut course = search(1, &["bookkeeping=course"]);
        let b = steps(course.as_mut());
        let same = a
            .iter()
            .zip(&b)
            .all(|(x, y)| (x.event, x.cost) == (y.event, y.cost));
        assert!(same, "the same moves up to the solution");
        let last = b.last().unwrap();
        assert_eq!(
            last.event,
            Event::Returned {
                cost: 2,
                zero_at: Some(4752)
            }
        );
        assert_eq!(course.ended(), Some(Outcome::Stuck));
        assert_eq!(
            (course.cost(), course.best_cost()),
            (2, 2),
            "the returned state is the state"
        );
        // the pass after the solution examined every neighbour, then the return
        assert_eq!(b.len(), 4752 + 605 + 1);
        // the move that reached cost 0 came right after a sideways one, which is why
        let moves: Vec<(i32, Decision)> = b[..4752]
            .iter()
            .filter_map(|s| match s.event {
                Event::Move {
                    delta, decision, ..
                } if decision.accepted() => Some((delta, decision)),
                _ => None,
            })
            .collect();
        let n = moves.len();
        assert!(moves[n - 1].0 < 0, "the last move went downhill to 0");
        assert_eq!(moves[n - 2].1, Decision::Sideways);
        // (the step log says this event in words: `tui::step_log`'s tests)
    }

    /// Sideways moves are taken while T > 0 and refused once T has underflowed to exactly 0.
    #[test]
    fn a_frozen_temperature_takes_only_downhill_moves() {
        let mut seen = (0, 0);
        for seed in 1..20 {
            let mut s = search(seed, &[]);
            while s.ended().is_none() {
                let t = s.snapshot().metrics[0].value;
                let step = s.step();
                if let Event::Move {
                    delta: 0, decision, ..
                } = step.event
                {
                    if t == 0.0 {
                        assert_eq!(decision, Decision::SidewaysFrozen, "seed {seed}");
                        seen.0 += 1;
                    } else {
                        assert_eq!(decision, Decision::Sideways, "seed {seed}");
                        seen.1 += 1;
                    }
                }
            }
        }
        assert!(seen.0 > 0 && seen.1 > 0, "both kinds seen: {seen:?}");
    }

    /// `max_iterations` counts accepted moves, as the course's loop does.
    #[test]
    fn a_run_stops_after_its_accepted_moves() {
        for bookkeeping in ["fixed", "course"] {
            let set = [
                "max_iterations=5".to_string(),
                format!("bookkeeping={bookkeeping}"),
            ];
            let set: Vec<&str> = set.iter().map(String::as_str).collect();
            let mut s = search(1, &set);
            let all = steps(s.as_mut());
            let accepted = all
                .iter()
                .filter(|s| matches!(s.event, Event::Move { decision, .. } if decision.accepted()))
                .count();
            assert_eq!(accepted, 5, "{bookkeeping}");
            assert_eq!(s.ended(), Some(Outcome::BudgetSpent), "{bookkeeping}");
        }
    }
}
