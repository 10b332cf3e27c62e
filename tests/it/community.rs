//! The community (issue 22, item 7), by mail: REGISTER and WHOIS (a profile
//! shown only by its owner's choice; at most 20 lines of at most 80
//! characters), WHOGAME, SIGNON ? and SIGNON ?game, LIST of games forming
//! and vacant powers, private games (SET PRIVATE, INVITE: at most 20),
//! VERSION, GET (help files).

use crate::common;
use common::db;
use common::game::{GM, Game};

#[test]
fn register_and_whois_show_a_profile_only_by_its_owners_choice() {
    let mut g = Game::empty();
    let form = "REGISTER\nName: Aretha Holly\nCountry: USA\nPhone: 555\nLevel: Novice\nEND";
    let (r, _) = g.send("aretha@example.test", form);
    assert!(r.contains("Registered as Aretha Holly; your profile is shown to nobody but you"), "{r}");
    assert!(r.contains("Not kept: PHONE"), "{r}");
    // not public: others do not see it; its owner does
    let (r, _) = g.send("other@example.test", "WHOIS aretha@example.test\nWHOIS Aretha");
    assert_eq!(r.matches("no public profile for").count(), 2, "{r}");
    let (r, _) = g.send("aretha@example.test", "WHOIS aretha@example.test");
    assert!(r.contains("Aretha Holly <aretha@example.test>") && r.contains("Country: USA") && r.contains("not public"), "{r}");
    // public: found by address and by name, and the END is not a SIGNOFF;
    // a change (no seat's password) waits for the code mailed to the address
    let (r, _) = g.send("aretha@example.test", "REGISTER\nName: Aretha Holly\nLevel: Expert\nPublic: yes\nEND\nVERSION");
    assert!(r.contains("waits: nothing is changed yet") && r.contains(&format!("mailjudge {}", env!("CARGO_PKG_VERSION"))), "{r}");
    let code = r.split("Confirm: ").nth(1).and_then(|t| t.split_whitespace().next()).expect("the code").to_string();
    let (r, _) = g.send("aretha@example.test", &format!("REGISTER\nConfirm: {code}\nEND"));
    assert!(r.contains("others may see your profile"), "{r}");
    let (r, _) = g.send("other@example.test", "WHO IS holly");
    assert!(r.contains("Aretha Holly <aretha@example.test>") && r.contains("Level: Expert") && !r.contains("USA"), "{r}");
    // a form needs a name, and an END
    let (r, _) = g.send("x@example.test", "REGISTER\nCountry: France\nEND");
    assert!(r.contains("a registration needs a line Name: your name"), "{r}");
    let (r, _) = g.send("x@example.test", "REGISTER\nName: X\nCountry: France");
    assert!(r.contains("REGISTER without END"), "{r}");
}

#[test]
fn a_registration_has_at_most_twenty_lines_of_at_most_eighty_characters() {
    let mut g = Game::empty();
    let at = format!("REGISTER\nName: {}\n{}END", "n".repeat(80), "About: x\n".repeat(19));
    let (r, _) = g.send("a@example.test", &at);
    assert!(r.contains("Registered as"), "{r}");
    let past_lines = format!("REGISTER\nName: n\n{}END", "About: x\n".repeat(20));
    let (r, _) = g.send("b@example.test", &past_lines);
    assert!(r.contains("a registration has at most 20 lines; this one has 21"), "{r}");
    let past_chars = format!("REGISTER\nName: {}\nEND", "n".repeat(81));
    let (r, _) = g.send("c@example.test", &past_chars);
    assert!(r.contains("the line NAME is longer than 80 characters"), "{r}");
    let (r, _) = g.send("c@example.test", "WHOIS c@example.test");
    assert!(r.contains("no public profile"), "nothing was stored: {r}");
}

#[test]
fn whogame_names_the_players_of_a_game_that_is_not_anonymous_or_is_over() {
    let mut g = Game::started();
    let (r, _) = g.send("stranger@example.test", "WHOGAME demo");
    assert!(r.contains("game demo is anonymous"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nWHOGAME");
    assert!(r.contains("Master:") && r.contains("p3@example.test") && r.contains("France:"), "{r}");
    g.send("p3@example.test", "REGISTER\nName: Francis\nPublic: yes\nEND");
    g.send(GM, "SIGNON Mdemo gmpass\nSET NO ANONYMOUS");
    // a stranger sees the players by their chosen names or powers, never an address
    let (r, _) = g.send("stranger@example.test", "WHO GAME demo");
    assert!(r.contains("France:") && !r.contains("p3@example.test") && r.contains("Turkey:"), "{r}");
    // the game's own players see the addresses (and public profiles' names)
    let (r, _) = g.send("p1@example.test", "WHO GAME demo");
    assert!(r.contains("p3@example.test (Francis)"), "{r}");
}

#[test]
fn signon_question_lists_the_open_games_and_list_shows_them() {
    let mut g = Game::empty();
    let (r, _) = g.send("new@example.test", "SIGNON ?");
    assert!(r.contains("No game has a seat open now."), "{r}");
    g.send(GM, "CREATE ?demo gmpass standard\nSET COMMENT friendly, newcomers welcome");
    g.send("p1@example.test", "SIGNON ?demo pw-one");
    // (a sign-on without a password is the last line of its mail: the
    // line after it may be the password, and is neither shown nor run)
    let (r, _) = g.send("new@example.test", "SIGNON ?");
    assert!(r.contains("demo") && r.contains("forming, 6 of 7 seats open"), "{r}");
    let (r, _) = g.send("new@example.test", "SIGNON ?demo");
    assert!(r.contains("Game demo is forming: 1 of 7 seats taken. Join with SIGNON ?demo password"), "{r}");
    let (r, _) = g.send("new@example.test", "LIST");
    assert!(r.contains("friendly, newcomers welcome"), "{r}");
}

#[test]
fn a_private_game_takes_newcomers_with_its_join_password_or_an_invitation() {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?club gmpass standard\nSET PRIVATE abc\nSET PRIVATE clubpw");
    assert!(r.contains("a join password is one word of at least 4 characters"), "{r}");
    assert!(r.contains("Game club is private"), "{r}");
    // the reply and the stored mail never show the join password
    assert!(!r.contains("clubpw"), "{r}");
    let (r, _) = g.send("p1@example.test", "SIGNON ?club pw-one");
    assert!(r.contains("game club is private"), "{r}");
    let (r, _) = g.send("p1@example.test", "SIGNON ?club pw-one wrongpw");
    assert!(r.contains("wrong join password for game club"), "{r}");
    let (r, _) = g.send("p2@example.test", "SIGNON ?club pw-two clubpw");
    assert!(r.contains("You joined game club"), "{r}");
    // invited: no join password needed; the invitee is told
    let (r, sent) = g.send(GM, "SIGNON Mclub gmpass\nINVITE friend@example.test\nINVITE not-an-address");
    assert!(r.contains("friend@example.test may join game club"), "{r}");
    assert!(r.contains("`not-an-address` is not a mail address"), "{r}");
    assert!(sent.iter().any(|s| s.to == "friend@example.test" && s.subject == "An invitation to game club"));
    let (r, _) = g.send("friend@example.test", "SIGNON ?club friendpw");
    assert!(r.contains("You joined game club"), "{r}");
    // LIST and SIGNON ? show it as private only
    let (r, _) = g.send("new@example.test", "LIST\nSIGNON ?");
    assert!(r.contains("club standard forming private") && r.contains("Games with seats open (join with SIGNON ?game password): club private"), "{r}");
    assert!(r.contains("club") && r.contains("private") && !r.contains("2 of 7"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mclub gmpass\nSET PUBLIC");
    assert!(r.contains("Game club is public"), "{r}");
    let (r, _) = g.send("p1@example.test", "SIGNON ?club pw-one");
    assert!(r.contains("You joined game club"), "{r}");
}

#[test]
fn a_game_invites_at_most_twenty_addresses() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?club gmpass standard\nSET PRIVATE clubpw");
    let lines: Vec<String> = (1..=20).map(|n| format!("INVITE f{n}@example.test")).collect();
    let (r, _) = g.send(GM, &format!("SIGNON Mclub gmpass\n{}", lines.join("\n")));
    assert_eq!(r.matches("may join game club").count(), 20, "{r}");
    let (r, _) = g.send(GM, "SIGNON Mclub gmpass\nINVITE f21@example.test\nINVITE f20@example.test");
    assert!(r.contains("a game may invite at most 20 addresses"), "{r}");
    assert!(r.contains("f20@example.test may join game club"), "inviting again is no new invitation: {r}");
    assert_eq!(db::only_game(g.w.db()).settings.invited.len(), 20);
}

#[test]
fn get_serves_the_help_files() {
    let mut g = Game::empty();
    let (r, _) = g.send("new@example.test", "GET\nGET press\nGET deadlines\nGET draws\nGET nonsense");
    assert!(r.contains("Help files (GET topic): index, press, deadlines, draws, master, form."), "{r}");
    assert!(r.contains("Press on") && r.contains("Deadlines on") && r.contains("Draws and concessions on"), "{r}");
    assert!(r.contains("no help file `nonsense`"), "{r}");
    let (r, _) = g.send("new@example.test", "GET index");
    assert!(r.contains("CREATE ?game password"), "{r}");
}
