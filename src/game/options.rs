//! The game options by name (the table that reads, sets and explains them is
//! `command::options`; their words are `report::say::options`).

/// A game option (CREATE's `key=value`, the master's SET).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOption {
    Press,
    Partial,
    Nmr,
    Assignment,
    Movement,
    Retreat,
    Adjustment,
    Grace,
    Reminder,
    List,
    Webhook,
    End,
    Centers,
    Dias,
    Anonymous,
    Players,
    /// `rule=name=value`, `SET RULE name=value`: any rule option by name.
    Rule,
    ConvoyIntent,
    CivilDisorder,
    RetreatDefault,
    Paradox,
}
