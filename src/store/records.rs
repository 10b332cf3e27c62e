//! Orders as stored: typed JSON of the engine's values, written with the
//! variant's codes (`{"order":"move","unit":{"type":"A","at":"PAR"},"to":"BUR"}`)
//! and read back by a strict reader (never the players' free-form parser):
//! an unknown field, province, coast or power is an error naming the row.

use crate::map::{PowerId, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use serde::{Deserialize, Serialize};

/// A unit as an order names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitRecord {
    /// `A` or `F`; absent when the order left it out and the board could not say.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<char>,
    /// The location code (`STP/SC`).
    pub at: String,
    /// The nationality written before the unit (a power's name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<String>,
}

/// One order, tagged by its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case", deny_unknown_fields)]
pub enum OrderRecord {
    Hold {
        unit: UnitRecord,
    },
    Move {
        unit: UnitRecord,
        to: String,
        #[serde(default)]
        via: bool,
    },
    Support {
        unit: UnitRecord,
        target: UnitRecord,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<String>,
    },
    Convoy {
        unit: UnitRecord,
        army: UnitRecord,
        to: String,
    },
    Retreat {
        unit: UnitRecord,
        to: String,
    },
    Disband {
        unit: UnitRecord,
    },
    Build {
        unit: UnitRecord,
    },
    Waive,
    /// Original 1958 boarding: `to` for a boarding move, `partner` the power named after `B`.
    Board {
        unit: UnitRecord,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        partner: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        land: Option<String>,
    },
}

fn unit_record(v: &Variant, u: &UnitSpec) -> UnitRecord {
    UnitRecord { kind: u.kind.map(UnitType::letter), at: v.loc_code(u.loc), power: u.power.map(|p| v.powers[p as usize].name.clone()) }
}

/// The stored form of `o`.
pub fn to_json(v: &Variant, o: &Order) -> String {
    let r = match o {
        Order::Hold(u) => OrderRecord::Hold { unit: unit_record(v, u) },
        Order::Move { unit, dest, via } => OrderRecord::Move { unit: unit_record(v, unit), to: v.loc_code(*dest), via: *via },
        Order::Support { unit, target, dest } => {
            OrderRecord::Support { unit: unit_record(v, unit), target: unit_record(v, target), to: dest.map(|d| v.loc_code(d)) }
        }
        Order::Convoy { unit, army, dest } => OrderRecord::Convoy { unit: unit_record(v, unit), army: unit_record(v, army), to: v.loc_code(*dest) },
        Order::Retreat { unit, dest } => OrderRecord::Retreat { unit: unit_record(v, unit), to: v.loc_code(*dest) },
        Order::Disband(u) => OrderRecord::Disband { unit: unit_record(v, u) },
        Order::Build(u) => OrderRecord::Build { unit: unit_record(v, u) },
        Order::Waive => OrderRecord::Waive,
        Order::Board { unit, dest, partner, land } => OrderRecord::Board {
            unit: unit_record(v, unit),
            to: dest.map(|d| v.loc_code(d)),
            partner: partner.map(|p| v.powers[p as usize].name.clone()),
            land: land.map(|d| v.loc_code(d)),
        },
    };
    serde_json::to_string(&r).unwrap_or_else(|e| unreachable!("order records always serialize: {e}"))
}

/// Why a stored order record does not read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("not an order record: {0}")]
    NotARecord(serde_json::Error),
    #[error("`{0}` is not a unit type")]
    UnitType(char),
    #[error("unknown power `{0}`")]
    UnknownPower(String),
    /// Not a location of the map.
    #[error(transparent)]
    Location(#[from] crate::map::LocError),
}

fn power(v: &Variant, name: &str) -> Result<PowerId, RecordError> {
    v.power_by_name(name).ok_or_else(|| RecordError::UnknownPower(name.to_string()))
}

fn loc(v: &Variant, code: &str) -> Result<crate::map::Loc, RecordError> {
    Ok(v.parse_loc(code)?)
}

fn unit_spec(v: &Variant, u: &UnitRecord) -> Result<UnitSpec, RecordError> {
    let kind = match u.kind {
        None => None,
        Some('A') => Some(UnitType::Army),
        Some('F') => Some(UnitType::Fleet),
        Some(c) => return Err(RecordError::UnitType(c)),
    };
    let power: Option<PowerId> = u.power.as_deref().map(|n| power(v, n)).transpose()?;
    Ok(UnitSpec { kind, loc: loc(v, &u.at)?, power })
}

/// Reads a stored order back (strictly).
pub fn from_json(v: &Variant, json: &str) -> Result<Order, RecordError> {
    let r: OrderRecord = serde_json::from_str(json).map_err(RecordError::NotARecord)?;
    Ok(match &r {
        OrderRecord::Hold { unit } => Order::Hold(unit_spec(v, unit)?),
        OrderRecord::Move { unit, to, via } => Order::Move { unit: unit_spec(v, unit)?, dest: loc(v, to)?, via: *via },
        OrderRecord::Support { unit, target, to } => {
            Order::Support { unit: unit_spec(v, unit)?, target: unit_spec(v, target)?, dest: to.as_deref().map(|d| loc(v, d)).transpose()? }
        }
        OrderRecord::Convoy { unit, army, to } => Order::Convoy { unit: unit_spec(v, unit)?, army: unit_spec(v, army)?, dest: loc(v, to)? },
        OrderRecord::Retreat { unit, to } => Order::Retreat { unit: unit_spec(v, unit)?, dest: loc(v, to)? },
        OrderRecord::Disband { unit } => Order::Disband(unit_spec(v, unit)?),
        OrderRecord::Build { unit } => Order::Build(unit_spec(v, unit)?),
        OrderRecord::Waive => Order::Waive,
        OrderRecord::Board { unit, to, partner, land } => Order::Board {
            unit: unit_spec(v, unit)?,
            dest: to.as_deref().map(|d| loc(v, d)).transpose()?,
            partner: partner.as_deref().map(|n| power(v, n)).transpose()?,
            land: land.as_deref().map(|d| loc(v, d)).transpose()?,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_order_round_trips() {
        let v = Variant::standard();
        for text in [
            "A PAR H",
            "A PAR - BUR",
            "A LON - BEL VIA",
            "F MAO - SPA/NC",
            "A MUN S A BUR",
            "A SIL S A WAR - PRU",
            "F NTH C A LON - BEL",
            "A BUR R PIC",
            "A BUR D",
            "F STP/NC B",
            "A PAR B",
            "WAIVE",
        ] {
            for parsed in crate::parse::parse_line(&v, text, None) {
                let o = parsed.unwrap_or_else(|e| panic!("{text}: {e}"));
                let json = to_json(&v, &o);
                assert_eq!(from_json(&v, &json).unwrap(), o, "{text}: {json}");
            }
        }
    }

    #[test]
    fn the_reader_is_strict() {
        let v = Variant::standard();
        for bad in [
            r#"{"order":"move","unit":{"type":"A","at":"PAR"}}"#,
            r#"{"order":"move","unit":{"type":"A","at":"PAR"},"to":"Burgundy"}"#,
            r#"{"order":"move","unit":{"type":"A","at":"PAR"},"to":"BUR","speed":3}"#,
            r#"{"order":"hold","unit":{"type":"X","at":"PAR"}}"#,
            r#"{"order":"hold","unit":{"type":"F","at":"SPA/EC"}}"#,
            r#"{"order":"hold","unit":{"at":"PAR","power":"Atlantis"}}"#,
            r#"{"order":"teleport"}"#,
            "A PAR - BUR",
        ] {
            assert!(from_json(&v, bad).is_err(), "{bad} was read");
        }
    }
}
