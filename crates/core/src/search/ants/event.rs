//! What one ant did, in the small `Copy` types the step log reads.

/// What one ant did, for the step log.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AntEvent {
    /// The iteration (from 1).
    pub iteration: u32,
    /// The ant within it (from 1).
    pub ant: u16,
    /// Cells holding a value when it finished.
    pub filled: u16,
    /// Values it chose (the rest came from the puzzle and propagation).
    pub chosen: u16,
    /// Cells it left empty: no value was possible there any more.
    pub failed: u16,
    /// At the end of an iteration: the pheromone laid.
    pub deposit: Option<Deposit>,
}

/// The global update at the end of an iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Deposit {
    /// Cells the reference ant filled.
    pub filled: u16,
    /// The amount its values move towards.
    pub amount: f64,
    /// Whether this iteration's best ant became the reference.
    pub replaced: bool,
    /// Whether the pheromone was reset (tuned: a long stretch without a new best).
    pub reset: bool,
}
