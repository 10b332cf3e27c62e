//! The loop of `mailjudge serve`: read the inbox, handle mail in batches (marking
//! each mail done only after its batch committed), run deadlines, send the outbox.
//!
//! Its parts, each using only those listed before it: [`retry`] (errors in a
//! row and the pause after them), [`wait`] (the loop's clocks and the
//! handoff of a batch's replies), [`pass`] (the judge opened for serving and
//! one pass over it), [`lanes`] (the outbox over several connections),
//! [`warm`] (the maps in play drawn once at the start), [`tasks`] (the loop
//! on one runtime).

mod lanes;
mod pass;
mod retry;
mod tasks;
mod wait;
mod warm;

pub use lanes::LANES;
pub use pass::{Daemon, SPOOL_MARKER, Step, inbound, outbound};
pub use retry::{FAILURE_REMINDER, Failures, retry_pause};
pub use tasks::STOP_FLUSH;
pub use warm::{WARMED_GAMES, warm};
