//! A player's record on the judge (njudge's dedication, on-time and CD
//! ratios), the join limits a master sets by it and by address, and the
//! linking of addresses (I AM ALSO): what the reply says.

use crate::game::dedication::{AccessList, DedicationRefusal, Figures, MAX_ACCESS_LIST, MAX_ADJUST, MAX_RECORD_VALUE, RecordField};
use crate::store::dedication::Ratio;

/// A ratio, or a newcomer's (0 of 0).
fn ratio(r: Option<Ratio>, newcomer: &str) -> String {
    r.map_or_else(|| newcomer.to_string(), |r| r.to_string())
}

/// GET DEDICATION, INFO PLAYER: the figures of `who` (as asked: no other
/// address of its registration is named).
pub fn figures(who: &str, f: &Figures) -> String {
    let s = &f.0;
    [
        format!("Record on this judge of {who} (every seat held from its address, and from any address linked to it by I AM ALSO, in rated games):"),
        format!(
            "  Dedication: {} (3 a phase ordered on time, less 1 a late notice, 50 a seat abandoned, 100 a civil disorder{})",
            f.points(),
            if s.bonus == 0 { String::new() } else { format!("; {:+} from the keeper", s.bonus) }
        ),
        format!(
            "  On-time ratio: {} ({} of {} phases due ordered on time; {} late, {} missed)",
            ratio(f.on_time(), "1.000, a newcomer's"),
            s.on_time,
            s.due,
            s.late,
            s.missed
        ),
        format!(
            "  CD ratio: {} ({} civil disorders and seats abandoned, of {} seats: {} games started, {} seats taken over)",
            ratio(f.cd(), "0.000, a newcomer's"),
            f.cd_count(),
            f.seats(),
            s.started,
            s.took_over
        ),
        format!("  Late notices: {}; seats abandoned: {}; civil disorders: {}.", s.notices, s.abandoned, s.disorders),
    ]
    .join("\n")
}

/// After the sender's record in LIST game: the three figures.
pub fn list_figures(f: &Figures) -> String {
    format!(" Dedication {}; on-time ratio {}; CD ratio {}.", f.points(), ratio(f.on_time(), "1.000"), ratio(f.cd(), "0.000"))
}

/// Beside a player in LIST game (a game that names its players).
pub fn beside(points: i64) -> String {
    format!(", dedication {points}")
}

/// SET DEDICATION done.
pub fn dedication_set(least: Option<i64>) -> String {
    match least {
        Some(n) => format!("Only a player whose dedication is {n} or more may join or take over a seat (GET DEDICATION tells one's own)."),
        None => "No limit on the dedication of who joins.".into(),
    }
}

/// SET ACCESS done.
pub fn access_set(a: crate::store::games::Access) -> String {
    use crate::store::games::Access;
    match a {
        Access::Any => "Players of any site may join.".into(),
        Access::Same => "Only players of your site may join or take over a seat (their registered Site:, else their address's domain).".into(),
        Access::Different => {
            "Only players of a site no other player of the game has may join or take over a seat (their registered Site:, else their address's domain).".into()
        }
    }
}

/// SET ACCESS with a word it does not take.
pub fn access_values(value: &str) -> String {
    format!("SET ACCESS {value}: write ANY, SAME or DIFFERENT (njudge's -SITE after them too)")
}

/// SET LEVEL done.
pub fn level_set(l: crate::store::games::Level) -> String {
    use crate::store::games::Level;
    match l {
        Level::Any => "Players of any class may join.".into(),
        l => format!("Only players who registered as {} may join or take over a seat (REGISTER's Level: line).", level_name(l)),
    }
}

/// A class as the replies name it.
fn level_name(l: crate::store::games::Level) -> &'static str {
    use crate::store::games::Level;
    match l {
        Level::Any => "any class",
        Level::Novice => "Novice",
        Level::Amateur => "Amateur (Novice or Intermediate)",
        Level::Intermediate => "Intermediate",
        Level::Advanced => "Advanced (Intermediate or Expert)",
        Level::Expert => "Expert",
    }
}

/// SET LEVEL with a word it does not take.
pub fn level_values(value: &str) -> String {
    format!("SET LEVEL {value}: write ANY, NOVICE, AMATEUR, INTERMEDIATE, ADVANCED or EXPERT")
}

/// SET RATED or SET UNRATED done.
pub fn rated_set(r: crate::store::games::Rating) -> String {
    match r {
        crate::store::games::Rating::Rated => "The game is rated: it counts in its players' judge-wide records (dedication, on-time and CD ratios).".into(),
        crate::store::games::Rating::Unrated => {
            "The game is unrated: nothing in it counts in its players' judge-wide records (dedication, on-time and CD ratios); its own LIST still shows who was late.".into()
        }
    }
}

/// SET ONTIMERAT done.
pub fn on_time_set(least: Option<Ratio>) -> String {
    match least {
        Some(r) => format!("Only a player whose on-time ratio is {r} or more may join or take over a seat (a newcomer's is perfect)."),
        None => "No limit on the on-time ratio of who joins.".into(),
    }
}

/// SET RESRAT done.
pub fn cd_set(most: Option<Ratio>) -> String {
    match most {
        Some(r) => format!("Only a player whose CD ratio is {r} or less may join or take over a seat (a newcomer's is perfect)."),
        None => "No limit on the CD ratio of who joins.".into(),
    }
}

fn list_name(l: AccessList) -> &'static str {
    match l {
        AccessList::Allow => "ALLOW PLAYER",
        AccessList::Deny => "DENY PLAYER",
    }
}

/// SET ALLOW PLAYER / SET DENY PLAYER done: `address` added (or, `added`
/// false, taken off); `n` the list's addresses now.
pub fn list_changed(l: AccessList, address: &str, added: bool, n: usize) -> String {
    let what = match (l, added) {
        (AccessList::Allow, true) => format!("{address} may join or observe this game."),
        (AccessList::Allow, false) => format!("{address} is off the allow list."),
        (AccessList::Deny, true) => format!("{address} may not join nor observe this game."),
        (AccessList::Deny, false) => format!("{address} is off the deny list."),
    };
    let state = match (l, n) {
        (AccessList::Allow, 0) => " The allow list is empty: anyone not denied may join.".to_string(),
        (AccessList::Allow, n) => format!(" The allow list has {n} of at most {MAX_ACCESS_LIST} addresses: only they may join or observe."),
        (AccessList::Deny, n) => format!(" The deny list has {n} of at most {MAX_ACCESS_LIST} addresses (not looked at while the allow list has any)."),
    };
    what + &state
}

/// The values SET DEDICATION takes.
pub fn dedication_values(value: &str) -> String {
    format!("SET DEDICATION takes a whole number (it may be negative), or NONE, not `{value}`")
}

/// The values SET ONTIMERAT and SET RESRAT take.
pub fn ratio_values(word: &str, value: &str) -> String {
    format!("SET {word} takes a ratio from 0 to 1 with at most three decimals (like 0.85), or NONE, not `{value}`")
}

/// SET ALLOW PLAYER / SET DENY PLAYER without an address.
pub fn list_usage(l: AccessList) -> String {
    let w = list_name(l);
    format!("SET {w} takes one address to add (SET {w} someone@example.org) or, after a -, to take off (SET {w} -someone@example.org)")
}

fn list_word(l: AccessList) -> &'static str {
    match l {
        AccessList::Allow => "allow",
        AccessList::Deny => "deny",
    }
}

/// A list full.
pub fn list_full(l: AccessList, max: usize) -> String {
    format!("the {} list has {max} addresses, the most; take one off first (SET {} -address)", list_word(l), list_name(l))
}

/// An address taken off a list that does not have it.
pub fn not_listed(l: AccessList, address: &str) -> String {
    format!("{address} is not on the {} list", list_word(l))
}

/// The subject of the mail to an address another asks to be linked to.
pub fn link_subject() -> String {
    "Confirm: I AM ALSO".into()
}

/// The mail to the old address: who asks, and how to agree.
pub fn link_request(new: &str, old: &str, judge: &str, code: &str) -> String {
    [
        format!("Someone at {new} wrote to the Diplomacy judge {judge} that they are also you, {old} (I AM ALSO)."),
        "Linked, both addresses count as one player here: one record of play (the dedication, on-time and CD ratios), one profile.".into(),
        format!("If that is you, send from {new} the line below, with the code the judge's reply there carries after it:"),
        String::new(),
        format!("    I AM ALSO {old} {code} <the code of the reply at {new}>"),
        String::new(),
        "If it is not you, do nothing: no address is linked without both codes.".into(),
    ]
    .join("\n")
}

/// I AM ALSO asked: the mail to the old address (`sent`: what came of it),
/// and this address's own code.
pub fn link_asked(old: &str, sent: &str, code: &str) -> String {
    format!(
        "{sent} To link this address to {old}'s registration, send from here, within 30 days: I AM ALSO {old} <the code mailed there> {code}. Nothing is linked before."
    )
}

/// I AM ALSO with both codes: done.
pub fn linked(old: &str) -> String {
    format!("This address is now the same player as {old}: GET DEDICATION shows your record from both, WHOIS your profile.")
}

/// How the keeper's password is named in the notices of wrong ones.
pub fn the_keepers_password() -> String {
    "the keeper's password".into()
}

/// ADJUST done.
pub fn adjusted(who: &str, points: i64, f: &Figures) -> String {
    format!("The keeper's ADJUST {points:+} is kept: the dedication of {who} is {} now.\n\n{}", f.points(), figures(who, f))
}

/// RECORD done.
pub fn recorded(who: &str, field: RecordField, value: u32, f: &Figures) -> String {
    let name = match field {
        RecordField::OnTime => "phases ordered on time",
        RecordField::Due => "phases due",
        RecordField::Started => "games started",
        RecordField::Abandoned => "seats abandoned",
        RecordField::TookOver => "seats taken over",
    };
    format!("The keeper's RECORD is kept: {who} has {value} {name} now (play counts on from there).\n\n{}", figures(who, f))
}

/// A refusal of a join, a limit or a link.
pub fn refusal(r: &DedicationRefusal) -> String {
    use DedicationRefusal::*;
    match r {
        DedicationTooLow { game, least, have } => {
            format!("game {game} takes players whose dedication is at least {least}; yours is {have} (GET DEDICATION tells why)")
        }
        OnTimeTooLow { game, least, have } => format!("game {game} takes players whose on-time ratio is at least {least}; yours is {have}"),
        CdTooHigh { game, most, have } => format!("game {game} takes players whose CD ratio is at most {most}; yours is {have}"),
        NotAllowed { game } => format!("game {game} takes only the addresses its master allows (SET ALLOW PLAYER), and not yours"),
        Denied { game } => format!("game {game}'s master does not let your address join nor observe it"),
        DedicationAboveOwn { level, own } => format!("SET DEDICATION {level}: no higher than your own dedication, {own}"),
        OnTimeAboveOwn { level, own } => format!("SET ONTIMERAT {level}: no higher than your own on-time ratio, {own}"),
        CdBelowOwn { level, own } => format!("SET RESRAT {level}: no lower than your own CD ratio, {own}"),
        InfoPlayerUsage => "INFO PLAYER needs an address (INFO PLAYER someone@example.org)".into(),
        IAmAlsoUsage => "I AM ALSO needs the address you registered or played from before (I AM ALSO old@example.org), and later the two codes".into(),
        UnknownAddress { address } => format!("{address} has no registration nor record on this judge to link to"),
        SameRegistration { address } => format!("this address and {address} are one player here already"),
        TooManyLinked { max } => format!("a registration has at most {max} other addresses linked to it"),
        WrongLinkCodes { address } => format!("no I AM ALSO {address} of this address waits for those codes (ask again with I AM ALSO {address})"),
        NotMastersSite { game, site } => {
            format!("game {game} takes players of its master's site only, and yours is {site} (REGISTER with Site: if it is wrong)")
        }
        SiteTaken { game, site } => format!("game {game} takes one player a site, and a player of yours ({site}) is in it"),
        NoLevel { game, level } => {
            format!("game {game} takes {} players only: REGISTER with a Level: line (Novice, Intermediate or Expert) first", level_name(*level))
        }
        WrongLevel { game, level, yours } => format!("game {game} takes {} players only, and you registered as {}", level_name(*level), level_name(*yours)),
        KeeperOnly => "only the judge's keeper may change a player's record".into(),
        NoKeeperPassword => "the keeper's commands by mail need the keeper's password, and none is set (mailjudge keeper-password sets it)".into(),
        WrongKeeperPassword => "that is not the keeper's password".into(),
        AdjustUsage => "write ADJUST address points password (points may be negative)".into(),
        RecordUsage => "write RECORD address field value password (field: 1 on time, 2 total, 3 started, 4 resignations, 5 took over)".into(),
        AdjustTooLarge { word } => format!("ADJUST {word}: write a whole number of points from -{MAX_ADJUST} to {MAX_ADJUST}"),
        RecordTooLarge { word } => format!("RECORD value {word}: write a whole number from 0 to {MAX_RECORD_VALUE}"),
        NoSuchField { word } => format!("RECORD {word}: the fields are 1 (on time), 2 (total), 3 (started), 4 (resignations) and 5 (took over)"),
    }
}
