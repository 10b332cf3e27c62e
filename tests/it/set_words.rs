//! Every njudge SET name (its `data/index` and its parser's key table), mailed
//! to a started game: each either changes the setting it names, read back
//! from the game, or is refused with its name; and nothing else changes
//! (issue 36: `SET LATE COUNT` once turned late press off, `SET STRICT
//! GRACE` strict wait).

use crate::common::game::*;
use std::collections::BTreeMap;

/// Who mails the line: the master, or France's player.
#[derive(Clone, Copy, Debug)]
enum By {
    Master,
    France,
}
use By::{France, Master};

/// What a line must do.
#[derive(Clone, Copy, Debug)]
enum Then {
    /// These keys of [`state`] have these values after it (`-`: not
    /// stored, the default), and nothing else changed.
    Sets(&'static [(&'static str, &'static str)]),
    /// These keys changed (to anything), and nothing else did.
    Changes(&'static [&'static str]),
    /// Refused as njudge's name this judge does not take: the reply says
    /// `SET {name} is njudge's`; nothing changed.
    NotTaken(&'static str),
    /// Refused: the reply says this; nothing changed.
    Refused(&'static str),
}
use Then::{Changes, NotTaken, Refused, Sets};

/// Everything a SET may change: the game's settings (each stored key; a
/// default is not stored), its deadline, grace period, SET START and pause,
/// and France's seat.
fn state(g: &Game) -> BTreeMap<String, String> {
    let row = g.row();
    let mut out = BTreeMap::new();
    let settings: serde_json::Value = serde_json::from_str(&mailjudge::store::games::settings_json(&row.settings)).unwrap();
    for (k, v) in settings.as_object().unwrap() {
        out.insert(k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string));
    }
    out.insert("deadline".into(), format!("{:?}", row.deadline));
    out.insert("grace_until".into(), format!("{:?}", row.grace_until));
    out.insert("not_before".into(), format!("{:?}", row.not_before));
    out.insert("paused".into(), row.paused.to_string());
    out.insert("status".into(), row.status.as_str().to_string());
    out.insert("master_hash".into(), row.master_hash.clone());
    out.insert("master_email".into(), row.master_email.clone());
    let f = row.players.iter().find(|p| p.email == "p3@example.test").expect("France's player");
    for (k, v) in [
        ("email", f.email.clone()),
        ("pw_hash", format!("{:?}", f.pw_hash)),
        ("preference", format!("{:?}", f.preference)),
        ("wait", f.wait.to_string()),
        ("draw", format!("{:?}", f.draw)),
        ("concede", format!("{:?}", f.concede)),
        ("ally", format!("{:?}", f.ally)),
        ("absences", format!("{:?}", f.absences)),
        ("map", format!("{:?}", f.map)),
        ("timezone", format!("{:?}", f.timezone)),
        ("name", format!("{:?}", f.name)),
    ] {
        out.insert(format!("F.{k}"), v);
    }
    out
}

/// The keys whose values differ between two states (`-`: absent).
fn changed(before: &BTreeMap<String, String>, after: &BTreeMap<String, String>) -> BTreeMap<String, (String, String)> {
    let keys: std::collections::BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    let get = |m: &BTreeMap<String, String>, k: &str| m.get(k).cloned().unwrap_or_else(|| "-".into());
    keys.into_iter().filter(|k| before.get(*k) != after.get(*k)).map(|k| (k.clone(), (get(before, k), get(after, k)))).collect()
}

/// Mails `line` from `by` and checks `then`; returns what went wrong, if anything.
fn check(g: &mut Game, by: By, line: &str, then: Then) -> Option<String> {
    let before = state(g);
    let (reply, _) = match by {
        Master => g.as_master(line),
        France => g.as_power('F', line),
    };
    let after = state(g);
    let diff = changed(&before, &after);
    let said = reply.split(&format!("> {line}")).nth(1).unwrap_or(&reply).split(" ----").next().unwrap_or_default().trim().to_string();
    let wrong = |why: String| Some(format!("{line} ({by:?}): {why}\n    reply: {said}\n    changed: {diff:?}"));
    match then {
        Sets(values) => {
            for (k, v) in values {
                let got = after.get(*k).map_or("-", String::as_str);
                if got != *v {
                    return wrong(format!("{k} is {got}, not {v}"));
                }
            }
            if let Some(k) = diff.keys().find(|k| !values.iter().any(|(key, _)| key == k)) {
                return wrong(format!("{k} changed too"));
            }
            if said.starts_with("Error:") {
                return wrong("refused".into());
            }
        }
        Changes(keys) => {
            let got: Vec<&str> = diff.keys().map(String::as_str).collect();
            if got != keys {
                return wrong(format!("changed {got:?}, not {keys:?}"));
            }
        }
        NotTaken(name) => {
            if !said.contains(&format!("SET {name} is njudge's")) || !said.contains("this judge does not take it") {
                return wrong(format!("not refused by its name {name}"));
            }
            if !diff.is_empty() {
                return wrong("refused, but something changed".into());
            }
        }
        Refused(text) => {
            if !said.contains(text) {
                return wrong(format!("the reply lacks `{text}`"));
            }
            if !diff.is_empty() {
                return wrong("refused, but something changed".into());
            }
        }
    }
    None
}

/// A player's own SET names (`data/index`'s `ply/` rows), France's player.
const PLAYERS: &[(By, &str, Then)] = &[
    (France, "SET WAIT", Sets(&[("F.wait", "true")])),
    (France, "SET NO WAIT", Sets(&[("F.wait", "false")])),
    (France, "SET WAIT", Sets(&[("F.wait", "true")])),
    (France, "SET NOWAIT", Sets(&[("F.wait", "false")])),
    (France, "SET WAIT", Sets(&[("F.wait", "true")])),
    (France, "SET NOW", Sets(&[("F.wait", "false")])),
    (France, "SET DRAW", Changes(&["F.draw"])),
    (France, "SET NO DRAW", Sets(&[("F.draw", "None")])),
    // a game with DIAS (the default): every survivor is in the draw
    (France, "SET DRAW FRANCE RUSSIA", Refused("include every surviving power")),
    (France, "SET DRAW", Changes(&["F.draw"])),
    (France, "SET NODRAW", Sets(&[("F.draw", "None")])),
    (France, "SET CONCEDE RUSSIA", Changes(&["F.concede"])),
    (France, "SET NO CONCEDE", Sets(&[("F.concede", "None")])),
    (France, "SET CONC R", Changes(&["F.concede"])),
    (France, "SET NO CONC", Sets(&[("F.concede", "None")])),
    (France, "SET ABSENCE Dec 24 TO Dec 27", Changes(&["F.absences"])),
    (France, "SET NO ABSENCE Dec 25", Sets(&[("F.absences", "[]")])),
    (France, "SET HOLIDAY Dec 24", Changes(&["F.absences"])),
    (France, "SET NO HOLIDAYS Dec 24", Sets(&[("F.absences", "[]")])),
    (France, "SET VACATIONS Dec 20 TO Dec 21", Changes(&["F.absences"])),
    (France, "SET NOVACATION Dec 20", Sets(&[("F.absences", "[]")])),
    // confirmed by a code mailed there: nothing changes yet
    (France, "SET ADDRESS p3b@example.test", Refused("once someone there confirms")),
    (France, "SET AD p3c@example.test", Refused("once someone there confirms")),
    // before the start only
    (France, "SET PREFERENCE EFG", Refused("before the game starts")),
    (France, "SET PREFERENCES EFG", Refused("before the game starts")),
    (France, "SET PREF *", Refused("before the game starts")),
    // an observer's or the master's own copies of the broadcasts (a power's player gets them all)
    (France, "SET BROADCAST", Refused("only observers and masters may stop the broadcasts")),
    (France, "SET NO BROADCAST", Refused("only observers and masters may stop the broadcasts")),
    (France, "SET NO BROADCAST PRESS", Refused("only observers and masters may stop the broadcasts")),
    (France, "SET NORMAL BROADCAST", Refused("only observers and masters may stop the broadcasts")),
    (France, "SET NO NORMAL BROADCAST", Refused("only observers and masters may stop the broadcasts")),
    (Master, "SET NO BROADCAST", Sets(&[("no_broadcasts", r#"["gm@example.test"]"#)])),
    (Master, "SET BROADCAST", Sets(&[("no_broadcasts", "-")])),
    (Master, "SET NO BROADCAST PRESS", Sets(&[("no_broadcasts", r#"["gm@example.test"]"#)])),
    (Master, "SET BROADCAST PRESS", Sets(&[("no_broadcasts", "-")])),
    (Master, "SET NO NORMAL BROADCAST", Sets(&[("no_broadcasts", r#"["gm@example.test"]"#)])),
    (Master, "SET NORMAL BROADCAST", Sets(&[("no_broadcasts", "-")])),
    // a moderated game's player changes nothing of it; an unmoderated game's may make it moderated again
    (France, "SET MODERATED", Refused("only the master of game demo may do that")),
    (Master, "SET UNMODERATED", Sets(&[("moderated", "false")])),
    (France, "SET MODERATED", Sets(&[("moderated", "-")])),
    (Master, "SET UNMODERATE", Sets(&[("moderated", "false")])),
    (France, "SET MODERATE", Sets(&[("moderated", "-")])),
    (France, "SET UNMODERATED", Refused("only the master of game demo may do that")),
];

/// The master's deadline, access and end-of-game names.
const MASTER: &[(By, &str, Then)] = &[
    (Master, "SET DEADLINE Fri 20:00", Sets(&[("deadline", "Some(1795809600)"), ("grace_until", "Some(1795896000)")])),
    (Master, "SET GRACE 3 days", Sets(&[("grace_until", "Some(1796068800)"), ("grace_secs", "259200")])),
    (Master, "SET START Thu 10:00", Sets(&[("not_before", "Some(1795687200)")])),
    (Master, "SET MOVES CLOCK 1410 MIN 12 NEXT 71 DAYS -MTWTF-", Changes(&["movement"])),
    (Master, "SET MOVE NEXT 48", Changes(&["movement"])),
    (Master, "SET RETREATS NEXT 36", Changes(&["retreat"])),
    (Master, "SET RETREAT NEXT 24", Changes(&["retreat"])),
    (Master, "SET ADJUSTS NEXT 36", Changes(&["adjustment"])),
    (Master, "SET ADJUST NEXT 24", Changes(&["adjustment"])),
    (Master, "SET BUILDS NEXT 36", Changes(&["adjustment"])),
    (Master, "SET BUILD NEXT 24", Changes(&["adjustment"])),
    // njudge's STRICT GRACE (a new game is NO STRICT GRACE, stored `false`)
    (Master, "SET STRICT GRACE", Sets(&[("strict_grace", "-")])),
    // its effect: Wednesday's deadline and three days' grace end on Saturday
    // (the movement days are -MTWTF- since SET MOVES above)
    (Master, "SET DEADLINE Wed 20:00", Sets(&[("deadline", "Some(1795636800)"), ("grace_until", "Some(1795896000)")])),
    (Master, "SET NO STRICT GRACE", Sets(&[("strict_grace", "false")])),
    // ... and without it at the start of Monday
    (Master, "SET DEADLINE Wed 20:00", Sets(&[("grace_until", "Some(1795996800)")])),
    (Master, "SET STRICTGRACE", Sets(&[("strict_grace", "-")])),
    (Master, "SET NOSTRICTGRACE", Sets(&[("strict_grace", "false")])),
    (Master, "SET STRICT WAIT", Sets(&[("anyone_waits", "false")])),
    (Master, "SET NO STRICT WAIT", Sets(&[("anyone_waits", "-")])),
    (Master, "SET STRICTWAIT", Sets(&[("anyone_waits", "false")])),
    (Master, "SET NOSTRICTWAIT", Sets(&[("anyone_waits", "-")])),
    (Master, "SET MAX ABSENCE 10", Sets(&[("max_absence_days", "10")])),
    (Master, "SET MAX VACATIONS 12", Sets(&[("max_absence_days", "12")])),
    (Master, "SET MAX HOLIDAYS 14", Sets(&[("max_absence_days", "14")])),
    (Master, "SET MANUAL PROCESS", Sets(&[("processing", "manual")])),
    (Master, "SET AUTO PROCESS", Sets(&[("processing", "-")])),
    (Master, "SET NO AUTO PROCESS", Sets(&[("processing", "manual")])),
    (Master, "SET NO MANUAL PROCESS", Sets(&[("processing", "-")])),
    (Master, "SET MAN PROC", Sets(&[("processing", "manual")])),
    (Master, "SET AUTO PROC", Sets(&[("processing", "-")])),
    (Master, "SET MANUALPROCESS", Sets(&[("processing", "manual")])),
    (Master, "SET AUTOPROCESS", Sets(&[("processing", "-")])),
    (Master, "SET MANUAL START", Sets(&[("start", "manual")])),
    (Master, "SET AUTO START", Sets(&[("start", "-")])),
    (Master, "SET NO AUTO START", Sets(&[("start", "manual")])),
    (Master, "SET AUTOSTART", Sets(&[("start", "-")])),
    (Master, "SET MAN START", Sets(&[("start", "manual")])),
    (Master, "SET NO MANUAL START", Sets(&[("start", "-")])),
    (Master, "SET NO NMR", Sets(&[("nmr", "false")])),
    (Master, "SET NMR", Sets(&[("nmr", "true")])),
    (Master, "SET NO CD", Sets(&[("nmr", "false")])),
    (Master, "SET CD", Sets(&[("nmr", "true")])),
    (Master, "SET LATE COUNT", Sets(&[("late_count", "true")])),
    (Master, "SET NO LATE COUNT", Sets(&[("late_count", "-")])),
    (Master, "SET LATECOUNT", Sets(&[("late_count", "true")])),
    (Master, "SET NOLATECOUNT", Sets(&[("late_count", "-")])),
    // access and listing
    // njudge's listing: SET LIST alone lists the game again (SET LIST address is the list's)
    (Master, "SET NO LIST", Sets(&[("listed", "false")])),
    (Master, "SET LIST", Sets(&[("listed", "-")])),
    (Master, "SET NOLIST", Sets(&[("listed", "false")])),
    (Master, "SET LIST", Sets(&[("listed", "-")])),
    (Master, "SET UNLIST", Sets(&[("listed", "false")])),
    (Master, "SET LISTED", Sets(&[("listed", "-")])),
    (Master, "SET UNLISTED", Sets(&[("listed", "false")])),
    (Master, "SET LIST", Sets(&[("listed", "-")])),
    // SET PRIVATE alone is njudge's NOLIST, SET PUBLIC its SET LIST (and no join password)
    (Master, "SET PRIVATE", Sets(&[("listed", "false")])),
    (Master, "SET PRIVATE clubpw", Changes(&["join_hash"])),
    (Master, "SET PUBLIC", Sets(&[("join_hash", "-"), ("listed", "-")])),
    (Master, "SET ACCESS SAME-SITE", Sets(&[("access", "same")])),
    (Master, "SET ACCESS DIFFERENT", Sets(&[("access", "different")])),
    (Master, "SET ACCESS ANY-SITE", Sets(&[("access", "-")])),
    (Master, "SET ACCESS ELSEWHERE", Refused("SET ACCESS ELSEWHERE: write ANY, SAME or DIFFERENT")),
    (Master, "SET LEVEL EXPERT", Sets(&[("level", "expert")])),
    (Master, "SET LEVEL AMATEUR", Sets(&[("level", "amateur")])),
    (Master, "SET LEVEL ANY", Sets(&[("level", "-")])),
    (Master, "SET LEVEL GURU", Refused("SET LEVEL GURU: write ANY, NOVICE")),
    // who may join by record (no further than the master's own, a
    // newcomer's here) and by address (tests/it/dedication.rs plays each)
    (Master, "SET DEDICATION 3", Refused("SET DEDICATION 3: no higher than your own dedication, 0")),
    (Master, "SET DEDICATION -5", Sets(&[("min_dedication", "-5")])),
    (Master, "SET DEDICATION NONE", Sets(&[("min_dedication", "-")])),
    (Master, "SET ONTIMERAT 0.9", Sets(&[("min_on_time", "900")])),
    (Master, "SET ONTIME .75", Sets(&[("min_on_time", "750")])),
    (Master, "SET ONTIMERAT 1.5", Refused("SET ONTIMERAT takes a ratio from 0 to 1")),
    (Master, "SET ONTIMERAT NONE", Sets(&[("min_on_time", "-")])),
    (Master, "SET RESRAT 0.1", Sets(&[("max_cd", "100")])),
    (Master, "SET RESRAT NONE", Sets(&[("max_cd", "-")])),
    (Master, "SET RELIABILITY 0.1", Refused("SET RELIABILITY is no name of njudge's")),
    (Master, "SET ALLOW PLAYER x@example.test", Sets(&[("allow_players", "[\"x@example.test\"]")])),
    (Master, "SET PLAYERS ALLOW y@example.test", Sets(&[("allow_players", "[\"x@example.test\",\"y@example.test\"]")])),
    (Master, "SET ALLOW PLAYERS -x@example.test", Sets(&[("allow_players", "[\"y@example.test\"]")])),
    (Master, "SET PLAYER ALLOW -y@example.test", Sets(&[("allow_players", "-")])),
    (Master, "SET DENY PLAYER x@example.test", Sets(&[("deny_players", "[\"x@example.test\"]")])),
    (Master, "SET DENY PLAYER -x@example.test", Sets(&[("deny_players", "-")])),
    (Master, "SET PLAYERS DENY -x@example.test", Refused("x@example.test is not on the deny list")),
    (Master, "SET ALLOW MASTER x@example.test", NotTaken("ALLOW MASTER")),
    (Master, "SET DENY MASTER x@example.test", NotTaken("DENY MASTER")),
    (Master, "SET NO APPROVAL", Sets(&[("takeover_approval", "false")])),
    (Master, "SET APPROVAL", Sets(&[("takeover_approval", "true")])),
    (Master, "SET APPROVE F", NotTaken("APPROVE")),
    (Master, "SET APPROVED F", NotTaken("APPROVED")),
    (Master, "SET NOT APPROVED F", NotTaken("NOT APPROVED")),
    (Master, "SET UNMODERATED", Sets(&[("moderated", "false")])),
    (Master, "SET MODERATED", Sets(&[("moderated", "-")])),
    (Master, "SET UNRATED", Sets(&[("rating", "unrated")])),
    (Master, "SET RATED", Sets(&[("rating", "rated")])),
    (Master, "SET NO RATED", Sets(&[("rating", "unrated")])),
    (Master, "SET RATED", Sets(&[("rating", "rated")])),
    (Master, "SET PLAYERS 6", Refused("is set before the game starts")),
    (Master, "SET POWERS 5", Refused("is set before the game starts")),
    (Master, "SET VARIANT chaos", Refused("game demo has started: SET VARIANT changes the variant of a forming game only")),
    (Master, "SET VARIANT standard", Refused("The game is Standard Diplomacy already.")),
    (Master, "SET NOT VARIANT gunboat", NotTaken("NOT VARIANT")),
    // before the start only (see below for a forming game)
    (Master, "SET PRFRAND", Refused("Error:")),
    // the end of the game and announcements
    (Master, "SET CENTRES 20", Sets(&[("victory_count", "20")])),
    (Master, "SET CENTERS NONE", Sets(&[("victory_count", "-")])),
    (Master, "SET NO DIAS", Sets(&[("dias", "false")])),
    (Master, "SET DIAS", Sets(&[("dias", "true")])),
    (Master, "SET NO CONCESSIONS", Sets(&[("concessions", "false")])),
    (Master, "SET CONCESSIONS", Sets(&[("concessions", "-")])),
    (Master, "SET QUIET", Sets(&[("announce", "false")])),
    (Master, "SET NO QUIET", Sets(&[("announce", "-")])),
    (Master, "SET NO REVEAL", Sets(&[("reveal", "false")])),
    (Master, "SET REVEAL", Sets(&[("reveal", "-")])),
    (Master, "SET SHOW", Sets(&[("no_show", "false")])),
    (Master, "SET NO SHOW", Sets(&[("no_show", "-")])),
    (Master, "SET SECRET", Sets(&[("player_count", "false")])),
    (Master, "SET NO SECRET", Sets(&[("player_count", "-")])),
    (Master, "SET RESUME", Sets(&[("no_resume", "false")])),
    (Master, "SET NO RESUME", Sets(&[("no_resume", "-")])),
    (Master, "SET COMMENT A friendly game", Sets(&[("comment", "A friendly game")])),
    // njudge's long comment: the rest of the mail (here none: cleared)
    (Master, "SET COMMENT BEGIN", Sets(&[("long_comment", "-")])),
    (Master, "SET INFO Gunboat", Sets(&[("comment", "Gunboat")])),
    (Master, "SET INFORMATION Beginners welcome", Sets(&[("comment", "Beginners welcome")])),
    (Master, "SET BN 1234", NotTaken("BN")),
    (Master, "SET BNC NUMBER 12", NotTaken("BNC NUMBER")),
    (Master, "SET MN 1234", NotTaken("MN")),
    (Master, "SET MNC NUM 12", NotTaken("MNC NUM")),
    (Master, "SET EP 12", NotTaken("EP")),
    (Master, "SET AUTO CREATE", NotTaken("AUTO CREATE")),
    (Master, "SET NO AUTO CREATE", NotTaken("NO AUTO CREATE")),
    (Master, "SET PROXY", Sets(&[("no_proxy", "false")])),
    (Master, "SET NO PROXY", Sets(&[("no_proxy", "-")])),
];

/// The press names (`data/index` and `data/press`).
const PRESS: &[(By, &str, Then)] = &[
    (Master, "SET WHITE", Sets(&[("press", "white")])),
    (Master, "SET GREY PRESS", Sets(&[("press", "grey_only")])),
    (Master, "SET NO GREY", Sets(&[("press", "white")])),
    (Master, "SET NO WHITE PRESS", Sets(&[("press", "grey_only")])),
    (Master, "SET WHITE/GREY", Sets(&[("press", "grey")])),
    (Master, "SET GREY/WHITE PRESS", Sets(&[("press", "grey/white")])),
    (Master, "SET GRAY", Sets(&[("press", "grey_only")])),
    (Master, "SET NO PRESS", Sets(&[("press", "none")])),
    (Master, "SET WHITE PRESS", Sets(&[("press", "white")])),
    (Master, "SET PRESS NONE", Sets(&[("press", "none")])),
    (Master, "SET WHITE/GRAY", Sets(&[("press", "grey")])),
    (Master, "SET NONE", Sets(&[("press", "none")])),
    (Master, "SET WHITE/GREY", Sets(&[("press", "grey")])),
    (Master, "SET NOPRESS", Sets(&[("press", "none")])),
    (Master, "SET WHITE/GREY", Sets(&[("press", "grey")])),
    (Master, "SET NO PARTIAL PRESS", Sets(&[("partial", "false")])),
    (Master, "SET PARTIAL", Sets(&[("partial", "true")])),
    (Master, "SET NO PARTIAL", Sets(&[("partial", "false")])),
    (Master, "SET PARTIAL PRESS", Sets(&[("partial", "true")])),
    (Master, "SET PARTIAL MAY BE FAKED", Sets(&[("fake", "may")])),
    (Master, "SET NO FAKE", Sets(&[("fake", "-")])),
    (Master, "SET PARTIAL MAY", Sets(&[("fake", "may")])),
    (Master, "SET NO FAKE BROADCAST", Sets(&[("fake", "-")])),
    (Master, "SET PARTIAL FAKES BROADCAST BY DEFAULT", Sets(&[("fake", "broadcast_by_default")])),
    (Master, "SET PARTIAL FAKES BROADCAST", Sets(&[("fake", "broadcast")])),
    (Master, "SET PARTIAL DEFAULT", Sets(&[("fake", "broadcast_by_default")])),
    (Master, "SET PARTIAL FAKES", Sets(&[("fake", "broadcast")])),
    (Master, "SET DEFAULT", Sets(&[("fake", "broadcast_by_default")])),
    (Master, "SET NO FAKE", Sets(&[("fake", "-")])),
    (Master, "SET OBSERVER NO PRESS", Sets(&[("observer_press", "none")])),
    (Master, "SET OBSERVER ANY", Sets(&[("observer_press", "-")])),
    (Master, "SET OBSERVER NONE", Sets(&[("observer_press", "none")])),
    (Master, "SET ANY OBSERVER", Sets(&[("observer_press", "-")])),
    (Master, "SET OBSERVER WHITE PRESS", Sets(&[("observer_press", "white")])),
    (Master, "SET NO OBSERVER", Sets(&[("observer_press", "none")])),
    (Master, "SET WHITE OBSERVER", Sets(&[("observer_press", "white")])),
    (Master, "SET OBSERVER PARTIAL", Sets(&[("observer_press", "partial")])),
    (Master, "SET OBSERVER ANY PRESS", Sets(&[("observer_press", "-")])),
    (Master, "SET ALL PRESS", Sets(&[("master_press", "all")])),
    (Master, "SET NORMAL PRESS", Sets(&[("master_press", "-")])),
    (Master, "SET ALLPRESS", Sets(&[("master_press", "all")])),
    (Master, "SET NORMALPRESS", Sets(&[("master_press", "-")])),
    (Master, "SET WATCH ALL PRESS", Sets(&[("no_watch", "false")])),
    (Master, "SET NO WATCH ALL PRESS", Sets(&[("no_watch", "-")])),
    (Master, "SET POSTAL PRESS", Sets(&[("postal_press", "on")])),
    (Master, "SET NO POSTAL PRESS", Sets(&[("postal_press", "-")])),
    (Master, "SET NO LATE PRESS", Sets(&[("late_press", "false")])),
    (Master, "SET LATE PRESS", Sets(&[("late_press", "-")])),
    (Master, "SET MUST ORDER", Sets(&[("unordered_press", "false")])),
    (Master, "SET NO MUST ORDER", Sets(&[("unordered_press", "-")])),
    // njudge: not once the game is in progress (see below for a forming game)
    (Master, "SET MINOR PRESS", Refused("MINOR PRESS is set before the game starts")),
    (Master, "SET NO MINOR PRESS", Refused("MINOR PRESS is set before the game starts")),
    (Master, "SET NO GRACE PRESS", Sets(&[("grace_press", "false")])),
    (Master, "SET GRACE PRESS", Sets(&[("grace_press", "-")])),
    (Master, "SET TOUCH PRESS", Sets(&[("no_touch", "false")])),
    (Master, "SET NO TOUCH PRESS", Sets(&[("no_touch", "-")])),
    (Master, "SET BLANK PRESS", Sets(&[("no_blank", "false")])),
    (Master, "SET NO BLANK PRESS", Sets(&[("no_blank", "-")])),
];

/// The rules' and variants' names (`mod/bgs` and `mod/mac` rows).
const RULES: &[(By, &str, Then)] = &[
    // njudge's build and disband rules (bgs): not once the game is in
    // progress (see below for a forming game, and tests/it/build_rules.rs)
    (Master, "SET ANY CENTRES", Refused("SET ANY|HOME|ONE CENTRES is set before the game starts")),
    (Master, "SET ANY CENTER", Refused("SET ANY|HOME|ONE CENTRES is set before the game starts")),
    (Master, "SET HOME CENTRES", Refused("SET ANY|HOME|ONE CENTRES is set before the game starts")),
    (Master, "SET ONE CENTRE", Refused("SET ANY|HOME|ONE CENTRES is set before the game starts")),
    (Master, "SET ANY DISBAND", Refused("SET ANY|NORMAL DISBAND is set before the game starts")),
    (Master, "SET NORMAL DISBAND", Refused("SET ANY|NORMAL DISBAND is set before the game starts")),
    (Master, "SET DISBAND", Refused("SET [NO] DISBAND is set before the game starts")),
    (Master, "SET NO DISBAND", Refused("SET [NO] DISBAND is set before the game starts")),
    (Master, "SET AUTO DISBAND", Refused("SET [NO] AUTO DISBAND is set before the game starts")),
    (Master, "SET NO AUTO DISBAND", Refused("SET [NO] AUTO DISBAND is set before the game starts")),
    (Master, "SET STRICT CONVOY", NotTaken("STRICT CONVOY")),
    (Master, "SET NO STRICT CONVOY", NotTaken("NO STRICT CONVOY")),
    (Master, "SET BLANK BOARD", Refused("SET BLANK BOARD is set before the game starts")),
    (Master, "SET EMPTY BOARD", Refused("SET BLANK BOARD is set before the game starts")),
    (Master, "SET COASTAL CONVOYS", NotTaken("COASTAL CONVOYS")),
    (Master, "SET NO DUALITY", NotTaken("NO DUALITY")),
    (Master, "SET GATEWAYS", NotTaken("GATEWAYS")),
    (Master, "SET RAILWAYS", NotTaken("RAILWAYS")),
    (Master, "SET HONG KONG", NotTaken("HONG KONG")),
    (Master, "SET NOPORTAGE", NotTaken("NO PORTAGE")),
    (Master, "SET SUMMER", NotTaken("SUMMER")),
    (Master, "SET HOME TRANSFER", NotTaken("HOME TRANSFER")),
    (Master, "SET BCENTRES", NotTaken("BCENTRES")),
    (Master, "SET NO BCENTERS", NotTaken("NO BCENTERS")),
    (Master, "SET ALLIED WIN", NotTaken("ALLIED WIN")),
    (Master, "SET TRANSFORM MOVE", NotTaken("TRANSFORM")),
    (Master, "SET TRAFO BUILD", NotTaken("TRAFO")),
    (Master, "SET NO TRANSFORM", NotTaken("NO TRANSFORM")),
    (Master, "SET ATTACK TRANSFORM", NotTaken("ATTACK TRANSFORM")),
    (Master, "SET MACH2", NotTaken("MACH2")),
    (Master, "SET ADJACENCY", NotTaken("ADJACENCY")),
    (Master, "SET NO ADJACENT", NotTaken("NO ADJACENT")),
    (Master, "SET ADJ", NotTaken("ADJ")),
    (Master, "SET ASSASSINS", NotTaken("ASSASSINS")),
    (Master, "SET BANKERS", NotTaken("BANKERS")),
    (Master, "SET NO LOANS", NotTaken("NO LOANS")),
    (Master, "SET DICE", NotTaken("DICE")),
    (Master, "SET FAMINE", NotTaken("FAMINE")),
    (Master, "SET PLAGUE", NotTaken("PLAGUE")),
    (Master, "SET FORTRESS", NotTaken("FORTRESS")),
    (Master, "SET GARRISONS", NotTaken("GARRISONS")),
    (Master, "SET MONEY", NotTaken("MONEY")),
    (Master, "SET SPECIAL", NotTaken("SPECIAL")),
    (Master, "SET STORMS", NotTaken("STORMS")),
];

/// Values an on/off option does not take, and starts of names that could
/// be two settings: refused, never read as "off".
const REFUSED: &[(By, &str, Then)] = &[
    (Master, "SET NMR maybe", Refused("SET NMR is on or off")),
    (Master, "SET LATE PRESS COUNT", Refused("not `COUNT`")),
    (Master, "SET LATEPRESS COUNT", Refused("not `COUNT`")),
    (Master, "SET STRICTWAIT GRACE", Refused("not `GRACE`")),
    (Master, "SET QUIET please", Refused("not `please`")),
    (Master, "SET STRICT GR", Refused("ambiguous")),
    (Master, "SET LATE", Refused("ambiguous")),
    (Master, "SET GR PRESS", Refused("ambiguous")),
];

#[test]
fn every_njudge_set_name_changes_its_setting_or_is_refused_by_name_and_nothing_else_changes() {
    let mut g = Game::started();
    let mut wrong = Vec::new();
    for (by, line, then) in PLAYERS.iter().chain(MASTER).chain(PRESS).chain(RULES).chain(REFUSED) {
        wrong.extend(check(&mut g, *by, line, *then));
    }
    assert!(wrong.is_empty(), "{} of the lines did not do what njudge's name says:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn set_password_and_its_njudge_short_form_change_the_seat_alone() {
    let mut g = Game::started();
    let before = state(&g);
    g.as_power('F', "SET PASSWORD newpass-3");
    let d = changed(&before, &state(&g));
    assert_eq!(d.keys().collect::<Vec<_>>(), ["F.pw_hash"], "{d:?}");
    let before = state(&g);
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo newpass-3\nSET PW pw-three");
    assert!(r.contains("Signed on as France"), "{r}");
    let d = changed(&before, &state(&g));
    assert_eq!(d.keys().collect::<Vec<_>>(), ["F.pw_hash"], "{d:?}");
    let (r, _) = g.as_power('F', "SET WAIT");
    assert!(r.contains("Signed on as France"), "the old password again: {r}");
}

#[test]
fn njudges_ways_of_giving_out_the_powers_set_the_assignment_before_the_start() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    for (line, want) in [("SET PRFRAND", "random"), ("SET PRFLIST", "preference"), ("SET PRFRAND", "random"), ("SET PRFBOTH", "preference")] {
        let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\n{line}"));
        let settings = mailjudge::store::games::settings_json(&g.row().settings);
        assert!(settings.contains(&format!("\"assignment\":\"{want}\"")), "{line}: {settings}\n{r}");
    }
}

#[test]
fn njudges_minor_press_is_set_before_the_start() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    for (line, want) in [("SET NO MINOR PRESS", Some("false")), ("SET MINOR PRESS", None), ("SET NOMINORPRESS", Some("false"))] {
        let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\n{line}"));
        let settings: serde_json::Value = serde_json::from_str(&mailjudge::store::games::settings_json(&g.row().settings)).unwrap();
        assert_eq!(settings.get("minor_press").map(|v| v.to_string()).as_deref(), want, "{line}: {settings}\n{r}");
    }
}

#[test]
fn njudges_build_and_disband_rules_are_set_before_the_start() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass standard");
    let rules = |g: &Game| -> BTreeMap<String, String> {
        let settings: serde_json::Value = serde_json::from_str(&mailjudge::store::games::settings_json(&g.row().settings)).unwrap();
        settings.get("rules").and_then(|r| serde_json::from_value(r.clone()).ok()).unwrap_or_default()
    };
    for (line, key, want, told) in [
        ("SET ANY CENTRES", "build_sites", "any", "Builds go in any vacant supply centre the power owns"),
        ("SET ONE CENTER", "build_sites", "one", "while it owns one of its home centres"),
        ("SET HOME CENTRES", "build_sites", "home", "Builds go in the power's vacant home centres"),
        ("SET ANY CENTERS", "build_sites", "any", "(ANY CENTRES)"),
        ("SET ANY DISBAND", "removals", "any", "may remove any of its units"),
        ("SET NORMAL DISBAND", "removals", "normal", "only the units it has beyond its centres"),
        ("SET DISBAND", "movement_disband", "on", "disbanded in a movement phase"),
        ("SET NO DISBAND", "movement_disband", "off", "No unit is disbanded in a movement phase"),
        ("SET AUTO DISBAND", "auto_disband", "on", "Dislodged units are disbanded at once"),
        ("SET NO AUTO DISBAND", "auto_disband", "off", "Dislodged units retreat as usual"),
        ("SET BLANK BOARD", "blank_board", "on", "The game starts with no units"),
        ("SET NO BLANK BOARD", "blank_board", "off", "The game starts with the map's units"),
        ("SET EMPTY BOARD", "blank_board", "on", "(BLANK BOARD)"),
    ] {
        let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\n{line}"));
        assert_eq!(rules(&g).get(key).map(String::as_str), Some(want), "{line}: {r}");
        assert!(r.contains(told), "{line}: {r}");
    }
    // the game's settings (LIST) name the rules on
    let (r, _) = g.send("someone@example.test", "LIST demo");
    assert!(flat(&r).contains("build and disband rules: BLANK BOARD, ANY CENTRES"), "{r}");
}
