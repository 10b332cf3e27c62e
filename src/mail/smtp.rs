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

impl Outbound for SmtpOutbound {
    fn send(&mut self, _id: i64, message: &[u8], to: &str) -> anyhow::Result<()> {
        let env = Envelope::new(Some(self.from.clone()), vec![to.parse()?])?;
        self.transport.send_raw(&env, message)?;
        Ok(())
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
