//! The game options' words: HELP's lines for the master's options, README.md's
//! table of them, and the answers to an option CREATE or SET cannot use. The
//! options themselves are the table in `src/game/options.rs`.

use crate::game::options::GameOption;

/// How HELP shows an option (the SET command, what it does) and README.md
/// (the values it takes, what it does).
struct Words {
    usage: &'static str,
    values: &'static str,
    what: &'static str,
}

fn words(o: GameOption) -> Words {
    play_words(o).or_else(|| table_words(o)).unwrap_or_else(|| unreachable!("every option has its words"))
}

/// The words of the options of press, timing and the end of the game.
fn play_words(o: GameOption) -> Option<Words> {
    use GameOption as O;
    let w = |usage, values, what| Words { usage, values, what };
    Some(match o {
        O::Press => w(
            "SET PRESS WHITE|GREY|GREY/WHITE|GREY ONLY|NONE",
            "`white`, `grey` (njudge's White/Grey), `grey/white`, `grey_only`, `none`",
            "press rules: signed only; signed or anonymous (GREY), signed by default or anonymous by default (GREY/WHITE); anonymous only; none but press to and from the master (njudge's SET WHITE, SET WHITE/GREY, SET GREY/WHITE, SET GREY, SET NO PRESS)",
        ),
        O::Partial => w("SET PARTIAL | SET NO PARTIAL", "`yes` (default), `no`", "press to some powers only, or broadcasts only"),
        O::Fake => w(
            "SET FAKE MAY|NO|BROADCAST [BY DEFAULT]",
            "`no` (default), `may`, `broadcast_by_default`, `broadcast`",
            "whether press may name other recipients than its real ones (FAKE), partial press looks like a broadcast unless NOFAKE, or all press does (njudge's SET NO FAKE, SET PARTIAL MAY BE FAKED, SET PARTIAL FAKES BROADCAST [BY DEFAULT])",
        ),
        O::ObserverPress => w(
            "SET OBSERVER ANY|PARTIAL|WHITE|NONE",
            "`any` (default), `partial`, `white`, `none`",
            "press from observers: as players, also partial, never grey, or to the master only",
        ),
        O::PostalPress => w("SET POSTALPRESS | SET NO POSTALPRESS", "`no` (default), `yes`", "POSTALPRESS: a signed broadcast mailed with the next results"),
        O::MasterPress => w(
            "SET MASTERPRESS ALL|NORMAL",
            "`normal` (default), `all`",
            "the master gets a copy of all partial press, or only press to the master (njudge's SET ALL PRESS, SET NORMAL PRESS)",
        ),
        O::Nmr => {
            w("SET NMR | SET NO NMR", "`yes` (default), `no`", "after the grace period missing orders take the defaults, or the game waits for the master")
        }
        O::Assignment => {
            w("SET ASSIGNMENT RANDOM|PREFERENCE", "`preference` (default), `random`", "powers by the players' `SET PREFERENCE` lists, or at random")
        }
        O::Movement => w(
            "SET MOVEMENT next 48 hours at 20:00 on Mon-Fri",
            "a timing (`next 48 hours at 20:00 on Mon-Fri`, `cron: 0 0 20 * * Mon,Thu`, or njudge's `CLOCK 1410 MIN 12 NEXT 71 DAYS -MTWTF-`)",
            "the deadlines of movement phases (each of 1885's monthly moves gets its own), from the next phase on",
        ),
        O::Retreat => w("SET RETREAT 24h", "a timing", "the deadlines of retreat phases"),
        O::Adjustment => w("SET ADJUSTMENT cron: 0 0 20 * * *", "a timing", "the deadlines of adjustment phases"),
        O::Grace => w("", "a duration (`24 hours`)", "the grace period after a deadline (`SET GRACE` with a date moves the current one's end)"),
        O::Reminder => w("SET REMINDER 12h", "a duration (`12 hours`)", "reminders this long before the deadline to players missing orders"),
        O::List => w(
            "SET LIST address|NONE",
            "an address (and `text`, `markdown` or `bbcode`), or `none`",
            "reports also to a list or forum address, once someone there confirms with the code the judge mails it; its mail says how to stop it",
        ),
        O::Webhook => w(
            "SET WEBHOOK DISCORD url",
            "`discord` URL, or `discourse` URL `topic` n `key` k `user` u",
            "results also posted to a forum, on a host the judge's keeper allows (`SET NO WEBHOOK`: to none)",
        ),
        O::End => w("SET END 1905|NONE", "a year, or `none`", "a short game: it ends after that year, in a draw between the survivors"),
        O::Delay => w(
            "SET DELAY 30 minutes",
            "a duration up to a day, or `0` (default)",
            "when every order is in before the deadline, the phase waits this long before it is processed; orders may still be changed",
        ),
        O::StrictGrace => w(
            "SET STRICT GRACE | SET NO STRICT GRACE",
            "`no` (default; a game from before the option: `yes`), `yes`",
            "a grace period ends its whole length after the deadline (STRICT GRACE), or is moved on to a day the phase's timing lets a deadline fall on (njudge's DAYS); blackout days apply to both",
        ),
        O::Centers => w("SET CENTERS 12|NONE", "1 to the map's count, or `none`", "the centres a solo victory needs"),
        O::Dias => w("SET DIAS | SET NODIAS", "`yes` (default), `no`", "draws include every survivor, or may leave some out"),
        _ => return None,
    })
}

/// The words of the options of press restrictions, the table, seats and rules.
fn table_words(o: GameOption) -> Option<Words> {
    use GameOption as O;
    let w = |usage, values, what| Words { usage, values, what };
    Some(match o {
        O::LatePress => w(
            "SET NO LATEPRESS | SET LATEPRESS",
            "`yes` (default), `no`",
            "a power late with its orders (the deadline passed) may still send press, or only to the master until its orders are complete",
        ),
        O::MustOrder => w(
            "SET MUSTORDER | SET NO MUSTORDER",
            "`no` (default), `yes`",
            "a power that owes orders may send press to others than the master only once its orders are complete",
        ),
        O::WatchAllPress => w("SET WATCH ALL PRESS | SET NO WATCH ALL PRESS", "`no` (default), `yes`", "observers may get all partial press (SET ALL PRESS)"),
        O::MinorPress => w("SET NO MINOR PRESS | SET MINOR PRESS", "`yes` (default), `no`", "press in retreats and builds, or only to and from the master"),
        O::GracePress => w("SET NO GRACE PRESS | SET GRACE PRESS", "`yes` (default), `no`", "press past a deadline with a power late, or only to the master"),
        O::TouchPress => w(
            "SET TOUCH PRESS | SET NO TOUCH PRESS",
            "`no` (default), `yes`",
            "a player's partial press goes only to powers whose units touch its own (docs/RULES.md), never to the observers, and it broadcasts once a phase; press to the master always goes",
        ),
        O::BlankPress => w("SET BLANK PRESS | SET NO BLANK PRESS", "`no` (default), `yes`", "press with no text goes, or is refused"),
        O::Moderated => w(
            "SET UNMODERATED | SET MODERATED",
            "`yes` (default), `no`",
            "only the master and co-masters change the game's options of play and its deadlines, or its players do too, each change told to the table (docs/RULES.md)",
        ),
        O::Resume => w("SET RESUME | SET NO RESUME", "`no` (default), `yes`", "any player may RESUME the paused game, or only the master"),
        O::Show => w(
            "SET SHOW | SET NO SHOW",
            "`no` (default), `yes`",
            "the table's notices of a changed deadline or setting name who changed it with the address, or say only the master or a player",
        ),
        O::Reveal => w("SET NO REVEAL | SET REVEAL", "`yes` (default), `no`", "an anonymous game names its players once over, or never (SUMMARY, WHOGAME)"),
        O::Secret => w("SET SECRET | SET NO SECRET", "`no` (default), `yes`", "how many play, who observes and who is late are kept from all but the master"),
        O::Listed => w(
            "SET UNLISTED | SET LISTED",
            "`yes` (default), `no`",
            "LIST and SIGNON ? show the game to anyone, or only to its own people (LIST game and SIGNON ?game answer whoever knows its name; also njudge's SET NOLIST, SET UNLIST, SET PRIVATE alone, and SET LIST alone)",
        ),
        O::StrictWait => {
            w("SET STRICTWAIT | SET NO STRICTWAIT", "`no` (default), `yes`", "any player may SET WAIT, or only one whose powers owe orders in the phase")
        }
        O::MaxAbsence => w(
            "SET MAXABSENCE 10|NONE",
            "0 to 21 days, or `none` (default: 21)",
            "the longest absence a player may set (0: none); a longer one goes to the master to grant",
        ),
        O::Concessions => w(
            "SET CONCESSIONS | SET NO CONCESSIONS",
            "`yes` (default), `no`",
            "survivors may concede the game to the largest power (DIAS games; njudge's rule)",
        ),
        O::CdAfter => w(
            "SET CD AFTER 2|NONE",
            "1 to 12 phases, or `none` (default)",
            "a power whose player misses that many phases in a row is in civil disorder (a vacant power is from the first phase processed without a player)",
        ),
        O::Proxy => w(
            "SET PROXY | SET NO PROXY",
            "`no` (default), `yes`",
            "a power may lend a unit to another for the phase (`A BER P AUSTRIA`, njudge's proxy order): the other power's order for it stands, and with none it holds",
        ),
        O::LateCount => w(
            "SET LATECOUNT | SET NO LATECOUNT",
            "`no` (default), `yes`",
            "late notices say how many phases the late player has been late in this game (counted anew for a new player)",
        ),
        O::Rated => w(
            "SET UNRATED | SET RATED",
            "`yes` (default in a moderated game), `no` (default in an unmoderated one)",
            "the game counts in its players' judge-wide records (GET DEDICATION, INFO PLAYER, the join limits), or not at all (njudge's SET [UN]RATED)",
        ),
        O::Approval => {
            w("SET APPROVAL | SET NO APPROVAL", "`yes` (default), `no`", "a newcomer takes over a vacant power only once you APPROVE it, or at once")
        }
        O::Quiet => w(
            "SET QUIET | SET NO QUIET",
            "`no` (default), `yes`",
            "resignations, takeovers, vacant seats, civil disorder and who is late (daily during grace) are announced to the table, or told to the master (and the late) only",
        ),
        O::Gunboat => w(
            "SET GUNBOAT | SET NO GUNBOAT",
            "`no` (default), `yes`",
            "a gunboat game: who plays which power stays hidden until the end (ANONYMOUS), no press but to and from the master (PRESS NONE), and seat changes are told to the master only (QUIET); NO GUNBOAT: the judge's press and LOUD again",
        ),
        O::Anonymous => w(
            "SET NO ANONYMOUS | SET ANONYMOUS",
            "`yes` (default), `no`",
            "who plays which power is shown only once the game is over, or SUMMARY names the players at any time",
        ),
        O::Access => w(
            "SET ACCESS SAME|DIFFERENT|ANY",
            "`any` (default), `same`, `different` (njudge's `-site` after them too)",
            "who may join or take over a seat by site (the Site: they registered, else their address's domain): anyone, only the master's site, or only a site no other player has",
        ),
        O::Level => w(
            "SET LEVEL EXPERT|...",
            "`any` (default), `novice`, `amateur`, `intermediate`, `advanced`, `expert`",
            "who may join or take over a seat by the Level: they registered (amateur: novice or intermediate; advanced: intermediate or expert)",
        ),
        O::Dedication => w(
            "SET DEDICATION 10|NONE",
            "a whole number (it may be negative), or `none` (default); no higher than the master's own",
            "only a player whose dedication (njudge's points: GET DEDICATION) is at least this may join or take over a seat",
        ),
        O::OnTime => w(
            "SET ONTIMERAT 0.9|NONE",
            "a ratio from 0 to 1, or `none` (default); no higher than the master's own",
            "only a player whose on-time ratio (phases on time of phases due) is at least this may join or take over a seat (also SET ONTIME)",
        ),
        O::CdRatio => w(
            "SET RESRAT 0.1|NONE",
            "a ratio from 0 to 1, or `none` (default); no lower than the master's own",
            "only a player whose CD ratio (civil disorders and seats abandoned of seats held) is at most this may join or take over a seat",
        ),
        O::AllowPlayer => w(
            "SET ALLOW PLAYER [-]address",
            "an address to add, or after `-` to take off (at most 50)",
            "while the allow list has any address, only those may join, take over a seat or observe",
        ),
        O::DenyPlayer => w(
            "SET DENY PLAYER [-]address",
            "an address to add, or after `-` to take off (at most 50)",
            "addresses that may not join, take over a seat nor observe (not looked at while the allow list has any)",
        ),
        O::Players => w(
            "SET PLAYERS 5",
            "`6`, `5`, `4`, `3a`, `3b`, `2` (standard map)",
            "the 1992 rulebook's games for fewer players: neutral powers (their units hold, give no support, are disbanded when dislodged), seats of two or three powers, World War I for two (Italy closed until a coin before the Winter 1914 adjustments, 24 centres a side); docs/RULES.md",
        ),
        O::Rule => w(
            "SET RULE retreat_default=right_hand",
            "`name=value`: a rule option below",
            "a rule option: convoy_intent, civil_disorder, retreat_default, paradox, and the build and disband rules below",
        ),
        O::ConvoyIntent => w("", "`datc` (default), `1992`, `via`", "which convoy is meant when an army could also move by land"),
        O::CivilDisorder => w(
            "",
            "`2023` (default), `1992`, `least_effect`",
            "which units go when a removal is not ordered: farthest from owned centres, from home centres, or the GM's choice with the least-effect preview (1885's rule)",
        ),
        O::RetreatDefault => w("", "`disband` (default), `right_hand`", "an unordered retreat disbands, or follows Just's right-hand rule (1885's rule)"),
        O::Paradox => w("", "`szykman` (default), `all_stand`", "a convoy paradox: Szykman's rule, or every unit in the cycle stands (1885's rule)"),
        _ => return build_words(o),
    })
}

/// The words of njudge's build and disband rules (docs/RULES.md, "Build and disband rules").
fn build_words(o: GameOption) -> Option<Words> {
    use GameOption as O;
    let w = |usage, values, what| Words { usage, values, what };
    Some(match o {
        O::BuildSites => w(
            "SET ANY|HOME|ONE CENTRES",
            "`home` (default; `any` on a map that builds anywhere, as chaos; `one` on aberration), `any`, `one`, `any_home`",
            "where a power builds: in its vacant home centres, in any vacant centre it owns, or in any vacant centre it owns while it owns one of its home centres (none: no builds), or (`any_home`, DPjudge's HOME_BUILDS) in any vacant centre it owns that is some power's home centre; also CENTRE, CENTERS, CENTER",
        ),
        O::Removals => w(
            "SET ANY|NORMAL DISBAND",
            "`normal` (default), `any`",
            "in the adjustments a power removes only the units it has beyond its centres, or any of its units, each removal beyond those owed a build more where it may build",
        ),
        O::MovementDisband => w(
            "SET DISBAND | SET NO DISBAND",
            "`no` (default), `yes`",
            "a unit may be disbanded in a movement phase (A PAR DISBAND): it leaves the board before the moves, and neither holds nor supports",
        ),
        O::AutoDisband => w("SET AUTO DISBAND | SET NO AUTO DISBAND", "`no` (default), `yes`", "dislodged units are disbanded at once: no retreat phases"),
        O::BlankBoard => w(
            "SET BLANK BOARD | SET NO BLANK BOARD",
            "`no` (default), `yes`",
            "the game starts with no units, in the adjustments before the first movement: each power builds its own in its home centres (no change where the map starts so, as chaos; also SET EMPTY BOARD)",
        ),
        O::Blind => w(
            "SET BLIND | SET NO BLIND",
            "`no` (default), `yes`",
            "each power's results, map and board show only what its units and home centres see; the master sees all, observers only that the game moved on, and the end reveals all (docs/RULES.md, \"Blind games\")",
        ),
        _ => return None,
    })
}

/// The answer to a build or disband rule set (`None`: another rule option,
/// answered by its name and value).
pub fn rule_set(c: crate::rules::RuleChoice) -> Option<String> {
    use crate::rules::{BuildSites, Removals, RuleChoice as C};
    Some(
        match c {
            C::BuildSites(BuildSites::Home) => "Builds go in the power's vacant home centres (HOME CENTRES).",
            C::BuildSites(BuildSites::Any) => "Builds go in any vacant supply centre the power owns (ANY CENTRES).",
            C::BuildSites(BuildSites::OneHome) => "Builds go in any vacant supply centre the power owns, while it owns one of its home centres (ONE CENTRE).",
            C::BuildSites(BuildSites::AnyHome) => {
                "Builds go in any vacant supply centre the power owns that is some power's home centre (build_sites=any_home)."
            }
            C::Removals(Removals::Owed) => "In the adjustments a power removes only the units it has beyond its centres (NORMAL DISBAND).",
            C::Removals(Removals::Any) => "In the adjustments a power may remove any of its units, and build again where it may (ANY DISBAND).",
            C::MovementDisband(true) => "A unit may be disbanded in a movement phase (DISBAND).",
            C::MovementDisband(false) => "No unit is disbanded in a movement phase (NO DISBAND).",
            C::AutoDisband(true) => "Dislodged units are disbanded at once: no retreats (AUTO DISBAND).",
            C::AutoDisband(false) => "Dislodged units retreat as usual (NO AUTO DISBAND).",
            C::BlankBoard(true) => "The game starts with no units, in the adjustments before its first movement (BLANK BOARD).",
            C::BlankBoard(false) => "The game starts with the map's units (NO BLANK BOARD).",
            _ => return None,
        }
        .to_string(),
    )
}

/// The answer to SET GUNBOAT (`press`: the press it leaves).
pub fn gunboat(on: bool, press: crate::store::games::Press) -> String {
    if on {
        "A gunboat game: who plays which power stays hidden, no press but to and from the master, seat changes told to the master only (GUNBOAT).".into()
    } else {
        format!("Not a gunboat game: press is {press} again, and seat changes are told to the table (NO GUNBOAT).")
    }
}

/// The answer to the master's SET [NO] BLIND.
pub fn blind_set(s: crate::store::games::Sight) -> String {
    match s {
        crate::store::games::Sight::Open => "Every power sees the whole board (NO BLIND).".into(),
        crate::store::games::Sight::Blind => {
            "A blind game: each power's results, map and board show only what its units and home centres see; the master sees all, observers only that the game moved on, and the end reveals all (BLIND).".into()
        }
    }
}

/// Where HELP's descriptions start, and the width of its lines.
const HELP_COLUMN: usize = 25;
const HELP_WIDTH: usize = 72;

/// HELP's lines for an option SET takes (`forming`: only before the start),
/// as the lines of templates/help.txt are written: the command, then what it
/// does from column 25, wrapped.
pub fn help(o: GameOption, forming: bool) -> Vec<String> {
    let w = words(o);
    let what = w.what.replace('`', "");
    let what = if forming { format!("{what} (before the start)") } else { what };
    let mut lines = Vec::new();
    let mut line = format!("  {}", w.usage);
    // a command too long for its column has a line of its own
    if line.len() >= HELP_COLUMN - 1 {
        lines.push(std::mem::take(&mut line));
    }
    for word in what.split_whitespace() {
        if line.len() >= HELP_COLUMN && line.len() + 1 + word.len() > HELP_WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        if line.len() < HELP_COLUMN {
            line.push_str(&" ".repeat(HELP_COLUMN - line.len()));
        } else {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

/// The head of README.md's table of game options.
pub fn readme_header() -> String {
    "| option | values | changed by the master | what it does |\n|---|---|---|---|\n".into()
}

/// A row of README.md's table: the option's CREATE names, the values it
/// takes, the SET that changes it (`None`: CREATE only) and whether only
/// before the start.
pub fn readme_row(o: GameOption, names: &str, set: Option<&str>, forming: bool) -> String {
    let w = words(o);
    let set = match set {
        Some(word) if forming => format!("`SET {word}`, before the start"),
        Some(word) => format!("`SET {word}`"),
        None => "no".into(),
    };
    format!("| {names} | {} | {set} | {} |\n", w.values, w.what)
}

/// An option CREATE does not know (`known`: the first name of each).
pub fn unknown(option: &str, known: &[&str]) -> String {
    format!("unknown option `{option}` (known: {})", known.join(", "))
}

/// An option the master may set only before the start, after it.
pub fn too_late(o: GameOption) -> String {
    match o {
        GameOption::Assignment => super::master::already_assigned(),
        GameOption::MinorPress => "SET [NO] MINOR PRESS is set before the game starts (as njudge's)".into(),
        GameOption::BuildSites => "SET ANY|HOME|ONE CENTRES is set before the game starts (as njudge's)".into(),
        GameOption::Removals => "SET ANY|NORMAL DISBAND is set before the game starts (as njudge's)".into(),
        GameOption::MovementDisband => "SET [NO] DISBAND is set before the game starts (as njudge's)".into(),
        GameOption::AutoDisband => "SET [NO] AUTO DISBAND is set before the game starts (as njudge's)".into(),
        GameOption::BlankBoard => "SET BLANK BOARD is set before the game starts (as njudge's)".into(),
        GameOption::Gunboat => "SET [NO] GUNBOAT is set before the game starts (as njudge's Gunboat)".into(),
        GameOption::Blind => "SET [NO] BLIND is set before the game starts (as njudge's blind games)".into(),
        GameOption::Players => "SET PLAYERS (the seating of a game for fewer players) is set before the game starts (as njudge's)".into(),
        _ => super::master::rules_before_start(),
    }
}

/// An on/off option's value that is no yes/no word (`key`: CREATE's name,
/// `word`: SET's).
pub fn switch_values(key: &str, word: &str, value: &str) -> String {
    format!("SET {word} is on or off (SET {word}, SET NO {word}; CREATE's {key}=yes or {key}=no), not `{value}`")
}
