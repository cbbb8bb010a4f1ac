//! Work done in turns on the one thread there is: in a web page, searches and experiments
//! cannot have threads of their own, so each is a task the page gives a share of every frame
//! ([`poll`]), and the screen is drawn between two turns. A task does what is due within its
//! share and says whether it goes on. The tasks of one thread are that thread's own.

use std::cell::RefCell;
use std::time::Duration;

use crate::clock::Instant;

/// Something done in turns: given about how long it may take now, it does what is due and
/// says whether it has more to do.
pub type Task = Box<dyn FnMut(Duration) -> bool>;

thread_local! {
    static TASKS: RefCell<Vec<Task>> = const { RefCell::new(Vec::new()) };
}

/// Add a task; it gets its first turn at the next [`poll`].
pub fn add(task: Task) {
    TASKS.with(|t| t.borrow_mut().push(task));
}

/// Give every task a turn, sharing about `budget` among them; the tasks that are done are
/// dropped. How many go on.
pub fn poll(budget: Duration) -> usize {
    let mut tasks = TASKS.with(|t| std::mem::take(&mut *t.borrow_mut()));
    if !tasks.is_empty() {
        let began = Instant::now();
        let n = tasks.len() as u32;
        let mut kept = Vec::with_capacity(tasks.len());
        for (i, mut task) in tasks.drain(..).enumerate() {
            // what is left of the budget, shared among the tasks still to have a turn
            let left = budget.saturating_sub(began.elapsed()) / (n - i as u32);
            if task(left) {
                kept.push(task);
            }
        }
        tasks = kept;
    }
    TASKS.with(|t| {
        // tasks added during the turns come after those that were there
        let mut now = t.borrow_mut();
        tasks.append(&mut now);
        *now = tasks;
        now.len()
    })
}

/// How many tasks there are.
pub fn pending() -> usize {
    TASKS.with(|t| t.borrow().len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    #[test]
    fn every_task_has_turns_until_it_is_done_and_tasks_added_meanwhile_wait_their_turn() {
        let turns = Rc::new(Cell::new(0));
        let t = Rc::clone(&turns);
        add(Box::new(move |_| {
            t.set(t.get() + 1);
            if t.get() == 1 {
                let inner = Rc::clone(&t);
                add(Box::new(move |_| {
                    inner.set(inner.get() + 100);
                    false
                }));
            }
            t.get() < 3
        }));
        assert_eq!(poll(Duration::from_millis(5)), 2);
        assert_eq!(
            turns.get(),
            1,
            "the task added during a turn waits for the next poll"
        );
        assert_eq!(poll(Duration::from_millis(5)), 1);
        assert_eq!(turns.get(), 102);
        assert_eq!(poll(Duration::from_millis(5)), 0);
        assert_eq!(turns.get(), 103);
        assert_eq!(pending(), 0);
    }
}
