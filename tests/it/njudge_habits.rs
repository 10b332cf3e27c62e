//! njudge's input habits, by mail: preference lists in order with brackets
//! (`SET PREFERENCE E[FGR]`), convoy routes (`A LON-NTH-NWY`), and
//! SUMMARY's chart labelled by njudge's years.

use crate::common;
use common::db;
use common::game::*;

/// Seven players join `demo` with these preference lists (p1 first).
fn joined_with(prefs: [&str; 7]) -> Game {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    for (i, p) in prefs.iter().enumerate() {
        g.send(&format!("p{}@example.test", i + 1), &format!("SIGNON ?demo pw-{}\nSET PREFERENCE {p}", i + 1));
    }
    assert_eq!(g.status(), "active");
    g
}

fn power_of(g: &Game, player: usize) -> i64 {
    db::power_of(g.w.db(), &format!("p{player}@example.test")).expect("a power")
}

#[test]
fn a_preference_list_is_read_in_its_order() {
    // p1 wants France, then England; p7 wants England: p1 gets France every time
    for _ in 0..8 {
        let g = joined_with(["FE", "A", "G", "I", "R", "T", "E"]);
        assert_eq!(power_of(&g, 1), 2, "France, p1's first choice");
        assert_eq!(power_of(&g, 7), 1);
    }
}

#[test]
fn brackets_mark_powers_liked_equally_and_the_reply_says_so() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    let (r, _) = g.send("p1@example.test", "SIGNON ?demo pw-1\nSET PREFERENCE E[FGR][TAI]");
    assert!(r.contains("Preference recorded: England, [France, Germany, Russia], [Turkey, Austria, Italy]."), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON ?demo pw-2\nSET PREFERENCE *");
    assert!(r.contains("Preference recorded: any power, at random."), "{r}");
    let (r, _) = g.send("p3@example.test", "SIGNON ?demo pw-3\nSET PREFERENCE E[FG");
    assert!(!r.contains("Preference recorded"), "{r}");
    // two players who want the same tier: both get one of it
    let g = joined_with(["[FG]", "[FG]", "A", "I", "R", "T", "E"]);
    let mut got = [power_of(&g, 1), power_of(&g, 2)];
    got.sort_unstable();
    assert_eq!(got, [2, 3]);
}

#[test]
fn a_convoy_route_is_a_move_by_convoy() {
    let mut g = Game::started();
    let (r, _) = g.send("p2@example.test", "SIGNON Edemo pw-two\nA LVP-NAO-CLY\nF EDI-NTH");
    assert!(r.contains("A LVP - CLY VIA: accepted."), "{r}");
}

#[test]
fn list_full_shows_each_games_settings_and_its_players_where_shown() {
    let mut g = Game::started();
    let (r, _) = g.send("outsider@example.test", "LIST FULL");
    assert!(r.contains("demo standard active"), "{r}");
    assert!(r.contains("Press: "), "the settings: {r}");
    assert!(r.contains("7 of 7 seats played (who plays what is shown once the game is over)"), "{r}");
    assert!(!r.contains("p3@example.test"), "anonymous: {r}");
    g.send(GM, "SIGNON Mdemo gmpass\nSET NO ANONYMOUS");
    let (r, _) = g.send("outsider@example.test", "list full");
    // by the players' chosen names or their powers, never their addresses
    assert!(r.contains("France: France") && !r.contains("p3@example.test"), "{r}");
}

#[test]
fn history_takes_dates_as_njudge_writes_them() {
    let mut g = Game::started();
    // Spring 1901 processed on Mon 23 Nov, Fall 1901 two days later
    g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    g.w.set_time(g.w.now + 2 * 86_400);
    g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    let (r, _) = g.send("p1@example.test", "HISTORY demo FROM Nov 24 2026");
    assert!(r.contains("Fall 1901 movement results") && !r.contains("Spring 1901 movement results"), "{r}");
    let (r, _) = g.send("p1@example.test", "HISTORY demo FROM S1901M TO Nov 24 2026");
    assert!(r.contains("Spring 1901 movement results") && !r.contains("Fall 1901 movement results"), "{r}");
    let (r, _) = g.send("p1@example.test", "HISTORY demo FROM Dec 25 2026");
    assert!(r.contains("Dec 25 2026"), "no phase from then: {r}");
}
