//! Orders in force written before schema version 5 (no typed record) are
//! given their record when the judge opens the database, and a row that
//! cannot be read stops the judge with its id instead of being dropped.

use crate::common;
use common::db::count;
use common::game::*;
use common::*;
use mailjudge::context::Clock;
use mailjudge::daemon::Daemon;

/// Closes the judge, makes its orders in force legacy rows (their text
/// `text` if given), and opens it again.
fn reopen_after(g: &mut Game, text: Option<&str>) -> anyhow::Result<()> {
    let cfg = config(g.w.dir.path(), 1000);
    let db = cfg.database.clone();
    // a throwaway judge elsewhere takes the place of the real one, which closes
    let spare = tempfile::tempdir().unwrap();
    drop(std::mem::replace(&mut g.w.daemon, Daemon::new(config(spare.path(), 1000), Clock::Fixed(g.w.now)).unwrap()));
    raw::legacy_orders(&db, text);
    drop(std::mem::replace(&mut g.w.daemon, Daemon::new(cfg, Clock::Fixed(g.w.now))?));
    Ok(())
}

#[test]
fn legacy_orders_get_records_on_open_and_are_adjudicated() {
    let mut g = Game::started();
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR - BUR\nF BRE - MAO\nA MAR H");
    assert!(r.contains("A PAR - BUR"), "{r}");
    reopen_after(&mut g, None).unwrap();
    assert_eq!(count(db::orders(g.w.db()), |o| o.active && o.record.is_none()), 0);
    let rec = db::orders(g.w.db()).into_iter().find(|o| o.text == "A PAR - BUR" && o.active).expect("the order").record.expect("its record");
    assert!(rec.contains("BUR"), "{rec}");
    // the orders are read from their records at the deadline
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(!r.contains("cannot be read"), "{r}");
    let game = g.row();
    let units = mailjudge::store::games::position_text(game.v(), game.position.as_ref().expect("a position"));
    assert!(units.contains("A BUR") && units.contains("F MAO"), "{units}");
}

#[test]
fn an_unreadable_legacy_order_stops_the_judge_with_its_row() {
    let mut g = Game::started();
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR - BUR");
    let e = reopen_after(&mut g, Some("A PAR - NOWHERE")).expect_err("the judge refuses to open");
    let msg = format!("{e:#}");
    assert!(msg.contains("A PAR - NOWHERE") && msg.contains("row"), "{msg}");
}
