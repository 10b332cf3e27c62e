//! A whole game in njudge's results layout, the form jDip's judge import
//! (`dip.judge.parser`: `JudgeParser`, `TurnParser`, `PositionParser`,
//! `JudgeOrderParser`, `DislodgedParser`, `AdjustmentParser`) reads, written
//! ([`write::to_njudge`]) and read back ([`read::read`]) to be re-adjudicated
//! by [`crate::archive::mila::replay`].
//!
//! # The layout
//!
//! ```text
//! Subject: Diplomacy history demo
//!
//! :: Judge: MAILJUDGE  Game: demo  Variant: standard
//!
//! The following players are signed up for game 'demo':
//!   Austria:  Austria
//!   ...
//!
//! Starting position for Spring of 1901.
//!
//! Austria:  Army Budapest.
//! Austria:  Fleet Trieste.
//! ...
//!
//! Date: Mon, 1 Jan 2001 00:00:00 +0000
//! Subject: Diplomacy results demo S1901M
//!
//! Movement results for Spring of 1901.  (demo.001)
//!
//! Austria: Army Budapest -> Serbia.
//! Austria: Fleet Trieste HOLD.  (*bounce*)
//! Austria: Army Vienna SUPPORT Army Budapest -> Serbia.  (*cut*)
//! Germany: Army Munich SUPPORT Austrian Army Tyrolia.
//! England: Fleet North Sea CONVOY Army London -> Norway.
//! Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.  (*dislodged*)
//!
//! The following units were dislodged:
//!
//! The Russian Fleet in the Gulf of Bothnia can retreat to Sweden or Baltic Sea.
//! The German Army in Kiel with no valid retreats was destroyed.
//!
//! Ownership of supply centers:
//!
//! Austria:   Budapest, Serbia, Trieste, Vienna.
//! ...
//!
//! The next phase of 'demo' will be Retreats for Spring of 1901.
//! ...
//! Retreat results for Spring of 1901.  (demo.002)
//!
//! Russia:                   Fleet Gulf of Bothnia -> Sweden.
//! ```
//!
//! - The head: a `::` line naming judge, game and variant (jDip's
//!   `JudgeParser` requires it; `Variant:` is this judge's variant name),
//!   the players, and the board the game started from.
//! - A turn a processed phase: a `Date:` line then a `Subject:` line with
//!   `results` and the phase's code between spaces (`S1901M`), then the
//!   heading (`Movement results for`, `Retreat results for`, `Adjustment
//!   results for`; njudge's older `orders for` is read too), then one order
//!   a line, `Power: ` first, in full province names, njudge's verbs (`->`,
//!   `HOLD`, `SUPPORT`, `CONVOY`, `DISBAND`; `Builds an army in`, `Removes
//!   the fleet in`, `Defaults, removing the army in`, `Build waived`; a
//!   unit left unordered `, No Order Processed`, `(DISBAND)` after it in a
//!   retreat), another power's unit in a
//!   support or convoy after its owner's adjective (`SUPPORT Austrian Army
//!   Tyrolia`, as njudge writes it), and a result other than success in
//!   `(*...*)`: `bounce`, `cut`, `dislodged`, `void`, `no convoy` (njudge's
//!   word for a convoy disrupted too), `bounce, destroyed` (a retreat that
//!   failed); a unit dislodged after a failed move `(*bounce, dislodged*)`.
//!   In a retreat or adjustment phase the order starts at njudge's column
//!   26 (jDip reads `Build waived` only after more than one blank).
//! - After a movement phase, the dislodged units and where each may go;
//!   after a phase that changes the owners of centres (and before every
//!   adjustment phase), every power's centres; then the next phase.
//! - After the last turn, the game's result; once the game is over, its
//!   press, a `Date:`/`Subject: Diplomacy press` block a message in the
//!   order sent, each body line after `> ` (so that none reads as a mail
//!   header), pushed right when it has `date:` in its first ten columns
//!   (jDip would take it for a mail's `Date:` line). Press is never written
//!   for a game still running.
//! - The ownership block in njudge's columns, wrapped after a comma.
//!
//! Original 1958, which njudge never had, in njudge-like words jDip reads as
//! the nearest standard order or skips (`boarding`; docs/ORIGINAL1958.md,
//! "In njudge's layout"): a stack a line a unit, `HOLD AND BOARD`, and a
//! block after a movement phase's orders, `Moves to board and armies on
//! board:`, with its moves to board and the armies on board at its start.
//! The reader follows each unit of a stack on its own (`after`).
//!
//! What the layout cannot carry: 1885's A/F (written in this judge's codes,
//! which jDip does not read), a move's `VIA` (njudge writes the convoy route instead),
//! and the rule options (a game is read back under the variant's rules with
//! removals as webDiplomacy and MILA choose them, as
//! [`crate::archive::mila::recorded_rules`] says).
//!
//! Reading takes njudge's own variations too: a turn is each phase heading
//! (the phase is the heading's), so a single results mail with no `Date:` /
//! `Subject:` lines reads; a listing's `Status of the Movement phase for`
//! board and an ownership block before the first turn; `, No Order
//! Processed` (and `(DISBAND)` in a retreat); `no support`; a convoyed move
//! written through its route (`Army London -> North Sea -> Norway`); short
//! coasts (`(sc)`, `Spa/nc`); njudge's padding, tabs and wrapped lines.
//!
//! Reading, the board at the start of each phase is the record's: the
//! starting position, then each turn's recorded outcome applied (its
//! successful moves, the dislodged block, retreats, builds and removals,
//! the ownership block); a movement phase's units are those its turn lists.
//! So a changed result shows twice over: in the board after it (compared
//! by [`crate::archive::mila::replay`]) and in the result itself (compared
//! with ours here, movement and retreat phases).

mod after;
mod boarding;
mod lines;
pub mod read;
pub mod write;

use crate::map::{PowerId, Variant};

/// A power as njudge writes it: `Austria`.
fn power_word(v: &Variant, p: PowerId) -> String {
    let n = &v.powers[p as usize].name;
    let mut out = String::with_capacity(n.len());
    for (i, w) in n.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let mut c = w.chars();
        if let Some(f) = c.next() {
            out.extend(f.to_uppercase());
            out.push_str(&c.as_str().to_lowercase());
        }
    }
    out
}

/// A power's adjective for the dislodged block (`Austrian`), its name when
/// the variant gives none.
fn adjective(v: &Variant, p: PowerId) -> String {
    let a = &v.powers[p as usize].adjective;
    if a.is_empty() { power_word(v, p) } else { a.clone() }
}

/// njudge's words for a result (`None`: success, written as nothing).
/// njudge has no word of its own for a convoy disrupted by a dislodged
/// fleet (its `disrupted` is another case) and writes `no convoy`; a
/// retreat that bounced is `bounce, destroyed`.
fn result_word(r: crate::adjudicate::ResultKind) -> Option<&'static str> {
    use crate::adjudicate::ResultKind as R;
    match r {
        R::Ok => None,
        R::Bounce => Some("bounce"),
        R::Cut => Some("cut"),
        R::Dislodged => Some("dislodged"),
        R::Void => Some("void"),
        R::NoConvoy | R::Disrupted => Some("no convoy"),
        R::Disband => Some("bounce, destroyed"),
    }
}

/// The result one of njudge's words names (the words of a line's `(*...*)`
/// taken one at a time).
fn result_of(word: &str) -> Option<crate::adjudicate::ResultKind> {
    use crate::adjudicate::ResultKind as R;
    match word.trim().to_ascii_lowercase().as_str() {
        "bounce" => Some(R::Bounce),
        "cut" => Some(R::Cut),
        "dislodged" => Some(R::Dislodged),
        "void" => Some(R::Void),
        "no convoy" => Some(R::NoConvoy),
        // njudge's support of a unit that did not do what was supported
        "no support" => Some(R::Void),
        "disrupted" => Some(R::Disrupted),
        // a retreat that failed with nowhere else to go (this judge's
        // earlier exports wrote `disband`)
        "destroyed" | "disband" => Some(R::Disband),
        _ => None,
    }
}

/// Whether a recorded result says what ours does: njudge's `no convoy`
/// covers a disrupted convoy too.
fn same_result(ours: crate::adjudicate::ResultKind, recorded: crate::adjudicate::ResultKind) -> bool {
    use crate::adjudicate::ResultKind as R;
    ours == recorded || (ours == R::Disrupted && recorded == R::NoConvoy)
}
