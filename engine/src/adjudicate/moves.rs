//! A movement phase as the map plays it: by the standard resolver
//! ([`super::movement`]), or by a variant's layer over it (Original 1958's
//! boarding, `super::boarding`; 1885's A/F units and ferries,
//! `super::ferry`). The resolver knows none of the layers; the map's
//! features choose here.

use super::boarding;
use super::ferry;
use super::movement::{Extra, Movement, core};
use crate::map::{PowerId, Unit, Variant};
use crate::order::Order;
use crate::rules::Rulebook;

/// Adjudicates a movement phase. `orders` may contain anything players sent;
/// orders that do not fit the board are reported `void`.
pub fn adjudicate(v: &Variant, rules: &Rulebook, units: &[Unit], orders: &[(PowerId, Order)]) -> Movement {
    adjudicate_with(v, rules, units, &[], orders)
}

/// As [`adjudicate`], with the centre owners at the start of the phase (on a
/// map with home-base stacking they say where a power's units may stack: its
/// current capital and its owned naval bases; without them, the original
/// capital and every naval base).
pub fn adjudicate_with(v: &Variant, rules: &Rulebook, units: &[Unit], centers: &[Option<PowerId>], orders: &[(PowerId, Order)]) -> Movement {
    if v.features.boarding {
        return boarding::movement(v, rules, units, centers, orders);
    }
    if v.features.army_fleet {
        return ferry::movement(v, rules, units, centers, orders);
    }
    core(v, rules, units, centers, orders, Extra::default()).0
}
