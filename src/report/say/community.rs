//! The community's sentences (REGISTER, WHOIS, WHOGAME, GET, VERSION, the
//! games one may join, private games) and the refusals of the master's tools.

use crate::game::Game;
use crate::game::refusal::ToolRefusal;
use crate::store::profiles::Profile;

/// What the reply says of a refusal of the tools or the community.
pub fn refusal(r: &ToolRefusal) -> String {
    use ToolRefusal::*;
    match r {
        UnknownCommand { word, suggestion: Some(s) } => format!("unknown command `{word}`; did you mean {s}?"),
        UnknownCommand { word, suggestion: None } => format!("unknown command `{word}` (HELP lists the commands)"),
        ResumeFinished { game } => format!("game {game} ended with no phase left to play: there is nothing to resume (ROLLBACK goes back to a phase played)"),
        ResumeMasterOnly { game } => format!("only the master may RESUME game {game} (the master's SET RESUME lets its players)"),
        WhogameSecret { game } => whogame_secret(game),
        NotPaused { game } => format!("game {game} is not paused: there is nothing to resume"),
        BecomeMasterRefused { game, why } => become_master_refused(game, *why),
        CommentTooLong { len, max } => format!("a comment is at most {max} characters; this one has {len}"),
        LongCommentTooLong { lines, max, chars } => {
            format!("a long comment (SET COMMENT BEGIN) is at most {max} lines of {chars} characters; this one has {lines} lines: nothing changed")
        }
        LongCommentLineTooLong { len, max } => format!("a line of a long comment is at most {max} characters; one has {len}: nothing changed"),
        ManualUsage => "write SET MANUAL START, SET MANUAL PROCESS, SET AUTO START or SET AUTO PROCESS".into(),
        UnstartNotActive { game, status } => format!("game {game} is {status}: only a started game can be unstarted"),
        UnstartTooLate { game } => format!("game {game} has processed a phase: UNSTART works only before the first one (ROLLBACK goes back to it)"),
        BeginNotForming { game, status } => format!("game {game} is {status}: only a forming game can begin"),
        BeginNobody { game } => format!("nobody has joined game {game} yet"),
        GameFull { game } => format!("every seat of game {game} is taken; it starts when its master says so"),
        NotAnObserver { who, game } => format!("{who} does not observe game {game}: a co-master must first OBSERVE it"),
        TooManyCoMasters { max } => format!("a game has at most {max} co-masters"),
        AlreadyCoMaster { who, game } => format!("{who} is a co-master of game {game} already"),
        NotACoMaster { who, game } => format!("{who} is not a co-master of game {game}"),
        OwnMasterOnly { game, command, why } => format!("{command}: only the master of game {game} may do that, not a co-master ({why})"),
        NothingToRollForward { game } => format!("game {game} has no rolled-back phases that follow its current one"),
        RollforwardNoPhase { game, phase } => format!("the phases rolled back in game {game} do not include {phase} after the current one"),
        RollforwardDiverged { game } => format!("game {game} is no longer where its rollback left it: its undone phases cannot be played again"),
        PrivateGame { game } => format!("game {game} is private: join with SIGNON ?{game} password joinpassword, or ask its master for an invitation"),
        WrongJoinPassword { game } => format!("wrong join password for game {game}"),
        JoinPasswordTooShort { min } => format!("a join password is one word of at least {min} characters"),
        TooManyInvitations { max } => format!("a game may invite at most {max} addresses"),
        NotAnAddress { word } => format!("`{word}` is not a mail address the judge can write to"),
        NeedsAddress { command } => format!("{command} needs a mail address (like someone@example.org)"),
        RegisterWithoutEnd { unread } => format!("REGISTER without END: its {unread} line(s) were not read"),
        RegisterTooLong { lines, max } => format!("a registration has at most {max} lines; this one has {lines}"),
        FieldTooLong { field, max } => format!("the line {field} is longer than {max} characters"),
        RegisterNeedsName => "a registration needs a line Name: your name".into(),
        NoPendingRegistration => "no registration from this address waits for that code (a code is good for 30 days, and only for the last form sent)".into(),
        NoProfile { who } => format!("no public profile for {who}"),
        WhoisUsage => "write WHOIS and an address or a name".into(),
        VariantUsage => "write SET VARIANT and a variant's name (HELP lists them)".into(),
        VariantTooLate { game } => format!("game {game} has started: SET VARIANT changes the variant of a forming game only"),
        VariantTooSmall { variant, powers, joined } => format!("{variant} has {powers} powers, and {joined} players have joined already"),
        NoFormingGame => "no forming game has a seat open to you now (SIGNON ? lists the games; CREATE ?name password starts one)".into(),
        WhogameHidden { game, never: false } => format!("game {game} is anonymous: who plays which power is shown when it is over"),
        WhogameHidden { game, never: true } => format!("game {game} is anonymous and never names its players (NO REVEAL)"),
        NoHelpFile { topic, known } => format!("no help file `{topic}`; there are {}", known.join(", ")),
        GetUsage => "write GET and one topic (GET alone lists them)".into(),
    }
}

/// SET PRIVATE done.
pub fn private_set(g: &Game) -> String {
    format!("Game {0} is private: newcomers join with SIGNON ?{0} password joinpassword, or when invited (INVITE address).", g.name)
}

/// SET PUBLIC done.
pub fn public_set(g: &Game) -> String {
    format!("Game {} is public: anyone may join, and the game is listed (LIST and SIGNON ? show it).", g.name)
}

/// What a private game's join password is called in a lock's notice.
pub fn the_join_password() -> String {
    "the join password".into()
}

/// INVITE: the invitation's subject.
pub fn invitation_subject(g: &Game) -> String {
    format!("An invitation to game {}", g.name)
}

/// INVITE: the invitation (mailed once a day at most to an address).
pub fn invitation(g: &Game, master: &str, judge: &str) -> String {
    format!(
        "{master}, the master of game {0}, invites you to play it. To join, mail {judge}:\n\n  SIGNON ?{0} yourpassword\n\n(choose your own password). If you do not want to play, ignore this mail.\n",
        g.name
    )
}

/// INVITE done.
pub fn invited(who: &str, g: &Game) -> String {
    format!("{who} may join game {} without its join password.", g.name)
}

/// `SIGNON ?` when nothing may be joined.
pub fn nothing_open() -> String {
    "No game has a seat open now. CREATE ?name password starts one.".into()
}

/// GET VARIANTS (and `mailjudge variant list`): each variant by the name
/// CREATE takes, its title, powers (letter and name), centres and what wins;
/// a file the engine cannot play said so, without its path.
pub fn variant_list(found: &[crate::variants::Listed], more: usize) -> String {
    let mut out = String::from("The variants of this judge (CREATE ?game password variant):\n");
    for (name, v) in found {
        match v {
            Ok(v) => {
                let powers: Vec<String> =
                    (0..v.powers.len()).map(|i| format!("{} {}", v.powers[i].letter, crate::game::pname(v, i as crate::map::PowerId))).collect();
                let wins = match v.victory {
                    crate::map::Victory::Centers(n) => format!("{n} centres win"),
                    crate::map::Victory::Units(n) => format!("{n} units win"),
                };
                out.push_str(&format!("\n{name}: {}. {} powers: {}. {} centres; {wins}.\n", v.title, v.powers.len(), powers.join(", "), v.center_count()));
            }
            Err(_) => out.push_str(&format!("\n{name}: its file cannot be played (CREATE says why).\n")),
        }
    }
    if more > 0 {
        out.push_str(&format!("\nAnd {more} more files that are not listed.\n"));
    }
    out
}

/// `SIGNON ?`: the games one may join.
pub fn open_games(rows: &[String]) -> String {
    format!("Games with seats open (join with SIGNON ?game password):\n{}", rows.join("\n"))
}

/// A forming game with seats open.
pub fn open_forming(g: &Game, open: usize, seats: usize) -> String {
    format!("  {:<16} {:<10} forming, {open} of {seats} seats open", g.name, g.v().name)
}

/// A running game with vacant powers.
pub fn open_vacant(g: &Game, vacant: &[String]) -> String {
    format!("  {:<16} {:<10} running, vacant: {}", g.name, g.v().name, vacant.join(", "))
}

/// A private game with a seat open.
pub fn open_private(g: &Game) -> String {
    format!("  {:<16} private", g.name)
}

/// `SIGNON ?game` of a forming game.
pub fn join_forming(g: &Game, taken: usize, seats: usize, private: bool) -> String {
    let how = if private { format!("SIGNON ?{} password joinpassword (it is private)", g.name) } else { format!("SIGNON ?{} password", g.name) };
    format!("Game {} is forming: {taken} of {seats} seats taken. Join with {how}, choosing your own password.", g.name)
}

/// `SIGNON ?game` of a running game.
pub fn join_active(g: &Game, vacant: &[String], private: bool) -> String {
    if vacant.is_empty() {
        return format!("Game {} is running and every power is played.", g.name);
    }
    let key = if private { " joinpassword" } else { "" };
    format!("Game {0} is running; vacant: {1}. Take one over with SIGNON ?{0} password{key}.", g.name, vacant.join(", "))
}

/// `SIGNON ?game` of a finished game.
pub fn join_finished(g: &Game) -> String {
    format!("Game {} is over.", g.name)
}

/// The last seat of a game in manual start taken: the joiner's line.
pub fn waits_for_master_start(g: &Game) -> String {
    format!("Every seat of game {} is taken; it starts when its master says so.", g.name)
}

/// The master's notice that every seat is taken (manual start): subject.
pub fn full_subject(g: &Game) -> String {
    format!("Game {}: every seat is taken", g.name)
}

/// The master's notice that every seat is taken (manual start): text.
pub fn full_notice(g: &Game) -> String {
    format!("Every seat of game {} is taken. It waits for you: FORCE BEGIN (or SET AUTO START) starts it.\n", g.name)
}

/// A private game in LIST.
pub fn private_detail() -> String {
    "private".into()
}

/// A running game's phase in LIST, with its vacant powers.
pub fn with_vacant(phase: &str, vacant: &[String]) -> String {
    if vacant.is_empty() { phase.to_string() } else { format!("{phase}; vacant: {}", vacant.join(", ")) }
}

/// A game's comment under its row in LIST.
pub fn comment_row(c: &str) -> String {
    format!("{:<16} {c}", "")
}

/// A game's comment in LIST game.
pub fn long_comment(lines: &[String]) -> Option<String> {
    if lines.is_empty() {
        return None;
    }
    Some(format!("About the game:\n{}", lines.iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")))
}

/// The one-line comment (SET COMMENT) in LIST game.
pub fn comment_line(c: &str) -> String {
    format!("Comment: {c}")
}

/// A game's co-masters in LIST game.
pub fn co_masters_line(who: &[String]) -> String {
    format!("Co-masters: {}", who.join(", "))
}

/// A game's co-masters in LIST game, for someone outside the game (their
/// addresses are for the game's own people).
pub fn co_masters_count(n: usize) -> String {
    format!("Co-masters: {n}")
}

/// A game's manual start, manual processing and privacy in LIST game.
pub fn modes_line(manual_start: bool, manual_process: bool, private: bool) -> Option<String> {
    let mut out = Vec::new();
    if manual_start {
        out.push("starts when the master says so");
    }
    if manual_process {
        out.push("processed by the master by hand");
    }
    if private {
        out.push("private");
    }
    (!out.is_empty()).then(|| format!("Game: {}.", out.join("; ")))
}

/// REGISTER done.
pub fn registered(name: &str, public: bool) -> String {
    if public {
        format!("Registered as {name}; others may see your profile (WHOIS).")
    } else {
        format!("Registered as {name}; your profile is shown to nobody but you (add Public: yes to show it).")
    }
}

/// REGISTER kept waiting for its address's proof (`change`: the address has
/// a profile already), with the code that puts it in place.
pub fn registration_waits(name: &str, public: bool, change: bool, code: &str) -> String {
    let shown = if public { "public" } else { "shown to nobody but you" };
    let why = if change {
        "This address has a profile already, and a profile changes only with the password of a seat this address holds (SIGNON before REGISTER, in the same mail)."
    } else {
        "This address has not confirmed that it wants the judge's mail, and a first profile needs that, or the password of a seat this address holds (SIGNON before REGISTER, in the same mail)."
    };
    format!(
        "Your form (Name: {name}; {shown}) waits: nothing is changed yet. {why} To put it in place, send from this address within 30 days:\n\n  REGISTER\n  Confirm: {code}\n  END\n\nIf you did not send it, do nothing: the profile of this address stays as it was."
    )
}

/// REGISTER: a waiting form confirmed by its code.
pub fn registration_confirmed(name: &str, public: bool) -> String {
    format!("The form you sent before is confirmed. {}", registered(name, public))
}

/// REGISTER's lines the judge does not keep.
pub fn not_kept(keys: &[String]) -> String {
    format!("Not kept: {} (a profile has Name, Country, Timezone, Level, Site, About and Public).", keys.join(", "))
}

/// A profile as WHOIS shows it.
pub fn profile(p: &Profile) -> String {
    let mut out = vec![format!("{} <{}>", p.name, p.address)];
    let f = &p.fields;
    for (k, v) in [("Country", &f.country), ("Timezone", &f.timezone), ("Level", &f.level), ("Site", &f.site), ("About", &f.about)] {
        if let Some(v) = v {
            out.push(format!("  {k}: {v}"));
        }
    }
    if !p.public {
        out.push("  (not public: shown only to you)".into());
    }
    out.join("\n")
}

fn known(name: &Option<String>) -> String {
    name.as_ref().map(|n| format!(" ({n})")).unwrap_or_default()
}

/// WHOGAME: the master.
pub fn whogame_master(addr: &str, name: &Option<String>) -> String {
    format!("{:<16} {addr}{}", "Master:", known(name))
}

/// WHOGAME: a co-master.
pub fn whogame_co_master(addr: &str, name: &Option<String>) -> String {
    format!("{:<16} {addr}{}", "Co-master:", known(name))
}

/// WHOGAME: a player (`power`: `None` before the powers are assigned).
pub fn whogame_player(power: Option<&str>, addr: &str, name: &Option<String>) -> String {
    format!("{:<16} {addr}{}", format!("{}:", power.unwrap_or("Joined")), known(name))
}

/// WHOGAME for someone outside the game: a player by the name they chose
/// (`SET NAME`) or their power's (`power`: `None` before the powers are assigned).
pub fn whogame_player_named(power: Option<&str>, name: &str) -> String {
    format!("{:<16} {name}", format!("{}:", power.unwrap_or("Joined")))
}

/// WHOGAME for someone outside the game: why no address is shown.
pub fn whogame_no_addresses(g: &Game) -> String {
    format!("The addresses of game {}'s master and players are shown only to its master, co-masters and players.", g.name)
}

/// WHOGAME FULL: an observer (for the master).
pub fn whogame_observer(addr: &str) -> String {
    format!("{:<16} {addr}", "Observer:")
}

/// WHOGAME: how many observe.
pub fn observers(n: usize) -> String {
    format!("{n} observer(s).")
}

/// VERSION.
pub fn version(version: &str, commit: Option<&str>) -> String {
    match commit {
        Some(c) => format!("mailjudge {version} (commit {c})"),
        None => format!("mailjudge {version}"),
    }
}

/// GET alone: the help files.
pub fn help_topics(topics: &[&str]) -> String {
    format!("Help files (GET topic): {}.", topics.join(", "))
}

/// A help file cut at the limit.
pub fn help_cut(max: usize) -> String {
    format!("[... cut: a help file is mailed up to {max} bytes]\n")
}

/// Why BECOME MASTER was refused.
fn become_master_refused(game: &str, why: crate::game::refusal::BecomeMasterWhy) -> String {
    use crate::game::refusal::BecomeMasterWhy as W;
    let why = match why {
        W::Moderated => "it is moderated: its master keeps the seat",
        W::Started => "it has started: the master's seat passes before the start only",
        W::NotAlone => "you are not its only player",
    };
    format!("BECOME MASTER: you cannot become the master of game {game}: {why}")
}

/// SET LIST (alone), SET NOLIST done.
pub fn listing(l: crate::store::games::Listing) -> String {
    match l {
        crate::store::games::Listing::Listed => "The game is listed: LIST and SIGNON ? show it to anyone.".into(),
        crate::store::games::Listing::Unlisted => {
            "The game is unlisted: LIST and SIGNON ? show it only to its own people; LIST game and SIGNON ?game still answer whoever knows its name.".into()
        }
    }
}

/// LIST's detail of a forming game that keeps its number of players (SET SECRET).
pub fn secret_forming() -> String {
    "forming, seats open (how many is kept secret)".into()
}

/// LIST game's line of a forming game that keeps its number of players (SET SECRET).
pub fn secret_forming_line(g: &Game) -> String {
    format!("Forming: seats open (how many is kept secret). Join with SIGNON ?{} password.", g.name)
}

/// `SIGNON ?game` of a forming game that keeps its number of players (SET SECRET).
pub fn join_forming_secret(g: &Game, private: bool) -> String {
    let how = if private { format!("SIGNON ?{} password joinpassword (it is private)", g.name) } else { format!("SIGNON ?{} password", g.name) };
    format!("Game {} is forming: seats are open (how many is kept secret). Join with {how}, choosing your own password.", g.name)
}

/// `SIGNON ?`'s line of an open forming game that keeps its number of players (SET SECRET).
pub fn open_forming_secret(g: &Game) -> String {
    format!("  {:<16} {:<10} forming, seats open", g.name, g.v().name)
}

/// LIST FULL's line of the players of a game that keeps their number (SET SECRET).
pub fn full_players_secret() -> String {
    "    players kept secret".into()
}

/// WHOGAME of a game that keeps its number of players (SET SECRET), to someone not its master.
pub fn whogame_secret(game: &str) -> String {
    format!("game {game} keeps its players secret (SET SECRET): only its master sees who plays")
}
