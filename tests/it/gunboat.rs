//! Gunboat games (issue 37): `gunboat=yes` at CREATE or `SET GUNBOAT`
//! before the start makes who plays which power hidden, press none but to
//! and from the master, and seat changes told to the master only.

use crate::common::game::{GM, Game};

fn press_to(sent: &[crate::common::Sent], text: &str) -> Vec<String> {
    sent.iter().filter(|s| s.body.contains(text)).map(|s| s.to.clone()).collect()
}

#[test]
fn a_gunboat_game_has_no_press_between_players_and_hides_who_plays() {
    let mut g = Game::started_with("gunboat=yes");
    let s = g.row().settings;
    assert_eq!(s.press, mailjudge::store::games::Press::None);
    assert_eq!(s.anonymous, mailjudge::store::games::Anonymity::Hidden);
    assert_eq!(s.announce, mailjudge::store::games::Announcements::Quiet);
    // press to another power: refused; to the master: it goes
    let (r, sent) = g.as_power('F', "PRESS TO E\nAn alliance?\nENDPRESS");
    assert!(r.contains("Error") && press_to(&sent, "An alliance?").iter().all(|t| t == "p3@example.test"), "{r}");
    let (r, sent) = g.as_power('F', "PRESS TO M\nA question of rules.\nENDPRESS");
    assert!(!r.contains("Error") && press_to(&sent, "A question of rules.").contains(&GM.to_string()), "{r}");
    // nobody learns who plays France
    let (r, _) = g.send("stranger@example.test", "WHOGAME demo");
    assert!(!r.contains("p3@example.test"), "{r}");
    // a running game cannot stop being gunboat, nor become it
    let (r, _) = g.as_master("SET NO GUNBOAT");
    assert!(r.contains("SET [NO] GUNBOAT is set before the game starts"), "{r}");
}

#[test]
fn set_gunboat_before_the_start_and_set_no_gunboat_give_the_judges_press_back() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET GUNBOAT");
    assert!(r.contains("A gunboat game: who plays which power stays hidden"), "{r}");
    assert_eq!(g.row().settings.press, mailjudge::store::games::Press::None);
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET NO GUNBOAT");
    assert!(r.contains("Not a gunboat game: press is"), "{r}");
    let s = g.row().settings;
    assert_ne!(s.press, mailjudge::store::games::Press::None);
    assert_eq!(s.announce, mailjudge::store::games::Announcements::Loud);
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET GUNBOAT maybe");
    assert!(r.contains("Error"), "{r}");
}
