//! Draws by njudge's rules (its `draws` help file), by mail: the five NODIAS
//! examples it gives, played on a board where Austria, England and France
//! are the only survivors; votes held for one phase; the master's DECLARE
//! DRAW. docs/RULES.md, "Draws: DIAS and NODIAS".

use crate::common;
use common::game::*;
use mailjudge::end::GameEnd;
use mailjudge::map::Variant;
use mailjudge::store::games::GameStatus;

fn as_power(g: &mut Game, l: char, text: &str) -> String {
    g.as_power(l, text).0
}

/// A NODIAS game whose only survivors are Austria, England and France (the
/// other powers' units and centres taken off the board).
fn three_survivors() -> (Game, Variant) {
    let g = Game::started_with("dias=no");
    let v = Variant::standard();
    let mut pos = g.position(&v);
    let gone: Vec<mailjudge::map::PowerId> = ["GERMANY", "ITALY", "RUSSIA", "TURKEY"].iter().map(|n| v.power_by_name(n).unwrap()).collect();
    pos.units.retain(|u| !gone.contains(&u.power));
    for c in pos.centers.iter_mut() {
        if c.is_some_and(|o| gone.contains(&o)) {
            *c = None;
        }
    }
    g.set_position(&mailjudge::contract::position_to_json(&v, &pos).to_string());
    (g, v)
}

fn end(g: &Game, _v: &Variant) -> Option<GameEnd> {
    g.row().ending.map(|e| e.end)
}

/// Votes in order (power letter, its `SET` command); the end they make.
fn votes(list: &[(char, &str)]) -> Option<GameEnd> {
    let (mut g, v) = three_survivors();
    for (l, cmd) in list {
        as_power(&mut g, *l, cmd);
    }
    end(&g, &v)
}

#[test]
fn the_five_nodias_examples_of_njudges_draws_file() {
    let (a, e, f) = (0, 1, 2);
    // every one names all three: a three-way draw
    assert_eq!(votes(&[('F', "SET DRAW AEF"), ('E', "SET DRAW AEF"), ('A', "SET DRAW AEF")]), Some(GameEnd::Draw(vec![a, e, f])));
    // France accepts a draw without itself, the others include it: all three
    assert_eq!(votes(&[('F', "SET DRAW AE"), ('E', "SET DRAW AEF"), ('A', "SET DRAW AEF")]), Some(GameEnd::Draw(vec![a, e, f])));
    // France and Austria want AE: England's AEF allows AE, so AE
    assert_eq!(votes(&[('F', "SET DRAW AE"), ('E', "SET DRAW AEF"), ('A', "SET DRAW AE")]), Some(GameEnd::Draw(vec![a, e])));
    // France insists on itself, the others exclude it: no draw
    assert_eq!(votes(&[('F', "SET DRAW AEF"), ('E', "SET DRAW AE"), ('A', "SET DRAW AE")]), None);
    // France and England name Austria alone, Austria votes against any draw:
    // a concession to Austria
    assert_eq!(votes(&[('F', "SET DRAW A"), ('E', "SET DRAW A"), ('A', "SET NO DRAW")]), Some(GameEnd::Concession(vec![a])));
}

#[test]
fn a_survivor_who_has_not_voted_accepts_only_itself() {
    let (mut g, v) = three_survivors();
    as_power(&mut g, 'F', "SET DRAW AEF");
    let r = as_power(&mut g, 'E', "SET DRAW AEF");
    assert!(!r.contains("The game is over"), "Austria has not voted: {r}");
    assert_eq!(end(&g, &v), None);
}

#[test]
fn votes_hold_for_one_phase() {
    let mut g = Game::started();
    for l in ['A', 'E', 'F', 'G', 'I', 'R'] {
        as_power(&mut g, l, "SET DRAW");
    }
    g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    // Turkey's vote after the phase: the others' were cleared with it
    let r = as_power(&mut g, 'T', "SET DRAW");
    assert!(!r.contains("The game is over"), "{r}");
    assert_eq!(g.row().status, GameStatus::Active);
}

#[test]
fn the_master_declares_a_draw() {
    let mut g = Game::started();
    let v = Variant::standard();
    let r = as_power(&mut g, 'E', "DECLARE DRAW");
    assert!(r.contains("only the master"), "{r}");
    let r = g.send(GM, "SIGNON Mdemo gmpass\nDECLARE DRAW ENGLAND FRANCE").0;
    assert!(r.contains("The master declared a draw between England, France."), "{r}");
    assert_eq!(end(&g, &v), Some(GameEnd::Draw(vec![1, 2])));
    let r = g.send(GM, "SIGNON Mdemo gmpass\nDECLARE DRAW").0;
    assert!(r.contains("game demo is finished") || r.contains("is finished"), "{r}");
}
