//! Issue 36, part 7, played by mail: HISTORY's njudge forms (FROM and TO
//! dates as njudge writes them, read looking back in the reader's zone;
//! LINES n and its bound; a TO before FROM left out; EXCLSTART and EXCLEND;
//! the signed-on game); a bare `SIGNON ?` that leaves the next line alone;
//! where the right-hand rule sends an unordered retreat, said before the
//! deadline; results and the table's notices in each reader's zone; SET
//! SHORT REPLY; DPjudge's `//` comments.

use crate::common;
use common::game::*;
use common::*;

const FRANCE: &str = "p3@example.test";

/// The master processes the phase being played with whatever is in.
fn process(g: &mut Game) -> Vec<Sent> {
    let (r, sent) = g.as_master("PROCESS!");
    assert!(r.contains("processed"), "{r}");
    sent
}

/// The reply's body as sent (not flattened) to the mail `body` from `from`.
fn raw_reply(g: &mut Game, from: &str, body: &str) -> String {
    let id = g.drop_mail(from, body);
    let (_, sent) = g.w.step();
    reply(&sent, &id).body.clone()
}

/// A started game whose Spring 1901 was processed at Mon 23 Nov 2026 12:00
/// UTC and Fall 1901 (and its adjustments, when they come) later, at `fall`.
fn two_phases(fall: &str) -> Game {
    let mut g = Game::started();
    process(&mut g);
    g.w.set_time(mailjudge::timing::parse_date(fall, chrono_tz::Tz::UTC, g.w.now, false).unwrap());
    process(&mut g);
    g
}

#[test]
fn the_readmes_history_from_dec_1_reads_the_last_first_of_december() {
    // Spring 1901 on 23 Nov, Fall 1901 on 2 Dec 2026: "Dec 1" is the one just past
    let mut g = two_phases("2026-12-02 10:00");
    let (r, _) = g.send("p1@example.test", "HISTORY demo FROM Dec 1");
    assert!(r.contains("Fall 1901 movement results") && !r.contains("Spring 1901 movement results"), "{r}");
    // and TO a date: the phases processed up to its end
    let (r, _) = g.send("p1@example.test", "HISTORY demo TO Nov 30");
    assert!(r.contains("Spring 1901 movement results") && !r.contains("Fall 1901 movement results"), "{r}");
}

#[test]
fn history_dates_as_njudge_writes_them() {
    // processed on Mon 23 Nov 12:00 and on Sat 28 Nov 10:00 UTC
    let mut g = two_phases("2026-11-28 10:00");
    let both = |r: &str| r.contains("Spring 1901 movement results") && r.contains("Fall 1901 movement results");
    let fall_only = |r: &str| r.contains("Fall 1901 movement results") && !r.contains("Spring 1901 movement results");
    // the whole history: a date before the game, as njudge's help suggests
    for from in ["1 Jan 1990", "Jan 1, 1990", "Jan 1, 2003", "Dec 1 95", "1 Dec, 80 12:30", "2026-11-01"] {
        let (r, _) = g.send("p1@example.test", &format!("HISTORY demo FROM {from}"));
        assert!(both(&r), "FROM {from}: {r}");
    }
    // a weekday: the last one (today is a Saturday: Friday the 27th)
    let (r, _) = g.send("p1@example.test", "HISTORY demo FROM Fri");
    assert!(fall_only(&r), "{r}");
    // with a time, and a comma after the day
    let (r, _) = g.send("p1@example.test", "HISTORY demo FROM Nov 23, 2026 12:01");
    assert!(fall_only(&r), "{r}");
    let (r, _) = g.send("p1@example.test", "HISTORY demo FROM Nov 23, 2026 11:59 TO Nov 23 23:59");
    assert!(r.contains("Spring 1901 movement results") && !r.contains("Fall 1901 movement results"), "{r}");
    // two-digit years outside 80 to 99 are no year
    let (r, _) = g.send("p1@example.test", "HISTORY demo FROM Dec 1 79");
    assert!(r.contains("no phase Dec 1 79 in game demo"), "{r}");
}

#[test]
fn history_dates_are_read_in_the_readers_zone() {
    // Fall 1901 processed at Sat 28 Nov 10:00 UTC: 05:00 in New York
    let mut g = two_phases("2026-11-28 10:00");
    g.as_power('A', "SET TIMEZONE America/New_York");
    // asked at 20:00 UTC (15:00 in New York): 28 Nov 06:00 has come in both zones
    g.w.set_time(g.w.now + 10 * 3600);
    let from_six = "HISTORY demo FROM Nov 28 06:00";
    // 06:00 in New York is 11:00 UTC, after the phase
    let (r, _) = g.send("p1@example.test", from_six);
    assert!(r.contains("no phase Nov 28 06:00 in game demo"), "{r}");
    // for a reader in the game's zone (UTC), 06:00 is before it
    let (r, _) = g.send("p2@example.test", from_six);
    assert!(r.contains("Fall 1901 movement results") && !r.contains("Spring 1901 movement results"), "{r}");
}

#[test]
fn a_to_before_from_is_left_out() {
    let mut g = two_phases("2026-11-28 10:00");
    for line in ["HISTORY demo FROM F1901M TO S1901M", "HISTORY demo FROM Nov 27 TO Nov 24"] {
        let (r, _) = g.send("p1@example.test", line);
        assert!(r.contains("TO comes before FROM, so it is left out"), "{line}: {r}");
        assert!(r.contains("Fall 1901 movement results") && !r.contains("Spring 1901 movement results"), "{line}: {r}");
    }
}

#[test]
fn history_lines_cuts_the_history_and_is_bounded() {
    let mut g = two_phases("2026-11-28 10:00");
    let r = raw_reply(&mut g, "p1@example.test", "HISTORY demo LINES 10");
    let lines: Vec<&str> = r.lines().collect();
    let echo = lines.iter().position(|l| *l == "> HISTORY demo LINES 10").expect("the echo");
    let cut = lines.iter().position(|l| l.contains("The history stops here: LINES 10 reached")).unwrap_or_else(|| panic!("the cut: {r}"));
    assert_eq!(cut - echo - 1, 10, "ten lines of history: {r}");
    assert!(lines[echo + 1].trim_start().starts_with("====="), "{r}");
    // the whole history is shorter than the bound: at it, nothing is cut
    let (r, _) = g.send("p1@example.test", &format!("HISTORY demo LINES {}", mailjudge::command::info::MAX_HISTORY_LINES));
    assert!(r.contains("Fall 1901 movement results") && !r.contains("The history stops here"), "{r}");
    // njudge's FOR is LINES
    let (r, _) = g.send("p1@example.test", "HISTORY demo FOR 3");
    assert!(r.contains("LINES 3 reached"), "{r}");
    // past the bound, and no number: refused
    let (r, _) = g.send("p1@example.test", &format!("HISTORY demo LINES {}", mailjudge::command::info::MAX_HISTORY_LINES + 1));
    assert!(r.contains("HISTORY sends 1 to 5000 lines: LINES 5001 is not among them"), "{r}");
    let (r, _) = g.send("p1@example.test", "HISTORY demo LINES 0");
    assert!(r.contains("LINES 0 is not among them"), "{r}");
    let (r, _) = g.send("p1@example.test", "HISTORY demo LINES many");
    assert!(r.contains("LINES takes a number of lines"), "{r}");
}

/// A game with Spring 1901, Fall 1901, Winter 1901 and Spring 1902 processed
/// (France builds, so the adjustments are played).
fn four_phases() -> Game {
    let mut g = Game::started();
    g.as_power('F', "A PAR-BUR\nA MAR-SPA\nF BRE-MAO");
    process(&mut g);
    g.as_power('F', "F MAO-POR");
    process(&mut g);
    g.as_power('F', "BUILD A PAR");
    process(&mut g);
    g.w.set_time(g.w.now + 3600);
    process(&mut g);
    assert_eq!(g.phase(&mailjudge::map::Variant::standard()), "F1902M");
    g
}

#[test]
fn history_exclstart_leaves_out_a_span_of_phases() {
    let mut g = four_phases();
    let shows = |r: &str, phases: &[&str]| {
        for p in ["Spring 1901 movement", "Fall 1901 movement", "Winter 1901 adjustments", "Spring 1902 movement"] {
            assert_eq!(r.contains(&format!("{p} results")), phases.contains(&p), "{p}: {r}");
        }
    };
    // from the start up to (not including) EXCLSTART
    let (r, _) = g.send("p1@example.test", "HISTORY demo EXCLSTART F1901M");
    shows(&r, &["Spring 1901 movement"]);
    // a span: njudge's F1901B is the builds of 1901 (W1901A here)
    let (r, _) = g.send("p1@example.test", "HISTORY demo EXCLSTART F1901M EXCLEND F1901B");
    shows(&r, &["Spring 1901 movement", "Spring 1902 movement"]);
    // njudge's own examples: a start after the game, a span before it
    let (r, _) = g.send("p1@example.test", "HISTORY demo exclstart S2999M");
    shows(&r, &["Spring 1901 movement", "Fall 1901 movement", "Winter 1901 adjustments", "Spring 1902 movement"]);
    let (r, _) = g.send("p1@example.test", "HISTORY demo EXCLSTART S1899M EXCLEND W1901A");
    shows(&r, &["Spring 1902 movement"]);
    // no phase, EXCLEND alone, or with FROM: refused
    let (r, _) = g.send("p1@example.test", "HISTORY demo EXCLSTART soon");
    assert!(r.contains("`soon` is no phase: EXCLSTART and EXCLEND take phases like S1902M"), "{r}");
    for line in ["HISTORY demo EXCLEND F1901M", "HISTORY demo EXCLSTART F1901M FROM S1901M", "HISTORY demo EXCLSTART"] {
        let (r, _) = g.send("p1@example.test", line);
        assert!(r.contains("write HISTORY game EXCLSTART phase [EXCLEND phase] [BROAD]"), "{line}: {r}");
    }
}

#[test]
fn history_exclstart_with_broad_shows_the_broadcasts_of_the_phases_kept() {
    let mut g = Game::started();
    g.as_power('F', "BROADCAST\nSpring greetings from Paris.\nENDPRESS");
    process(&mut g);
    g.as_power('F', "BROADCAST\nAutumn words from Paris.\nENDPRESS");
    process(&mut g);
    let (r, _) = g.send("p4@example.test", "SIGNON Gdemo pw-four\nHISTORY demo EXCLSTART F1901M BROAD");
    assert!(r.contains("Spring greetings from Paris.") && !r.contains("Autumn words from Paris."), "{r}");
    assert!(r.contains("Spring 1901 movement results") && !r.contains("Fall 1901 movement results"), "{r}");
}

#[test]
fn history_without_a_game_is_the_signed_on_games() {
    let mut g = two_phases("2026-11-28 10:00");
    let (r, _) = g.as_power('F', "HISTORY FROM F1901M");
    assert!(r.contains("Fall 1901 movement results") && !r.contains("Spring 1901 movement results"), "{r}");
    let (r, _) = g.send("p1@example.test", "HISTORY FROM F1901M");
    assert!(r.contains("HISTORY needs a game name (or a sign-on before it)"), "{r}");
}

#[test]
fn a_bare_signon_question_leaves_the_next_line_to_be_read() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    let (r, _) = g.send("new@example.test", "SIGNON ?\nLIST demo");
    assert!(r.contains("forming, 7 of 7 seats open"), "SIGNON ? answered: {r}");
    assert!(r.contains("> LIST demo") && r.contains("Game demo"), "the next line read as a command: {r}");
    assert!(!r.contains("may be the password"), "{r}");
    assert!(!r.contains("******"), "nothing masked: {r}");
    // `SIGNON ?demo` without its password: the next line may be it, as before
    let (r, _) = g.send("new@example.test", "SIGNON ?demo\nLIST demo");
    assert!(r.contains("the line after a SIGNON that lacks its password may be the password"), "{r}");
}

/// France's A PAR dislodged from Picardy in a Spring 1901 retreat (Brest and
/// Gascony open), and Germany's A KIE dislodged with nowhere to go.
fn retreat_position(g: &Game) {
    g.set_position(
        r#"{"phase": "S1901R", "units": {"GERMANY": ["A PAR"], "FRANCE": ["A KIE"]}, "retreats": {"FRANCE": {"A PAR": ["BRE", "GAS"]}, "GERMANY": {"A KIE": []}}, "dislodged_by": {"FRANCE": {"A PAR": "PIC"}, "GERMANY": {"A KIE": "HOL"}},
        "centers": {"AUSTRIA": ["BUD", "TRI", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK", "CON", "SMY"]}}"#,
    );
}

#[test]
fn an_unordered_retreat_is_told_where_the_right_hand_rule_sends_it_before_the_deadline() {
    let mut g = Game::started_with("retreat_default=right_hand");
    retreat_position(&g);
    // the reply: attacked from Picardy, right is Burgundy (no option), then left, Brest
    let (r, _) = g.as_power('F', "SET WAIT");
    assert!(r.contains("Still to order: A PAR"), "{r}");
    assert!(r.contains("A PAR: no retreat ordered: by the right-hand rule to BRE (as things stand: other powers' retreat orders may change it)"), "{r}");
    let (r, _) = g.as_power('G', "SET WAIT");
    assert!(r.contains("A KIE: no retreat ordered: the right-hand rule finds it no space, so it is disbanded"), "{r}");
    // the reminder says it too
    let row = g.row();
    g.w.set_time(g.deadline() - row.settings.reminder_secs + 60);
    let (_, sent) = g.w.step();
    let reminder = to(&sent, FRANCE).into_iter().find(|s| s.subject == "Reminder: orders due in game demo").expect("a reminder to France");
    assert!(flat(&reminder.body).contains("A PAR: no retreat ordered: by the right-hand rule to BRE"), "{}", reminder.body);
    // ordered: no longer said
    let (r, _) = g.as_power('F', "A PAR R GAS");
    assert!(!r.contains("right-hand rule to"), "{r}");
    // and the late notice, after the deadline, for Germany's
    g.w.set_time(g.deadline() + 60);
    let (_, sent) = g.w.step();
    let late = to(&sent, "p4@example.test").into_iter().find(|s| s.subject == "Late: orders missing in game demo").expect("a late notice to Germany");
    assert!(flat(&late.body).contains("A KIE: no retreat ordered: the right-hand rule finds it no space, so it is disbanded"), "{}", late.body);
}

#[test]
fn a_game_that_disbands_unordered_retreats_names_no_right_hand_destination() {
    let mut g = Game::started();
    retreat_position(&g);
    let (r, _) = g.as_power('F', "SET WAIT");
    assert!(r.contains("Still to order: A PAR") && !r.contains("right-hand"), "{r}");
}

/// The deadline line of the results mail to `addr` among `sent`.
fn deadline_line(sent: &[Sent], addr: &str, subject: &str) -> String {
    let m = to(sent, addr).into_iter().find(|s| s.subject.contains(subject)).unwrap_or_else(|| panic!("no {subject} to {addr}: {sent:#?}"));
    m.body.lines().find(|l| l.contains("2026")).unwrap_or_else(|| panic!("a time in: {}", m.body)).to_string()
}

#[test]
fn results_and_the_tables_notices_show_times_in_each_readers_zone() {
    let mut g = Game::started();
    g.as_power('A', "SET TIMEZONE Asia/Tokyo");
    g.as_power('E', "SET TIMEZONE America/New_York");
    let sent = process(&mut g);
    let tokyo = deadline_line(&sent, "p1@example.test", "results");
    let new_york = deadline_line(&sent, "p2@example.test", "results");
    let game = deadline_line(&sent, FRANCE, "results");
    assert!(tokyo.contains("JST (Asia/Tokyo)"), "{tokyo}");
    assert!(new_york.contains("EST (America/New_York)"), "{new_york}");
    assert!(game.starts_with("Deadline:") && game.ends_with("UTC"), "the game's zone for those with none: {game}");
    // the same deadline, each in its zone: 12 hours between Tokyo's and UTC
    assert!(tokyo.starts_with("Deadline:") && new_york.starts_with("Deadline:"), "{tokyo} / {new_york}");
    // the stored report (HISTORY) is the game's
    let (r, _) = g.send("p1@example.test", "HISTORY demo");
    assert!(r.contains(&flat(&game)) && !r.contains("JST"), "{r}");
    // a notice to the table: the master's SET DEADLINE
    let (_, sent) = g.as_master("SET DEADLINE 2026-11-30 20:00");
    let notice = |addr: &str| flat(&to(&sent, addr).into_iter().find(|s| s.subject.contains("deadline")).unwrap_or_else(|| panic!("a notice to {addr}")).body);
    assert!(notice("p1@example.test").contains("to Tue 01 Dec 2026 05:00 JST (Asia/Tokyo)"), "{}", notice("p1@example.test"));
    assert!(notice("p2@example.test").contains("to Mon 30 Nov 2026 15:00 EST (America/New_York)"), "{}", notice("p2@example.test"));
    assert!(notice(FRANCE).contains("to Mon 30 Nov 2026 20:00 UTC"), "{}", notice(FRANCE));
}

#[test]
fn a_short_reply_leaves_the_board_out() {
    let mut g = Game::started();
    let full = raw_reply(&mut g, FRANCE, "SIGNON Fdemo pw-three\nA PAR-BUR");
    let (r, _) = g.as_power('F', "SET SHORT REPLY");
    assert!(r.contains("SHORT REPLY set: replies to your mail leave the board out"), "{r}");
    let short = raw_reply(&mut g, FRANCE, "SIGNON Fdemo pw-three\nA PAR-BUR");
    // the echo, the orders, what is still to order and the deadline stay
    for part in ["> A PAR-BUR", "A PAR - BUR: accepted.", "Your orders now:", "Still to order: A MAR, F BRE", "Deadline:"] {
        assert!(short.contains(part) && full.contains(part), "{part}: {short}");
    }
    let board = "Unowned centres";
    assert!(full.contains(board) && !short.contains(board), "the board: {full}\n----\n{short}");
    // 42 lines with the board (its 26 lines and a blank line before them), 15 without
    let (nf, ns) = (full.lines().count(), short.lines().count());
    assert_eq!((nf, ns), (42, 15), "the full reply and the short one:\n{full}\n----\n{short}");
    // SET FULL REPLY (and SET NO BRIEF) bring the board back; SET BRIEF is SHORT
    g.as_power('F', "SET FULL REPLY");
    let again = raw_reply(&mut g, FRANCE, "SIGNON Fdemo pw-three\nA PAR-BUR");
    assert_eq!(again.lines().count(), nf, "{again}");
    let (r, _) = g.as_power('F', "SET BRIEF");
    assert!(r.contains("SHORT REPLY set"), "{r}");
    let (r, _) = g.as_power('F', "SET NO BRIEF");
    assert!(r.contains("FULL REPLY set"), "{r}");
    let (r, _) = g.as_power('F', "SET SHORT REPLY please");
    assert!(r.contains("SET SHORT REPLY and SET FULL REPLY take nothing after them"), "{r}");
    // another player's replies keep the board
    let other = raw_reply(&mut g, "p4@example.test", "SIGNON Gdemo pw-four\nA MUN H");
    assert!(other.contains(board), "{other}");
}

#[test]
fn comments_are_not_read_but_press_keeps_them() {
    let mut g = Game::started();
    let text = "SIGNON Fdemo pw-three // France here\n// my orders for the spring\nA PAR-BUR // to Burgundy\nA MAR-SPA\t// and Spain\nPRESS TO E // to England\nHello // this stays\nENDPRESS";
    let (r, sent) = g.send(FRANCE, text);
    assert!(r.contains("> A PAR-BUR A PAR - BUR: accepted."), "the comment is not echoed: {r}");
    assert!(r.contains("A MAR - SPA: accepted."), "{r}");
    assert!(!r.contains("my orders for the spring") && !r.contains("to Burgundy"), "{r}");
    let mut orders = g.orders(2);
    orders.sort();
    assert_eq!(orders, ["A MAR - SPA", "A PAR - BUR"]);
    let press = to(&sent, "p2@example.test").into_iter().find(|s| s.body.contains("Hello")).expect("England's press");
    assert!(press.body.contains("Hello // this stays"), "{}", press.body);
    // no space before the slashes: no comment
    let (r, _) = g.as_power('F', "F BRE-MAO//x");
    assert!(!r.contains("F BRE - MAO: accepted."), "{r}");
}
