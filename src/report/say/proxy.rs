//! Proxy orders (`SET PROXY`, `A BER P AUSTRIA`): the option, a unit lent
//! and taken back, and why a proxy order or an order for a lent unit is refused.

use crate::store::games::ProxyOrders;

/// The master's SET PROXY / SET NO PROXY.
pub fn option(p: ProxyOrders) -> String {
    match p {
        ProxyOrders::Allowed => "Proxy orders allowed: a power may lend a unit to another for the phase (A BER P AUSTRIA).".into(),
        ProxyOrders::Refused => "Proxy orders off.".into(),
    }
}

/// A unit lent.
pub fn lent(unit: &str, holder: &str) -> String {
    format!("{unit} is lent to {holder} for this phase: its order for the unit stands, and with none it holds. Lend it to yourself to take it back.")
}

/// A unit taken back (or never lent).
pub fn taken_back(unit: &str, was_lent: bool) -> String {
    if was_lent { format!("{unit} is yours to order again (it holds until you order it).") } else { format!("{unit} was not lent: it holds.") }
}

pub fn off(game: &str) -> String {
    format!("proxy orders are off in game {game} (the master's SET PROXY allows them).")
}

pub fn in_movement() -> String {
    "a unit is lent for a movement phase only.".into()
}

pub fn not_yours(unit: &str) -> String {
    format!("{unit}: you have no such unit to lend.")
}

pub fn lent_away(order: &str, holder: &str) -> String {
    format!("{order}: the unit is lent to {holder} for this phase (lend it to yourself to take it back).")
}
