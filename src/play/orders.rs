//! Orders the judge keeps across versions: the records of orders written
//! before schema version 5, made once when the judge opens its database.

use crate::context::Ctx;
use crate::store::orders as stored;
use rusqlite::Connection;

/// Gives every order in force written before schema version 5 its record,
/// read once from the canonical text the judge itself wrote (the one place
/// the order parser reads stored text; afterwards only records are read).
/// Runs when the judge opens its database; a row that cannot be read stops
/// the judge with its id, never dropped. Returns how many rows were upgraded.
pub fn upgrade_order_records(conn: &Connection, ctx: &mut Ctx) -> anyhow::Result<usize> {
    let rows = stored::without_record(conn)?;
    for (id, game_id, text) in &rows {
        let game = ctx.game(conn, *game_id)?;
        let v = game.v();
        let pos = game.position.as_ref().ok_or_else(|| anyhow::anyhow!("game {}: an order in force (row {id}) but no position", game.name))?;
        let order = crate::parse::parse_order(v, text, Some(pos.phase.kind))
            .map_err(|e| anyhow::anyhow!("game {}: stored order row {id} `{text}` cannot be read: {}", game.name, e.message))?;
        stored::set_record(conn, *id, &crate::store::records::to_json(v, &order))?;
    }
    Ok(rows.len())
}
