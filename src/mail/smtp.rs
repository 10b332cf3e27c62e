//! SMTP and sendmail outbound (lettre): implicit TLS (465), STARTTLS (587), plain
//! on loopback, AUTH; or a local sendmail command.

use super::Outbound;
use crate::config::{Security, Server};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{SendmailTransport, SmtpTransport, Transport};
use std::time::Duration;

pub struct SmtpOutbound {
    transport: SmtpTransport,
    from: lettre::Address,
}

impl SmtpOutbound {
    pub fn new(s: &Server, from: &str) -> anyhow::Result<SmtpOutbound> {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut b = SmtpTransport::builder_dangerous(&s.host).port(s.port).timeout(Some(Duration::from_secs(s.timeout_secs)));
        let params = || -> anyhow::Result<TlsParameters> {
            let mut p = TlsParameters::builder(s.server_name.clone());
            if let Some(f) = &s.ca_file {
                let pem = std::fs::read(f).map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?;
                p = p.add_root_certificate(Certificate::from_pem(&pem)?);
            }
            Ok(p.build_rustls()?)
        };
        b = match s.security {
            Security::Tls => b.tls(Tls::Wrapper(params()?)),
            Security::StartTls => b.tls(Tls::Required(params()?)),
            Security::Plain => b.tls(Tls::None),
        };
        if let (Some(u), Some(p)) = (&s.user, &s.password) {
            b = b.credentials(Credentials::new(u.clone(), p.clone()));
        }
        Ok(SmtpOutbound { transport: b.build(), from: from.parse()? })
    }

    /// Connects and says EHLO (for `check-config --connect`).
    pub fn check(&self) -> anyhow::Result<()> {
        if self.transport.test_connection()? { Ok(()) } else { anyhow::bail!("the SMTP server did not answer") }
    }
}

/// Connections used at once when the outbox holds many mails. Each SMTP
/// transaction waits on several round trips (and lettre writes the end of
/// DATA separately, which Nagle's algorithm delays by a delayed ACK), so
/// throughput comes from overlapping them.
const PARALLEL: usize = 8;

impl SmtpOutbound {
    fn send_one(transport: &SmtpTransport, from: &lettre::Address, message: &[u8], to: &str) -> anyhow::Result<()> {
        let env = Envelope::new(Some(from.clone()), vec![to.parse()?])?;
        transport.send_raw(&env, message)?;
        Ok(())
    }
}

impl Outbound for SmtpOutbound {
    fn send(&mut self, _id: i64, message: &[u8], to: &str) -> anyhow::Result<()> {
        Self::send_one(&self.transport, &self.from, message, to)
    }

    fn send_many(&mut self, mails: &[super::Outgoing], done: &mut dyn FnMut(usize, anyhow::Result<()>)) {
        if mails.len() < 2 {
            for (i, m) in mails.iter().enumerate() {
                done(i, self.send(m.id, &m.bytes, &m.to));
            }
            return;
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            for _ in 0..PARALLEL.min(mails.len()) {
                let tx = tx.clone();
                let (next, transport, from) = (&next, &self.transport, &self.from);
                scope.spawn(move || {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(m) = mails.get(i) else { break };
                        if tx.send((i, Self::send_one(transport, from, &m.bytes, &m.to))).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            // recorded by the caller as each one finishes
            for (i, r) in rx {
                done(i, r);
            }
        });
    }
}

pub struct SendmailOutbound {
    transport: SendmailTransport,
    from: lettre::Address,
}

impl SendmailOutbound {
    pub fn new(command: &str, from: &str) -> anyhow::Result<SendmailOutbound> {
        Ok(SendmailOutbound { transport: SendmailTransport::new_with_command(command), from: from.parse()? })
    }
}

impl Outbound for SendmailOutbound {
    fn send(&mut self, _id: i64, message: &[u8], to: &str) -> anyhow::Result<()> {
        let env = Envelope::new(Some(self.from.clone()), vec![to.parse()?])?;
        self.transport.send_raw(&env, message)?;
        Ok(())
    }
}
