//! The tabu list: the hashes of the last few states visited, in a ring. A move to a state on
//! the list is refused. Lookups scan the ring: up to a few hundred words stay in cache, and the
//! scan vectorises.

/// The last `capacity` state hashes, in a ring; lookups scan it (200 words fit in cache).
#[derive(Clone, Debug)]
pub struct TabuList {
    ring: Vec<u64>,
    capacity: usize,
    next: usize,
}

impl TabuList {
    /// An empty list holding at most `capacity` states (0: none, nothing is ever refused).
    pub fn new(capacity: usize) -> TabuList {
        TabuList {
            ring: Vec::with_capacity(capacity),
            capacity,
            next: 0,
        }
    }

    /// States on the list.
    pub fn len(&self) -> usize {
        self.ring.len()
    }

    /// True when no state is on the list.
    pub fn is_empty(&self) -> bool {
        self.ring.is_empty()
    }

    /// Whether the state of hash `h` is on the list.
    #[inline]
    pub fn contains(&self, h: u64) -> bool {
        self.ring.contains(&h)
    }

    /// Put a state on the list, forgetting the oldest when it is full.
    #[inline]
    pub fn push(&mut self, h: u64) {
        if self.capacity == 0 {
            return;
        }
        if self.ring.len() < self.capacity {
            self.ring.push(h);
        } else {
            self.ring[self.next] = h;
        }
        self.next = (self.next + 1) % self.capacity;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ring_forgets_the_oldest() {
        let mut t = TabuList::new(3);
        for h in 1..=4 {
            t.push(h);
        }
        assert!(!t.contains(1));
        assert!(t.contains(2) && t.contains(4));
        assert_eq!(t.len(), 3);
    }
}
