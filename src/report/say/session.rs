//! A mail's session: signing on, blocks of lines, password limits, and the
//! status of a power at the end of a reply.

/// The answer to SIGNOFF.
pub fn signed_off() -> String {
    "Signed off: the rest of the mail is not read.".into()
}

/// A command that failed, as the reply shows it.
pub fn error(e: &str) -> String {
    format!("Error: {e}")
}

/// A press block without its closing line; `unread`: the lines after the header.
pub fn press_without_end(unread: usize) -> String {
    format!("no ENDPRESS after the press: nothing was sent. End the message with a line ENDPRESS ({unread} line(s) were not read as commands).")
}

/// A press header that is no PRESS or BROADCAST command.
pub fn press_header_unreadable() -> String {
    "this press header cannot be read".into()
}

/// Why a press was refused (`why`), and that its `lines` were ignored.
pub fn press_ignored(why: &str, lines: usize) -> String {
    format!("{why}. The press ({lines} line(s) up to ENDPRESS) was ignored: nothing was sent, and none of its lines was read as a command.")
}

/// A block of conditional orders (`lines` in all, IF and ENDIF included;
/// `closed`: it has its ENDIF).
pub fn conditional_ignored(lines: usize, closed: bool) -> String {
    format!(
        "conditional orders (IF ... ENDIF) are for a later phase: put a PHASE line before them (PHASE Fall 1905 Movement). The block ({lines} line(s){}) was ignored and none of its lines was read as an order.",
        if closed { " up to ENDIF" } else { " to the end of the mail: no ENDIF" }
    )
}

/// The subject of the copy of a mail sent to the player of record.
pub fn signed_on_elsewhere_subject() -> String {
    "Your seat was signed on from another address".into()
}

/// The deadline of a paused game, in a power's status.
pub fn deadline_paused(time: &str) -> String {
    format!("{time} (the game is paused)")
}

/// How long until the deadline.
pub fn time_left(span: &str) -> String {
    format!("{span} from now")
}

/// The deadline has passed (and the phase not processed yet).
pub fn deadline_passed() -> String {
    "passed: send your orders now".into()
}

/// No deadline.
pub fn no_deadline() -> String {
    "none".into()
}

/// A phase in which the power has nothing to order.
pub fn nothing_to_order(phase: &str) -> String {
    format!("{phase} (nothing for you to order)")
}

/// A game name that is not on this judge.
pub fn no_such_game(name: &str) -> String {
    format!("there is no game called `{name}` on this judge (LIST shows the games)")
}

/// A command that needs a sign-on, with none.
pub fn not_signed_on() -> String {
    "you are not signed on: start with SIGNON Xgame password (X: your power's letter)".into()
}

/// A master's command from someone else.
pub fn master_only(game: &str) -> String {
    format!("only the master of game {} may do that (SIGNON M{} password)", game, game)
}

/// A power's command from a player of a forming game.
pub fn powers_not_assigned(game: &str) -> String {
    format!("game {} has not started yet: powers are assigned when every seat is taken", game)
}

/// A power's command from the master.
pub fn master_is_no_power() -> String {
    "you are signed on as the master: name the power before the order (`Russia: A MOS D`) or BECOME a power first".into()
}

/// A player's command for a power nobody plays.
pub fn no_player_holds_power() -> String {
    "no player holds this power".into()
}

/// A second password for the same seat in one mail.
pub fn one_try_per_seat() -> String {
    "only one password try per seat in a mail: this one was not checked".into()
}

/// Too many wrong passwords for a seat lately.
pub fn too_many_wrong_passwords() -> String {
    "too many wrong passwords for this seat from other addresses than its own within the last hour: sign-ons to it from them are refused for a while, this one unchecked; its owner and the game's master were told. Try again in an hour, or from the seat's own address".into()
}

/// Sign-ons from the owner's own address are refused after guesses forged
/// with it: the owner has an unlock code at the address of record.
pub fn owner_lane_locked() -> String {
    "too many wrong passwords for this seat from this address within the last hour: sign-ons from it are refused for a while, this one unchecked. If this is your seat, an unlock code was mailed to its address of record: send UNLOCK code, then your SIGNON, in one mail".into()
}

/// UNLOCK without its code.
pub fn unlock_usage() -> String {
    "UNLOCK takes the code the judge mailed to the seat's address: UNLOCK code".into()
}

/// UNLOCK with a code that opens nothing.
pub fn unknown_unlock_code() -> String {
    "that code opens no seat (codes are good for a day and once): nothing changed".into()
}

/// UNLOCK accepted.
pub fn unlocked(game: &str, what: &str) -> String {
    format!("Unlocked: sign-ons as {what} in game {game} from your address are checked again. Sign on with your password.")
}

/// The owner's own address was used for guesses: subject of the unlock notice.
pub fn unlock_subject(game: &str, what: &str) -> String {
    format!("Game {game}: your unlock code for {what}")
}

/// The owner's own address was used for guesses: the notice with the code.
pub fn unlock_notice(game: &str, what: &str, n: i64, until: &str, code: &str) -> String {
    format!(
        "Someone sent {n} wrong passwords for {what} in game {game} within an hour from this address (or forging it). Sign-ons as {what} from this address are refused until {until}.\nIf you want in before then, send this judge one mail with these lines:\n\n    UNLOCK {code}\n    SIGNON ... (your sign-on, as always)\n\nThe code is good for a day, once. Nothing else changed: orders in force stay in force.\n"
    )
}

/// How a lock's notice names the master's seat.
pub fn the_master() -> String {
    "the master".into()
}

/// A seat locked after too many wrong passwords: subject.
pub fn seat_locked_subject(game: &str, what: &str) -> String {
    format!("Game {game}: sign-ons as {what} refused for an hour")
}

/// A seat locked after too many wrong passwords: the owner's and master's notice.
/// `own`: the guesses came from the seat's own address (forged or not).
pub fn seat_locked_notice(game: &str, what: &str, n: i64, until: &str, last_from: &str, own: bool) -> String {
    let which = if own {
        "from the seat's own address are refused until {until}, the right password too; its owner was mailed a code that opens it again"
    } else {
        "from that and every other address but the seat's own are refused until {until}, the right password too; from the seat's own address they go on as before"
    }
    .replace("{until}", until);
    format!(
        "Someone sent {n} wrong passwords for {what} in game {game} within an hour (the last from {last_from}, an address anyone can forge).\nSign-ons as {what} {which}. Nothing else changed: orders in force stay in force.\nIf this was not you, you need do nothing; if it goes on, tell the game's master or choose a longer password (SET PASSWORD).\nThis notice is sent once for each lock.\n"
    )
}

/// More password commands in one mail than `max`.
pub fn too_many_password_commands(max: u64) -> String {
    format!("too many password commands in one mail (at most {max}): this one was not carried out; send it in another mail")
}

/// The line after a SIGNON without its password: not read (it may be the password).
pub fn line_after_bare_signon() -> String {
    "not read: the line after a SIGNON that lacks its password may be the password, so it is neither shown nor run. Write the sign-on on one line: SIGNON Xgame password".into()
}
