//! Command lines that cannot be read: what is missing, and how to write them.

/// CREATE without a name or password.
pub fn create_usage() -> String {
    "CREATE needs a game name and a password: CREATE ?game password [variant]".into()
}

/// SIGNON with a letter but no game name.
pub fn signon_letter_and_game() -> String {
    "SIGNON needs the power letter and the game name together: SIGNON Fgame password (or SIGNON ?game password to join)".into()
}

/// SIGNON without a game or password.
pub fn signon_usage() -> String {
    "SIGNON needs a game and a password: SIGNON Fgame password, or SIGNON ?game password to join".into()
}

/// `command` (OBSERVE, UNOBSERVE, SUMMARY) without a game.
pub fn needs_game(command: &str) -> String {
    format!("{command} needs a game name")
}

/// APPROVE or REJECT without a power.
pub fn needs_requested_power(command: &str) -> String {
    format!("{command} needs the power a player asked for")
}

/// `command` (EJECT, BECOME) without a power.
pub fn needs_power(command: &str) -> String {
    format!("{command} needs a power")
}

/// A word in HISTORY that is neither FROM nor TO.
pub fn history_bad_word(word: &str) -> String {
    format!("HISTORY: `{word}` is not FROM or TO")
}

/// HISTORY without a game.
pub fn history_usage() -> String {
    "HISTORY needs a game name: HISTORY game [FROM phase] [TO phase]".into()
}

/// PRESS (or BROADCAST, `head`) with TO twice.
pub fn press_two_lists(head: &str) -> String {
    format!("{head}: two lists of recipients (write {head} TO powers, like PRESS TO EF)")
}

/// A word of a PRESS or BROADCAST header that means nothing.
pub fn press_not_understood(head: &str, word: &str) -> String {
    format!("{head}: `{word}` is not understood (write {head} [TO powers] [GREY])")
}

/// ELSE or ENDIF (`head`) outside a conditional block.
pub fn without_if(head: &str) -> String {
    format!("{head} without IF: conditionals (IF ... ENDIF) are taken only after a PHASE line")
}

/// SET alone.
pub fn set_needs_name() -> String {
    "SET needs a setting name".into()
}

/// SET with a setting that does not exist.
pub fn set_no_such(key: &str) -> String {
    format!("SET {key}: no such setting (try HELP)")
}

/// SET with the start of several settings' names.
pub fn set_ambiguous(key: &str, candidates: &[String]) -> String {
    format!("SET {key}: ambiguous, could be {}", candidates.join(", "))
}

/// ROLLBACK without a phase.
pub fn rollback_usage() -> String {
    "ROLLBACK needs a phase (like S1902M)".into()
}

pub fn map_usage() -> String {
    "MAP needs a game, and at most a phase: MAP demo, or MAP demo S1901M.".into()
}

/// `CONFIRM` without its game and code.
pub fn confirm_usage() -> String {
    "CONFIRM takes the code from the mail the judge sent (CONFIRM 1a2b3c4d5e6f), or a game and the code of its request (CONFIRM mygame 1a2b3c4d5e6f); CONFIRM alone asks for a code".into()
}
