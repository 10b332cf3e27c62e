//! The year of play the archive tests export and read back: a bounce, a
//! dislodgement and its retreat, a convoy, a build (S1901M, F1901M,
//! F1901R, W1901A, then S1902M to play), on the started game `demo`.

use super::game::{GM, Game};
use mailjudge::archive::GameRecord;
use mailjudge::map::Variant;

const MASTER: &str = "SIGNON Mdemo gmpass";

/// The year by mail, with `extra_spring` (sender, body) mails sent with the
/// spring orders; then the record as the store keeps it.
pub fn played_year(extra_spring: &[(&str, &str)]) -> (Game, GameRecord) {
    let v = Variant::standard();
    let mut g = Game::started();
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR\nA MAR-GAS");
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA MUN-RUH\nA BER-MUN");
    g.send("p2@example.test", "SIGNON Edemo pw-two\nF LON-NTH\nF EDI-NWG\nA LVP-YOR");
    g.send("p5@example.test", "SIGNON Idemo pw-five\nA VEN-TYR");
    for (from, body) in extra_spring {
        g.send(from, body);
    }
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA RUH-BUR\nA MUN S A RUH-BUR");
    g.send("p2@example.test", "SIGNON Edemo pw-two\nF NTH C A YOR-NWY\nA YOR-NWY");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA BUR H");
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    assert_eq!(g.phase(&v), "F1901R", "the French army in Burgundy was dislodged");
    // the only order owed: processed as soon as it is in
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA BUR R PIC");
    assert_eq!(g.phase(&v), "W1901A");
    g.send("p2@example.test", "SIGNON Edemo pw-two\nBUILD F LON");
    assert_eq!(g.phase(&v), "S1902M");
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    (g, rec)
}
