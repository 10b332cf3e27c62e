//! TLS client settings shared by IMAP and SMTP: rustls with the ring provider,
//! trusting either a configured CA file or the system's roots.

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
