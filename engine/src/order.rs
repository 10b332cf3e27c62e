//! Orders as the engine sees them, and their canonical text
//! (`A PAR - BUR`, `F NTH C A LON - BEL`, `A MUN S A BUR`, `F STP/NC B`, `WAIVE`).

use crate::map::{Loc, PowerId, ProvinceKind, UnitType, Variant};

/// A unit as written in an order: the type and nationality may be left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitSpec {
    pub kind: Option<UnitType>,
    pub loc: Loc,
    /// A nationality written before the unit (`RUSSIAN A WAR`).
    pub power: Option<PowerId>,
}

impl UnitSpec {
    pub fn new(kind: Option<UnitType>, loc: Loc) -> UnitSpec {
        UnitSpec { kind, loc, power: None }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    Hold(UnitSpec),
    /// `via`: explicitly by convoy.
    Move {
        unit: UnitSpec,
        dest: Loc,
        via: bool,
    },
    /// Support to hold (`dest == None`) or to move.
    Support {
        unit: UnitSpec,
        target: UnitSpec,
        dest: Option<Loc>,
    },
    Convoy {
        unit: UnitSpec,
        army: UnitSpec,
        dest: Loc,
    },
    Retreat {
        unit: UnitSpec,
        dest: Loc,
    },
    /// Disband in a retreat phase; remove in an adjustment phase.
    Disband(UnitSpec),
    Build(UnitSpec),
    Waive,
    /// Original 1958 boarding (docs/ORIGINAL1958.md D1): `A LON B` / `F LON B`
    /// (`dest == None`, the unit stays) or `F NTH - YOR B` / `A WAL - LON B`,
    /// with the partner's power when written (`B FRANCE`).
    ///
    /// On a map with A/F units (1885-III, docs/RULES1885.md E8, E10) the same
    /// form embarks: `A LON - ENG B` puts the army on board the fleet in ENG
    /// before movement, `land` is where it lands in the same move
    /// (`A LON - ENG B - POR`), and `F ENG B ENGLAND` is a fleet taking on
    /// another power's army (the fleet holds).
    Board {
        unit: UnitSpec,
        dest: Option<Loc>,
        partner: Option<PowerId>,
        land: Option<Loc>,
    },
}

impl Order {
    /// The unit the order is given to (`None` for builds and waives).
    pub fn unit(&self) -> Option<&UnitSpec> {
        match self {
            Order::Hold(u) | Order::Disband(u) => Some(u),
            Order::Move { unit, .. } | Order::Support { unit, .. } | Order::Convoy { unit, .. } | Order::Retreat { unit, .. } | Order::Board { unit, .. } => {
                Some(unit)
            }
            Order::Build(_) | Order::Waive => None,
        }
    }
    pub fn unit_mut(&mut self) -> Option<&mut UnitSpec> {
        match self {
            Order::Hold(u) | Order::Disband(u) => Some(u),
            Order::Move { unit, .. } | Order::Support { unit, .. } | Order::Convoy { unit, .. } | Order::Retreat { unit, .. } | Order::Board { unit, .. } => {
                Some(unit)
            }
            Order::Build(_) | Order::Waive => None,
        }
    }

    /// Canonical text, as in the adjudication contract.
    pub fn canonical(&self, v: &Variant) -> String {
        let mut s = String::with_capacity(24);
        self.write_canonical(v, &mut s);
        s
    }

    pub fn write_canonical(&self, v: &Variant, s: &mut String) {
        let unit = |s: &mut String, u: &UnitSpec| {
            s.push(kind_or_guess(v, u).letter());
            s.push(' ');
            s.push_str(&v.loc_code(u.loc));
        };
        match self {
            Order::Hold(u) => {
                unit(s, u);
                s.push_str(" H");
            }
            Order::Move { unit: u, dest, via } => {
                unit(s, u);
                s.push_str(" - ");
                s.push_str(&v.loc_code(*dest));
                if *via {
                    s.push_str(" VIA");
                }
            }
            Order::Support { unit: u, target, dest } => {
                unit(s, u);
                s.push_str(" S ");
                unit(s, target);
                if let Some(d) = dest {
                    s.push_str(" - ");
                    s.push_str(&v.loc_code(*d));
                }
            }
            Order::Convoy { unit: u, army, dest } => {
                unit(s, u);
                s.push_str(" C ");
                unit(s, army);
                s.push_str(" - ");
                s.push_str(&v.loc_code(*dest));
            }
            Order::Retreat { unit: u, dest } => {
                unit(s, u);
                s.push_str(" R ");
                s.push_str(&v.loc_code(*dest));
            }
            Order::Disband(u) => {
                unit(s, u);
                s.push_str(" D");
            }
            Order::Build(u) => {
                unit(s, u);
                s.push_str(" B");
            }
            Order::Waive => s.push_str("WAIVE"),
            Order::Board { unit: u, dest, partner, land } => {
                unit(s, u);
                if let Some(d) = dest {
                    s.push_str(" - ");
                    s.push_str(&v.loc_code(*d));
                }
                s.push_str(" B");
                if let Some(p) = partner {
                    s.push(' ');
                    s.push_str(&v.powers[*p as usize].name);
                }
                if let Some(l) = land {
                    s.push_str(" - ");
                    s.push_str(&v.loc_code(*l));
                }
            }
        }
    }
}

/// The written unit type, or the only type that fits the location.
fn kind_or_guess(v: &Variant, u: &UnitSpec) -> UnitType {
    u.kind.unwrap_or_else(|| if v.kind(u.loc.prov) == ProvinceKind::Sea || u.loc.coast != crate::map::Coast::None { UnitType::Fleet } else { UnitType::Army })
}
