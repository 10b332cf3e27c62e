//! TLS client settings shared by IMAP and SMTP: rustls with the ring provider,
//! trusting either a configured CA file or the system's roots; the connection
//! both use (TCP without Nagle's algorithm, plain or TLS).

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use std::path::Path;
use std::sync::Arc;

pub fn client_config(ca_file: Option<&Path>) -> anyhow::Result<Arc<rustls::ClientConfig>> {
    // one crypto provider for the whole process (lettre uses the same rustls)
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut roots = rustls::RootCertStore::empty();
    match ca_file {
        Some(f) => {
            for cert in CertificateDer::pem_file_iter(f).map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))? {
                roots.add(cert.map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?)?;
            }
        }
        None => {
            let found = rustls_native_certs::load_native_certs();
            for c in found.certs {
                let _ = roots.add(c);
            }
        }
    }
    if roots.is_empty() {
        anyhow::bail!("no trusted certificates (give ca_file, or install the system's CA certificates)");
    }
    Ok(Arc::new(rustls::ClientConfig::builder().with_root_certificates(roots).with_no_client_auth()))
}

/// A TCP stream, plain or wrapped in TLS (IMAP and SMTP connections).
#[derive(Debug)]
pub enum Stream {
    Plain(std::net::TcpStream),
    Tls(Box<rustls::StreamOwned<rustls::ClientConnection, std::net::TcpStream>>),
}

impl Stream {
    /// The TCP socket underneath (for its timeouts).
    pub fn tcp(&self) -> &std::net::TcpStream {
        match self {
            Stream::Plain(s) => s,
            Stream::Tls(s) => &s.sock,
        }
    }
}

impl std::io::Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.read(buf),
            Stream::Tls(s) => s.read(buf),
        }
    }
}

impl std::io::Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Stream::Plain(s) => s.write(buf),
            Stream::Tls(s) => s.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Stream::Plain(s) => s.flush(),
            Stream::Tls(s) => s.flush(),
        }
    }
}

/// Connects a TCP stream with a timeout on connect, reads and writes, and
/// without Nagle's algorithm.
pub fn tcp(host: &str, port: u16, timeout: std::time::Duration) -> anyhow::Result<std::net::TcpStream> {
    use anyhow::Context;
    use std::net::ToSocketAddrs;
    let mut last = None;
    for addr in (host, port).to_socket_addrs().with_context(|| format!("resolving {host}"))? {
        match std::net::TcpStream::connect_timeout(&addr, timeout) {
            Ok(s) => {
                // commands go out in several small writes: without this, Nagle's
                // algorithm and delayed ACKs add ~40 ms to every round trip
                s.set_nodelay(true)?;
                s.set_read_timeout(Some(timeout))?;
                s.set_write_timeout(Some(timeout))?;
                return Ok(s);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(anyhow::anyhow!("cannot connect to {host}:{port}: {}", last.map(|e| e.to_string()).unwrap_or_else(|| "no address".into())))
}

/// TLS over `tcp`, the handshake done (so that certificate problems are
/// reported as such), the certificate checked for `server.server_name`.
pub fn wrap(tcp: std::net::TcpStream, config: Arc<rustls::ClientConfig>, server: &crate::config::Server) -> anyhow::Result<Stream> {
    let name = rustls::pki_types::ServerName::try_from(server.server_name.clone()).map_err(|e| anyhow::anyhow!("server name {}: {e}", server.server_name))?;
    let conn = rustls::ClientConnection::new(config, name)?;
    let mut s = rustls::StreamOwned::new(conn, tcp);
    while s.conn.is_handshaking() {
        s.conn.complete_io(&mut s.sock).map_err(|e| anyhow::anyhow!("TLS with {}:{}: {e}", server.host, server.port))?;
    }
    Ok(Stream::Tls(Box::new(s)))
}
