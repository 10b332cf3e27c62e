//! Running the judge: `serve`, `check-config`, `backup`, `mail`.

use super::{ConfigArg, load_config};
use crate::context::Clock;
use crate::daemon::Daemon;
use std::io::Read;
use std::process::ExitCode;

/// `mailjudge serve`.
pub fn serve(config: ConfigArg, once: bool, init: bool) -> anyhow::Result<ExitCode> {
    let cfg = load_config(&config)?;
    tracing_subscriber::fmt()
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(super::log_filter(std::env::var("RUST_LOG").ok().as_deref()))
        .with_writer(std::io::stderr)
        .init();
    let mut d = Daemon::open(cfg, Clock::System, init)?;
    if once {
        // passes until the inbox is empty (one pass gives mail at most a poll interval)
        let mut t = crate::daemon::Step::default();
        loop {
            let s = d.step()?;
            t.mails += s.mails;
            t.answered += s.answered;
            t.phases += s.phases;
            t.sent += s.sent;
            if s.mails == 0 {
                break;
            }
        }
        println!("{} mail(s) read, {} answered, {} phase(s) processed, {} mail(s) sent", t.mails, t.answered, t.phases, t.sent);
        return Ok(ExitCode::SUCCESS);
    }
    let c = &d.judge.ctx.cfg;
    tracing::info!("mailjudge serving: in {}; out {}; database {}", c.inbound.describe(), c.outbound.describe(), c.database.display());
    // SIGINT and SIGTERM: the batch in hand is finished (committed, its
    // replies given a moment to go), then the loop ends at once; a second
    // signal while stopping ends the process at once (exit code 1: still
    // safe, every mail is committed before it leaves the inbox)
    d.serve()?;
    tracing::info!("mailjudge stopped (signal received): nothing is left half done");
    Ok(ExitCode::SUCCESS)
}

/// `mailjudge check-config`.
pub fn check_config(config: ConfigArg, connect: bool) -> anyhow::Result<ExitCode> {
    let cfg = load_config(&config)?;
    crate::report::Templates::load(cfg.templates_dir.as_deref())?;
    println!("configuration OK");
    println!("  judge      {} <{}>, keeper {}", cfg.name, cfg.address, cfg.keeper);
    println!("  time zone  {}", cfg.timezone);
    println!("  inbound    {}", cfg.inbound.describe());
    println!("  outbound   {}", cfg.outbound.describe());
    println!("  database   {} (synchronous {})", cfg.database.display(), if cfg.synchronous_full { "full" } else { "normal" });
    println!("  defaults   movement `{}`, retreat `{}`, adjustment `{}`", cfg.defaults.movement, cfg.defaults.retreat, cfg.defaults.adjustment);
    if !connect {
        return Ok(ExitCode::SUCCESS);
    }
    use crate::config::Transport;
    // prints one line per transport: what was tried and what came of it
    let report = |label: &str, what: String, r: anyhow::Result<String>| match r {
        Ok(detail) => {
            println!("{label}: {what} OK{detail}");
            true
        }
        Err(e) => {
            println!("{label}: {what} FAILED: {e:#}");
            false
        }
    };
    let maildir = |p: &std::path::Path| crate::mail::maildir::Maildir::open(p).map(|_| String::new());
    let inbound_ok = match &cfg.inbound {
        Transport::Imap(i) => {
            let mut imap = crate::mail::imap::ImapInbound::new((**i).clone());
            let detail = format!(" (logged in as {}, mailbox {} selected)", i.server.user.as_deref().unwrap_or(""), i.mailbox);
            report("inbound", format!("IMAP {}:{}", i.server.host, i.server.port), imap.connect().map(|_| detail))
        }
        Transport::Maildir(p) => report("inbound", format!("Maildir {}", p.display()), maildir(p)),
        _ => true,
    };
    let outbound_ok = match &cfg.outbound {
        Transport::Smtp(s) => {
            let detail = if s.user.is_some() { " (AUTH accepted)".to_string() } else { String::new() };
            let r = crate::mail::smtp::SmtpOutbound::new(s, &cfg.address).and_then(|o| o.check()).map(|_| detail);
            report("outbound", format!("SMTP {}:{}", s.host, s.port), r)
        }
        Transport::Sendmail(c) => {
            let found = std::path::Path::new(c.split_whitespace().next().unwrap_or("")).exists();
            report("outbound", format!("sendmail command {c}"), if found { Ok(" (found)".into()) } else { Err(anyhow::anyhow!("not found")) })
        }
        Transport::Maildir(p) => report("outbound", format!("Maildir {}", p.display()), maildir(p)),
        Transport::Imap(_) => true,
    };
    let ok = inbound_ok && outbound_ok;
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `mailjudge backup FILE`.
pub fn backup(config: ConfigArg, file: std::path::PathBuf) -> anyhow::Result<ExitCode> {
    let cfg = load_config(&config)?;
    let conn = crate::store::open(&cfg.database, cfg.synchronous_full)?;
    crate::store::backup(&conn, &file)?;
    println!("database copied to {}", file.display());
    Ok(ExitCode::SUCCESS)
}

/// `mailjudge mail --from ADDRESS`: a mail into the Maildir inbox.
pub fn mail(config: ConfigArg, from: String, subject: String) -> anyhow::Result<ExitCode> {
    let cfg = load_config(&config)?;
    let mut body = String::new();
    std::io::stdin().read_to_string(&mut body)?;
    let bytes = crate::mail::compose::player_mail(&from, &cfg.address, &subject, &body)?;
    let crate::config::Transport::Maildir(dir) = &cfg.inbound else {
        anyhow::bail!("`mailjudge mail` drops mail into a Maildir inbox; this configuration reads IMAP: mail the judge's address instead");
    };
    let md = crate::mail::maildir::Maildir::open(dir)?;
    let name = format!("{}.{}.manual", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_nanos(), std::process::id());
    let path = md.deliver(&name, &bytes)?;
    println!("delivered to {}", path.display());
    Ok(ExitCode::SUCCESS)
}
