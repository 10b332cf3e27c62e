//! `mailjudge address allow|revoke|list`: the keeper's word on who consents
//! to the judge's mail (see [`crate::context::gate`]).

use super::{AddressAction, ConfigArg, load_config};
use crate::context::{Clock, gate};
use crate::judge::Judge;
use crate::store::consent::{self, How};
use std::process::ExitCode;

pub fn address(config: ConfigArg, action: AddressAction) -> anyhow::Result<ExitCode> {
    let cfg = load_config(&config)?;
    let j = Judge::open(cfg, Clock::System)?;
    let now = j.ctx.now();
    match action {
        AddressAction::Allow { address } => {
            let mailbox = checked(&address)?;
            let tx = j.conn.unchecked_transaction()?;
            let released = gate::grant(&tx, &mailbox, How::Allowed, now)?;
            tx.commit()?;
            println!("{}", crate::report::say::consent::confirmed(&mailbox, released));
        }
        AddressAction::Revoke { address } => {
            let mailbox = checked(&address)?;
            if !consent::revoke(&j.conn, &mailbox)? {
                println!("{mailbox} had not consented");
                return Ok(ExitCode::from(1));
            }
            println!("{mailbox} no longer gets anything but replies");
        }
        AddressAction::List => {
            for (mailbox, how, at) in consent::all(&j.conn)? {
                println!("{mailbox}\t{}\t{}", how.word(), crate::timing::format_time(at, j.ctx.cfg.timezone));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The shortest keeper's password.
pub const MIN_KEEPER_PASSWORD: usize = 8;

/// `mailjudge keeper-password`: the first line of stdin becomes the
/// keeper's password for ADJUST and RECORD by mail (its hash is kept).
pub fn keeper_password(config: ConfigArg) -> anyhow::Result<ExitCode> {
    let cfg = load_config(&config)?;
    let mut j = Judge::open(cfg, Clock::System)?;
    let mut line = String::new();
    std::io::stdin().read_line(&mut line)?;
    let pw = line.trim();
    if pw.chars().count() < MIN_KEEPER_PASSWORD || pw.split_whitespace().count() != 1 {
        eprintln!("the keeper's password is one word of {MIN_KEEPER_PASSWORD} characters or more, on the first line of stdin");
        return Ok(ExitCode::from(2));
    }
    let hash = j.ctx.hash_password(pw)?;
    crate::store::kv::set(&j.conn, crate::command::KEEPER_PASSWORD_KEY, &hash)?;
    println!("The keeper's password is set: ADJUST and RECORD by mail from {} take it.", j.ctx.cfg.keeper);
    Ok(ExitCode::SUCCESS)
}

/// The mailbox of `address`, which must be a mail address.
fn checked(address: &str) -> anyhow::Result<String> {
    address.parse::<lettre::Address>().map_err(|e| anyhow::anyhow!("`{address}` is not a mail address: {e}"))?;
    Ok(crate::mail::mailbox_key(address))
}
