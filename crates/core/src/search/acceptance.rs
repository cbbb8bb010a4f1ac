//! The annealing (Metropolis) acceptance rule, shared by the course's annealing, the permutation
//! engine and conflict-guided sampling, and the moving acceptance rate they report.
//!
//! The test of an uphill move is made on integers: a uniform draw u = x·2⁻⁵³ is below p exactly
//! when the 53-bit integer x is below ⌈p·2⁵³⌉, so a caller that keeps a table of probabilities
//! keeps that bound beside each and never converts the draw. exp comes from `libm`, not the
//! platform, so the same run makes the same decisions everywhere.

use super::contract::Decision;

/// Downhill and sideways moves are taken; an uphill move is taken with probability
/// p = exp(−Δ/T), which the caller supplies with [`below_of`] it, against a uniform draw given by
/// its 53-bit integer.
#[inline]
pub fn metropolis(
    delta: i32,
    t: f64,
    p: impl FnOnce() -> (f64, u64),
    draw53: impl FnOnce() -> u64,
) -> (bool, Decision) {
    match delta {
        d if d < 0 => (true, Decision::Downhill),
        0 => (true, Decision::Sideways),
        _ => {
            let (p, below) = p();
            if draw53() < below {
                (true, Decision::UphillAccepted { p, t })
            } else {
                (false, Decision::UphillRejected { p, t })
            }
        }
    }
}

/// ⌈p·2⁵³⌉: a 53-bit integer x is below it exactly when x·2⁻⁵³ is below p.
pub fn below_of(p: f64) -> u64 {
    (p * (1u64 << 53) as f64).ceil() as u64
}

/// exp(−Δ/T) for an uphill Δ, with [`below_of`] it, as [`metropolis`] takes it.
pub fn uphill(delta: i32, t: f64) -> (f64, u64) {
    let p = libm::exp(-(delta as f64) / t);
    (p, below_of(p))
}

/// Exponential moving average of acceptance, over roughly the last `window` proposals.
#[derive(Clone, Copy, Debug)]
pub struct AcceptanceRate {
    value: f64,
    alpha: f64,
}

impl AcceptanceRate {
    /// A rate starting at 1 that forgets over about `window` proposals.
    pub fn new(window: f64) -> AcceptanceRate {
        AcceptanceRate {
            value: 1.0,
            alpha: 1.0 / window.max(1.0),
        }
    }

    /// Count one proposal, taken or not.
    #[inline]
    pub fn record(&mut self, accepted: bool) {
        let x = if accepted { 1.0 } else { 0.0 };
        self.value += self.alpha * (x - self.value);
    }

    /// The rate now, between 0 and 1.
    pub fn value(&self) -> f64 {
        self.value
    }
}
