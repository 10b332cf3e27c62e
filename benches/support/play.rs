//! What the memory benches share (`benches/memory.rs` over Maildir in one
//! process, `benches/mail.rs`'s `memory` part over real IMAP): a process's
//! resident memory, a small deterministic generator, and a power's orders
//! for a movement phase.

use mailjudge::map::{UnitType, Variant};

/// VmRSS and VmHWM, in MB, of the process whose `/proc/.../status` is
/// `status` (`/proc/self/status`, `/proc/PID/status`).
pub fn memory_in(status: &str) -> (f64, f64) {
    let status = std::fs::read_to_string(status).unwrap_or_default();
    let field = |name: &str| {
        status.lines().find_map(|l| l.strip_prefix(name)).and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok()).map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// A small deterministic generator (xorshift).
pub struct Dice(pub u64);

impl Dice {
    pub fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Power `p`'s movement orders, one a line: a third of the armies move to a
/// neighbour, every other unit holds.
pub fn movement_orders(v: &Variant, pos: &mailjudge::adjudicate::Position, p: usize, dice: &mut Dice) -> Vec<String> {
    let mut out = Vec::new();
    for u in pos.units.iter().filter(|u| u.power as usize == p) {
        let at = v.loc_code(u.loc);
        let ns = v.army_neighbours(u.loc.prov);
        out.push(match u.kind {
            UnitType::Army if !ns.is_empty() && dice.next(3) == 0 => format!("A {at}-{}", v.code(ns[dice.next(ns.len())])),
            UnitType::Army => format!("A {at} H"),
            UnitType::Fleet => format!("F {at} H"),
        });
    }
    out
}
