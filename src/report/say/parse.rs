//! Command lines that cannot be read: what is missing, and how to write them.

use crate::game::refusal::SetHint;

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
    format!("HISTORY: `{word}` is none of FROM, TO, LINES, EXCLSTART, EXCLEND, PRESS (BROAD) and UNDONE")
}

/// HISTORY's LINES without a number.
pub fn history_lines_usage() -> String {
    "HISTORY: LINES takes a number of lines (HISTORY game LINES 200)".into()
}

/// HISTORY's EXCLSTART and EXCLEND out of their form.
pub fn history_exclude_usage() -> String {
    "HISTORY: write HISTORY game EXCLSTART phase [EXCLEND phase] [BROAD] (phases like S1902M or F1905B), without FROM and TO".into()
}

/// HISTORY without a game.
pub fn history_usage() -> String {
    "HISTORY needs a game name (or a sign-on before it): HISTORY game [FROM phase or date] [TO phase or date] [LINES n]".into()
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

/// SET with one of njudge's names that this judge does not take: what it
/// is in njudge, and what to use instead.
pub fn set_not_taken(name: &str, hint: SetHint) -> String {
    use SetHint::*;
    let (what, instead) = match hint {
        Reliability => {
            return format!(
                "SET {name} is no name of njudge's (its files have none): a player's record limits who joins with SET DEDICATION n, SET ONTIMERAT x (the on-time ratio) and SET RESRAT x (the CD ratio)."
            );
        }
        JudgeLists => ("judge-wide list of addresses", "the judge's keeper allows and refuses addresses (mailjudge address)"),
        Approve => ("approval of players by their power letters", "answer a takeover request with APPROVE power or REJECT power, one power a line"),
        Variant => (
            "removal of a variant's option",
            "a variant's options are game options and rules here, each with its own SET word (SET RULE key=value before the start); SET VARIANT name changes the variant of a forming game",
        ),
        Numbers => ("Boardman, Miller or EP number of a game", "no such numbers are kept here"),
        AutoCreate => ("switch that creates the game again when it ends", "CREATE a new game when this one ends"),
        StrictConvoy => (
            "check that refuses implausible convoys",
            "any convoy the map allows may be ordered, and one that cannot succeed fails when the phase is adjudicated",
        ),
        MapRule => ("rule of a variant's map", "a map's rules come with its variant, chosen at CREATE, and this judge's maps have no such rule"),
        AlliedWin => ("switch for alliance victories", "alliance victories belong to the map (SET ALLY, on the maps that have them)"),
        Machiavelli => ("rule of Machiavelli", "this judge plays no Machiavelli"),
    };
    format!("SET {name} is njudge's {what}; this judge does not take it: {instead}.")
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
