use super::set::set_keys;
use super::*;
use crate::game::refusal::{PressRefusal, Refusal};

#[test]
fn njudge_spellings() {
    assert_eq!(parse("signon Fdemo secret"), Cmd::Signon { letter: 'F', game: "demo".into(), password: "secret".into() });
    assert_eq!(parse("SIGN ON ?demo pw"), Cmd::Join { game: "demo".into(), password: "pw".into(), key: None });
    assert_eq!(parse("WITHDRAW"), Cmd::Resign);
    assert_eq!(parse("set no wait"), Cmd::Set { key: SetKey::NoWait, arg: String::new() });
    assert_eq!(parse("SET DEAD 2026-11-25 20:00"), Cmd::Set { key: SetKey::Deadline, arg: "2026-11-25 20:00".into() });
    assert_eq!(parse("press to EF grey"), Cmd::Press(PressHeader { to: Some(Whom::Only("EF".into())), colour: Some(Colour::Grey), fake: Fake::Unsaid }));
    assert_eq!(parse("end press"), Cmd::EndPress);
    assert_eq!(parse("process!"), Cmd::Process { force: true, phase: None });
    assert_eq!(parse("PROCESS Spring 1901 Movement"), Cmd::Process { force: true, phase: Some("Spring 1901 Movement".into()) });
    assert_eq!(parse("process s1901m"), Cmd::Process { force: true, phase: Some("s1901m".into()) });
    assert_eq!(parse("PROCESS! F1901M"), Cmd::Process { force: true, phase: Some("F1901M".into()) });
    assert!(matches!(parse("SET PA x"), Cmd::Bad(r) if crate::report::say::refusal::refusal(&r).contains("ambiguous")));
    // orders are not commands
    assert_eq!(parse("A PAR-BUR"), Cmd::NotCommand);
    assert_eq!(parse("HEL - NTH"), Cmd::NotCommand);
    assert_eq!(parse("CLEAR the way"), Cmd::NotCommand);
}

#[test]
fn njudges_press_set_words() {
    use crate::command::options::{GameOption as O, Named};
    let set = |line: &str| match parse(line) {
        Cmd::Set { key: SetKey::Option(Named { option, no }), arg } => (option, no, arg),
        other => panic!("{line}: {other:?}"),
    };
    let s = |o, no, a: &str| (o, no, a.to_string());
    assert_eq!(set("SET WHITE"), s(O::Press, false, "white"));
    assert_eq!(set("set grey press"), s(O::Press, false, "grey_only"));
    assert_eq!(set("SET GRAY"), s(O::Press, false, "grey_only"));
    assert_eq!(set("SET WHITE/GREY PRESS"), s(O::Press, false, "grey"));
    assert_eq!(set("SET GREY/WHITE"), s(O::Press, false, "grey/white"));
    assert_eq!(set("SET NO WHITE"), s(O::Press, false, "grey_only"));
    assert_eq!(set("SET NO GREY PRESS"), s(O::Press, false, "white"));
    assert_eq!(set("SET NO PRESS"), s(O::Press, false, "none"));
    assert_eq!(set("SET PRESS NONE"), s(O::Press, false, "none"));
    assert_eq!(set("SET NONE"), s(O::Press, false, "none"));
    assert_eq!(set("SET PRESS GREY/WHITE"), s(O::Press, false, "GREY/WHITE"));
    assert_eq!(set("SET PARTIAL PRESS"), s(O::Partial, false, ""));
    assert_eq!(set("SET NO PARTIAL PRESS"), s(O::Partial, true, ""));
    assert_eq!(set("SET NO FAKE BROADCAST"), s(O::Fake, true, ""));
    assert_eq!(set("SET PARTIAL MAY BE FAKED"), s(O::Fake, false, "may"));
    assert_eq!(set("SET PARTIAL MAY"), s(O::Fake, false, "may"));
    assert_eq!(set("SET PARTIAL FAKES BROADCAST"), s(O::Fake, false, "broadcast"));
    assert_eq!(set("SET PARTIAL FAKES"), s(O::Fake, false, "broadcast"));
    assert_eq!(set("SET PARTIAL FAKES BROADCAST BY DEFAULT"), s(O::Fake, false, "broadcast_by_default"));
    assert_eq!(set("SET PARTIAL FAKES BY DEFAULT"), s(O::Fake, false, "broadcast_by_default"));
    assert_eq!(set("SET POSTAL PRESS"), s(O::PostalPress, false, ""));
    assert_eq!(set("SET NO POSTALPRESS"), s(O::PostalPress, true, ""));
    assert_eq!(set("SET OBSERVER NO PRESS"), s(O::ObserverPress, false, "none"));
    assert_eq!(set("SET OBSERVER WHITE"), s(O::ObserverPress, false, "white"));
    assert_eq!(set("SET OBSERVER ANY PRESS"), s(O::ObserverPress, false, "any"));
    assert_eq!(set("SET ALL PRESS"), s(O::MasterPress, false, "all"));
    assert_eq!(set("SET NORMAL PRESS"), s(O::MasterPress, false, "normal"));
    // not press words without their PRESS
    for line in ["SET NO", "SET ALL", "SET NORMAL"] {
        assert!(!matches!(parse(line), Cmd::Set { key: SetKey::Option(Named { option: O::Press | O::MasterPress | O::PostalPress, .. }), .. }), "{line}");
    }
    // not the fake option's words: PARTIAL's value, which refuses it (see options.rs)
    assert_eq!(set("SET PARTIAL FAKES NOW"), s(O::Partial, false, "FAKES NOW"));
}

#[test]
fn njudges_press_settings_in_a_list() {
    use crate::command::options::{GameOption as O, Named};
    let n = |option, no, a: &str| (Named { option, no }, a.to_string());
    assert_eq!(parse("SET GREY, PARTIAL FAKES BROADCAST"), Cmd::PressSets(vec![n(O::Press, false, "grey_only"), n(O::Fake, false, "broadcast")]));
    assert_eq!(
        parse("set white/grey,no partial , postal press"),
        Cmd::PressSets(vec![n(O::Press, false, "grey"), n(O::Partial, true, ""), n(O::PostalPress, false, "")])
    );
    // a list with any part that is not a press setting is not a list:
    // it goes to the other readers (and is refused, or is another option's value)
    assert!(matches!(parse("SET GREY, NMR"), Cmd::Bad(_)));
    assert_eq!(
        parse("SET MOVES next 48 hours on Mon, Thu"),
        Cmd::Set { key: SetKey::Option(Named { option: O::Movement, no: false }), arg: "next 48 hours on Mon, Thu".into() }
    );
    // the limit: eight settings, one for each press option
    let eight = ["GREY", "PARTIAL", "NO FAKE", "OBSERVER ANY", "POSTAL PRESS", "NORMAL PRESS", "LATE PRESS", "NO MUST ORDER"];
    assert_eq!(eight.len(), MAX_PRESS_SETS);
    assert!(matches!(parse(&format!("SET {}", eight.join(", "))), Cmd::PressSets(l) if l.len() == MAX_PRESS_SETS));
    assert!(matches!(parse(&format!("SET {}, WHITE", eight.join(", "))), Cmd::Bad(_)));
    // one setting with a trailing comma is still the one setting
    assert_eq!(parse("SET GREY,"), Cmd::Set { key: SetKey::Option(Named { option: O::Press, no: false }), arg: "grey_only".into() });
}

#[test]
fn press_and_diary_headers_open_blocks_and_their_ends() {
    for h in [
        "PRESS TO E",
        "broadcast",
        "POSTAL PRESS",
        "POSTALPRESS",
        "DIARY",
        "DIARY RECORD",
        "FAKE BROADCAST",
        "GREYPRESS TO E",
        "BROADCASTS",
        "grey press",
        "NOFAKE",
    ] {
        assert_eq!(block(h), Some(BlockKind::Press), "{h}");
    }
    for h in ["DIARY LIST", "DIARY READ 2", "ENDPRESS", "END PRESS", "F NTH - NWY", "HISTORY demo PRESS", "SET POSTAL PRESS"] {
        assert_eq!(block(h), None, "{h}");
    }
    assert_eq!(parse("POSTAL PRESS"), Cmd::PostalPress);
    assert!(matches!(parse("POSTALPRESS TO E"), Cmd::Bad(Refusal::Press(PressRefusal::PostalPressOptions))));
    assert_eq!(parse("DIARY"), Cmd::Diary(Diary::Record));
    assert_eq!(parse("diary delete 2,3 5"), Cmd::Diary(Diary::Delete(vec![2, 3, 5])));
    assert_eq!(parse("DIARY READ 4"), Cmd::Diary(Diary::Read(4)));
    for bad in ["DIARY READ", "DIARY READ 0", "DIARY READ 1 2", "DIARY DELETE x", "DIARY WRITE"] {
        assert_eq!(parse(bad), Cmd::Bad(Refusal::Press(PressRefusal::DiaryUsage)), "{bad}");
    }
    for (l, e) in [
        ("ENDPRESS", Some(PressEnd::EndPress)),
        ("end broadcast", Some(PressEnd::EndPress)),
        ("SIGNOFF", Some(PressEnd::Signoff)),
        ("sign off", Some(PressEnd::Signoff)),
    ] {
        assert_eq!(press_end(l), e, "{l}");
    }
    for l in ["BYE", "END", "QUIT", "SIGNOFF now", "ENDPRESS please"] {
        assert_eq!(press_end(l), None, "{l}");
    }
}

#[test]
fn signoff_with_words_after_it_is_signoff() {
    for l in ["SIGNOFF", "sign off", "SIGNOFF now", "Signoff France", "SIGN OFF now please", "BYE", "quit", "END"] {
        assert_eq!(parse(l), Cmd::Signoff, "{l}");
    }
    for l in ["BYE now", "QUIT the game", "END of my orders"] {
        assert_eq!(parse(l), Cmd::NotCommand, "{l}");
    }
}

/// njudge's moderation, reveal, press and listing words SET takes since
/// issue 36 (its names of several words with their blanks).
fn made_real() -> Vec<&'static str> {
    vec![
        "BROADCAST",
        "NOBROADCAST",
        "WATCH ALL PRESS",
        "NOWATCH ALL PRESS",
        "MINOR PRESS",
        "NOMINOR PRESS",
        "GRACE PRESS",
        "NOGRACE PRESS",
        "TOUCH PRESS",
        "NOTOUCH PRESS",
        "BLANK PRESS",
        "NOBLANK PRESS",
        "LISTED",
        "NOLISTED",
        "REVEAL",
        "NOREVEAL",
        "SECRET",
        "NOSECRET",
        "MODERATED",
        "MODERATE",
        "RESUME",
        "NORESUME",
        "RATED",
        "NORATED",
        "ACCESS",
        "LEVEL",
        "PLAYERS",
        "POWERS",
        "VARIANT",
        "SHOW",
        "NOSHOW",
        // njudge's build and disband rules (row 120)
        "DISBAND",
        "NODISBAND",
        "AUTO DISBAND",
        "NOAUTO DISBAND",
        "BLANK BOARD",
        "NOBLANK BOARD",
        "EMPTY BOARD",
        "NOEMPTY BOARD",
        // njudge's blind variant modifier as a setting
        "BLIND",
        "NOBLIND",
        "GUNBOAT",
        "NOGUNBOAT",
        // njudge's STRICT GRACE (issue 36, row 71)
        "STRICT GRACE",
        "NOSTRICT GRACE",
    ]
}

#[test]
fn set_takes_the_names_it_always_took() {
    let mut got: Vec<&str> = set_keys().iter().map(|(w, _)| w.as_str()).collect();
    got.sort_unstable();
    let mut want = vec![
        "WAIT",
        "NOWAIT",
        "DRAW",
        "NODRAW",
        "CONCEDE",
        "NOCONCEDE",
        "ABSENCE",
        "PASSWORD",
        "ADDRESS",
        "PREFERENCE",
        "DEADLINE",
        "GRACE",
        "MOVEMENT",
        "MOVES",
        // njudge's SET MOVE (data/index)
        "MOVE",
        // njudge's STRICT WAIT and MAX ABSENCE
        "STRICTWAIT",
        "NOSTRICTWAIT",
        "MAXABSENCE",
        // njudge's press restrictions
        "LATEPRESS",
        "NOLATEPRESS",
        "MUSTORDER",
        "NOMUSTORDER",
        // njudge's other names for an absence
        "HOLIDAY",
        "HOLIDAYS",
        "NOHOLIDAY",
        "NOHOLIDAYS",
        "VACATION",
        "VACATIONS",
        "NOVACATION",
        "NOVACATIONS",
        "RETREATS",
        "ADJUSTMENTS",
        "BUILDS",
        "REMINDER",
        "NMR",
        "NONMR",
        "PRESS",
        "PARTIAL",
        "NOPARTIAL",
        "LIST",
        "ASSIGNMENT",
        "RULE",
        "END",
        "CENTERS",
        "CENTRES",
        "DIAS",
        "NODIAS",
        "ALLY",
        "NOALLY",
        "START",
        "MAP",
        "NOMAP",
        "PRIVATE",
        "NOPRIVATE",
        "PUBLIC",
        "MANUAL",
        "NOMANUAL",
        "AUTO",
        "ANONYMOUS",
        "NOANONYMOUS",
        "WEBHOOK",
        "NOWEBHOOK",
        // times (issue 22, item 3)
        "NOABSENCE",
        "TIMEZONE",
        "ZONE",
        "BLACKOUT",
        "NOBLACKOUT",
        "DELAY",
        "FAKE",
        "NOFAKE",
        "OBSERVER",
        "POSTALPRESS",
        "NOPOSTALPRESS",
        "MASTERPRESS",
        // civil disorder, concessions and quiet games (njudge's names)
        "CD",
        "NOCD",
        "CONC",
        "CONCESSIONS",
        "NOCONCESSIONS",
        "QUIET",
        "NOQUIET",
        // proxy orders (njudge's SET [NO] PROXY)
        "PROXY",
        "NOPROXY",
        // takeovers with or without the master's approval (njudge's SET [NO] APPROVAL)
        "APPROVAL",
        "NOAPPROVAL",
        "LATECOUNT",
        "NOLATECOUNT",
        // the name a player is shown by
        "NAME",
        // replies without the board (our own)
        "SHORTREPLY",
        "FULLREPLY",
        "BRIEF",
        "NOBRIEF",
        // njudge's short forms and other names (issue 36)
        "NOW",
        "NOCONC",
        "PW",
        "AD",
        "PREFERENCES",
        "COMMENT",
        "INFO",
        "INFORMATION",
        "NOAUTO",
        "RETREAT",
        "ADJUSTS",
        "ADJUST",
        "BUILD",
    ];
    want.extend(JOIN_LIMITS);
    want.extend(made_real());
    want.sort_unstable();
    assert_eq!(got, want);
    use crate::command::options::{GameOption, Named};
    let opt = |option, no| SetKey::Option(Named { option, no });
    assert_eq!(parse("set no nmr"), Cmd::Set { key: opt(GameOption::Nmr, true), arg: String::new() });
    assert_eq!(parse("SET RETREAT 24h"), Cmd::Set { key: opt(GameOption::Retreat, false), arg: "24h".into() });
    assert_eq!(parse("SET BU cron: 0 0 20 * * *"), Cmd::Set { key: opt(GameOption::Adjustment, false), arg: "cron: 0 0 20 * * *".into() });
    assert_eq!(parse("SET GR 2h"), Cmd::Set { key: SetKey::Grace, arg: "2h".into() });
    assert_eq!(parse("SET NO ABSENCE Dec 1"), Cmd::Set { key: SetKey::NoAbsence, arg: "Dec 1".into() });
    assert_eq!(parse("SET TIMEZONE CET"), Cmd::Set { key: SetKey::Timezone, arg: "CET".into() });
    assert_eq!(parse("SET NO BLACK"), Cmd::Set { key: SetKey::NoBlackout, arg: String::new() });
    // CREATE-only options are no SET names; njudge's SET PLAYERS is CREATE's players=
    assert_eq!(parse("SET PLAYERS 4"), Cmd::Set { key: opt(GameOption::Players, false), arg: "4".into() });
    assert!(matches!(parse("SET CONVOY_INTENT 1992"), Cmd::Bad(r) if crate::report::say::refusal::refusal(&r).contains("no such setting")));
    assert!(matches!(parse("SET CONC x"), Cmd::Set { key: SetKey::Concede, .. }));
    assert!(matches!(parse("SET CONCESS"), Cmd::Set { key: SetKey::Option(Named { option: GameOption::Concessions, no: false }), .. }));
    assert_eq!(parse("SET CD AFTER 2"), Cmd::Set { key: SetKey::Cd, arg: "AFTER 2".into() });
    assert_eq!(parse("SET NO CD France"), Cmd::Set { key: SetKey::NoCd, arg: "France".into() });
    // njudge's names of two words, joined only when they make a name whole
    assert_eq!(parse("SET STRICT WAIT"), Cmd::Set { key: opt(GameOption::StrictWait, false), arg: String::new() });
    assert_eq!(parse("set no strict wait"), Cmd::Set { key: opt(GameOption::StrictWait, true), arg: String::new() });
    assert_eq!(parse("SET MAX ABSENCE 10"), Cmd::Set { key: opt(GameOption::MaxAbsence, false), arg: "10".into() });
    assert_eq!(parse("SET TIME ZONE CET"), Cmd::Set { key: SetKey::Timezone, arg: "CET".into() });
    assert_eq!(parse("SET NO ABSENCE Dec 1"), Cmd::Set { key: SetKey::NoAbsence, arg: "Dec 1".into() });
}

/// The names of who may join, by record and by address (njudge's dedsystems, issue 36).
const JOIN_LIMITS: [&str; 12] = [
    "DEDICATION",
    "ONTIMERAT",
    "ONTIME",
    "RESRAT",
    "ALLOW PLAYER",
    "ALLOW PLAYERS",
    "PLAYER ALLOW",
    "PLAYERS ALLOW",
    "DENY PLAYER",
    "DENY PLAYERS",
    "PLAYER DENY",
    "PLAYERS DENY",
];

#[test]
fn the_join_limits_are_njudges_names_and_its_lists_of_two_words() {
    use crate::command::options::{GameOption, Named};
    let opt = |option, no| SetKey::Option(Named { option, no });
    assert_eq!(parse("SET ONTIME 0.8"), Cmd::Set { key: opt(GameOption::OnTime, false), arg: "0.8".into() });
    assert_eq!(parse("SET ONTIMERAT .8"), Cmd::Set { key: opt(GameOption::OnTime, false), arg: ".8".into() });
    assert_eq!(parse("SET ALLOW PLAYER A@x.org"), Cmd::Set { key: opt(GameOption::AllowPlayer, false), arg: "A@x.org".into() });
    assert_eq!(parse("SET PLAYERS DENY -A@x.org"), Cmd::Set { key: opt(GameOption::DenyPlayer, false), arg: "-A@x.org".into() });
    assert!(refused("SET RELIABILITY 0.1").starts_with("SET RELIABILITY is no name of njudge's"));
}

#[test]
fn a_players_record_is_asked_for_in_njudges_words() {
    assert_eq!(parse("GET DEDICATION"), Cmd::GetDedication);
    assert_eq!(parse("send me dedication"), Cmd::GetDedication);
    assert_eq!(parse("GET dedsystems"), Cmd::Get(Some("dedsystems".into())));
    assert_eq!(parse("INFO PLAYER a@x.org"), Cmd::InfoPlayer("a@x.org".into()));
    assert_eq!(parse("INFOPLAYER a@x.org"), Cmd::InfoPlayer("a@x.org".into()));
    assert!(matches!(parse("INFO PLAYER"), Cmd::Bad(_)));
    assert_eq!(parse("I AM ALSO a@x.org"), Cmd::IAmAlso { address: "a@x.org".into(), codes: vec![] });
    assert_eq!(parse("i am also a@x.org c1 c2"), Cmd::IAmAlso { address: "a@x.org".into(), codes: vec!["c1".into(), "c2".into()] });
    assert_eq!(parse("IAMALSO a@x.org"), Cmd::IAmAlso { address: "a@x.org".into(), codes: vec![] });
    assert!(matches!(parse("I AM ALSO a@x.org c1"), Cmd::Bad(_)));
    assert_eq!(parse("I AM here"), Cmd::NotCommand);
    // njudge's WHO IS user, also WHO user; WHO GAME stays WHOGAME
    assert_eq!(parse("WHO IS p1@x.org p2"), Cmd::Whois("p1@x.org p2".into()));
    assert_eq!(parse("WHO p1@x.org p2"), Cmd::Whois("p1@x.org p2".into()));
    assert_eq!(parse("WHO GAME demo"), Cmd::Whogame { game: Some("demo".into()), full: false });
}

/// What a SET line is refused as, in words (panics if it is not refused).
fn refused(line: &str) -> String {
    match parse(line) {
        Cmd::Bad(r) => crate::report::say::refusal::refusal(&r),
        other => panic!("{line}: {other:?}"),
    }
}

/// The refusal of one of njudge's names: the name as njudge writes it, and why.
fn not_taken(line: &str) -> (String, crate::game::refusal::SetHint) {
    use crate::game::refusal::UsageRefusal;
    match parse(line) {
        Cmd::Bad(Refusal::Usage(UsageRefusal::SetNotTaken { name, hint })) => (name, hint),
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn njudges_names_of_several_words_are_whole_names_never_a_setting_and_its_value() {
    use crate::game::refusal::SetHint as H;
    // the misreads of issue 36: each was another setting with the rest as its value
    assert_eq!(not_taken("SET STRICT CONVOY"), ("STRICT CONVOY".into(), H::StrictConvoy));
    assert_eq!(not_taken("SET NO STRICT CONVOY"), ("NO STRICT CONVOY".into(), H::StrictConvoy));
    assert_eq!(not_taken("SET NO AUTO CREATE"), ("NO AUTO CREATE".into(), H::AutoCreate));
    assert_eq!(not_taken("SET COASTAL CONVOYS"), ("COASTAL CONVOYS".into(), H::MapRule));
    assert_eq!(not_taken("SET ADJ"), ("ADJ".into(), H::Machiavelli));
    // njudge's blanks are optional: the words joined are the same name
    assert_eq!(not_taken("SET STRICTCONVOY"), ("STRICT CONVOY".into(), H::StrictConvoy));
    // the reply names it, says it is njudge's, and what to use
    let r = refused("SET STRICT CONVOY");
    assert!(r.starts_with("SET STRICT CONVOY is njudge's ") && r.contains("; this judge does not take it: "), "{r}");
    // njudge's names of several words made real (issue 36): the whole name, never GRACE with PRESS as its value
    use crate::command::options::{GameOption as O, Named};
    let opt = |option, no| SetKey::Option(Named { option, no });
    // STRICT GRACE, never GRACE with STRICT before it nor STRICTWAIT with GRACE as its value
    for (line, no) in [("SET STRICT GRACE", false), ("SET NO STRICT GRACE", true), ("SET STRICTGRACE", false), ("SET NOSTRICTGRACE", true)] {
        assert_eq!(parse(line), Cmd::Set { key: opt(O::StrictGrace, no), arg: String::new() }, "{line}");
    }
    assert_eq!(parse("SET GRACE PRESS"), Cmd::Set { key: opt(O::GracePress, false), arg: String::new() });
    assert_eq!(parse("SET NO GRACE PRESS"), Cmd::Set { key: opt(O::GracePress, true), arg: String::new() });
    assert_eq!(parse("SET NO WATCH ALL PRESS"), Cmd::Set { key: opt(O::WatchAllPress, true), arg: String::new() });
    assert_eq!(parse("SET WATCHALLPRESS"), Cmd::Set { key: opt(O::WatchAllPress, false), arg: String::new() });
    assert_eq!(parse("SET TOUCH PRESS"), Cmd::Set { key: opt(O::TouchPress, false), arg: String::new() });
    assert_eq!(parse("SET NO MINOR PRESS"), Cmd::Set { key: opt(O::MinorPress, true), arg: String::new() });
    assert_eq!(parse("SET NO BLANK PRESS"), Cmd::Set { key: opt(O::BlankPress, true), arg: String::new() });
    assert_eq!(parse("SET UNMODERATED"), Cmd::Set { key: opt(O::Moderated, true), arg: String::new() });
    assert_eq!(parse("SET MODERATE"), Cmd::Set { key: opt(O::Moderated, false), arg: String::new() });
    assert_eq!(parse("SET UNRATED"), Cmd::Set { key: opt(O::Rated, true), arg: String::new() });
    assert_eq!(parse("SET RATED"), Cmd::Set { key: opt(O::Rated, false), arg: String::new() });
    assert_eq!(parse("ADJUST a@x.org -5 pw"), Cmd::Adjust { who: "a@x.org".into(), points: -5, password: "pw".into() });
    assert_eq!(parse("SET NO BROADCAST PRESS"), Cmd::Set { key: SetKey::NoBroadcast, arg: String::new() });
    assert_eq!(parse("SET NORMAL BROADCAST"), Cmd::Set { key: SetKey::Broadcast, arg: String::new() });
    // njudge's build and disband rules (issue 36, row 120): its names, the value of some in them
    let set = |option, no, arg: &str| Cmd::Set { key: opt(option, no), arg: arg.into() };
    assert_eq!(parse("SET ANY CENTRES"), set(O::BuildSites, false, "any"));
    assert_eq!(parse("SET ANY CENTER"), set(O::BuildSites, false, "any"));
    assert_eq!(parse("SET HOME CENTRES"), set(O::BuildSites, false, "home"));
    assert_eq!(parse("SET ONE CENTERS"), set(O::BuildSites, false, "one"));
    assert_eq!(parse("SET ANY DISBAND"), set(O::Removals, false, "any"));
    assert_eq!(parse("SET NORMAL DISBAND"), set(O::Removals, false, "normal"));
    assert_eq!(parse("SET DISBAND"), set(O::MovementDisband, false, ""));
    assert_eq!(parse("SET NO DISBAND"), set(O::MovementDisband, true, ""));
    assert_eq!(parse("SET AUTO DISBAND"), set(O::AutoDisband, false, ""));
    assert_eq!(parse("SET NO AUTO DISBAND"), set(O::AutoDisband, true, ""));
    assert_eq!(parse("SET AUTODISBAND"), set(O::AutoDisband, false, ""));
    assert_eq!(parse("SET BLANK BOARD"), set(O::BlankBoard, false, ""));
    assert_eq!(parse("SET EMPTY BOARD"), set(O::BlankBoard, false, ""));
    // njudge's listing: SET LIST alone, SET NOLIST, SET UNLIST, SET PRIVATE alone; SET LIST address is the list's
    for (line, no) in [("SET LIST", false), ("SET NOLIST", true), ("SET NO LIST", true), ("SET UNLIST", true), ("SET UNLISTED", true), ("SET PRIVATE", true)] {
        assert_eq!(parse(line), Cmd::Set { key: opt(O::Listed, no), arg: String::new() }, "{line}");
    }
    assert_eq!(parse("SET LIST demo-list@example.test"), Cmd::Set { key: opt(O::List, false), arg: "demo-list@example.test".into() });
    // SET PRIVATE with a join password is ours
    assert_eq!(parse("SET PRIVATE clubpw"), Cmd::Set { key: SetKey::Tool(ToolSet::Private), arg: "clubpw".into() });
    // a comment that only starts with the letters of BEGIN is a comment
    assert_eq!(parse("SET COMMENT Beginners welcome"), Cmd::Set { key: SetKey::Tool(ToolSet::Comment), arg: "Beginners welcome".into() });
    assert_eq!(parse("SET INFO Gunboat, no press"), Cmd::Set { key: SetKey::Tool(ToolSet::Comment), arg: "Gunboat, no press".into() });
}

#[test]
fn njudges_short_forms_and_other_spellings_are_taken() {
    use crate::command::options::{GameOption as O, Named};
    let opt = |option, no| SetKey::Option(Named { option, no });
    let set = |key, arg: &str| Cmd::Set { key, arg: arg.into() };
    assert_eq!(parse("SET NOW"), set(SetKey::NoWait, ""));
    assert_eq!(parse("SET PW newpass"), set(SetKey::Password, "newpass"));
    assert_eq!(parse("SET AD me@example.org"), set(SetKey::Address, "me@example.org"));
    assert_eq!(parse("SET NO CONC"), set(SetKey::NoConcede, ""));
    assert_eq!(parse("SET PREFERENCES EFG"), set(SetKey::Preference, "EFG"));
    assert_eq!(parse("set pref england"), set(SetKey::Preference, "england"));
    assert_eq!(parse("SET AUTOSTART"), set(SetKey::Tool(ToolSet::Auto), "START"));
    assert_eq!(parse("SET AUTO START"), set(SetKey::Tool(ToolSet::Auto), "START"));
    assert_eq!(parse("SET NO AUTO START"), set(SetKey::Tool(ToolSet::Manual), "START"));
    assert_eq!(parse("SET NO AUTO PROCESS"), set(SetKey::Tool(ToolSet::Manual), "PROCESS"));
    assert_eq!(parse("SET MANUALPROCESS"), set(SetKey::Tool(ToolSet::Manual), "PROCESS"));
    assert_eq!(parse("SET MAN PROC"), set(SetKey::Tool(ToolSet::Manual), "PROCESS"));
    assert_eq!(parse("SET NO MAN START"), set(SetKey::Tool(ToolSet::Auto), "START"));
    assert_eq!(parse("SET ADJUSTS CLOCK 1200"), set(opt(O::Adjustment, false), "CLOCK 1200"));
    assert_eq!(parse("SET BUILD MIN 12"), set(opt(O::Adjustment, false), "MIN 12"));
    assert_eq!(parse("SET MAX VACATIONS 10"), set(opt(O::MaxAbsence, false), "10"));
    assert_eq!(parse("SET MAX HOLIDAYS 10"), set(opt(O::MaxAbsence, false), "10"));
    assert_eq!(parse("SET MAX 10"), set(opt(O::MaxAbsence, false), "10"));
    assert_eq!(parse("SET INFORMATION A friendly game"), set(SetKey::Tool(ToolSet::Comment), "A friendly game"));
    assert_eq!(parse("SET PRFLIST"), set(opt(O::Assignment, false), "preference"));
    assert_eq!(parse("SET PRFBOTH"), set(opt(O::Assignment, false), "preference"));
    assert_eq!(parse("SET PRFRAND"), set(opt(O::Assignment, false), "random"));
    let press = |o, no, a: &str| set(opt(o, no), a);
    assert_eq!(parse("SET NOPRESS"), press(O::Press, false, "none"));
    assert_eq!(parse("SET ALLPRESS"), press(O::MasterPress, false, "all"));
    assert_eq!(parse("SET NORMALPRESS"), press(O::MasterPress, false, "normal"));
    assert_eq!(parse("SET PARTIAL DEFAULT"), press(O::Fake, false, "broadcast_by_default"));
    assert_eq!(parse("SET DEFAULT"), press(O::Fake, false, "broadcast_by_default"));
    assert_eq!(parse("SET ANY OBSERVER"), press(O::ObserverPress, false, "any"));
    assert_eq!(parse("SET WHITE OBSERVER"), press(O::ObserverPress, false, "white"));
    assert_eq!(parse("SET NO OBSERVER"), press(O::ObserverPress, false, "none"));
}

#[test]
fn an_abbreviation_is_taken_only_when_every_name_it_could_start_agrees() {
    use crate::command::options::{GameOption as O, Named};
    let opt = |option, no| SetKey::Option(Named { option, no });
    // what players and tests write: the start of one setting's name
    assert_eq!(parse("SET DEAD Mon 12:00"), Cmd::Set { key: SetKey::Deadline, arg: "Mon 12:00".into() });
    assert_eq!(parse("SET GR 2h"), Cmd::Set { key: SetKey::Grace, arg: "2h".into() });
    assert_eq!(parse("SET HOL Dec 1"), Cmd::Set { key: SetKey::Absence, arg: "Dec 1".into() });
    assert_eq!(parse("SET QUI"), Cmd::Set { key: opt(O::Quiet, false), arg: String::new() });
    // the start of a setting whose next words start another name: refused, naming both
    for (line, names) in [
        ("SET STRICT GR", &["STRICTWAIT", "STRICT GRACE"][..]),
        ("SET STR GRACE", &["STRICTWAIT", "STRICT GRACE"]),
        ("SET LATE COUN", &["LATEPRESS", "LATECOUNT"]),
        ("SET GR PRESS", &["GRACE", "GRACE PRESS"]),
        ("SET STRICT", &["STRICTWAIT", "STRICT GRACE", "STRICT CONVOY"]),
        ("SET LATE", &["LATEPRESS", "LATECOUNT"]),
    ] {
        let r = refused(line);
        assert!(r.contains("ambiguous"), "{line}: {r}");
        for n in names {
            assert!(r.contains(n), "{line} names {n}: {r}");
        }
    }
    // a whole name stays itself whatever its value
    assert_eq!(parse("SET AUTO DIS"), Cmd::Set { key: SetKey::Tool(ToolSet::Auto), arg: "DIS".into() });
    assert_eq!(parse("SET GRACE 3 days"), Cmd::Set { key: SetKey::Grace, arg: "3 days".into() });
}

#[test]
fn no_two_names_that_mean_different_things_are_the_same_words_joined() {
    use super::set::names;
    let all = names();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert!(a.joined != b.joined || a.meaning == b.meaning, "{} and {} are both {}", a.shown, b.shown, a.joined);
        }
    }
    // every name is found as itself, whole
    for n in all {
        let line = format!("SET {}", n.shown);
        match parse(&line) {
            Cmd::Bad(Refusal::Usage(crate::game::refusal::UsageRefusal::SetNotTaken { .. })) => {
                assert!(matches!(n.meaning, super::set::Meaning::NotTaken(_)), "{line}")
            }
            Cmd::Set { .. } | Cmd::PressSets(_) => assert!(matches!(n.meaning, super::set::Meaning::Set(..)), "{line}"),
            other => panic!("{line}: {other:?}"),
        }
    }
}

#[test]
fn a_comment_is_no_part_of_a_line() {
    use super::without_comment;
    assert_eq!(without_comment("// France's orders"), "");
    assert_eq!(without_comment("   //"), "");
    assert_eq!(without_comment("A PAR - BUR // to Burgundy"), "A PAR - BUR");
    assert_eq!(without_comment("A PAR - BUR\t//tab"), "A PAR - BUR");
    assert_eq!(without_comment("A PAR - BUR //"), "A PAR - BUR");
    // no space before it: no comment
    assert_eq!(without_comment("SET WEBHOOK DISCORD https://discord.com/x"), "SET WEBHOOK DISCORD https://discord.com/x");
    assert_eq!(without_comment("A PAR-BUR//x"), "A PAR-BUR//x");
    assert_eq!(without_comment("A PAR / BUR"), "A PAR / BUR");
}

#[test]
fn history_reads_njudges_forms() {
    let h = |l: &str| match parse(l) {
        Cmd::History(a) => a,
        other => panic!("{l}: {other:?}"),
    };
    let a = h("HISTORY demo FROM Jan 1, 2003 TO Dec 31, 2002 23:59 LINES 5000");
    assert_eq!(a.game.as_deref(), Some("demo"));
    assert_eq!(a.span, HistorySpan::Dates { from: Some("Jan 1, 2003".into()), to: Some("Dec 31, 2002 23:59".into()) });
    assert_eq!(a.lines, Some(5000));
    let a = h("history foo exclstart S1899M exclend F1905B broad");
    assert_eq!(a.span, HistorySpan::Excluding { start: "S1899M".into(), end: Some("F1905B".into()) });
    assert!(a.press && !a.undone);
    // the game left out: the signed-on one
    assert_eq!(h("HISTORY FROM S1901M").game, None);
    assert_eq!(h("HISTORY until F1901M for 20").span, HistorySpan::Dates { from: None, to: Some("F1901M".into()) });
    for bad in [
        "HISTORY demo LINES",
        "HISTORY demo LINES x",
        "HISTORY demo EXCLEND F1901M",
        "HISTORY demo EXCLSTART",
        "HISTORY demo FROM S1901M EXCLSTART S1902M",
        "HISTORY demo SOON",
    ] {
        assert!(matches!(parse(bad), Cmd::Bad(_)), "{bad}");
    }
}
