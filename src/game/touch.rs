//! Touch press (njudge's `SET TOUCH PRESS`): which powers' units touch
//! (docs/RULES.md, "Touch press").

use crate::adjudicate::Position;
use crate::map::{PowerId, Prov, Variant};

/// Whether a unit of one of the powers `mine` touches a unit of one of
/// `theirs`: it stands in the same province or in one next to it, by any of
/// the map's adjacencies (an army's, or a fleet's from any coast), as
/// njudge's wing, which moves over land and sea, could move from the one to
/// the other.
pub fn touching(v: &Variant, pos: &Position, mine: &[PowerId], theirs: &[PowerId]) -> bool {
    let provinces = |powers: &[PowerId]| pos.units.iter().filter(|u| powers.contains(&u.power)).map(|u| u.loc.prov).collect::<Vec<Prov>>();
    let ours = provinces(mine);
    provinces(theirs).into_iter().any(|b| ours.iter().any(|&a| a == b || next_to(v, a, b)))
}

/// Whether a wing could move from province `a` to `b`.
fn next_to(v: &Variant, a: Prov, b: Prov) -> bool {
    v.army_adjacent(a, b) || v.fleet_neighbours_of_province(a).any(|l| l.prov == b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_touch_by_land_by_sea_and_not_across_the_board() {
        let v = Variant::standard();
        let mut pos = crate::adjudicate::Position::initial(&v);
        let power = |name: &str| v.power_by_name(name).unwrap();
        let (france, germany, england, turkey) = (power("FRANCE"), power("GERMANY"), power("ENGLAND"), power("TURKEY"));
        // the opening: no French unit is next to a German or an English one
        assert!(!touching(&v, &pos, &[france], &[germany]));
        assert!(!touching(&v, &pos, &[france], &[england]));
        // A PAR to BUR borders Munich's army (by land)
        let at = |pos: &mut Position, from: &str, to: &str| {
            let u = pos.units.iter_mut().find(|u| v.code(u.loc.prov).eq_ignore_ascii_case(from)).unwrap();
            u.loc = v.parse_loc(to).unwrap();
        };
        at(&mut pos, "par", "bur");
        assert!(touching(&v, &pos, &[france], &[germany]) && touching(&v, &pos, &[germany], &[france]));
        // F BRE to MAO, F LON to ENG: next by sea
        at(&mut pos, "bre", "mao");
        at(&mut pos, "lon", "eng");
        assert!(touching(&v, &pos, &[france], &[england]));
        assert!(!touching(&v, &pos, &[france], &[turkey]));
        // a seat of two powers touches what either touches
        assert!(touching(&v, &pos, &[turkey, france], &[germany]));
    }
}
